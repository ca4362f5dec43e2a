/**
 * Key tripwire: a recognisable key goes through every account flow, then we look for it
 * everywhere it must not be. The only places allowed: the one `account:setKey` request, and
 * the x-api-key header of requests to the service origin.
 */
import { readdir, readFile, lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openAccount } from './fixtures';

const KEY = 'tripwire-9c41e7b2d05f-K3Y-7E1A';
const LAST4 = '7E1A';

test.use({ emulatorKeys: [KEY] });

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else if (entry.isFile()) out.push(p);
  }
  return out;
}

async function storageDump(page: Page): Promise<string> {
  return page.evaluate(() => {
    const g = globalThis as unknown as {
      localStorage: Storage;
      sessionStorage: Storage;
      document: { documentElement: { outerHTML: string } };
    };
    const dump = (s: Storage): string[] =>
      Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`);
    return [
      ...dump(g.localStorage),
      ...dump(g.sessionStorage),
      g.document.documentElement.outerHTML,
    ].join('\n');
  });
}
type Storage = { length: number; key(i: number): string | null; getItem(k: string): string | null };

test('the API key appears nowhere but the setKey request and the service header', async ({
  page,
  app,
  emulator,
}) => {
  // Flows: save, entitlements, refresh, restart, a cancelled address change, removal.
  await openAccount(page);
  await page.getByLabel('API key', { exact: true }).fill(KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText(`Key ending in ${LAST4}`)).toBeVisible();
  const entitlements = page.getByRole('region', { name: 'Left on your key' });
  await expect(entitlements.locator('dl.entitlements')).toBeVisible();
  await entitlements.getByRole('button', { name: 'Refresh' }).click();
  const pageDumps = [await page.content(), await storageDump(page)];

  const restarted = await app.restart();
  await openAccount(restarted);
  await expect(restarted.getByText(`Key ending in ${LAST4}`)).toBeVisible();
  await expect(
    restarted.getByRole('region', { name: 'Left on your key' }).locator('dl.entitlements'),
  ).toBeVisible();
  await restarted.getByLabel('Service address').fill('https://other.example');
  await restarted.getByRole('button', { name: 'Change address' }).click();
  await expect.poll(() => app.dialogs.calls.length).toBe(1);
  await expect(restarted.getByLabel('Service address')).toHaveValue(emulator.url);
  pageDumps.push(await restarted.content(), await storageDump(restarted));
  await restarted.getByRole('button', { name: 'Remove key' }).click();
  await restarted.getByRole('dialog').getByRole('button', { name: 'Remove key' }).click();
  await expect(restarted.getByText(`Key ending in ${LAST4}`)).toHaveCount(0);
  pageDumps.push(await restarted.content(), await storageDump(restarted));

  // IPC: exactly one message carries the key, the setKey request itself.
  const carrying = app.ipcLog.filter((r) => r.payload.includes(KEY));
  expect(app.ipcLog.length).toBeGreaterThan(10);
  expect(carrying.map((r) => `${r.direction} ${r.channel}`)).toEqual(['invoke account:setKey']);
  expect(app.ipcLog.some((r) => r.direction === 'reply' && r.payload.includes(LAST4))).toBe(true);

  // The page: HTML, DOM, local/session storage.
  for (const dump of pageDumps) expect(dump).not.toContain(KEY);

  // Files: data folder, library, user data (Chromium profile included), as UTF-8 and UTF-16.
  const needles = [
    Buffer.from(KEY, 'utf8'),
    Buffer.from(KEY, 'utf16le'),
    Buffer.from(Buffer.from(KEY).toString('base64')),
  ];
  const files = await filesUnder(app.dirs.root);
  expect(files.some((f) => f.endsWith('keys.json'))).toBe(true);
  for (const file of files) {
    if (!(await lstat(file)).isFile()) continue;
    const bytes = await readFile(file).catch(() => Buffer.alloc(0));
    for (const needle of needles)
      expect(bytes.includes(needle), `key found in ${file}`).toBe(false);
  }

  // Logs: the page console and whatever main wrote to stdout/stderr.
  for (const line of app.console) expect(line.text).not.toContain(KEY);
  for (const chunk of app.output) expect(chunk).not.toContain(KEY);

  // The emulator saw it only as the header of service requests.
  const withKey = emulator.log.filter((e) => JSON.stringify(e).includes(KEY));
  expect(withKey.length).toBeGreaterThanOrEqual(3);
  for (const entry of withKey) {
    expect(entry.origin).toBe('service');
    expect(entry.headers['x-api-key']).toBe(KEY);
    expect(
      JSON.stringify({ ...entry, headers: { ...entry.headers, 'x-api-key': '' } }),
    ).not.toContain(KEY);
  }
  expect(
    emulator.log
      .filter((e) => e.origin === 'media')
      .every((e) => e.headers['x-api-key'] === undefined),
  ).toBe(true);
});
