/**
 * "It plays", end to end: a song made in the Songs panel lands in the library, and the one player
 * (howler, html5 mode, a detached `Audio`) loads it through `cadenza-media://` and plays it —
 * opened from the Jobs panel and from the Library. Duration matches the sidecar, the position
 * advances, a seek mid-way sticks, and the cover `<img>` decodes.
 *
 * Under the Electron double the page's requests to the scheme are answered by the handler main
 * registered with `protocol.handle` (test/support/electron-double/MEDIA.md), so the Range request
 * and the 206 answer come from the app's code; `pageRequests` shows what was asked.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { openPanel, setKey } from './app-helpers';
import {
  expectImageDecoded,
  pageSchemeRequests,
  playedState,
  recordPlayedMedia,
  type PlayedMediaState as MediaState,
} from './media-checks';

const SONG_MS = 9000;

test.setTimeout(120_000);

/** Polls until the position moved on by `byS` from where it was when called. */
async function expectAdvancing(read: () => Promise<MediaState | null>, byS = 0.5): Promise<number> {
  const from = (await read())?.currentTime ?? 0;
  await expect
    .poll(async () => (await read())?.currentTime ?? -1, { timeout: 10_000 })
    .toBeGreaterThan(from + byS);
  return from;
}

/** The library's .mp3 files with their sidecar's duration. */
async function librarySongs(
  dir: string,
): Promise<Array<{ file: string; durationS: number; bytes: number }>> {
  const out: Array<{ file: string; durationS: number; bytes: number }> = [];
  for (const file of (await readdir(dir)).filter((n) => n.endsWith('.mp3'))) {
    const sidecar = JSON.parse(await readFile(join(dir, `${file}.json`), 'utf8')) as {
      duration_ms: number;
    };
    out.push({
      file,
      durationS: sidecar.duration_ms / 1000,
      bytes: (await stat(join(dir, file))).size,
    });
  }
  return out;
}

const libraryUrl = (file: string): string => `cadenza-media://library/${encodeURIComponent(file)}`;

test('a new song plays through cadenza-media in the player, opened from Jobs and from the Library: duration, position, seek, cover', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 1000, songDurationMs: SONG_MS });
  const pageRequests = pageSchemeRequests();
  await setKey(page);
  await openPanel(page, 'Songs');
  await page.getByLabel('Song description').fill('slow tide, felt piano');
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await openPanel(page, 'Jobs');
  const row = page.getByRole('listitem', { name: 'slow tide, felt piano' });
  await expect(row).toContainText('Done', { timeout: 45_000 });
  const songs = await librarySongs(app.dirs.library);
  expect(songs).toHaveLength(2);

  // --- "Open" in Jobs plays the first take through the player bar
  await recordPlayedMedia(page);
  await row.getByRole('button', { name: 'Open' }).click();
  const bar = page.getByRole('region', { name: 'Player' });
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  const src = (await bar.getAttribute('data-src')) ?? '';
  const song = songs.find((s) => libraryUrl(s.file) === src);
  expect(song, `the player's src ${src} names a library song`).toBeDefined();
  const expectedS = song!.durationS;
  expect(expectedS).toBeCloseTo(SONG_MS / 1000, 1);
  const opened = (): Promise<MediaState | null> => playedState(page, src);

  await expect
    .poll(async () => (await opened())?.readyState ?? -1, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  let now = (await opened())!;
  expect(now.error).toBeNull();
  expect(Math.abs(now.duration - expectedS)).toBeLessThanOrEqual(0.2);
  expect(now.paused).toBe(false);
  await expectAdvancing(opened);

  // seek with the keyboard on the seek slider (Home, then → steps 5 s): it sticks and plays on
  const seek = bar.getByRole('slider', { name: 'Seek' });
  await seek.focus();
  await seek.press('Home');
  await seek.press('ArrowRight'); // 5 s
  now = (await opened())!;
  expect(now.currentTime).toBeGreaterThanOrEqual(4.95);
  expect(now.currentTime).toBeLessThan(6);
  await expectAdvancing(opened, 0.3);
  expect((await opened())!.currentTime).toBeGreaterThan(5);

  if (pageRequests) {
    // Chromium's media stack asked with Range; main's handler answered 206 with the file's size
    const asked = pageRequests.filter((r) => r.url === src);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.resourceType === 'media')).toBe(true);
    expect(asked.some((r) => r.range?.startsWith('bytes=') && r.status === 206)).toBe(true);
    for (const r of asked.filter((x) => x.status === 206))
      expect(r.contentRange).toMatch(new RegExp(`^bytes \\d+-\\d+/${song!.bytes}$`));
    expect(asked.find((r) => r.status === 206)?.contentType).toBe('audio/mpeg');
  }
  await page.getByRole('button', { name: 'Close player' }).click();

  // --- Library → details → Play
  await openPanel(page, 'Library');
  const list = page.getByRole('listbox', { name: 'Library items' });
  await expect(list.getByRole('option')).toHaveCount(2);
  await list.getByRole('option').first().click();
  await page
    .getByRole('region', { name: 'Item details' })
    .getByRole('button', { name: 'Play', exact: true })
    .click();
  await expect(bar).toHaveAttribute('data-status', 'playing');
  const barSrc = (await bar.getAttribute('data-src')) ?? '';
  const barSong = songs.find((s) => libraryUrl(s.file) === barSrc);
  expect(barSong, `the player bar's src ${barSrc} names a library song`).toBeDefined();

  const howled = (): Promise<MediaState | null> => playedState(page, barSrc);
  await expect
    .poll(async () => (await howled())?.readyState ?? -1, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const played = (await howled())!;
  expect(played.error).toBeNull();
  expect(played.paused).toBe(false);
  expect(Math.abs(played.duration - barSong!.durationS)).toBeLessThanOrEqual(0.2);
  await expectAdvancing(howled);

  // seek through the bar's slider: the element follows and plays on from there
  const seekS = Math.round(barSong!.durationS / 2);
  await bar.getByRole('slider', { name: 'Seek' }).fill(String(seekS));
  await expect
    .poll(async () => (await howled())?.currentTime ?? -1)
    .toBeGreaterThanOrEqual(seekS - 0.05);
  expect((await howled())!.currentTime).toBeLessThan(seekS + 1.5);
  await expectAdvancing(howled, 0.3);
  await expect(bar).toHaveAttribute('data-status', 'playing');

  // the song's cover, also through cadenza-media, decodes (the emulator's covers are 64×64)
  const cover = bar.locator('img.player-cover');
  await expect(cover).toHaveAttribute('src', /^cadenza-media:\/\/library\/.+\.png$/);
  await expectImageDecoded(cover, 64);
  if (pageRequests) {
    const coverSrc = (await cover.getAttribute('src')) ?? '';
    expect(
      pageRequests.some(
        (r) => r.url === coverSrc && r.resourceType === 'image' && r.status === 200,
      ),
    ).toBe(true);
  }
  expect(app.console.filter((c) => c.type === 'pageerror')).toEqual([]);
});
