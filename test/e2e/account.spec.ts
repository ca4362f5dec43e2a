/** The Account panel through the UI, against the emulator, with the real main behind the preload. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { CadenzaApi } from '../../src/shared/ipc/api';
import { test, expect, openAccount, VALID_KEY } from './fixtures';

/** The page's global scope, as the renderer sees it. */
type Renderer = { cadenza: CadenzaApi };

async function saveKey(page: Page, key: string): Promise<void> {
  await openAccount(page);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
}

/** Label → shown number of each entitlement row. */
async function entitlementRows(page: Page): Promise<Record<string, string>> {
  const rows = page
    .getByRole('region', { name: 'Left on your key' })
    .locator('dl.entitlements > div');
  const out: Record<string, string> = {};
  for (const row of await rows.all())
    out[(await row.locator('dt').innerText()).trim()] = (
      await row.locator('dd').innerText()
    ).trim();
  return out;
}

test('a saved key shows only its last 4 characters, and the entitlements come from the service', async ({
  page,
  emulator,
}) => {
  emulator.setCounter('key_music_counts', 37);
  emulator.setCounter('key_words_counts', 1200);
  emulator.setCounter('key_clone_voices', 3);
  emulator.setCounter('key_cover_counts', 5);
  emulator.setCounter('key_vc_counts', 7);
  emulator.setCounter('key_singing_credits', 9);
  await saveKey(page, VALID_KEY);

  await expect(page.getByText('Key ending in 1234')).toBeVisible();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(
    page.getByRole('region', { name: 'Left on your key' }).getByText('37', { exact: true }),
  ).toBeVisible();
  expect(await entitlementRows(page)).toEqual({
    Songs: '37',
    'Text-to-speech words': (1200).toLocaleString('en-US'),
    'Voice clones': '3',
    Covers: '5',
    'Voice conversions': '7',
    'Singing credits': '9',
  });
  expect(await page.content()).not.toContain(VALID_KEY);
  // The key went to the service as the header, from main.
  expect(
    emulator.log.some(
      (e) => e.path === '/v1/get_api_key_info' && e.headers['x-api-key'] === VALID_KEY,
    ),
  ).toBe(true);
});

test('saving a key is one call to main and one key-info read: the answer carries the entitlements', async ({
  page,
  app,
  emulator,
}) => {
  emulator.setCounter('key_music_counts', 12);
  await openAccount(page);
  const ipcBefore = app.ipcLog.length;
  const logBefore = emulator.log.length;
  await page.getByLabel('API key', { exact: true }).fill(VALID_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Key ending in 1234')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Left on your key' }).getByText('12', { exact: true }),
  ).toBeVisible();
  const calls = app.ipcLog
    .slice(ipcBefore)
    .filter((r) => r.direction === 'invoke' && r.channel.startsWith('account:'))
    .map((r) => r.channel);
  expect(calls).toEqual(['account:setKey']);
  const reads = emulator.log.slice(logBefore).filter((e) => e.path === '/v1/get_api_key_info');
  expect(reads).toHaveLength(1);
});

test('a key the service refuses is not saved, and the message says so', async ({ page }) => {
  await saveKey(page, 'e2e-wrong-key-9999');
  const field = page.getByLabel('API key', { exact: true });
  await expect(field).toHaveAccessibleDescription(/didn't accept this key, so it wasn't saved/);
  await expect(page.getByText('Key ending in 9999')).toHaveCount(0);
  await expect(page.getByText(/Key saved/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'No key' })).toBeVisible();
  // nothing was stored in main
  const status = await page.evaluate(() =>
    (globalThis as unknown as Renderer).cadenza.account.getStatus(),
  );
  expect(status).toMatchObject({ ok: true, value: { hasKey: false } });
});

test('removing the key forgets it in main', async ({ page, app }) => {
  await saveKey(page, VALID_KEY);
  await expect(page.getByText('Key ending in 1234')).toBeVisible();
  await page.getByRole('button', { name: 'Remove key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByText('Key ending in 1234')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save key' })).toBeVisible();
  const status = await page.evaluate(() =>
    (globalThis as unknown as Renderer).cadenza.account.getStatus(),
  );
  expect(status).toMatchObject({ ok: true, value: { hasKey: false, storage: 'none' } });
  const keysFile = JSON.parse(await readFile(join(app.dirs.home, 'keys.json'), 'utf8')) as {
    keys: Record<string, string>;
  };
  expect(keysFile.keys).toEqual({});
});

test('a disabled key is not saved; a key disabled later is reported as disabled', async ({
  page,
  emulator,
}) => {
  emulator.configure({ keyStatus: 1 });
  await saveKey(page, VALID_KEY);
  await expect(page.getByLabel('API key', { exact: true })).toHaveAccessibleDescription(
    /disabled on the service, so it wasn't saved/,
  );
  await expect(page.getByText('Key ending in 1234')).toHaveCount(0);

  emulator.configure({ keyStatus: 0 });
  await saveKey(page, VALID_KEY);
  await expect(page.getByText('Key ending in 1234')).toBeVisible();
  emulator.configure({ keyStatus: 1 });
  await page
    .getByRole('region', { name: 'Left on your key' })
    .getByRole('button', { name: 'Refresh' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This API key is disabled' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Key disabled' })).toBeVisible();
});

test('when the service is unreachable the panel says so and offers a retry', async ({
  page,
  emulator,
}) => {
  await saveKey(page, VALID_KEY);
  await expect(
    page.getByRole('region', { name: 'Left on your key' }).locator('dl.entitlements'),
  ).toBeVisible();
  await emulator.close();
  await page
    .getByRole('region', { name: 'Left on your key' })
    .getByRole('button', { name: 'Refresh' })
    .click();
  const alert = page.getByRole('alert').filter({ hasText: "Cadenza can't reach the service" });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test.describe('service address', () => {
  test('confirmed in the main-process dialog: the new address is used and the key is asked for again', async ({
    page,
    app,
    emulator,
  }) => {
    await saveKey(page, VALID_KEY);
    await expect(page.getByText('Key ending in 1234')).toBeVisible();
    const port = new URL(emulator.url).port;
    const next = `http://localhost:${port}`;
    await app.dialogs.answerMessageBox(0);
    await page.getByLabel('Service address').fill(next);
    await page.getByRole('button', { name: 'Change address' }).click();

    await expect(page.getByText('Key ending in 1234')).toHaveCount(0);
    await expect(page.getByLabel('Service address')).toHaveValue(next);
    const boxes = app.dialogs.calls.filter((c) => c.method === 'showMessageBox');
    expect(boxes).toHaveLength(1);
    const asked = boxes[0]?.options as { message: string; detail: string };
    expect(asked.message).toBe(`Change the service address to ${next}?`);
    expect(asked.detail).toMatch(
      /^Your key stays stored for .+ and is not sent to localhost:\d+\./,
    );
    const status = await page.evaluate(() =>
      (globalThis as unknown as Renderer).cadenza.account.getStatus(),
    );
    expect(status).toMatchObject({ ok: true, value: { baseUrl: next, hasKey: false } });
  });

  test('cancelled in the dialog: nothing changes', async ({ page, app, emulator }) => {
    await saveKey(page, VALID_KEY);
    await expect(page.getByText('Key ending in 1234')).toBeVisible();
    await page.getByLabel('Service address').fill('https://other.example');
    await page.getByRole('button', { name: 'Change address' }).click(); // no scripted answer: the dialog is cancelled

    await expect
      .poll(() => app.dialogs.calls.filter((c) => c.method === 'showMessageBox').length)
      .toBe(1);
    await expect(page.getByLabel('Service address')).toHaveValue(emulator.url);
    await expect(page.getByText('Key ending in 1234')).toBeVisible();
    const status = await page.evaluate(() =>
      (globalThis as unknown as Renderer).cadenza.account.getStatus(),
    );
    expect(status).toMatchObject({ ok: true, value: { baseUrl: emulator.url, hasKey: true } });
  });

  test('plain http to another computer is refused, in the panel and in main, without a dialog', async ({
    page,
    app,
    emulator,
  }) => {
    await openAccount(page);
    await page.getByLabel('Service address').fill('http://example.com');
    await page.getByRole('button', { name: 'Change address' }).click();
    await expect(
      page.getByText('Use https. Plain http is allowed only for this computer (localhost).'),
    ).toBeVisible();

    // Main refuses it too, whatever the renderer does.
    const answer = await page.evaluate(() =>
      (globalThis as unknown as Renderer).cadenza.account.setServiceAddress('http://example.com'),
    );
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { baseUrl: expect.stringContaining('https') } },
    });
    expect(app.dialogs.calls).toHaveLength(0);
    const status = await page.evaluate(() =>
      (globalThis as unknown as Renderer).cadenza.account.getStatus(),
    );
    expect(status).toMatchObject({ ok: true, value: { baseUrl: emulator.url } });
  });
});

test('the key survives a restart (encrypted in the data folder when no keychain exists)', async ({
  page,
  app,
  emulator,
}) => {
  await saveKey(page, VALID_KEY);
  await expect(page.getByText('Key ending in 1234')).toBeVisible();
  const before = emulator.log.length;

  const restarted = await app.restart();
  await openAccount(restarted);
  await expect(restarted.getByText('Key ending in 1234')).toBeVisible();
  await expect(
    restarted.getByText(
      "No system keychain was found; the key is encrypted in Cadenza's data folder",
    ),
  ).toBeVisible();
  await expect(
    restarted.getByRole('region', { name: 'Left on your key' }).locator('dl.entitlements'),
  ).toBeVisible();
  // The restarted main read the key back and used it.
  expect(
    emulator.log
      .slice(before)
      .some((e) => e.path === '/v1/get_api_key_info' && e.headers['x-api-key'] === VALID_KEY),
  ).toBe(true);
  const keysFile = await readFile(join(app.dirs.home, 'keys.json'), 'utf8');
  expect(keysFile).not.toContain(VALID_KEY);
  expect(Object.keys((JSON.parse(keysFile) as { keys: object }).keys)).toEqual([emulator.url]);
});
