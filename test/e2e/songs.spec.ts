/**
 * Songs end to end: the built app (real preload, real main handlers and services) against the
 * emulator. Create in both modes → two takes with status → play while streaming (through main's
 * media cache) → both songs in the library with sidecars → play from disk; restart mid-job.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { openPanel, setKey } from './app-helpers';
import { expectPlayedLoaded, playedState, playerBar, recordPlayedMedia } from './media-checks';
import { sameAudio } from '../support/same-audio';

interface Sidecar {
  title: string;
  lyrics: string | null;
  duration_ms: number | null;
  service_ids: Record<string, string>;
  variation_group: string | null;
  cover_file: string | null;
}

async function sidecars(libraryDir: string): Promise<Array<{ media: string; sidecar: Sidecar }>> {
  const names = await readdir(libraryDir);
  const out: Array<{ media: string; sidecar: Sidecar }> = [];
  for (const n of names.filter((x) => x.endsWith('.mp3'))) {
    out.push({
      media: n,
      sidecar: JSON.parse(await readFile(join(libraryDir, `${n}.json`), 'utf8')) as Sidecar,
    });
  }
  return out;
}

test.setTimeout(90_000);

test('custom mode: two takes stream, play while generating, land in the library and play from disk', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 6000, songDurationMs: 6000 }); // the app polls every 5 s: one poll lands while streaming
  await setKey(page);
  await openPanel(page, 'Songs');
  await expect(page.getByTestId('music-left')).toHaveText(/Songs left: \d+/);
  const before = Number((await page.getByTestId('music-left').textContent())!.match(/\d+/)![0]);

  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByLabel('Style of music').fill('city pop, warm bass');
  await page.getByLabel('Title').fill('Neon Tide');
  await page.getByLabel('Lyrics', { exact: true }).fill('[Verse]\nCity lights on the water');
  await page.getByLabel('Lyrics', { exact: true }).press('Control+Enter');

  const card = page.getByRole('listitem', { name: 'Song: Neon Tide' });
  await expect(card).toBeVisible();
  const take1 = card.getByRole('listitem', { name: 'Neon Tide · Take 1' });
  await expect(card.getByRole('listitem', { name: 'Neon Tide · Take 2' })).toBeVisible();

  // While the service streams, the take plays through main's media cache.
  await expect(take1.getByTestId('take-status')).toHaveText(/Generating/, { timeout: 25_000 });
  await recordPlayedMedia(page);
  await take1.getByRole('button', { name: 'Play Neon Tide · Take 1' }).click();
  // the player bar plays the stream from main's cache: what has arrived so far, which may be
  // short enough to have ended by the time the bar is looked at
  const streamBar = playerBar(page);
  await expect(streamBar).toHaveAttribute('data-src', /^cadenza-media:\/\/cache\/[a-f0-9]{32}$/, {
    timeout: 15_000,
  });
  await expect(streamBar).toHaveAttribute('data-status', /^(playing|ended)$/, { timeout: 15_000 });
  await expect(streamBar.getByTestId('player-title')).toHaveText('Neon Tide · Take 1');
  await expect(streamBar.getByTestId('player-origin')).toContainText('Songs');
  const stream = (await streamBar.getAttribute('data-src'))!;
  await expect
    .poll(async () => {
      const m = await playedState(page, stream);
      return m ? (m.error ?? m.readyState) : -1;
    })
    .toBeGreaterThanOrEqual(2);

  // Done: both in the library, and the player switches to the file on disk.
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 40_000 });
  const bar = playerBar(page);
  await expect(bar).toHaveAttribute('data-src', /^cadenza-media:\/\/library\//);
  const file = (await bar.getAttribute('data-src'))!;
  if ((await bar.getAttribute('data-status')) !== 'playing')
    await take1.getByRole('button', { name: 'Play Neon Tide · Take 1' }).click();
  await expectPlayedLoaded(page, file, 6); // the file on disk, as long as the song
  const saved = await sidecars(app.dirs.library);
  expect(saved).toHaveLength(2);
  for (const { media, sidecar } of saved) {
    const songId = sidecar.service_ids.song_id!;
    const served = Buffer.from(
      await (await fetch(`${emulator.mediaUrl}/media/song/${songId}.mp3`)).arrayBuffer(),
    );
    expect(await sameAudio(join(app.dirs.library, media), served)).toBe(true);
    expect(sidecar.title).toBe('Neon Tide');
    expect(sidecar.lyrics).toContain('City lights on the water');
    expect(sidecar.duration_ms).toBe(6000);
    expect(sidecar.cover_file).toMatch(/\.png$/);
  }
  const submit = emulator.log.find((e) => e.method === 'POST' && e.path === '/v2/submit');
  expect(submit?.json).toMatchObject({ is_auto: 0, title: 'Neon Tide', instrumental: 0 });
  await expect(page.getByTestId('music-left')).toHaveText(
    `Songs left: ${before - 1} (was ${before})`,
  );
});

test('description mode sends only prompt and model; a restart mid-job still finishes into the library', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 1500, songDurationMs: 3000 });
  await setKey(page);
  await openPanel(page, 'Songs');
  await page.getByLabel('Song description').fill('lo-fi rain on a tin roof');
  await page.getByLabel('Model', { exact: true }).selectOption('v4.0');
  await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0); // hidden, not disabled
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const card = page.getByRole('listitem', { name: /Song: lo-fi rain/ });
  await expect(card.getByTestId('job-state')).toHaveText(/Sent|Generating/);
  const submit = emulator.log.find((e) => e.method === 'POST' && e.path === '/v2/submit');
  expect(submit?.json).toEqual({
    is_auto: 1,
    prompt: 'lo-fi rain on a tin roof',
    model_version: 'v4.0',
  });

  const restarted = await app.restart();
  await openPanel(restarted, 'Songs');
  const again = restarted.getByRole('listitem', { name: /Song: lo-fi rain/ });
  await expect(again.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });
  const saved = await sidecars(app.dirs.library);
  expect(saved).toHaveLength(2);
  expect(saved.map((s) => s.sidecar.duration_ms)).toEqual([3000, 3000]);
  expect(emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit')).toHaveLength(
    1,
  );
});
