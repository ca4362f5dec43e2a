/**
 * The Library and the player end to end, offline: the built app (real preload, main handlers,
 * library service and media protocol handler) over a generated library of 10,000 items with the
 * emulator stopped. Scrolls, searches, plays (the player is handed main's `cadenza-media://` URL,
 * which answers Range requests with 206), seeks (real Electron only), renames and deletes to the
 * trash.
 *
 * Under the Electron double Chromium cannot load the custom scheme, so the audio itself does not
 * play there: the spec checks the URL the player got and sends a Range request for it through the
 * handler main registered. With ELECTRON_OVERRIDE_DIST_PATH set it also checks real playback and seeking.
 */
import Module from 'node:module';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, MAIN_JS, test } from './fixtures';

const useRealElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;
const ITEMS = Number(process.env.CADENZA_E2E_LIBRARY_ITEMS ?? 10_000);
const pad = (i: number) => String(i).padStart(5, '0');
const isNeon = (i: number) => i % 500 === 3;
const NEON_COUNT = Array.from({ length: ITEMS }, (_, i) => i).filter(isNeon).length;
/** The newest "Neon" item, the one the spec plays. */
const PLAYED = ITEMS - 1 - ((ITEMS - 1 - 3) % 500);
const ROW_HEIGHT = 52;

test.setTimeout(180_000);

interface DoubleElectron {
  protocol: { fetch(url: string, init?: RequestInit): Promise<Response> };
}
const doubleElectron = (): DoubleElectron =>
  Module.createRequire(MAIN_JS)('electron') as DoubleElectron;

/** A 16-bit mono 8 kHz WAV of `seconds` of a tone. */
function toneWav(seconds: number): Buffer {
  const frames = Math.round(8000 * seconds);
  const data = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i += 1)
    data.writeInt16LE(Math.round(Math.sin((i / 8000) * 2 * Math.PI * 440) * 12000), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(16000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** Writes n items (WAV + sidecar); item i is created i minutes after 2025-01-01, every 500th is "Neon". */
async function generateLibrary(dir: string, n: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  const short = toneWav(0.05); // 844 bytes: 10,000 of them stay small
  const played = toneWav(3);
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
      duration_ms: 3000,
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

  // search per keystroke
  await page.getByRole('searchbox', { name: 'Search the library' }).pressSequentially('neon');
  await expect(count).toHaveText(`${NEON_COUNT} of ${ITEMS} items`);
  await expect(list.getByRole('option').first()).toHaveAccessibleName(
    new RegExp(`^Neon harbour ${PLAYED},`),
  );

  // play: the player gets main's protocol URL, which answers a Range request with 206
  await list.getByRole('option').first().click();
  const details = page.getByRole('region', { name: 'Item details' });
  await details.getByRole('button', { name: 'Play', exact: true }).click();
  const bar = page.getByRole('region', { name: 'Player' });
  await expect(bar).toHaveAttribute(
    'data-src',
    `cadenza-media://library/Neon%20harbour%20${PLAYED}.wav`,
  );
  await expect(bar.getByText(`Neon harbour ${PLAYED}`)).toBeVisible();
  if (useRealElectron) {
    await expect(bar).toHaveAttribute('data-status', 'playing');
    await bar.getByRole('slider', { name: 'Seek' }).fill('2');
    await expect(bar.getByText('0:02')).toBeVisible();
  } else {
    const res = await doubleElectron().protocol.fetch(
      `cadenza-media://library/Neon%20harbour%20${PLAYED}.wav`,
      { headers: { range: 'bytes=0-43' } },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-43/${44 + 8000 * 3 * 2}`);
    const head = Buffer.from(await res.arrayBuffer());
    expect(head.toString('ascii', 0, 4)).toBe('RIFF');
    expect(head.toString('ascii', 8, 12)).toBe('WAVE');
  }
  // the waveform main computed from the WAV
  await expect(bar.getByTestId('waveform')).toHaveAttribute('data-bars', '160');

  // rename: file and sidecar together, sanitised
  await details.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('New name').fill('Harbour: night/mix');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Renamed. The file is now “Harbour night-mix.wav”.')).toBeVisible();
  let names = await readdir(app.dirs.library);
  expect(names).toContain('Harbour night-mix.wav');
  expect(names).toContain('Harbour night-mix.wav.json');
  expect(names).not.toContain(`Neon harbour ${PLAYED}.wav`);

  // delete to the trash
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('Track 00042');
  await expect(count).toHaveText(`1 of ${ITEMS} items`);
  await list.getByRole('option').first().click();
  await details.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(count).toHaveText(`0 of ${ITEMS - 1} items`);
  names = await readdir(app.dirs.library);
  expect(names).not.toContain('Track 00042.wav');
  expect(names).not.toContain('Track 00042.wav.json');
  if (!useRealElectron)
    expect(app.openedExternal).toContain(`trash:${join(app.dirs.library, 'Track 00042.wav')}`);
});
