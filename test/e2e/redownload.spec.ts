/**
 * Download again in the app (issue 13 point 6): the built app against the emulator. A finished
 * song whose files are deleted from the library folder is offered in the Library ("Not in the
 * library folder") and in Jobs; Download again brings the same bytes back from the service's links
 * without a second submission.
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { openPanel, setKey } from './app-helpers';
import { sameAudio } from '../support/same-audio';

test.setTimeout(90_000);

test('deleted results come back with Download again, from the Library, without submitting again', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 200, songDurationMs: 2400 });
  await setKey(page);
  await openPanel(page, 'Songs');
  await page.getByLabel('Song description').fill('harbor bells at dusk');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await openPanel(page, 'Jobs');
  const row = page.getByRole('listitem', { name: 'harbor bells at dusk' });
  await expect(row).toContainText('Done', { timeout: 45_000 });
  await expect(row.getByRole('button', { name: 'Download again' })).toHaveCount(0);

  const lib = app.dirs.library;
  const media = (await readdir(lib)).filter((n) => n.endsWith('.mp3')).sort();
  expect(media).toHaveLength(2);
  const bytes = await Promise.all(media.map((m) => readFile(join(lib, m))));
  for (const m of media) await rm(join(lib, m)); // lost from the folder, outside the app

  await expect(row.getByRole('button', { name: 'Download again' })).toBeVisible({
    timeout: 20_000,
  });
  await openPanel(page, 'Library');
  const missing = page.getByRole('region', { name: 'Not in the library folder' });
  await expect(missing).toContainText('nothing is sent or charged');
  await missing.getByRole('button', { name: 'Download again: harbor bells at dusk' }).click();
  await expect(missing).toHaveCount(0, { timeout: 30_000 });

  await expect
    .poll(async () => (await readdir(lib)).filter((n) => n.endsWith('.mp3')).sort(), {
      timeout: 30_000,
    })
    .toEqual(media);
  // the same audio came back (compared by payload: the tags are written again at save)
  for (const b of bytes) {
    const same = await Promise.all(media.map((m) => sameAudio(join(lib, m), b)));
    expect(same.some(Boolean)).toBe(true);
  }
  expect(emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit')).toHaveLength(
    1,
  );
});
