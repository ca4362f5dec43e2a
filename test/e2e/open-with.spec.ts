/**
 * "Open with Cadenza" end to end: the built app started with audio paths on its command line (as a
 * file association starts it), and a second launch while it runs (`second-instance`). Main
 * registers the audio files (a text file renamed .mp3 is refused with a log line), the renderer
 * asks what to do, and "Make a cover" / "Clone a voice" only fill the panel's form: nothing reaches
 * the service until the panel's own button is pressed — then the service receives the file's bytes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RequestLogEntry } from '../emulator';
import { expect, test } from './fixtures';
import { noiseWav as wav } from '../support/media-fixtures';
import { pickSinger, setKey, sha, singersOffered } from './covers-helpers';

test.setTimeout(90_000);

const chooser = (page: Page, count: number) =>
  page.getByRole('dialog', {
    name: `Open ${count} audio ${count === 1 ? 'file' : 'files'} with Cadenza`,
  });

const uploads = (log: readonly RequestLogEntry[]): RequestLogEntry[] =>
  log.filter((e) => e.method === 'POST' && (e.path === '/v1/cover' || e.path === '/v1/clone'));

test('started with an audio file on the command line, "Make a cover" makes it the cover source; the cover uploads its bytes only when asked', async ({
  app,
  page,
  emulator,
}) => {
  await setKey(page);
  const audio = wav(3);
  const path = join(app.dirs.root, 'Night Drive.wav');
  const fake = join(app.dirs.root, 'notes.mp3');
  await writeFile(path, audio);
  await writeFile(fake, 'a shopping list, renamed to look like a song\n');
  await mkdir(join(app.dirs.root, 'album.mp3'));

  const next = await app.restart({
    args: ['--enable-logging', fake, join(app.dirs.root, 'album.mp3'), path],
  });
  const dialog = chooser(next, 1);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Opened files' })).toHaveText(
    'Night Drive.wav — 94 KB',
  );
  expect(app.output.join('')).toContain(
    '[open-with] command line: not opened: “notes.mp3” is not an audio file.',
  );
  expect(app.output.join('')).toContain(
    '[open-with] command line: not opened: “album.mp3” is not a file.',
  );
  await expect(dialog.getByRole('button', { name: 'Make a cover' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Make a cover' }).click();
  await expect(dialog).toBeHidden();

  await expect(next.getByRole('heading', { name: 'Covers', level: 1 })).toBeVisible();
  const card = next.getByRole('region', { name: 'Make a cover' });
  await expect(card.getByRole('radio', { name: 'An audio file' })).toBeChecked();
  await expect(card.getByRole('region', { name: 'Drop an audio file here' })).toContainText(
    'Night Drive.wav — 0.1 MB',
  );
  await expect.poll(() => singersOffered(card, 'Jonah')).toEqual(['Jonah Reed']);
  expect(uploads(emulator.log)).toEqual([]);

  await pickSinger(card, 'Jonah Reed');
  await card.getByRole('button', { name: 'Make cover' }).click();
  await expect(
    card.getByRole('group', { name: 'Cover result' }).getByTestId('result-card'),
  ).toBeVisible({ timeout: 30_000 });
  const [sent, ...more] = uploads(emulator.log);
  expect(more).toEqual([]);
  expect(sent?.multipart?.files.map((f) => [f.field, f.filename, f.size, f.sha256])).toEqual([
    ['file', 'Night Drive.wav', audio.length, sha(audio)],
  ]);
});

test('a second launch with audio files while the app runs asks again: a cover from one, then a clone from two (relative paths resolved in its folder)', async ({
  app,
  page,
  emulator,
}) => {
  await setKey(page);
  const song = wav(2.5);
  await writeFile(join(app.dirs.root, 'song.wav'), song);
  await writeFile(join(app.dirs.root, 'me-1.wav'), wav(3));
  await writeFile(join(app.dirs.root, 'me-2.wav'), wav(4));
  await writeFile(join(app.dirs.root, 'fake.mp3'), '%PDF-1.7 not audio\n');

  await app.secondInstance([join(app.dirs.root, 'song.wav')]);
  let dialog = chooser(page, 1);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Make a cover' }).click();
  await expect(page.getByRole('heading', { name: 'Covers', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Make a cover' })
      .getByRole('region', { name: 'Drop an audio file here' }),
  ).toContainText('song.wav — 0.1 MB');

  await app.secondInstance(['--', 'me-1.wav', './fake.mp3', 'me-2.wav'], app.dirs.root);
  dialog = chooser(page, 2);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Opened files' })).toContainText('me-1.wav');
  await expect(dialog.getByRole('list', { name: 'Opened files' })).toContainText('me-2.wav');
  expect(app.output.join('')).toContain(
    '[open-with] second launch: not opened: “fake.mp3” is not an audio file.',
  );
  await dialog.getByRole('button', { name: 'Clone a voice' }).click();
  await expect(page.getByRole('heading', { name: 'Voice', level: 1 })).toBeVisible();
  const recordings = page.getByRole('list', { name: 'Recordings' });
  await expect(recordings.getByRole('listitem')).toHaveText([
    /^me-1\.wav — 94 KB, 3\.0 s/,
    /^me-2\.wav — 125 KB, 4\.0 s/,
  ]);
  await expect(page.getByLabel('Voice name')).toBeFocused();
  // the cover form kept its source, and nothing was uploaded
  expect(uploads(emulator.log)).toEqual([]);
  expect(
    app.ipcLog.filter(
      (r) => r.direction === 'invoke' && /^(covers|voices):(create|clone)$/.test(r.channel),
    ),
  ).toEqual([]);
});
