/**
 * One player: every place in the app that plays (Library, a song's preview, the A/B compare, the
 * extend card, voice samples, takes, job results in Jobs, Covers and Videos) plays through the
 * player store's single engine. Playing one place after another stops the one before: its engine
 * is released, its button reads "Play" again, only one engine is ever alive, and the bar names
 * what plays and where it came from.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCoversStore, useCoversStore } from '../../src/renderer/stores/covers';
import { resetVideosStore, useVideosStore } from '../../src/renderer/stores/videos';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { resetVoicesStore } from '../../src/renderer/stores/voices';
import { installedEngines } from './support/fake-engine';
import { expectPlayerPlays, playerBar } from './support/player-checks';
import { jobRecord, TEST_KEY, type SeedItem } from './support/main';
import { renderMain } from './support/render-app';

const TAKE_A = 'itm_takeA00000000000000001';
const TAKE_B = 'itm_takeB00000000000000001';
const urlA = 'cadenza-media://library/Summer%20rain.wav';
const urlB = 'cadenza-media://library/Summer%20rain%20(2).wav';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
  resetVoicesStore();
  resetCoversStore();
  resetVideosStore();
  resetLibraryStore();
});

/** The song job an earlier run finished: two takes saved in the library. */
const songJob = jobRecord({
  label: 'Summer rain',
  request: { api: 'v2', mode: 'auto', prompt: 'lo-fi summer rain', modelVersion: 'v4.0' },
  tracking: 'v2-query',
  serviceIds: [`svc-${TAKE_A}`, `svc-${TAKE_B}`],
  resultItemIds: [TAKE_A, TAKE_B],
  outputs: [TAKE_A, TAKE_B].map((id) => ({
    serviceId: `svc-${id}`,
    status: 'saved' as const,
    libraryKind: 'song' as const,
    title: 'Summer rain',
    durationMs: 6000,
    libraryItemId: id,
  })),
});

const take = (id: string, title: string, file: string): SeedItem => ({
  id,
  title,
  file,
  seconds: 6,
  prompt: 'lo-fi summer rain',
  model: 'v4.0',
  job_id: songJob.id,
  service_ids: { song_id: `svc-${id}` },
  created_at: '2025-03-14T09:00:00.000Z',
});

const library: SeedItem[] = [
  take(TAKE_A, 'Summer rain', 'Summer rain.wav'),
  take(TAKE_B, 'Summer rain 2', 'Summer rain (2).wav'),
  {
    id: 'itm_tts',
    kind: 'tts',
    title: 'Hello there',
    prompt: 'Hello there',
    voice: 'Ava',
    emotion: 'Neutral',
    created_at: '2025-03-14T09:01:00.000Z',
  },
  { id: 'itm_cover', kind: 'cover', title: 'Night Drive', file: 'Night Drive.wav', seconds: 3 },
  { id: 'itm_video', kind: 'singing-video', title: 'Hook', file: 'Hook.mp4', seconds: 3 },
];

/** A job a Covers or Videos card started, finished with one library item. */
const tracked = (item: {
  itemId: string;
  title: string;
  kind: 'cover' | 'singing-video';
  file: string;
}) => ({
  jobId: `job_${item.itemId}`,
  state: 'done' as const,
  error: null,
  bytesSent: 0,
  totalBytes: 0,
  result: {
    jobId: `job_${item.itemId}`,
    items: [
      {
        itemId: item.itemId,
        title: item.title,
        kind: item.kind,
        mediaUrl: `cadenza-media://library/${encodeURIComponent(item.file)}`,
        durationMs: 3000,
      },
    ],
  },
});

describe('One player', () => {
  it('playing from one place after another stops the one before, in every place that plays', async () => {
    const { user } = await renderMain({ key: TEST_KEY, library, jobs: [songJob] });
    const engines = installedEngines();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const goTo = (panel: RegExp) => user.click(nav.getByRole('button', { name: panel }));
    /** Clicks `button`, then checks the bar plays `url` and the engine before was released. */
    const playNext = async (
      button: HTMLElement,
      url: string | RegExp,
      shows: { title?: string; origin?: string },
    ) => {
      const before = engines.made.at(-1);
      await user.click(button);
      let src = typeof url === 'string' ? url : '';
      if (typeof url !== 'string')
        await waitFor(() => {
          src = playerBar().getAttribute('data-src') ?? '';
          expect(src).toMatch(url);
        });
      await expectPlayerPlays(src, shows);
      if (before) expect(before.unloaded).toBe(true);
      expect(engines.made.filter((e) => !e.unloaded)).toHaveLength(1);
    };

    // 1. Library (the queue)
    await goTo(/Library/);
    await user.click(await screen.findByRole('option', { name: /^Summer rain,/ }));
    await playNext(
      within(screen.getByRole('region', { name: 'Item details' })).getByRole('button', {
        name: 'Play',
      }),
      urlA,
      { origin: 'Library · 1 of' },
    );

    // 2. a take of a submission in the Songs panel (saved: it plays from the library)
    await goTo(/Songs/);
    const done = await screen.findByRole('listitem', { name: 'Song: Summer rain' });
    const take1 = within(done).getByRole('listitem', { name: 'Summer rain · Take 1' });
    await playNext(within(take1).getByRole('button', { name: 'Play Summer rain · Take 1' }), urlA, {
      title: 'Summer rain · Take 1',
      origin: 'Songs · not in the queue',
    });

    // 3. A/B: the other take takes over
    // (take 2 is "Summer rain 2" in the library: the player names it as the library does)
    await playNext(within(done).getByRole('radio', { name: 'B' }), urlB, {
      title: 'Summer rain 2 · Take 2',
    });
    expect(within(take1).getByRole('button', { name: 'Play Summer rain · Take 1' })).toBeVisible();

    // 4. the extend card (from the take's ⋯ menu)
    await user.click(within(take1).getByRole('button', { name: 'More for Summer rain · Take 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Extend' }));
    const form = await screen.findByRole('form', { name: 'Extend Summer rain' });
    await playNext(within(form).getByRole('button', { name: 'Play Summer rain' }), urlA, {
      origin: 'Songs · extend',
    });
    expect(within(done).getByRole('button', { name: 'Play Summer rain 2 · Take 2' })).toBeVisible();

    // 5. a voice sample, 6. a text-to-speech take
    await goTo(/Voice/);
    await playNext(
      await screen.findByRole('button', { name: 'Play sample of Ava' }, { timeout: 15_000 }),
      // fetched from the service into main's media cache first
      /^cadenza-media:\/\/cache\/./,
      { title: 'Ava', origin: 'Voice sample' },
    );
    const take = await screen.findByRole('listitem', { name: 'Take: Hello there' });
    await playNext(
      within(take).getByRole('button', { name: 'Play take: Hello there' }),
      'cadenza-media://library/Hello%20there.wav',
      { title: 'Hello there', origin: 'Voice take' },
    );
    expect(screen.getByRole('button', { name: 'Play sample of Ava' })).toBeInTheDocument();

    // 7. a cover's result
    useCoversStore.setState({
      cover: tracked({
        itemId: 'itm_cover',
        title: 'Night Drive',
        kind: 'cover',
        file: 'Night Drive.wav',
      }),
    });
    await goTo(/Covers/);
    await playNext(
      await screen.findByRole('button', { name: 'Play Night Drive' }),
      'cadenza-media://library/Night%20Drive.wav',
      { origin: 'Covers' },
    );

    // 8. a video result: in the player's viewer, the audio stopped
    useVideosStore.setState({
      singing: tracked({
        itemId: 'itm_video',
        title: 'Hook',
        kind: 'singing-video',
        file: 'Hook.mp4',
      }),
    });
    await goTo(/Videos/);
    await playNext(
      await screen.findByRole('button', { name: 'Play Hook' }),
      'cadenza-media://library/Hook.mp4',
      { origin: 'Videos' },
    );
    expect(await screen.findByRole('region', { name: 'Video viewer' })).toBeInTheDocument();

    // 9. a job's result in Jobs (Open plays the first): the video stops, its viewer closes
    await goTo(/Jobs/);
    const row = await screen.findByRole('listitem', { name: 'Summer rain' });
    await playNext(within(row).getByRole('button', { name: 'Open' }), urlA, { origin: 'Jobs' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Video viewer' })).toBeNull());
    expect(playerBar()).toHaveAttribute('data-status', 'playing');
  }, 60_000);
});
