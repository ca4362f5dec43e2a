/**
 * Failure cards: each says what happened once and ends with its next step — Open Account for the
 * key or a counter, Retry (asked first when it is a new submission), Dismiss (forgets the card).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { coversPanel } from '../../src/renderer/panels/covers';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetCoversStore, useCoversStore } from '../../src/renderer/stores/covers';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { jobRecord, startMain, TEST_KEY, type Main } from './support/main';
import { renderMain } from './support/render-app';

beforeEach(() => {
  resetJobsStore();
  resetSongsStore();
  resetCoversStore();
});

const REPORTED = 'The service reported a failure.';

/** A song job an earlier run recorded as failed by the service (both takes failed). */
function failedSong(overrides: Parameters<typeof jobRecord>[0] = {}) {
  return jobRecord({
    label: 'Broken dream',
    request: { api: 'v2', mode: 'auto', prompt: 'Broken dream', modelVersion: 'v4.5-plus' },
    tracking: 'v2-query',
    state: 'failed',
    progress: 1,
    serviceIds: ['svc-broken-1', 'svc-broken-2'],
    finishedAt: '2025-03-14T09:01:00.000Z',
    error: { code: 'in_band', message: REPORTED },
    outputs: [1, 2].map((n) => ({
      serviceId: `svc-broken-${n}`,
      title: 'Broken dream',
      status: 'failed' as const,
      libraryKind: 'song' as const,
      failReason: REPORTED,
    })),
    ...overrides,
  });
}

/** The jobs main still lists. */
const jobsOf = async (main: Main) => (await main.core.jobsHost.runtime()).jobs.list();

describe('song cards', () => {
  it('with the service unreachable the outage is said once in the panel, not again on a failed card', async () => {
    const job = failedSong();
    const main = await startMain({ key: TEST_KEY, jobs: [job] });
    main.emulator.inject({ path: '/v1/get_api_key_info', kind: 'reset', times: 100 });
    await renderMain({ main, panels: [songsPanel] });
    const card = await screen.findByRole('listitem', { name: 'Song: Broken dream' });
    await screen.findAllByText("Cadenza can't reach the service right now.");
    expect(screen.getAllByText("Cadenza can't reach the service right now.")).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Retry' })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Retry connection' })).toBeNull();
  });

  it('say a failure once, and offer Retry (asked first) and Dismiss', async () => {
    const job = failedSong();
    const { main, user } = await renderMain({ key: TEST_KEY, jobs: [job], panels: [songsPanel] });
    const card = await screen.findByRole('listitem', { name: 'Song: Broken dream' });
    // one message per failure: not once for the job and once for each take
    expect(card.textContent?.split(REPORTED).length).toBe(2);

    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry and spend credits' }));
    await waitFor(() => expect(main.callsOf('jobs.retry')).toEqual([[job.id]]));
    await waitFor(() =>
      expect(screen.getAllByRole('listitem', { name: 'Song: Broken dream' })).toHaveLength(2),
    );
    // the retry really went to the service
    await waitFor(() =>
      expect(main.emulator.log.filter((e) => e.path === '/v2/submit')).toHaveLength(1),
    );

    const failedCard = screen
      .getAllByRole('listitem', { name: 'Song: Broken dream' })
      .find((c) => within(c).queryByRole('button', { name: 'Dismiss' }))!;
    await user.click(within(failedCard).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(main.callsOf('jobs.dismiss')).toEqual([[job.id]]));
    await waitFor(() =>
      expect(screen.getAllByRole('listitem', { name: 'Song: Broken dream' })).toHaveLength(1),
    );
    expect((await jobsOf(main)).map((j) => j.id)).not.toContain(job.id);
  });

  it('a failure the key or a counter caused leads to Account, not to a Retry that would fail alike', async () => {
    const job = failedSong({
      error: { code: 'auth', message: "The service didn't accept your API key." },
      outputs: [],
    });
    const { user } = await renderMain({ key: TEST_KEY, jobs: [job] });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
        name: /Songs/,
      }),
    );
    const card = await screen.findByRole('listitem', { name: 'Song: Broken dream' });
    expect(within(card).queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Open Account' }));
    expect(screen.getByLabelText('API key')).toHaveFocus();
  });
});

describe('Jobs panel rows', () => {
  it('a failed row can be dismissed; an entitlement failure offers Open Account beside Retry', async () => {
    const job = failedSong({
      error: {
        code: 'entitlement',
        message: 'Your key has no songs left, so the service could not create the song.',
        counter: 'key_music_counts',
      },
      outputs: [],
    });
    const { main, user } = await renderMain({ key: TEST_KEY, jobs: [job], panels: [jobsPanel] });
    const row = await screen.findByRole('listitem', { name: 'Broken dream' });
    expect(within(row).getByRole('button', { name: 'Open Account' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Retry' })).toBeEnabled();
    await user.click(within(row).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Broken dream' })).not.toBeInTheDocument(),
    );
    expect(await jobsOf(main)).toEqual([]);
  });

  it('a done job has no Dismiss (nothing failed)', async () => {
    await renderMain({
      key: TEST_KEY,
      jobs: [jobRecord({ label: 'Fine song' })],
      panels: [jobsPanel],
    });
    const row = await screen.findByRole('listitem', { name: 'Fine song' });
    expect(within(row).queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });
});

describe('covers result card', () => {
  it('a failed cover offers Retry (the card button again) and Dismiss', async () => {
    const job = jobRecord({
      kind: 'cover',
      synchronous: true,
      label: 'Cover',
      state: 'failed',
      error: { code: 'server', message: 'The service had a problem and could not make the cover.' },
    });
    const { main } = await renderMain({ key: TEST_KEY, jobs: [job], panels: [coversPanel] });
    useCoversStore.setState({
      cover: {
        jobId: job.id,
        state: 'failed',
        error: {
          code: 'server',
          message: 'The service had a problem and could not make the cover.',
        },
        result: null,
        bytesSent: 0,
        totalBytes: 0,
      },
    });
    const result = await screen.findByRole('group', { name: 'Cover result' });
    expect(within(result).getByRole('alert')).toHaveTextContent('could not make the cover');
    expect(within(result).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    within(result).getByRole('button', { name: 'Dismiss' }).click();
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Cover result' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(main.callsOf('jobs.dismiss')).toEqual([[job.id]]));
    await waitFor(async () => expect(await jobsOf(main)).toEqual([]));
  });
});
