/**
 * Custom singers end to end, through the Covers panel: 4:59 of training audio is refused with the
 * reason and makes NO request to the training endpoint (only the media host is read, headers only,
 * without the key); 5:00 is accepted as a tracked job; the app restarts while the service is still
 * training; the job finishes after the restart and the singer appears in the cover singer picker
 * under the name the user gave (kept locally, renamed through the panel); a cover with it sends
 * `is_custom_singer=true` and the training task id as the singer id.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, VALID_KEY } from './fixtures';
import { libraryEntries, openPanel, pickSinger, setKey, singersOffered } from './covers-helpers';
import { barPlays, expectPlayedLoaded, recordPlayedMedia } from './media-checks';

test.setTimeout(120_000);

const TRAIN_PATH = '/v1/cover/generate-custom-singer';

const trainCard = (page: Page) => page.getByRole('region', { name: 'Train a custom singer' });
const coverCard = (page: Page) => page.getByRole('region', { name: 'Make a cover' });

test('4:59 is refused with no request; 5:00 trains across a restart; the named singer covers with its task id', async ({
  app,
  page,
  emulator,
}) => {
  await setKey(page);
  await openPanel(page, 'Covers');
  const card = trainCard(page);
  const links = card.getByRole('textbox', { name: 'Audio links (one per line)' });
  const short = `${emulator.mediaUrl}/media/tone.mp3?seconds=299`;
  const exact = `${emulator.mediaUrl}/media/tone.mp3?seconds=300`;
  const vcBefore = emulator.counters().key_vc_counts;

  // 4:59 — sent straight to "Train singer": main measures first and refuses
  await links.fill(short);
  await card.getByRole('textbox', { name: 'Singer name' }).fill('Warm Tenor');
  await card.getByRole('button', { name: 'Train singer' }).click();
  const refusal =
    'Training audio must last 5 to 45 minutes in total; these links last 4:58. Nothing was sent.';
  await expect(card.getByRole('alert')).toHaveText(refusal);
  // measuring shows the length per link and keeps "Train singer" off
  await card.getByRole('button', { name: 'Measure links' }).click();
  const measured = card.getByRole('status', { name: 'Measured training audio' });
  await expect(measured).toContainText(`${short}: 4:58`);
  await expect(measured).toContainText(refusal);
  await expect(card.getByRole('button', { name: 'Train singer' })).toBeDisabled();
  expect(emulator.log.filter((e) => e.path.startsWith(TRAIN_PATH))).toEqual([]);
  expect(emulator.counters().key_vc_counts).toBe(vcBefore);
  // only the media host was read (headers only), never with the key
  const reads = emulator.log.filter((e) => e.origin === 'media' && e.path === '/media/tone.mp3');
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.every((e) => e.headers.range !== undefined)).toBe(true);
  expect(JSON.stringify(reads)).not.toContain(VALID_KEY);

  // 5:00 — accepted; the service keeps training (its clock is held) while the app restarts
  await links.fill(exact);
  await card.getByRole('button', { name: 'Measure links' }).click();
  await expect(measured).toContainText('Total: 5:00');
  await expect(card.getByRole('button', { name: 'Train singer' })).toBeEnabled();
  emulator.configure({ stepMs: 1e9 });
  await card.getByRole('button', { name: 'Train singer' }).click();
  await expect(card.getByRole('group', { name: 'Training result' }).getByRole('status')).toHaveText(
    /Accepted by the service|The service is working on it/,
  );
  const mine = card.getByRole('list', { name: 'Your singers' });
  await expect(mine).toContainText('Warm Tenor — training…');
  const picker = coverCard(page).getByRole('combobox', { name: 'Singer' });
  await expect(picker).toHaveAccessibleDescription(/Still training: \u2068Warm Tenor\u2069/);
  expect(await singersOffered(coverCard(page), 'Warm')).toEqual([]);
  const sent = emulator.log.filter((e) => e.path === TRAIN_PATH);
  expect(sent.map((e) => [e.method, e.json])).toEqual([['POST', { urls: [exact] }]]);
  expect(emulator.counters().key_vc_counts).toBe(vcBefore - 1);

  // restart while training
  page = await app.restart();
  await openPanel(page, 'Covers');
  const mineAgain = trainCard(page).getByRole('list', { name: 'Your singers' });
  await expect(mineAgain).toContainText('Warm Tenor — training…');
  // the service finishes; the app's job follows it and the panel updates with no click
  emulator.configure({ stepMs: 50 });
  await expect(mineAgain).toContainText('Warm Tenor — ready', { timeout: 30_000 });
  const pickerAgain = coverCard(page).getByRole('combobox', { name: 'Singer' });
  await expect(pickerAgain).toBeVisible();
  await expect.poll(() => singersOffered(coverCard(page), 'Warm')).toEqual(['Warm Tenor']);
  // training was not sent again after the restart
  expect(emulator.log.filter((e) => e.method === 'POST' && e.path === TRAIN_PATH)).toHaveLength(1);
  const stored = JSON.parse(await readFile(join(app.dirs.home, 'custom-singers.json'), 'utf8')) as {
    singers: { name: string; taskId: string | null; jobId: string }[];
  };
  expect(stored.singers).toHaveLength(1);
  const taskId = stored.singers[0]!.taskId;
  expect(taskId).toMatch(/\S/);

  // rename it in the panel: the name is kept locally and the picker follows
  await mineAgain.getByRole('button', { name: 'Rename Warm Tenor' }).click();
  const field = mineAgain.getByRole('textbox', { name: 'New name for Warm Tenor' });
  await field.fill('Velvet Tenor');
  await field.press('Enter');
  await expect(mineAgain).toContainText('Velvet Tenor — ready');
  await expect.poll(() => singersOffered(coverCard(page), 'Tenor')).toEqual(['Velvet Tenor']);
  const renamed = JSON.parse(
    await readFile(join(app.dirs.home, 'custom-singers.json'), 'utf8'),
  ) as typeof stored;
  expect(renamed.singers.map((s) => [s.name, s.taskId])).toEqual([['Velvet Tenor', taskId]]);
  // nothing about names reaches the service
  expect(emulator.log.filter((e) => JSON.stringify(e.json ?? '').includes('Tenor'))).toEqual([]);

  // a cover with the custom singer
  const cover = coverCard(page);
  await cover.getByRole('radio', { name: 'A video link' }).check();
  await cover
    .getByRole('textbox', { name: 'Video link' })
    .fill('https://video.example.com/watch?v=tenor');
  await pickSinger(coverCard(page), 'Velvet Tenor');
  await cover.getByRole('spinbutton', { name: 'Key change (semitones)' }).fill('2');
  await cover.getByRole('button', { name: 'Make cover' }).click();
  const result = cover.getByRole('group', { name: 'Cover result' });
  await expect(result.getByText('Done — saved in the library.')).toBeVisible({ timeout: 30_000 });
  const [coverReq] = emulator.log.filter((e) => e.method === 'POST' && e.path === '/v1/cover');
  expect(coverReq?.multipart?.fields).toMatchObject({
    singer_id: taskId,
    is_custom_singer: 'true',
    tran: '2',
  });
  const [entry] = await libraryEntries(app.dirs.library, 'mp3');
  expect(entry?.sidecar).toMatchObject({
    kind: 'cover',
    singer: 'Velvet Tenor',
    title: 'Video (Velvet Tenor cover)',
  });
  // it plays from the library through the player bar (the one player)
  await recordPlayedMedia(page);
  await result.getByRole('button', { name: 'Play Video (Velvet Tenor cover)' }).click();
  const src = await barPlays(page, /^cadenza-media:\/\/library\//, {
    title: 'Video (Velvet Tenor cover)',
  });
  await expectPlayedLoaded(page, src, null);
});
