/**
 * The Jobs view end to end: the built app (real preload, real main handlers, jobs and library
 * services) against the emulator. A song submitted in the Songs panel shows in Jobs with its
 * progress until done, lands in the library folder with sidecars, plays through `cadenza-media://`
 * and notifies while the window is unfocused; a refused submission shows the service's reason and
 * is retried only after a confirmation; a running job is cancelled.
 *
 * Under the Electron double the page's `cadenza-media://` requests are answered by the handler
 * main registered with `protocol.handle` (test/support/electron-double/MEDIA.md), so the app's own
 * player bar loads it through Chromium's media stack with Range requests.
 */
import Module from 'node:module';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, MAIN_JS, test } from './fixtures';
import { openPanel, setKey } from './app-helpers';
import {
  barPlays,
  expectPlayedLoaded,
  pageSchemeRequests,
  recordPlayedMedia,
} from './media-checks';

const useRealElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;

test.setTimeout(90_000);

interface DoubleWindow {
  blur(): void;
  focus(): void;
}
interface DoubleElectron {
  BrowserWindow: { getAllWindows(): DoubleWindow[] };
  Notification: { prototype: { show(): void } };
  protocol: {
    fetch(url: string, init?: RequestInit): Promise<Response>;
    privileged: unknown[];
    isProtocolHandled(s: string): boolean;
  };
}

/** The Electron double main runs against (this process, see launch.ts). */
const doubleElectron = (): DoubleElectron =>
  Module.createRequire(MAIN_JS)('electron') as DoubleElectron;

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

async function createSong(page: Page, prompt: string): Promise<void> {
  await openPanel(page, 'Songs');
  await page.getByLabel('Song description').fill(prompt);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
}

test('a song shows in Jobs until done, lands in the library, plays through cadenza-media and notifies when unfocused', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 2000, songDurationMs: 3000 });
  const electron = useRealElectron ? null : doubleElectron();
  const notifications = electron ? recordNotifications(electron) : [];
  if (electron) {
    // privileged before 'ready' (with the renderer's own app: scheme, in one call), and handled
    expect(electron.protocol.privileged).toContainEqual({
      scheme: 'cadenza-media',
      privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true },
    });
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
    const sidecar = JSON.parse(
      await readFile(join(app.dirs.library, `${m}.json`), 'utf8'),
    ) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      schema_version: 1,
      kind: 'song',
      prompt: 'lo-fi rain on a tin roof',
      duration_ms: 3000,
    });
    expect(String(sidecar.job_id)).toMatch(/^job_/);
  }

  if (electron) {
    await expect.poll(() => notifications.length).toBe(1);
    expect(notifications[0]).toEqual({
      title: 'Cadenza — Finished',
      body: '“lo-fi rain on a tin roof” is in your library (2 files).',
    });
    electron.BrowserWindow.getAllWindows()[0]?.focus();
  }

  await recordPlayedMedia(page);
  await row.getByRole('button', { name: 'Open' }).click();
  const player = page.getByRole('region', { name: 'Now playing' });
  await expect(player.getByRole('button', { name: /^(Play|Pause) / })).toHaveCount(2);
  // Open plays the first file through the player bar
  const src = await barPlays(page, /^cadenza-media:\/\/library\/.+\.mp3$/, { origin: 'Jobs' });
  const fileName = decodeURIComponent(src.slice('cadenza-media://library/'.length));
  expect(media).toContain(fileName);

  // the player loads that URL and Chromium decodes it: 3 s, like the sidecar says
  await expectPlayedLoaded(page, src, 3);
  const asked = pageSchemeRequests()?.filter((r) => r.url === src);
  if (asked) {
    // Chromium's media stack sent Range requests; main's handler answered 206
    expect(asked.some((r) => r.range?.startsWith('bytes=') && r.status === 206)).toBe(true);
  }

  if (electron) {
    // the handler refuses what is not a library media file
    expect(
      (
        await electron.protocol.fetch(
          `cadenza-media://library/${encodeURIComponent(`${fileName}.json`)}`,
        )
      ).status,
    ).toBe(403);
    const escape = await electron.protocol.fetch(
      'cadenza-media://library/%2e%2e/home/settings.json',
    );
    expect([403, 404]).toContain(escape.status);
  }

  await player.getByRole('button', { name: 'Show in folder' }).first().click();
  await expect.poll(() => app.openedExternal).toContain(`show:${join(app.dirs.library, fileName)}`);
});

test("a refused submission shows the service's reason; retry asks first; a running job is cancelled", async ({
  app,
  page,
  emulator,
}) => {
  // the key shows songs left, but the service refuses this one (spent elsewhere meanwhile)
  emulator.inject({ path: '/v2/submit', kind: 'entitlement' });
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
  const submits = () =>
    emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit').length;
  expect(submits()).toBe(1);
  await failed.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry this job?' });
  await expect(dialog).toContainText('it will spend credits again');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(submits()).toBe(1);

  // with songs available again and a slow service, the retry runs: cancel it
  emulator.configure({ stepMs: 60_000 });
  await failed.getByRole('button', { name: 'Retry' }).click();
  await page
    .getByRole('dialog', { name: 'Retry this job?' })
    .getByRole('button', { name: 'Retry' })
    .click();
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
