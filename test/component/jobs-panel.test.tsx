import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '@shared/ipc/jobs';
import { accountPanel } from '../../src/renderer/panels/account';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { FakeCadenza, makeJobView, makeLibraryItem } from './support/fake-cadenza';
import { expectPlayerPlays } from './support/player-checks';
import { renderApp } from './support/render-app';

/** Retry spends again, so it is offered only with a key (readiness gate). */
const JOBS_KEY = 'sk-test-jobs-0000-5555';

afterEach(() => {
  resetJobsStore();
  resetLibraryStore();
});

async function openJobs(fake: FakeCadenza) {
  const view = await renderApp({ fake, panels: [accountPanel, jobsPanel] });
  await view.user.click(
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Jobs/ }),
  );
  expect(await screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
  await waitFor(() => expect(fake.callsOf('jobs.list').length).toBeGreaterThan(0));
  return view;
}

const row = (name: string | RegExp) => screen.getByRole('listitem', { name });
const findRow = (name: string | RegExp) => screen.findByRole('listitem', { name });

describe('Jobs panel', () => {
  it('is registered as "Jobs" in the panel registry', async () => {
    const { panels } = await import('../../src/renderer/app/panels');
    expect(panels.map((p) => p.label)).toContain('shell:nav.jobs');
  });

  it('lists jobs newest first with kind, what was asked, status and progress', async () => {
    const older = makeJobView({
      label: 'Morning drive',
      state: 'done',
      progress: 1,
      createdAt: '2025-03-14T08:00:00.000Z',
      finishedAt: '2025-03-14T08:02:05.000Z',
    });
    const newer = makeJobView({
      label: 'Hello there',
      kind: 'tts',
      synchronous: true,
      state: 'running',
      progress: null,
      asked: [{ label: 'Text', value: 'Hello there, welcome to the show' }],
      createdAt: '2025-03-14T09:30:00.000Z',
    });
    const song = makeJobView({
      label: 'Summer rain',
      state: 'running',
      progress: 0.42,
      createdAt: '2025-03-14T09:00:00.000Z',
    });
    const fake = new FakeCadenza({ key: JOBS_KEY, jobs: [older, newer, song] });
    await openJobs(fake);

    const list = await screen.findByRole('list', { name: 'Jobs' });
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Hello there', 'Summer rain', 'Morning drive']);

    const songRow = row('Summer rain');
    expect(songRow).toHaveTextContent('Song');
    expect(songRow).toHaveTextContent('lo-fi summer rain, soft piano');
    expect(songRow).toHaveTextContent('Generating');
    const bar = within(songRow).getByRole('progressbar', { name: 'Summer rain' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');

    // a synchronous call has no honest progress: an indeterminate bar, no number
    const ttsRow = row('Hello there');
    expect(ttsRow).toHaveTextContent('Text to speech');
    expect(ttsRow).toHaveTextContent('Hello there, welcome to the show');
    const pending = within(ttsRow).getByRole('progressbar');
    expect(pending).not.toHaveAttribute('aria-valuenow');
    expect(ttsRow).toHaveTextContent('waiting for the service');

    const doneRow = row('Morning drive');
    expect(doneRow).toHaveTextContent('Done');
    expect(doneRow).toHaveTextContent('took 2 min 05 s');
    expect(within(doneRow).queryByRole('progressbar')).toBeNull();
    expect(within(doneRow).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("shows the service's reason on failure, and interrupted sync jobs as possibly charged", async () => {
    const failed = makeJobView({
      label: 'Broken dream',
      state: 'failed',
      progress: 1,
      finishedAt: '2025-03-14T09:01:00.000Z',
      error: { code: 'in_band', message: 'Song generation failed: lyrics rejected by moderation.' },
    });
    const interrupted = makeJobView({
      label: 'Sea shanty',
      kind: 'song-v1',
      synchronous: true,
      state: 'interrupted',
      finishedAt: '2025-03-14T09:02:00.000Z',
      error: {
        code: 'cancelled',
        message:
          'Interrupted — may have been charged. Check your library and balance before retrying.',
      },
    });
    const fake = new FakeCadenza({ key: JOBS_KEY, jobs: [failed, interrupted] });
    await openJobs(fake);

    const failedRow = await findRow('Broken dream');
    expect(failedRow).toHaveTextContent('Failed');
    expect(failedRow).toHaveTextContent('Song generation failed: lyrics rejected by moderation.');
    expect(within(failedRow).getByRole('button', { name: 'Retry' })).toBeEnabled();

    const interruptedRow = row('Sea shanty');
    expect(interruptedRow).toHaveTextContent('Interrupted — may have been charged');
    expect(within(interruptedRow).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(within(interruptedRow).queryByRole('button', { name: 'Open' })).toBeNull();
  });

  it('asks before retrying (it may spend an entitlement); cancelling the question sends nothing', async () => {
    const interrupted = makeJobView({
      label: 'Sea shanty',
      kind: 'song-v1',
      synchronous: true,
      state: 'interrupted',
      error: { code: 'cancelled', message: 'Interrupted — may have been charged.' },
    });
    const fake = new FakeCadenza({ key: JOBS_KEY, jobs: [interrupted] });
    const { user } = await openJobs(fake);

    await user.click(within(await findRow('Sea shanty')).getByRole('button', { name: 'Retry' }));
    let dialog = screen.getByRole('dialog', { name: 'Retry this job?' });
    expect(dialog).toHaveTextContent('it will spend credits again');
    expect(dialog).toHaveTextContent('may already have been charged');
    // focus starts on the safe choice; Escape closes without sending
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsOf('jobs.retry')).toHaveLength(0);

    await user.click(within(row('Sea shanty')).getByRole('button', { name: 'Retry' }));
    dialog = screen.getByRole('dialog', { name: 'Retry this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry and spend credits' }));
    await waitFor(() => expect(fake.callsOf('jobs.retry')).toEqual([[interrupted.id]]));
    // the new submission is a separate job listed first; the interrupted one stays
    await waitFor(() =>
      expect(screen.getAllByRole('listitem', { name: 'Sea shanty' })).toHaveLength(2),
    );
    const [fresh, old] = screen.getAllByRole('listitem', { name: 'Sea shanty' }) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(fresh).toHaveTextContent('Sending');
    expect(old).toHaveTextContent('Interrupted');
    expect(screen.getByRole('status')).toHaveTextContent('Sent again as a new job');
  });

  it('cancels an active job', async () => {
    const job = makeJobView({ label: 'Night city', state: 'running', progress: 0.5 });
    const fake = new FakeCadenza({ key: JOBS_KEY, jobs: [job] });
    const { user } = await openJobs(fake);

    const r = await findRow('Night city');
    await user.click(within(r).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('jobs.cancel')).toEqual([[job.id]]);
    await waitFor(() => expect(row('Night city')).toHaveTextContent('Cancelled'));
    expect(within(row('Night city')).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(row('Night city')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows why an action failed on the job it concerns', async () => {
    const job = makeJobView({ label: 'Night city', state: 'running' });
    const fake = new FakeCadenza({ key: JOBS_KEY, jobs: [job] });
    fake.failNext('jobs.cancel', { code: 'not_found', message: 'That job is no longer listed.' });
    const { user } = await openJobs(fake);
    await user.click(within(await findRow('Night city')).getByRole('button', { name: 'Cancel' }));
    expect(await within(row('Night city')).findByRole('alert')).toHaveTextContent(
      'That job is no longer listed.',
    );
  });

  it('follows progress events to done, then Open plays the result through the media URL', async () => {
    const item = makeLibraryItem({
      id: 'itm_aaaaaaaaaaaaaaaaaaaa',
      title: 'Summer rain',
      file: 'Summer rain.mp3',
    });
    const job = makeJobView({ label: 'Summer rain', state: 'submitted', progress: 0.1 });
    const fake = new FakeCadenza({ key: JOBS_KEY, jobs: [job], libraryItems: [item] });
    const { user } = await openJobs(fake);

    const bar = () => within(row('Summer rain')).getByRole('progressbar');
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '10'));
    const later = (patch: Partial<JobView>, seconds: number): JobView => ({
      ...job,
      ...patch,
      updatedAt: new Date(Date.parse(job.updatedAt) + seconds * 1000).toISOString(),
    });
    fake.emitJobUpdated(later({ state: 'running', progress: 0.5 }, 1));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '50'));
    // an older event arriving late does not move the job backwards
    fake.emitJobUpdated(later({ state: 'submitted', progress: 0.1 }, 0.5));
    fake.emitJobUpdated(
      later(
        {
          state: 'downloading',
          progress: 0.9,
          outputs: [
            {
              title: 'Summer rain',
              status: 'complete',
              libraryKind: 'song',
              durationMs: 138_280,
              failReason: null,
              libraryItemId: item.id,
              receivedBytes: 1024 * 1024,
              totalBytes: 2 * 1024 * 1024,
            },
          ],
        },
        2,
      ),
    );
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '90'));
    expect(row('Summer rain')).toHaveTextContent('1.0 MB of 2.0 MB');
    fake.emitJobUpdated(
      later(
        {
          state: 'done',
          progress: 1,
          finishedAt: later({}, 3).updatedAt,
          resultItemIds: [item.id],
        },
        3,
      ),
    );

    const open = await within(row('Summer rain')).findByRole('button', { name: 'Open' });
    expect(within(row('Summer rain')).queryByRole('progressbar')).toBeNull();
    await user.click(open);
    const player = await screen.findByRole('region', { name: 'Now playing' });
    // Open plays the first result through the player bar (no element of its own)
    await expectPlayerPlays('cadenza-media://library/Summer%20rain.mp3', {
      title: 'Summer rain',
      origin: 'Jobs',
    });
    expect(player.querySelector('audio, video')).toBeNull();
    expect(within(player).getByRole('button', { name: 'Pause Summer rain' })).toBeInTheDocument();
    expect(player).toHaveTextContent('2 min 18 s');

    await user.click(within(player).getByRole('button', { name: 'Show in folder' }));
    expect(fake.callsOf('library.showInFolder')).toEqual([[item.id]]);
    await user.click(within(player).getByRole('button', { name: 'Close player' }));
    expect(screen.queryByRole('region', { name: 'Now playing' })).toBeNull();
  });

  it('says when there are no jobs, and offers to try again when the list fails', async () => {
    const fake = new FakeCadenza();
    fake.failNext('jobs.list', { code: 'io', message: 'The data folder could not be read.' });
    const { user } = await openJobs(fake);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The data folder could not be read.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No jobs yet/)).toBeInTheDocument();
  });

  it('names what a job asked for in words: the mode by name, the song an extension continues by its title; Open is not a primary button', async () => {
    const fake = new FakeCadenza({
      jobs: [
        makeJobView({
          label: 'Harbour lights II',
          state: 'done',
          progress: 1,
          asked: [
            { label: 'Prompt', value: 'sea shanty' },
            { label: 'Mode', value: 'custom' },
            { label: 'Extends', value: 'svc-song-harbour' },
          ],
          resultItemIds: ['itm_child000000000001'],
        }),
        makeJobView({
          label: 'Lost parent',
          state: 'failed',
          asked: [
            { label: 'Mode', value: 'auto' },
            { label: 'Extends', value: 'svc-song-gone' },
          ],
        }),
      ],
    });
    fake.songs.library = [
      {
        itemId: 'itm_harbour00000000001',
        title: 'Harbour lights',
        songId: 'svc-song-harbour',
        durationMs: 8000,
        createdAt: '2025-03-14T09:00:00.000Z',
        jobId: null,
        parentId: null,
        variationGroup: null,
        prompt: 'sea shanty',
        model: 'v4.5-plus',
        mediaUrl: 'cadenza-media://library/Harbour%20lights.mp3',
        coverUrl: null,
      },
    ];
    await openJobs(fake);
    const done = await findRow('Harbour lights II');
    await waitFor(() => expect(done).toHaveTextContent('ExtendsHarbour lights'));
    expect(done).toHaveTextContent('ModeCustom');
    expect(done).not.toHaveTextContent('svc-song-harbour');
    expect(within(done).getByRole('button', { name: 'Open' })).not.toHaveClass('button-primary');
    const lost = row('Lost parent');
    expect(lost).toHaveTextContent('ModeDescription');
    expect(lost).toHaveTextContent('Extendsa song that is not in your library');
    expect(lost).not.toHaveTextContent('svc-song-gone');
  });
});
