/**
 * Covers end to end: the built app (real preload, main handlers and services) against the
 * emulator, driven through the Covers panel by role and label. A dropped audio file is covered by a
 * built-in singer with a key change (the emulator receives exactly the file's bytes, `singer_id`,
 * `tran` and `is_custom_singer=false`); the cover lands in the library (MP3 + sidecar naming its
 * source) and plays through the player bar; that cover is covered again as a library song
 * (linked as its parent); a video link is covered; a cancelled upload creates nothing.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestLogEntry } from '../emulator';
import { expect, test } from './fixtures';
import {
  emulatorMp3Ms,
  libraryEntries,
  openPanel,
  pickFromLibrary,
  servedBytesOf,
  pickSinger,
  setKey,
  sha,
  singersOffered,
} from './covers-helpers';
import { barPlays, expectPlayedLoaded, recordPlayedMedia } from './media-checks';

test.setTimeout(90_000);

/** An MP3-looking file (ID3 header, then noise): covers are uploaded as they are. */
/**
 * A real (silent) MP3 of `bytes` bytes: MPEG-1 Layer III frames at 320 kbit/s, 48 kHz, mono
 * (960 bytes, 24 ms each), so the probe finds audio in it (about 80 s for 3 MB).
 */
function mp3File(bytes: number): Buffer {
  const frame = Buffer.alloc(960);
  frame.set([0xff, 0xfb, 0xe4, 0xc0]);
  return Buffer.concat(Array.from({ length: Math.ceil(bytes / 960) }, () => frame)).subarray(
    0,
    bytes,
  );
}

const coverRequests = (log: readonly RequestLogEntry[]): RequestLogEntry[] =>
  log.filter((e) => e.method === 'POST' && e.path === '/v1/cover');

test('a dropped file covered by a built-in singer with a key change lands in the library; covering that library song links it as the parent', async ({
  app,
  page,
  emulator,
}) => {
  await setKey(page);
  await openPanel(page, 'Covers');
  const card = page.getByRole('region', { name: 'Make a cover' });
  await expect.poll(() => singersOffered(card, 'Jonah')).toEqual(['Jonah Reed']);
  expect(emulator.log.filter((e) => e.path === '/v1/singers')).toHaveLength(1);
  await expect(card.getByText(/\d+ covers left/)).toBeVisible();
  const coversBefore = emulator.counters().key_cover_counts;

  // drop a file
  const audio = mp3File(3 * 1024 * 1024);
  const path = join(app.dirs.root, 'Night Drive.mp3');
  await writeFile(path, audio);
  await app.dropFiles('[aria-label="Drop an audio file here"]', [{ path, mimeType: 'audio/mpeg' }]);
  await expect(card.getByRole('region', { name: 'Drop an audio file here' })).toContainText(
    'Night Drive.mp3 — 3.0 MB',
  );

  // a built-in singer and a key change (the number and the slider are the same control)
  await pickSinger(card, 'Jonah Reed');
  const tran = card.getByRole('spinbutton', { name: 'Key change (semitones)' });
  await tran.fill('-3');
  await expect(card.getByRole('slider', { name: 'Key change slider' })).toHaveValue('-3');
  await expect(card.getByRole('slider', { name: 'Key change slider' })).toHaveAttribute(
    'min',
    '-12',
  );
  await expect(card.getByRole('slider', { name: 'Key change slider' })).toHaveAttribute(
    'max',
    '12',
  );
  await card.getByRole('button', { name: 'Make cover' }).click();

  const result = card.getByRole('group', { name: 'Cover result' });
  await expect(result.getByRole('status')).toHaveText('Done — saved in the library.', {
    timeout: 30_000,
  });
  // shown as a take card: its title, its kind and length, Play and a ⋯ menu
  const take = result.getByTestId('result-card');
  await expect(take).toContainText('Night Drive (Jonah Reed cover)');
  await expect(take).toContainText(/Cover\s*In your library · \d:\d\d/);
  await expect(take.getByRole('button', { name: /^Play / })).toBeVisible();
  await expect(take.getByRole('button', { name: /^More for / })).toBeVisible();

  // what the service received
  const [sent] = coverRequests(emulator.log);
  expect(sent?.multipart?.fields).toMatchObject({
    singer_id: '102',
    tran: '-3',
    is_custom_singer: 'false',
  });
  expect(sent?.multipart?.files.map((f) => [f.field, f.filename, f.size, f.sha256])).toEqual([
    ['file', 'Night Drive.mp3', audio.length, sha(audio)],
  ]);
  expect(emulator.counters().key_cover_counts).toBe(coversBefore - 1);

  // the library: one MP3 with its sidecar, named after its source and the singer
  const [entry, ...others] = await libraryEntries(app.dirs.library);
  expect(others).toEqual([]);
  expect(entry!.file).toMatch(/\.mp3$/);
  expect(entry!.sidecar).toMatchObject({
    kind: 'cover',
    title: 'Night Drive (Jonah Reed cover)',
    singer: 'Jonah Reed',
    prompt: 'Cover of Night Drive (-3 semitones)',
    parent_id: null,
    source_url: expect.stringMatching(new RegExp(`^${emulator.mediaUrl}/media/cover/.+\\.mp3$`)),
  });
  expect(entry!.sidecar.job_id).toMatch(/\S/);
  expect(emulatorMp3Ms(entry!.bytes)).toBe(30_000); // the emulator's 30 s cover
  // the key never lands in the sidecar
  expect(JSON.stringify(entry!.sidecar)).not.toContain('e2e-valid-key');

  // the panel plays it from the library through the player bar: main's file, loaded by Chromium
  await recordPlayedMedia(page);
  await result.getByRole('button', { name: 'Play Night Drive (Jonah Reed cover)' }).click();
  const src = await barPlays(page, /^cadenza-media:\/\/library\//, {
    title: 'Night Drive (Jonah Reed cover)',
    origin: 'Covers',
  });
  const served = await servedBytesOf(src);
  if (served) expect(sha(served)).toBe(sha(entry!.bytes));
  await expectPlayedLoaded(page, src, 30, { toleranceS: 0.5 });

  // cover that library song with another singer
  await card.getByRole('radio', { name: 'A library song' }).check();
  await pickFromLibrary(card, 'Library song', 'Night Drive (Jonah Reed cover)', 'night drive');
  await pickSinger(card, 'Aria Bright');
  await tran.fill('5');
  await card.getByRole('button', { name: 'Make cover' }).click();
  await expect(result.getByRole('status')).toHaveText('Done — saved in the library.', {
    timeout: 30_000,
  });
  const second = coverRequests(emulator.log)[1];
  expect(second?.multipart?.fields).toMatchObject({
    singer_id: '101',
    tran: '5',
    is_custom_singer: 'false',
  });
  // the library song's own bytes were uploaded
  expect(second?.multipart?.files.map((f) => f.sha256)).toEqual([sha(entry!.bytes)]);
  const entries = await libraryEntries(app.dirs.library, 'mp3');
  expect(entries).toHaveLength(2);
  const child = entries.find((e) => e.sidecar.id !== entry!.sidecar.id)!;
  expect(child.sidecar).toMatchObject({
    kind: 'cover',
    title: 'Night Drive (Jonah Reed cover) (Aria Bright cover)',
    singer: 'Aria Bright',
    parent_id: entry!.sidecar.id,
    prompt: 'Cover of Night Drive (Jonah Reed cover) (+5 semitones)',
  });
  await result
    .getByRole('button', { name: 'Play Night Drive (Jonah Reed cover) (Aria Bright cover)' })
    .click();
  await expectPlayedLoaded(
    page,
    await barPlays(page, /^cadenza-media:\/\/library\//, {
      title: 'Night Drive (Jonah Reed cover) (Aria Bright cover)',
    }),
    null,
  );
});

test('a video link is covered into the library; a cancelled upload creates nothing and spends nothing', async ({
  app,
  page,
  emulator,
}) => {
  await setKey(page);
  await openPanel(page, 'Covers');
  const card = page.getByRole('region', { name: 'Make a cover' });
  await expect.poll(() => singersOffered(card, 'Mei')).toEqual(['Mei Lin']);

  // a video link
  const link = 'https://video.example.com/watch?v=abc123';
  await card.getByRole('radio', { name: 'A video link' }).check();
  await card.getByRole('textbox', { name: 'Video link' }).fill(link);
  await pickSinger(card, 'Mei Lin');
  await card.getByRole('textbox', { name: 'Title (optional)' }).fill('Linked cover');
  await card.getByRole('button', { name: 'Make cover' }).click();
  const result = card.getByRole('group', { name: 'Cover result' });
  await expect(result.getByRole('status')).toHaveText('Done — saved in the library.', {
    timeout: 30_000,
  });
  const [sent] = coverRequests(emulator.log);
  expect(sent?.multipart?.fields).toMatchObject({
    singer_id: '103',
    tran: '0',
    is_custom_singer: 'false',
    video_site_url: link,
  });
  expect(sent?.multipart?.files).toEqual([]);
  const [entry, ...others] = await libraryEntries(app.dirs.library);
  expect(others).toEqual([]);
  expect(entry!.sidecar).toMatchObject({
    kind: 'cover',
    title: 'Linked cover',
    singer: 'Mei Lin',
    prompt: `Cover of ${link}`,
  });
  await recordPlayedMedia(page);
  await result.getByRole('button', { name: 'Play Linked cover' }).click();
  const linked = await barPlays(page, /^cadenza-media:\/\/library\//, { title: 'Linked cover' });
  await expectPlayedLoaded(page, linked, null);

  // an upload cancelled while the service holds it: nothing lands, nothing is spent
  const coversBefore = emulator.counters().key_cover_counts;
  emulator.inject({ path: '/v1/cover', kind: 'timeout' });
  const big = mp3File(40 * 1024 * 1024);
  const path = join(app.dirs.root, 'Long Session.mp3');
  await writeFile(path, big);
  await card.getByRole('radio', { name: 'An audio file' }).check();
  await app.dropFiles('[aria-label="Drop an audio file here"]', [{ path, mimeType: 'audio/mpeg' }]);
  await expect(card.getByRole('region', { name: 'Drop an audio file here' })).toContainText(
    'Long Session.mp3 — 40.0 MB',
  );
  await card.getByRole('textbox', { name: 'Title (optional)' }).fill('');
  await card.getByRole('button', { name: 'Make cover' }).click();
  await expect(card.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible({
    timeout: 15_000,
  });
  await card.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(result.getByRole('status')).toHaveText(/cancel/i, { timeout: 15_000 });
  await expect(card.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Make cover' })).toBeEnabled();
  await new Promise((r) => setTimeout(r, 500));
  expect(emulator.counters().key_cover_counts).toBe(coversBefore);
  expect(coverRequests(emulator.log)).toHaveLength(2); // not retried behind the creator's back
  expect((await libraryEntries(app.dirs.library)).map((e) => e.sidecar.title)).toEqual([
    'Linked cover',
  ]);
});
