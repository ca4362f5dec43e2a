/**
 * Voice end to end: the built app (real preload, real main handlers and services) against the
 * emulator. Browse and filter the voices, preview a sample through main's media cache, speak with
 * an emotion into the library, clone a dropped recording (the emulator receives exactly its bytes),
 * speak with the clone, and cancel an upload without creating a voice.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Module from 'node:module';
import { expect, MAIN_JS, test } from './fixtures';
import { openPanel } from './app-helpers';
import { pcmWav as wav } from '../support/media-fixtures';
import { setKey, sha } from './covers-helpers';
import {
  barPlays,
  expectImageDecoded,
  expectPlayedLoaded,
  recordPlayedMedia,
} from './media-checks';
import { iso } from '../support/bidi';

test.setTimeout(90_000);

interface DoubleElectron {
  protocol: {
    fetch(
      url: string,
      init?: { method?: string; headers?: Record<string, string> },
    ): Promise<Response>;
  };
}
/** The Electron double main runs under (in this process); undefined with real Electron. */
const doubleElectron = (): DoubleElectron | undefined =>
  process.env.ELECTRON_OVERRIDE_DIST_PATH
    ? undefined
    : (Module.createRequire(MAIN_JS)('electron') as DoubleElectron);

/** The bytes main's cadenza-media handler serves for the URL the renderer was given. */
async function mediaBytes(src: string): Promise<Buffer | undefined> {
  expect(src).toMatch(/^cadenza-media:\/\//);
  const electron = doubleElectron();
  if (!electron) return undefined;
  const res = await electron.protocol.fetch(src!);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Length of a PCM WAV from its header. */
function wavSeconds(b: Buffer): number {
  expect(b.subarray(0, 4).toString()).toBe('RIFF');
  const byteRate = b.readUInt32LE(28);
  let pos = 12;
  while (pos + 8 <= b.length && b.toString('ascii', pos, pos + 4) !== 'data')
    pos += 8 + b.readUInt32LE(pos + 4);
  return b.readUInt32LE(pos + 4) / byteRate;
}

async function wavSidecars(libraryDir: string): Promise<
  Array<{
    voice: string | null;
    emotion: string | null;
    lyrics: string | null;
    kind: string;
    service_ids: Record<string, string>;
  }>
> {
  const names = (await readdir(libraryDir)).filter((n) => n.endsWith('.wav'));
  return Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(libraryDir, `${n}.json`), 'utf8'))),
  );
}

test('browse, filter, preview, speak with an emotion, clone a dropped file and speak with the clone', async ({
  app,
  page,
  emulator,
}) => {
  await setKey(page);
  await openPanel(page, 'Voice');
  const all = page.getByRole('region', { name: 'All voices' });
  await expect(all.getByRole('button', { name: 'Use Ava' })).toBeVisible();
  await expect(all.getByRole('heading')).toHaveText('All voices (12)');
  // avatars come through main's media cache and decode (the emulator's are 64×64 PNGs)
  await expectImageDecoded(all.locator('img.voice-avatar').first(), 64);

  // filter and search
  await page.getByLabel('Language').selectOption('Chinese');
  await expect(all.getByRole('button', { name: 'Use Xiaomei' })).toBeVisible();
  await expect(all.getByRole('button', { name: 'Use Ava' })).toHaveCount(0);
  await page.getByLabel('Language').selectOption('');
  await page.getByLabel('Search voices').fill('ava');
  await expect(all.getByRole('button', { name: /^Use / })).toHaveCount(1);
  await page.getByLabel('Search voices').fill('');

  // preview: the sample comes through main's media cache and plays (the emulator's samples last 3 s)
  await recordPlayedMedia(page);
  await all.getByRole('button', { name: 'Play sample of Ava' }).click();
  const sample = await barPlays(page, /^cadenza-media:\/\/cache\/[a-f0-9]{32}$/, {
    title: 'Ava',
    origin: 'Voice sample',
  });
  const sampleBytes = await mediaBytes(sample);
  if (sampleBytes) expect(wavSeconds(sampleBytes)).toBeCloseTo(3, 1);
  await expectPlayedLoaded(page, sample, 3, { minReadyState: 2 }); // the player decodes it
  expect(emulator.log.some((e) => e.origin === 'media' && /\/media\/sample\//.test(e.path))).toBe(
    true,
  );

  // speak with an emotion (Ctrl+Enter)
  await all.getByRole('button', { name: 'Use Ava' }).click();
  const text = 'Welcome back to the studio.';
  await page.getByLabel('Text to speak').fill(text);
  await expect(page.getByLabel('Text to speak')).toHaveAccessibleDescription(
    /27 \/ 500 characters · 5 words · [\d,]+ text-to-speech words left/,
  );
  await page.getByLabel('Emotion').selectOption('Cheerful');
  await page.getByLabel('Text to speak').press('Control+Enter');
  await expect(page.getByText('Saved to the library.')).toBeVisible({ timeout: 20_000 });
  const take = page.getByRole('listitem', { name: `Take: ${text}` });
  await expect(take).toContainText('Ava · Cheerful');
  await take.getByRole('button', { name: `Play take: ${text}` }).click();
  const takeSrc = await barPlays(page, /^cadenza-media:\/\/library\//, { origin: 'Voice take' });
  const takeBytes = await mediaBytes(takeSrc);
  if (takeBytes) expect(wavSeconds(takeBytes)).toBeCloseTo((300 + 60 * text.length) / 1000, 2);
  await expectPlayedLoaded(page, takeSrc, (300 + 60 * text.length) / 1000);
  const tts = emulator.log.find((e) => e.path === '/v1/text2speech');
  expect(tts?.json).toMatchObject({ text, emotion: 'Cheerful' });
  let sidecars = await wavSidecars(app.dirs.library);
  expect(sidecars).toEqual([
    expect.objectContaining({ kind: 'tts', voice: 'Ava', emotion: 'Cheerful', lyrics: text }),
  ]);

  // clone a dropped recording
  const recording = wav(randomBytes(16_000 * 2 * 3)); // 3 s
  const path = join(app.dirs.root, 'my voice.wav');
  await writeFile(path, recording);
  await expect(page.getByText(/\d+ voice clones left/)).toBeVisible();
  await app.dropFiles('[aria-label="Drop recordings here"]', [{ path, mimeType: 'audio/wav' }]);
  await expect(page.getByRole('list', { name: 'Recordings' })).toContainText(
    'my voice.wav — 94 KB, 3.0 s',
  );
  await page.getByLabel('Voice name').fill('Me on a good day');
  await page.getByLabel('Description', { exact: true }).fill('close mic');
  await page.getByRole('button', { name: 'Clone voice' }).click();
  await expect(page.getByText(`“${iso('Me on a good day')}” is ready to speak.`)).toBeVisible({
    timeout: 20_000,
  });
  const upload = emulator.log.find((e) => e.path === '/v1/clone');
  expect(upload?.multipart?.fields).toMatchObject({
    name: 'Me on a good day',
    description: 'close mic',
  });
  expect(upload?.multipart?.files.map((f) => [f.filename, f.size, f.sha256])).toEqual([
    ['my voice.wav', recording.length, sha(recording)],
  ]);
  const [clone] = emulator.cloneVoices();
  expect(clone?.name).toBe('Me on a good day');

  // the clone is in its own group, selected, and speaks
  const mine = page.getByRole('region', { name: 'Your cloned voices' });
  await expect(mine.getByRole('button', { name: 'Use Me on a good day' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByLabel('Text to speak').fill('This is my own voice.');
  await page.getByLabel('Emotion').selectOption('Neutral');
  await page.getByRole('button', { name: 'Speak', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Take: This is my own voice.' })).toContainText(
    'Me on a good day · Neutral',
    { timeout: 20_000 },
  );
  expect(emulator.log.filter((e) => e.path === '/v1/text2speech').at(-1)?.json).toMatchObject({
    speaker: clone!.speaker,
    emotion: 'Neutral',
  });
  sidecars = await wavSidecars(app.dirs.library);
  expect(sidecars.find((s) => s.lyrics === 'This is my own voice.')).toMatchObject({
    voice: 'Me on a good day',
    service_ids: { speaker: clone!.speaker },
  });
});

test('cancelling an upload creates no voice and spends nothing', async ({
  app,
  page,
  emulator,
}) => {
  await setKey(page);
  await openPanel(page, 'Voice');
  await expect(
    page.getByRole('region', { name: 'All voices' }).getByRole('button', { name: 'Use Ava' }),
  ).toBeVisible();
  const before = emulator.counters().key_clone_voices;
  // the service takes the upload but has not answered yet when the creator cancels
  emulator.inject({ path: '/v1/clone', kind: 'timeout' });
  const path = join(app.dirs.root, 'long session.wav');
  await writeFile(path, wav(randomBytes(20 * 1024 * 1024), 48_000, 2));
  await app.dropFiles('[aria-label="Drop recordings here"]', [{ path, mimeType: 'audio/wav' }]);
  await expect(page.getByRole('list', { name: 'Recordings' })).toContainText('long session.wav');
  await page.getByLabel('Voice name').fill('Never made');
  await page.getByRole('button', { name: 'Clone voice' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByText('Upload cancelled; no voice was created.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  await new Promise((r) => setTimeout(r, 300));
  expect(emulator.cloneVoices()).toEqual([]);
  expect(emulator.counters().key_clone_voices).toBe(before);
  // nothing was retried behind the creator's back
  expect(emulator.log.filter((x) => x.path === '/v1/clone').length).toBeLessThanOrEqual(1);
});
