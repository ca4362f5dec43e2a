/**
 * The Library and the player end to end, offline: the built app (real preload, main handlers,
 * library service and media protocol handler) over a generated library of 10,000 items with the
 * emulator stopped. Scrolls, searches, plays (the player is handed main's `cadenza-media://` URL,
 * which answers Range requests with 206), seeks, renames and deletes to the trash.
 *
 * Playback is real in both runs: under the Electron double the page's requests to the scheme are
 * answered by the handler main registered (test/support/electron-double/MEDIA.md), so howler's
 * `Audio` element decodes the WAV main served, its position advances and a seek sticks; the
 * double's log of page requests shows Chromium asked with Range and main answered 206.
 */
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toneWav } from '../support/media-fixtures';
import { expect, test } from './fixtures';
import {
  pageSchemeRequests,
  playedState,
  recordPlayedMedia,
  type PlayedMediaState as MediaState,
} from './media-checks';
import { iso } from '../support/bidi';

const useRealElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;
const ITEMS = Number(process.env.CADENZA_E2E_LIBRARY_ITEMS ?? 10_000);
const pad = (i: number) => String(i).padStart(5, '0');
const isNeon = (i: number) => i % 500 === 3;
const NEON_COUNT = Array.from({ length: ITEMS }, (_, i) => i).filter(isNeon).length;
/** The newest "Neon" item, the one the spec plays. */
const PLAYED = ITEMS - 1 - ((ITEMS - 1 - 3) % 500);
const ROW_HEIGHT = 52;

test.setTimeout(180_000);

/** The played item's length (its sidecar says so too). */
const PLAYED_S = 6;
const PLAYED_BYTES = 44 + 8000 * PLAYED_S * 2;

/** Writes n items (WAV + sidecar); item i is created i minutes after 2025-01-01, every 500th is "Neon". */
async function generateLibrary(dir: string, n: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  const short = toneWav(0.05); // 844 bytes: 10,000 of them stay small
  const played = toneWav(PLAYED_S);
  const writes: Promise<void>[] = [];
  for (let i = 0; i < n; i += 1) {
    const title = isNeon(i) ? `Neon harbour ${i}` : `Track ${pad(i)}`;
    const file = `${title}.wav`;
    const sidecar = {
      schema_version: 1,
      id: `itm_gen${String(i).padStart(8, '0')}`,
      kind: i % 4 === 0 ? 'tts' : 'song',
      title,
      lyrics: i % 2 === 0 ? '[Verse]\nla la' : null,
      tags: [i % 3 === 0 ? 'lofi' : 'rock'],
      duration_ms: i === PLAYED ? PLAYED_S * 1000 : 3000,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    };
    writes.push(
      writeFile(join(dir, file), i === PLAYED ? played : short),
      writeFile(join(dir, `${file}.json`), JSON.stringify(sidecar)),
    );
    if (writes.length >= 400) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
}

test('10,000 items offline: scroll, search, play through cadenza-media with Range, rename, delete to the trash', async ({
  app,
  emulator,
}) => {
  await emulator.close(); // everything here works with the service unreachable
  // generated beside the library and swapped in, so the running app's watcher does not rescan 20,000 writes
  const generated = join(app.dirs.root, 'generated-library');
  await generateLibrary(generated, ITEMS);
  await rename(app.dirs.library, `${app.dirs.library}.empty`);
  await rename(generated, app.dirs.library);
  const page = await app.restart();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Library/ })
    .click();
  const count = page.getByTestId('library-count');
  await expect(count).toHaveText(`${ITEMS} items`, { timeout: 60_000 });
  const list = page.getByRole('listbox', { name: 'Library items' });
  await expect(list.getByRole('option').first()).toHaveAccessibleName(
    new RegExp(`^Track ${pad(ITEMS - 1)}, Song, 0:03`),
  );
  expect(await list.getByRole('option').count()).toBeLessThan(80);

  // scroll deep into the list: only the rows in view exist
  const deep = Math.floor(ITEMS * 0.7);
  await list.evaluate((el, top) => {
    el.scrollTop = top;
    el.dispatchEvent(new Event('scroll'));
  }, ROW_HEIGHT * deep);
  const deepIndex = ITEMS - 1 - deep;
  await expect(
    list.getByRole('option', {
      name: new RegExp(
        `^${isNeon(deepIndex) ? `Neon harbour ${deepIndex}` : `Track ${pad(deepIndex)}`},`,
      ),
    }),
  ).toHaveAttribute('aria-posinset', String(deep + 1));
  expect(await list.getByRole('option').count()).toBeLessThan(80);

  // search finds words only the lyrics hold (every other item sings "la la" in a [Verse])
  const search = page.getByRole('searchbox', { name: 'Search the library' });
  await search.fill('verse');
  await expect(count).toHaveText(`${Math.ceil(ITEMS / 2)} of ${ITEMS} items`);
  await search.fill('');
  await expect(count).toHaveText(`${ITEMS} items`);

  // search per keystroke
  await search.pressSequentially('neon');
  await expect(count).toHaveText(`${NEON_COUNT} of ${ITEMS} items`);
  await expect(list.getByRole('option').first()).toHaveAccessibleName(
    new RegExp(`^Neon harbour ${PLAYED},`),
  );

  // play: the player gets main's protocol URL, and howler's Audio element really plays it
  await recordPlayedMedia(page);
  const pageRequests = pageSchemeRequests();
  await list.getByRole('option').first().click();
  const details = page.getByRole('region', { name: 'Item details' });
  await details.getByRole('button', { name: 'Play', exact: true }).click();
  const bar = page.getByRole('region', { name: 'Player' });
  const src = `cadenza-media://library/Neon%20harbour%20${PLAYED}.wav`;
  await expect(bar).toHaveAttribute('data-src', src);
  await expect(bar.getByTestId('player-title')).toHaveText(`Neon harbour ${PLAYED}`);
  await expect(bar).toHaveAttribute('data-status', 'playing');
  const howled = (): Promise<MediaState | null> => playedState(page, src);
  await expect
    .poll(async () => (await howled())?.readyState ?? -1, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const loaded = (await howled())!;
  expect(loaded.error).toBeNull();
  expect(loaded.paused).toBe(false);
  expect(Math.abs(loaded.duration - PLAYED_S)).toBeLessThanOrEqual(0.05);
  const from = loaded.currentTime;
  await expect
    .poll(async () => (await howled())?.currentTime ?? -1, { timeout: 10_000 })
    .toBeGreaterThan(from + 0.5);

  // seek through the bar's slider: the element follows and plays on from there
  const seekS = 3;
  await bar.getByRole('slider', { name: 'Seek' }).fill(String(seekS));
  await expect
    .poll(async () => (await howled())?.currentTime ?? -1)
    .toBeGreaterThanOrEqual(seekS - 0.05);
  expect((await howled())!.currentTime).toBeLessThan(seekS + 1.5);
  await expect(bar.getByText('0:03', { exact: true }).first()).toBeVisible();
  await expect
    .poll(async () => (await howled())?.currentTime ?? -1, { timeout: 10_000 })
    .toBeGreaterThan(seekS + 0.3);
  await expect(bar).toHaveAttribute('data-status', 'playing');

  if (pageRequests) {
    // Chromium's media stack asked with Range; main's handler answered 206 with the file's size
    const asked = pageRequests.filter((r) => r.url === src);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.resourceType === 'media')).toBe(true);
    const partial = asked.filter((r) => r.status === 206);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((r) => r.range?.startsWith('bytes='))).toBe(true);
    for (const r of partial)
      expect(r.contentRange).toMatch(new RegExp(`^bytes \\d+-\\d+/${PLAYED_BYTES}$`));
    expect(partial[0]?.contentType).toBe('audio/wav');
  }
  // the waveform main computed from the WAV
  await expect(bar.getByTestId('waveform')).toHaveAttribute('data-bars', '160');
  expect(app.console.filter((c) => c.type === 'pageerror')).toEqual([]);

  // rename (from the details card's ⋯ menu): file and sidecar together, sanitised
  await details.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByLabel('New name').fill('Harbour: night/mix');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(
    page.getByText(`Renamed. The file is now “${iso('Harbour night-mix.wav')}”.`),
  ).toBeVisible();
  let names = await readdir(app.dirs.library);
  expect(names).toContain('Harbour night-mix.wav');
  expect(names).toContain('Harbour night-mix.wav.json');
  expect(names).not.toContain(`Neon harbour ${PLAYED}.wav`);

  // delete to the trash
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('Track 00042');
  await expect(count).toHaveText(`1 of ${ITEMS} items`);
  await list.getByRole('option').first().click();
  await details.getByRole('button', { name: /^More actions for / }).click();
  // at once, with Undo (the selection's): the file waits in the library's hidden trash folder,
  // then goes to the OS trash when the undo window closes
  await page.getByRole('menuitem', { name: 'Move to trash' }).click();
  await expect(count).toHaveText(`0 of ${ITEMS - 1} items`);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  names = await readdir(app.dirs.library);
  expect(names).not.toContain('Track 00042.wav');
  expect(names).not.toContain('Track 00042.wav.json');
  if (!useRealElectron)
    await expect
      .poll(
        () =>
          app.openedExternal.some((x) => x.startsWith('trash:') && x.endsWith('Track 00042.wav')),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
});
