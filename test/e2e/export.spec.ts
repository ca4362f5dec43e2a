/**
 * Export from the Library in the app (real main handlers, the worker and the folder dialog of the
 * Electron double): a WAV item exported as FLAC with tags; ffprobe reads the tags back and the
 * samples are bit-exact with the source.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegInts } from '../support/ffmpeg-pcm';
import { expect, test } from './fixtures';
import { iso } from '../support/bidi';

test.setTimeout(120_000);

test('exports a library item to FLAC with tags into the folder chosen in main', async ({ app }) => {
  const file = join(app.dirs.library, 'Front.wav');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-i', '/usr/share/sounds/alsa/Front_Center.wav',
    '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', file,
  ]); // prettier-ignore
  await writeFile(
    `${file}.json`,
    JSON.stringify({
      schema_version: 1,
      id: 'itm_e2eexportfront0001',
      kind: 'song',
      title: 'Front Center',
      lyrics: '[Verse]\nFront and center',
      prompt: 'a voice, dry',
      created_at: '2025-03-14T09:00:00.000Z',
    }),
  );
  const out = join(app.dirs.root, 'exported');
  await mkdir(out);
  const page = await app.restart();

  const nav = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Library/ });
  await nav.click();
  await page
    .getByRole('listbox', { name: 'Library items' })
    .getByRole('option', { name: /^Front Center,/ })
    .click();
  const details = page.getByRole('region', { name: 'Item details' });
  await details.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Export “Front Center”' });
  await dialog.getByRole('radio', { name: 'FLAC' }).click();
  await dialog.getByRole('textbox', { name: 'Artist' }).fill('Ada');
  await dialog.getByRole('textbox', { name: 'Album' }).fill('Test Tones');
  await app.dialogs.answerOpenDialog([out]);
  await dialog.getByRole('button', { name: 'Choose folder and export…' }).click();
  await expect(page.getByText(`1 file exported to ${iso(out)}`)).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();

  const flac = join(out, 'Front Center.flac');
  const probe = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', flac], {
      encoding: 'utf8',
    }),
  ) as { format: { format_name: string; tags: Record<string, string> } };
  const tags = Object.fromEntries(
    Object.entries(probe.format.tags).map(([k, v]) => [k.toLowerCase(), v]),
  );
  expect(probe.format.format_name).toBe('flac');
  expect(tags).toMatchObject({
    title: 'Front Center',
    artist: 'Ada',
    album: 'Test Tones',
    lyrics: '[Verse]\nFront and center',
    comment: 'a voice, dry',
  });
  const a = ffmpegInts(file).channels;
  const b = ffmpegInts(flac).channels;
  expect(b[0]!.length).toBe(a[0]!.length);
  expect(Buffer.from(b[1]!.buffer).equals(Buffer.from(a[1]!.buffer))).toBe(true);
});
