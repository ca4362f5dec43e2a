/**
 * The Jobs view end to end: the built app (real preload, real main handlers, jobs and library
 * services) against the emulator. A song submitted in the Songs panel shows in Jobs with its
 * progress until done, lands in the library folder with sidecars, plays through `cadenza-media://`
 * and notifies while the window is unfocused; a refused submission shows the service's reason and
 * is retried only after a confirmation; a running job is cancelled.
 *
 * Under the Electron double the window is Debian Chromium, which cannot load a custom scheme by
 * itself: the media check sends the exact `cadenza-media://` URL main handed out through the
 * protocol handler main registered (`protocol.handle`), by routing a file:// alias of it into
 * that handler, so Chromium's own media stack makes the Range requests and decodes the answer.
 */
import Module from 'node:module';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, MAIN_JS, openAccount, test, VALID_KEY } from './fixtures';

const useRealElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;

test.setTimeout(90_000);

interface DoubleWindow {
  blur(): void;
  focus(): void;
}
interface DoubleElectron {
  BrowserWindow: { getAllWindows(): DoubleWindow[] };
  Notification: { prototype: { show(): void } };
  protocol: { fetch(url: string, init?: RequestInit): Promise<Response>; privileged: unknown[]; isProtocolHandled(s: string): boolean };
}

/** The Electron double main runs against (this process, see launch.ts). */
const doubleElectron = (): DoubleElectron => Module.createRequire(MAIN_JS)('electron') as DoubleElectron;

/** Records the notifications main shows from now on. */
function recordNotifications(electron: DoubleElectron): Array<{ title: string; body: string }> {
  const shown: Array<{ title: string; body: string }> = [];
  const proto = electron.Notification.prototype as { show(): void };
  const original = proto.show;
  proto.show = function (this: { options?: { title?: string; body?: string } }) {
    shown.push({ title: this.options?.title ?? '', body: this.options?.body ?? '' });
    original.call(this);
  };
  return shown;
}

const MEDIA_ALIAS = '/__cadenza-media__/';

/** Serves file:///__cadenza-media__/<host>/<path> from main's cadenza-media handler (Range included). */
async function routeMediaAlias(page: Page, electron: DoubleElectron, seen: Array<{ range: string | undefined; status: number }>) {
  await page.route(
    (url) => url.protocol === 'file:' && url.pathname.startsWith(MEDIA_ALIAS),
    async (route, request) => {
      const target = `cadenza-media://${new URL(request.url()).pathname.slice(MEDIA_ALIAS.length)}`;
      const headers = request.headers();
      const res = await electron.protocol.fetch(target, { method: request.method(), headers: headers.range ? { range: headers.range } : {} });
      seen.push({ range: headers.range, status: res.status });
      const body = Buffer.from(await res.arrayBuffer());
      await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body });
    },
  );
}

async function setKey(page: Page): Promise<void> {
  await openAccount(page);
  await page.getByLabel('API key', { exact: true }).fill(VALID_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Key ending in 1234')).toBeVisible();
}

async function openPanel(page: Page, name: 'Songs' | 'Jobs'): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

async function createSong(page: Page, prompt: string): Promise<void> {
  await openPanel(page, 'Songs');
  await page.getByLabel('Style prompt').fill(prompt);
  await page.getByRole('button', { name: 'Create songs' }).click();
}

test('a song shows in Jobs until done, lands in the library, plays through cadenza-media and notifies when unfocused', async ({ app, page, emulator }) => {
  emulator.configure({ stepMs: 2000, songDurationMs: 3000 });
  const electron = useRealElectron ? null : doubleElectron();
  const notifications = electron ? recordNotifications(electron) : [];
  if (electron) {
    // privileged before 'ready', and handled
    expect(electron.protocol.privileged).toEqual([
      { scheme: 'cadenza-media', privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true } },
    ]);
    expect(electron.protocol.isProtocolHandled('cadenza-media')).toBe(true);
  }

  await setKey(page);
  await createSong(page, 'lo-fi rain on a tin roof');
  await openPanel(page, 'Jobs');

  const row = page.getByRole('listitem', { name: 'lo-fi rain on a tin roof' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Song');
  await expect(row).toContainText('Promptlo-fi rain on a tin roof');
  const bar = row.getByRole('progressbar', { name: 'lo-fi rain on a tin roof' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(row).toContainText(/Queued|Generating/);
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const folder = page.getByRole('region', { name: 'Library folder' });
  await expect(folder).toContainText(app.dirs.library);
  await expect(folder).toContainText('Set by CADENZA_LIBRARY');

  // nobody is looking: the finished job becomes a desktop notification
  electron?.BrowserWindow.getAllWindows()[0]?.blur();

  await expect(row).toContainText('Done', { timeout: 45_000 });
  await expect(row.getByRole('progressbar')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  const names = (await readdir(app.dirs.library)).sort();
  const media = names.filter((n) => n.endsWith('.mp3'));
  expect(media).toHaveLength(2);
  for (const m of media) {
    expect(names).toContain(`${m}.json`);
    const sidecar = JSON.parse(await readFile(join(app.dirs.library, `${m}.json`), 'utf8')) as Record<string, unknown>;
    expect(sidecar).toMatchObject({ schema_version: 1, kind: 'song', prompt: 'lo-fi rain on a tin roof', duration_ms: 3000 });
    expect(String(sidecar.job_id)).toMatch(/^job_/);
  }

  if (electron) {
    await expect.poll(() => notifications.length).toBe(1);
    expect(notifications[0]).toEqual({ title: 'Cadenza — Finished', body: '“lo-fi rain on a tin roof” is in your library (2 files).' });
    electron.BrowserWindow.getAllWindows()[0]?.focus();
  }

  await row.getByRole('button', { name: 'Open' }).click();
  const player = page.getByRole('region', { name: 'Now playing' });
  const audio = player.locator('audio');
  await expect(audio).toHaveCount(2);
  const src = await audio.first().getAttribute('src');
  expect(src).toMatch(/^cadenza-media:\/\/library\/.+\.mp3$/);
  const fileName = decodeURIComponent(src!.slice('cadenza-media://library/'.length));
  expect(media).toContain(fileName);

  if (electron) {
    // Chromium plays that exact URL through main's protocol handler (Range requests, 206)
    const seen: Array<{ range: string | undefined; status: number }> = [];
    await routeMediaAlias(page, electron, seen);
    const alias = `file://${MEDIA_ALIAS}${src!.slice('cadenza-media://'.length)}`;
    const played = await page.evaluate(
      (url) =>
        new Promise<{ duration: number; readyState: number }>((resolve, reject) => {
          // page-side code (DOM types are not in this tsconfig)
          type MediaEl = {
            preload: string;
            src: string;
            duration: number;
            readyState: number;
            error: { code: number } | null;
            addEventListener(type: string, fn: () => void, opts?: { once: boolean }): void;
          };
          const el = new (globalThis as unknown as { Audio: new () => MediaEl }).Audio();
          el.preload = 'auto';
          el.addEventListener('canplaythrough', () => resolve({ duration: el.duration, readyState: el.readyState }), { once: true });
          el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}`)), { once: true });
          el.src = url;
        }),
      alias,
    );
    expect(played.duration).toBeGreaterThan(2.5);
    expect(played.duration).toBeLessThan(3.5);
    expect(played.readyState).toBeGreaterThanOrEqual(3);
    expect(seen.some((s) => s.range?.startsWith('bytes=') && s.status === 206)).toBe(true);
    // the handler refuses what is not a library media file
    expect((await electron.protocol.fetch(`cadenza-media://library/${encodeURIComponent(`${fileName}.json`)}`)).status).toBe(403);
    const escape = await electron.protocol.fetch('cadenza-media://library/%2e%2e/home/settings.json');
    expect([403, 404]).toContain(escape.status);
  }

  await player.getByRole('button', { name: 'Show in folder' }).first().click();
  await expect.poll(() => app.openedExternal).toContain(`show:${join(app.dirs.library, fileName)}`);
});

test("a refused submission shows the service's reason; retry asks first; a running job is cancelled", async ({ app, page, emulator }) => {
  emulator.setCounter('key_music_counts', 0);
  const electron = useRealElectron ? null : doubleElectron();
  const notifications = electron ? recordNotifications(electron) : [];
  await setKey(page);
  electron?.BrowserWindow.getAllWindows()[0]?.blur();
  await createSong(page, 'broken dreams');
  await openPanel(page, 'Jobs');

  const failed = page.getByRole('listitem', { name: 'broken dreams' });
  await expect(failed).toContainText('Failed', { timeout: 20_000 });
  // the service's own words ("Insufficient account balance") and the counter that ran out
  await expect(failed).toContainText('Your key has no songs left');
  await expect(failed).toContainText('The service said: “Insufficient account balance”');
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  if (electron) {
    await expect.poll(() => notifications.length).toBe(1);
    expect(notifications[0]?.title).toBe('Cadenza — Failed');
    expect(notifications[0]?.body).toMatch(/^“broken dreams”: /);
    electron.BrowserWindow.getAllWindows()[0]?.focus();
  }

  // Retry asks first; Cancel sends nothing
  const submits = () => emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit').length;
  expect(submits()).toBe(1);
  await failed.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry this job?' });
  await expect(dialog).toContainText('may use one of your entitlements');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(submits()).toBe(1);

  // with songs available again and a slow service, the retry runs: cancel it
  emulator.setCounter('key_music_counts', 5);
  emulator.configure({ stepMs: 60_000 });
  await failed.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('dialog', { name: 'Retry this job?' }).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('status')).toContainText('Sent again as a new job');
  const rows = page.getByRole('listitem', { name: 'broken dreams' });
  await expect(rows).toHaveCount(2);
  const fresh = rows.first();
  await expect(fresh).toContainText(/Queued|Generating/, { timeout: 20_000 });
  expect(submits()).toBe(2);
  await expect(rows.nth(1)).toContainText('Failed');

  await fresh.getByRole('button', { name: 'Cancel' }).click();
  await expect(fresh).toContainText('Cancelled');
  await expect(fresh.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(fresh.getByRole('button', { name: 'Retry' })).toBeVisible();

  // the record on disk says so, and survives a restart
  const restarted = await app.restart();
  await openPanel(restarted, 'Jobs');
  const again = restarted.getByRole('listitem', { name: 'broken dreams' });
  await expect(again).toHaveCount(2);
  await expect(again.first()).toContainText('Cancelled');
  await expect(again.nth(1)).toContainText('Failed');
  expect(await readdir(app.dirs.library)).toEqual([]);
});
