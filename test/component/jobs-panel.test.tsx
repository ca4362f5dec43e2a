import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '@shared/ipc/jobs';
import { type Job } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import { accountPanel } from '../../src/renderer/panels/account';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { expectPlayerPlays } from './support/player-checks';
import { jobRecord, startMain, TEST_KEY, type Main, type MainOptions } from './support/main';
import { renderMain } from './support/render-app';

afterEach(() => {
  resetJobsStore();
  resetLibraryStore();
});

/** The Jobs panel over the real main (with the emulator's key: Retry spends, so it needs one). */
async function openJobs(options: MainOptions & { main?: Main } = {}) {
  const view = await renderMain({ key: TEST_KEY, panels: [accountPanel, jobsPanel], ...options });
  await view.user.click(
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Jobs/ }),
  );
  expect(await screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
  await waitFor(() => expect(view.main.callsOf('jobs.list').length).toBeGreaterThan(0));
  return view;
}

/** A song job still generating, on songs the service has no news of (nothing moves it). */
function generating(label: string, overrides: Parameters<typeof jobRecord>[0] = {}): Job {
  const id = `svc-${label.replace(/\W/g, '')}`;
  return jobRecord({
    label,
    request: { api: 'v2', mode: 'auto', prompt: 'lo-fi summer rain, soft piano' },
    tracking: 'v2-query',
    state: 'running',
    progress: 0.5,
    serviceIds: [id],
    outputs: [{ serviceId: id, status: 'queued', libraryKind: 'song' }],
    finishedAt: null,
    ...overrides,
  });
}

/** A quick-mode song an earlier run sent and lost track of (it may have been charged). */
const interruptedShanty = () =>
  jobRecord({
    label: 'Sea shanty',
    kind: 'song-v1',
    synchronous: true,
    request: { api: 'v1', mode: 'auto', prompt: 'Sea shanty' },
    state: 'interrupted',
    finishedAt: '2025-03-14T09:02:00.000Z',
    error: appError('cancelled', 'errors:jobs.interrupted').toShape(),
  });

const row = (name: string | RegExp) => screen.getByRole('listitem', { name });
const findRow = (name: string | RegExp) => screen.findByRole('listitem', { name });

describe('Jobs panel', () => {
  it('is registered as "Jobs" in the panel registry', async () => {
    const { panels } = await import('../../src/renderer/app/panels');
    expect(panels.map((p) => p.label)).toContain('shell:nav.jobs');
  });

  it('lists jobs newest first with kind, what was asked, status and progress', async () => {
    const older = jobRecord({
      label: 'Morning drive',
      createdAt: '2025-03-14T08:00:00.000Z',
      submittedAt: '2025-03-14T08:00:00.000Z',
      finishedAt: '2025-03-14T08:02:05.000Z',
    });
    const song = generating('Summer rain', {
      progress: 0.42,
      createdAt: '2025-03-14T09:00:00.000Z',
    });
    const main = await startMain({ key: TEST_KEY, jobs: [older, song] });
    // a text-to-speech call the service has not answered yet (sent now: the newest)
    main.emulator.inject({ path: '/v1/text2speech', kind: 'timeout' });
    void main.api.voices.speak({ text: 'Hello there, welcome to the show', speaker: 'spk-ava' });
    await openJobs({ main });
    const tts = await waitFor(async () => {
      const jobs = await main.api.jobs.list();
      const found = jobs.ok ? jobs.value.find((j) => j.kind === 'tts') : undefined;
      expect(found).toBeDefined();
      return found!;
    });

    const list = await screen.findByRole('list', { name: 'Jobs' });
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toEqual([tts.label, 'Summer rain', 'Morning drive']);

    const songRow = row('Summer rain');
    expect(songRow).toHaveTextContent('Song');
    expect(songRow).toHaveTextContent('lo-fi summer rain, soft piano');
    expect(songRow).toHaveTextContent('Generating');
    const bar = within(songRow).getByRole('progressbar', { name: 'Summer rain' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');

    // a synchronous call has no honest progress: an indeterminate bar, no number
    const ttsRow = row(tts.label);
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
    const failed = jobRecord({
      label: 'Broken dream',
      request: { api: 'v2', mode: 'auto', prompt: 'Broken dream' },
      state: 'failed',
      finishedAt: '2025-03-14T09:01:00.000Z',
      error: { code: 'in_band', message: 'Song generation failed: lyrics rejected by moderation.' },
    });
    await openJobs({ jobs: [failed, interruptedShanty()] });

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
    const interrupted = interruptedShanty();
    // quick mode answers once both songs are done: a minute here
    const { main, user } = await openJobs({
      jobs: [interrupted],
      emulator: { stepMs: 60_000 },
    });

    await user.click(within(await findRow('Sea shanty')).getByRole('button', { name: 'Retry' }));
    let dialog = screen.getByRole('dialog', { name: 'Retry this job?' });
    expect(dialog).toHaveTextContent('it will spend credits again');
    expect(dialog).toHaveTextContent('may already have been charged');
    // focus starts on the safe choice; Escape closes without sending
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main.callsOf('jobs.retry')).toHaveLength(0);

    await user.click(within(row('Sea shanty')).getByRole('button', { name: 'Retry' }));
    dialog = screen.getByRole('dialog', { name: 'Retry this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry and spend credits' }));
    await waitFor(() => expect(main.callsOf('jobs.retry')).toEqual([[interrupted.id]]));
    // the new submission is a separate job listed first; the interrupted one stays
    await waitFor(() =>
      expect(screen.getAllByRole('listitem', { name: 'Sea shanty' })).toHaveLength(2),
    );
    const [fresh, old] = screen.getAllByRole('listitem', { name: 'Sea shanty' }) as [
      HTMLElement,
      HTMLElement,
    ];
    // the new one is on its way (the service has not answered yet)
    expect(fresh).not.toHaveTextContent('Interrupted');
    expect(within(fresh).getByRole('progressbar')).toBeInTheDocument();
    expect(old).toHaveTextContent('Interrupted');
    await waitFor(() =>
      expect(main.emulator.log.filter((e) => e.path === '/v1/music')).toHaveLength(1),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Sent again as a new job');
  });

  it('cancels an active job', async () => {
    const job = generating('Night city');
    const { main, user } = await openJobs({ jobs: [job] });

    const r = await findRow('Night city');
    await user.click(within(r).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(main.callsOf('jobs.cancel')).toEqual([[job.id]]));
    await waitFor(() => expect(row('Night city')).toHaveTextContent('Cancelled'));
    expect(within(row('Night city')).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(row('Night city')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows why an action failed on the job it concerns', async () => {
    const main = await startMain({ key: TEST_KEY, jobs: [generating('Night city')] });
    // main refuses as it does for a job another window (or the CLI) already removed
    main.refuseNext('jobs.cancel', { code: 'not_found', message: 'That job is no longer listed.' });
    const { user } = await openJobs({ main });
    await user.click(within(await findRow('Night city')).getByRole('button', { name: 'Cancel' }));
    expect(await within(row('Night city')).findByRole('alert')).toHaveTextContent(
      'That job is no longer listed.',
    );
  });

  it('follows progress events to done, then Open plays the result through the media URL', async () => {
    // a real song: the emulator moves it a step every 400 ms; it lasts 2 min 18 s
    const main = await startMain({ key: TEST_KEY, emulator: { stepMs: 400 } });
    main.emulator.configure({ songDurationMs: 138_280 });
    const { user } = await openJobs({ main });
    const sent = await main.api.songs.create({ api: 'v2', mode: 'auto', prompt: 'Summer rain' });
    if (!sent.ok) throw new Error(sent.error.message);
    const job = sent.value;

    const bar = () => within(row('Summer rain')).getByRole('progressbar');
    const seen: number[] = [];
    await waitFor(
      () => {
        const now = Number(bar().getAttribute('aria-valuenow'));
        if (seen.at(-1) !== now) seen.push(now);
        expect(now).toBeGreaterThan(0);
        expect(seen.length).toBeGreaterThan(1);
      },
      { interval: 20 },
    );
    // an older event arriving late does not move the job backwards
    const late: JobView = { ...job, state: 'submitted', progress: 0, updatedAt: job.createdAt };
    const before = Number(bar().getAttribute('aria-valuenow'));
    main.send('jobUpdated', late);
    await new Promise((r) => setTimeout(r, 100));
    if (screen.queryByRole('button', { name: 'Open' }) === null)
      expect(Number(bar().getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(before);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));

    const open = await within(row('Summer rain')).findByRole(
      'button',
      { name: 'Open' },
      { timeout: 20_000 },
    );
    const done = await main.api.jobs.list();
    const item = done.ok ? done.value.find((j) => j.id === job.id)! : undefined!;
    const listed = await main.api.library.list();
    const first = listed.ok
      ? listed.value.find((i) => i.id === item.resultItemIds[0])!
      : undefined!;
    expect(within(row('Summer rain')).queryByRole('progressbar')).toBeNull();
    await user.click(open);
    const player = await screen.findByRole('region', { name: 'Now playing' });
    // Open plays the first result through the player bar (no element of its own)
    await expectPlayerPlays(`cadenza-media://library/${encodeURIComponent(first.file)}`, {
      title: first.title,
      origin: 'Jobs',
    });
    expect(player.querySelector('audio, video')).toBeNull();
    expect(
      within(player).getByRole('button', { name: `Pause ${first.title}` }),
    ).toBeInTheDocument();
    expect(player).toHaveTextContent('2 min 18 s');

    // (the job made two takes: Show in folder is offered on each; the first is the one playing)
    await user.click(within(player).getAllByRole('button', { name: 'Show in folder' })[0]!);
    await waitFor(() => expect(main.callsOf('library.showInFolder')).toEqual([[first.id]]));
    await waitFor(() =>
      expect(main.double.state.openedExternal).toEqual([`show:${main.dirs.library}/${first.file}`]),
    );
    await user.click(within(player).getByRole('button', { name: 'Close player' }));
    expect(screen.queryByRole('region', { name: 'Now playing' })).toBeNull();
  });

  it('says when there are no jobs, and offers to try again when the list fails', async () => {
    const main = await startMain();
    // main cannot read its data folder this once (what it answers for an unreadable jobs folder)
    main.refuseNext('jobs.list', { code: 'io', message: 'The data folder could not be read.' });
    const { user } = await openJobs({ main, key: undefined });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The data folder could not be read.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No jobs yet/)).toBeInTheDocument();
  });

  it('names what a job asked for in words: the mode by name, the song an extension continues by its title; Open is not a primary button', async () => {
    await openJobs({
      library: [
        {
          id: 'itm_harbour00000000001',
          title: 'Harbour lights',
          seconds: 8,
          prompt: 'sea shanty',
          model: 'v4.5-plus',
          service_ids: { song_id: 'svc-song-harbour' },
        },
        {
          id: 'itm_child000000000001',
          title: 'Harbour lights II',
          parent_id: 'itm_harbour00000000001',
        },
      ],
      jobs: [
        jobRecord({
          label: 'Harbour lights II',
          request: {
            api: 'v2',
            mode: 'custom',
            prompt: 'sea shanty',
            extend: { songId: 'svc-song-harbour', continueAtS: 4 },
          },
          resultItemIds: ['itm_child000000000001'],
        }),
        jobRecord({
          label: 'Lost parent',
          request: {
            api: 'v2',
            mode: 'auto',
            prompt: 'lost',
            extend: { songId: 'svc-song-gone', continueAtS: 4 },
          },
          state: 'failed',
          error: { code: 'in_band', message: 'The service reported a failure.' },
        }),
      ],
    });
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
