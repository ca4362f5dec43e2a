/**
 * Songs end to end, second part: extend from here, the two takes side by side, and the service
 * history with import — the built app (real preload, main handlers, services) against the emulator.
 * What a creator relies on: what was sent, the files and sidecars in the library, and the A/B
 * switch handing the player from one take to the other at the same position.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, VALID_KEY } from './fixtures';
import { openPanel, setKey } from './app-helpers';
import { barPlays, playedState, playingSources, recordPlayedMedia } from './media-checks';
import { sameAudio } from '../support/same-audio';
import { iso } from '../support/bidi';

interface Sidecar {
  id: string;
  title: string;
  duration_ms: number | null;
  service_ids: Record<string, string>;
  parent_id: string | null;
  variation_group: string | null;
  lyrics: string | null;
}

async function sidecars(dir: string): Promise<Array<{ media: string; sidecar: Sidecar }>> {
  const out: Array<{ media: string; sidecar: Sidecar }> = [];
  for (const n of (await readdir(dir)).filter((x) => x.endsWith('.mp3'))) {
    const sidecar = JSON.parse(await readFile(join(dir, `${n}.json`), 'utf8')) as Sidecar;
    out.push({ media: n, sidecar });
  }
  return out;
}

test.setTimeout(120_000);

test('extend from here: picker refuses 0 and past the end, sends custom mode with the parent, the new sidecars name it; A/B switch', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 500, songDurationMs: 8000 });
  await setKey(page);
  await openPanel(page, 'Songs');

  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByLabel('Style of music', { exact: true }).fill('sea shanty, accordion');
  await page.getByLabel('Title', { exact: true }).fill('Harbour Lights');
  await page.getByLabel('Lyrics', { exact: true }).fill('[Verse]\nLanterns on the quay');
  await page.getByLabel('Lyrics', { exact: true }).press('Control+Enter');
  const card = page.getByRole('listitem', { name: 'Song: Harbour Lights' });
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 40_000 });
  const parents = await sidecars(app.dirs.library);
  expect(parents).toHaveLength(2);
  // The emulator's MP3 is whole frames: the song is a little under 8 s (e.g. 7992 ms).
  const lengthMs = emulator.songs()[0]!.durationMs;
  expect(parents.map((p) => p.sidecar.duration_ms)).toEqual([lengthMs, lengthMs]);
  const lengthS = Math.floor(lengthMs / 10) / 100;

  // The two takes side by side: A/B hands the player from one take to the other at the same
  // position (one engine: A stops, B plays on from where A was).
  const compare = card.getByRole('radiogroup', { name: 'Compare takes' });
  const take1 = card.getByRole('listitem', { name: 'Harbour Lights · Take 1' });
  const take2 = card.getByRole('listitem', { name: 'Harbour Lights · Take 2' });
  await recordPlayedMedia(page);
  await take1.getByRole('button', { name: 'Play Harbour Lights · Take 1' }).click();
  const srcA = await barPlays(page, /^cadenza-media:\/\/library\/Harbour%20Lights/, {
    title: 'Harbour Lights · Take 1',
  });
  await expect
    .poll(async () => (await playedState(page, srcA))?.currentTime ?? 0)
    .toBeGreaterThan(1.5);
  await compare.getByRole('radio', { name: 'B', exact: true }).click();
  await expect(compare.getByRole('radio', { name: 'B', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const srcB = await barPlays(page, /^cadenza-media:\/\/library\/Harbour%20Lights/, {
    title: 'Harbour Lights · Take 2',
  });
  expect(srcB).not.toBe(srcA);
  await expect(card.getByTestId('ab-position')).toHaveText(/^B from 0:0\d\.\d$/);
  const switchedAtS = Number(
    (await card.getByTestId('ab-position').textContent())!.match(/0:(\d+\.\d)$/)![1],
  );
  expect(switchedAtS).toBeGreaterThan(1.5);
  expect(await playingSources(page)).toEqual([srcB]); // A stopped: one thing plays
  // B starts where A was (not at 0) and plays on
  await expect
    .poll(async () => (await playedState(page, srcB))?.currentTime ?? -1)
    .toBeGreaterThanOrEqual(switchedAtS - 0.05);
  expect((await playedState(page, srcB))!.currentTime).toBeLessThan(switchedAtS + 2);
  await expect(take2.getByRole('button', { name: 'Pause Harbour Lights · Take 2' })).toBeVisible();

  // Star take 2, then extend it from 5.5 s: both from its ⋯ menu, by keyboard.
  const more = take2.getByRole('button', { name: 'More for Harbour Lights · Take 2' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Extend' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Trim…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Export…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Reuse settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Star' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(take2.getByText('Starred', { exact: true })).toBeVisible();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Extend' })).toBeFocused();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Extend Harbour Lights' });
  await expect(form).toBeVisible();
  const start = form.getByLabel('Continue at (seconds)');
  // take 2 plays on (or has just ended): the default is the player's position in it, else a
  // second before the end — never closer to the end than that, so always inside the service's length
  await expect(start).not.toHaveValue('');
  const defaultS = Number(await start.inputValue());
  expect(defaultS).toBeGreaterThanOrEqual(0.1);
  expect(defaultS).toBeLessThanOrEqual(Math.floor((lengthMs - 1000) / 100) / 10);
  await start.fill('0');
  await expect(form.getByRole('alert')).toHaveText(
    'Choose where the extension starts (after 0 seconds).',
  );
  await form.getByRole('button', { name: 'Extend from here' }).click();
  await start.fill('9');
  await expect(form.getByRole('alert')).toHaveText(
    `The song is only ${lengthS} seconds long; start the extension within it.`,
  );
  await start.press('Control+Enter');
  expect(emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit')).toHaveLength(
    1,
  );
  await start.fill('5.5');
  await expect(form.getByRole('slider', { name: 'Continue at (timeline)' })).toHaveValue('5.5');
  await form.getByLabel('Title of the extension').fill('Harbour Lights II');
  await form.getByLabel('Lyrics for the continuation').fill('[Chorus]\nHome before the tide');
  await form.getByLabel('Lyrics for the continuation').press('Control+Enter');
  await expect(form.getByRole('status')).toHaveText(
    `Extension of "${iso('Harbour Lights')}" from 0:05.5 submitted.`,
  );

  // the job is recorded before its request goes out: wait for the request
  const submitsNow = () =>
    emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit');
  await expect.poll(() => submitsNow().length).toBe(2);
  const submits = submitsNow();
  const body = submits[1]!.json as Record<string, unknown>;
  const parentIds = parents.map((p) => p.sidecar.service_ids.song_id);
  expect(body).toMatchObject({
    is_auto: 0,
    title: 'Harbour Lights II',
    prompt: 'sea shanty, accordion',
    continue_at: 5.5,
  });
  expect(parentIds).toContain(body.continue_song_id);
  const parent = parents.find((p) => p.sidecar.service_ids.song_id === body.continue_song_id)!;
  expect(body.continue_at as number).toBeGreaterThan(0);
  expect((body.continue_at as number) * 1000).toBeLessThanOrEqual(parent.sidecar.duration_ms!);
  // The parent is take B of the first submission.
  const takeBSrc = decodeURIComponent(srcB.split('/').pop()!);
  expect(parent.media).toBe(takeBSrc);

  const ext = page.getByRole('listitem', { name: 'Song: Harbour Lights II' });
  await expect(ext.getByTestId('job-state')).toHaveText('Done', { timeout: 40_000 });
  const all = await sidecars(app.dirs.library);
  const children = all.filter((s) => s.sidecar.title === 'Harbour Lights II');
  expect(children).toHaveLength(2);
  for (const { media, sidecar } of children) {
    expect(sidecar.parent_id).toBe(parent.sidecar.id);
    expect(sidecar.service_ids.parent_song_id).toBe(body.continue_song_id);
    const served = Buffer.from(
      await (
        await fetch(`${emulator.mediaUrl}/media/song/${sidecar.service_ids.song_id}.mp3`)
      ).arrayBuffer(),
    );
    expect(await sameAudio(join(app.dirs.library, media), served)).toBe(true);
  }
  const made = emulator.songs().filter((s) => s.parentSongId === body.continue_song_id);
  expect(made.map((s) => s.continueAtS)).toEqual([5.5, 5.5]);

  // the whole song, from the extension's take menu, by keyboard: a new item, nothing sent
  const extTake = ext.getByRole('listitem', { name: / · Take 1$/ });
  const extMore = extTake.getByRole('button', { name: /^More for / });
  await extMore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Extend' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Whole song' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(extTake.getByRole('status')).toHaveText(
    /^Saved “.+” as a new item in your library\.$/,
    {
      timeout: 30_000,
    },
  );
  await expect.poll(async () => (await sidecars(app.dirs.library)).length).toBe(all.length + 1);
  expect(emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit')).toHaveLength(
    2,
  );
});

test('history: finished songs made elsewhere are listed and Import lands them in the library with sidecars', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ songDurationMs: 4000 });
  // Two songs made outside the app (e.g. on the provider's site) with the same key.
  const res = await fetch(`${emulator.url}/v2/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': VALID_KEY },
    body: JSON.stringify({ is_auto: 0, prompt: 'bossa nova, rain', title: 'Rain Window' }),
  });
  expect(res.status).toBe(200);
  emulator.advance(10_000);
  const made = emulator.songs();
  expect(made.map((s) => s.state)).toEqual(['complete', 'complete']);

  await setKey(page);
  await openPanel(page, 'Songs');
  const history = page.getByRole('region', { name: 'Song history' });
  await history.getByRole('button', { name: 'Check the service' }).click();
  await expect(history.getByTestId('history-summary')).toHaveText(
    '2 finished songs are not in your library.',
  );
  const listed = emulator.log.find((e) => e.method === 'GET' && e.path === '/v3/music/tasks');
  expect(listed).toBeDefined();

  await history
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Import / })
    .click();
  await expect(history.getByRole('status')).toHaveText(/Importing 1 song into the library/);
  const job = page.getByRole('listitem', { name: 'Song: Import: Rain Window' });
  await expect(job.getByTestId('job-state')).toHaveText('Done', { timeout: 30_000 });

  const saved = await sidecars(app.dirs.library);
  expect(saved).toHaveLength(1);
  const [{ media, sidecar }] = saved as [{ media: string; sidecar: Sidecar }];
  const song = made.find((s) => s.songId === sidecar.service_ids.song_id);
  expect(song).toBeDefined();
  expect(sidecar.title).toBe('Rain Window');
  expect(sidecar.duration_ms).toBe(song!.durationMs);
  const served = Buffer.from(
    await (await fetch(`${emulator.mediaUrl}/media/song/${song!.songId}.mp3`)).arrayBuffer(),
  );
  expect(await sameAudio(join(app.dirs.library, media), served)).toBe(true);
  expect(
    emulator.log.some(
      (e) => e.method === 'GET' && e.path === '/v3/music/tasks' && e.query.ids === song!.taskId,
    ),
  ).toBe(true);

  await history.getByRole('button', { name: 'Check again' }).click();
  await expect(history.getByTestId('history-summary')).toHaveText(
    '1 finished song is not in your library. 1 already in the library.',
  );
});
