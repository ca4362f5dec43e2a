/**
 * Issue 13 in the Jobs panel: waiting, stalled, Download again and an interrupted clone's voices,
 * in plain words, each action through its IPC channel — and Retry saying it spends credits.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WAIT_MESSAGES } from '@shared/domain/jobs';
import { STALL_AFTER_MS } from '@shared/domain/stall';
import { accountPanel } from '../../src/renderer/panels/account';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { FakeCadenza, makeJobView, makeLibraryItem } from './support/fake-cadenza';
import { renderApp } from './support/render-app';

const KEY = 'sk-test-jobs-0000-7777';
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

afterEach(() => {
  resetJobsStore();
  resetLibraryStore();
});

async function openJobs(fake: FakeCadenza) {
  const view = await renderApp({ fake, panels: [accountPanel, jobsPanel] });
  await view.user.click(
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Jobs/ }),
  );
  await waitFor(() => expect(fake.callsOf('jobs.list').length).toBeGreaterThan(0));
  return view;
}
const findRow = (name: string) => screen.findByRole('listitem', { name });

describe('Jobs panel: jobs that need the user', () => {
  it('says why a job waits on this computer, and that it continues by itself', async () => {
    const job = makeJobView({
      label: 'Full disk song',
      state: 'downloading',
      progress: 0.8,
      createdAt: ago(60_000),
      movedAt: ago(30_000),
      waiting: {
        reason: 'disk_full',
        message: WAIT_MESSAGES.disk_full,
        since: ago(30_000),
        retryAt: new Date(Date.now() + 8_000).toISOString(),
      },
    });
    await openJobs(new FakeCadenza({ key: KEY, jobs: [job] }));
    const row = await findRow('Full disk song');
    expect(row).toHaveTextContent('Saving to library');
    expect(row).toHaveTextContent('Waiting');
    expect(row).toHaveTextContent('Disk full — free space and Cadenza will continue.');
    expect(row).not.toHaveTextContent('Stalled');
    expect(within(row).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a job that stopped moving as stalled, with Check again and Cancel', async () => {
    const moving = makeJobView({
      label: 'Fresh song',
      createdAt: ago(2 * 60_000),
      movedAt: ago(30_000),
    });
    const stuck = makeJobView({
      label: 'Stuck song',
      createdAt: ago(STALL_AFTER_MS['song-v2'] + 5 * 60_000),
      movedAt: ago(STALL_AFTER_MS['song-v2'] + 2 * 60_000),
    });
    const fake = new FakeCadenza({ key: KEY, jobs: [moving, stuck] });
    const { user } = await openJobs(fake);
    const fresh = await findRow('Fresh song');
    expect(fresh).not.toHaveTextContent('Stalled');
    expect(within(fresh).queryByRole('button', { name: 'Check again' })).toBeNull();

    const row = await findRow('Stuck song');
    expect(row).toHaveTextContent('Generating');
    expect(row).toHaveTextContent('Stalled');
    expect(row).toHaveTextContent('no change from the service for 12 min');
    expect(within(row).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await user.click(within(row).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(fake.callsOf('jobs.checkAgain')).toEqual([[stuck.id]]));
    await waitFor(() => expect(row).toHaveTextContent('Last checked at'));
  });

  it('offers Download again for results that left the library; it spends nothing', async () => {
    const lost = makeJobView({
      label: 'Lost song',
      state: 'done',
      progress: 1,
      finishedAt: ago(3600_000),
      canRedownload: true,
    });
    const kept = makeJobView({ label: 'Kept song', state: 'done', progress: 1 });
    const fake = new FakeCadenza({ key: KEY, jobs: [lost, kept] });
    const { user } = await openJobs(fake);
    expect(
      within(await findRow('Kept song')).queryByRole('button', { name: 'Download again' }),
    ).toBeNull();
    const row = await findRow('Lost song');
    const again = within(row).getByRole('button', { name: 'Download again' });
    expect(again).toHaveAccessibleDescription(/Nothing is sent or charged/);
    await user.click(again);
    await waitFor(() => expect(fake.callsOf('jobs.redownload')).toEqual([[lost.id]]));
    await waitFor(() => expect(row).toHaveTextContent('Saving to library'));
    expect(fake.callsOf('jobs.retry')).toEqual([]);
  });

  it('offers the voices an interrupted clone may have made; the user picks one, or none', async () => {
    const interrupted = (label: string) =>
      makeJobView({
        label,
        kind: 'clone',
        synchronous: true,
        state: 'interrupted',
        finishedAt: ago(60_000),
        error: {
          code: 'cancelled',
          message:
            'Interrupted — may have been charged. Check your library and balance before retrying.',
        },
        candidates: [{ serviceId: `spk-${label}`, name: label, createdAt: ago(90_000) }],
      });
    const a = interrupted('Ada');
    const b = interrupted('Bea');
    const fake = new FakeCadenza({ key: KEY, jobs: [a, b] });
    const { user } = await openJobs(fake);

    const rowA = await findRow('Ada');
    expect(rowA).toHaveTextContent('A voice with this name appeared in your clones');
    const voices = within(rowA).getByRole('list', { name: 'Voices this job may have made' });
    await user.click(within(voices).getByRole('button', { name: 'Use this voice' }));
    await waitFor(() => expect(fake.callsOf('jobs.adoptCandidate')).toEqual([[a.id, 'spk-Ada']]));
    await waitFor(() => expect(rowA).toHaveTextContent('Done'));

    const rowB = await findRow('Bea');
    await user.click(within(rowB).getByRole('button', { name: 'Not mine' }));
    await waitFor(() => expect(fake.callsOf('jobs.rejectCandidates')).toEqual([[b.id]]));
    await waitFor(() =>
      expect(within(rowB).queryByRole('button', { name: 'Not mine' })).toBeNull(),
    );
    // it stays interrupted; looking again is one click, and Retry says it spends again
    expect(rowB).toHaveTextContent('Interrupted — may have been charged');
    await user.click(within(rowB).getByRole('button', { name: 'Look for the voice' }));
    await waitFor(() => expect(fake.callsOf('jobs.checkAgain')).toEqual([[b.id]]));
    await user.click(within(rowB).getByRole('button', { name: 'Retry' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry this job?' });
    expect(dialog).toHaveTextContent('it will spend credits again');
    expect(within(dialog).getByRole('button', { name: 'Retry and spend credits' })).toBeEnabled();
  });
});

describe('Jobs panel: records this version cannot act on', () => {
  it('lists them as unknown, saying why, with no action that could change them', async () => {
    const fake = new FakeCadenza({
      key: KEY,
      jobs: [makeJobView({ label: 'Known song', state: 'done', progress: 1 })],
      unknownJobs: [
        { id: 'job_future0001', label: 'Future job', why: 'newer', updatedAt: ago(60_000) },
      ],
    });
    await openJobs(fake);
    const list = await screen.findByRole('list', { name: 'Unknown jobs' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Future job');
    expect(row).toHaveTextContent('Unknown');
    expect(row).toHaveTextContent('Recorded by a newer version of Cadenza.');
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });
});

describe('Library: results no longer in the folder', () => {
  it('lists the jobs whose files are gone with Download again, and says nothing is charged', async () => {
    const gone = makeJobView({
      label: 'Harbor lights',
      state: 'done',
      progress: 1,
      canRedownload: true,
    });
    const whole = makeJobView({ label: 'Still here', state: 'done', progress: 1 });
    const fake = new FakeCadenza({
      key: KEY,
      jobs: [gone, whole],
      libraryItems: [makeLibraryItem({ title: 'Still here' })],
    });
    const { user } = await renderApp({ fake, panels: [libraryPanel, jobsPanel] });
    const section = await screen.findByRole('region', { name: 'Not in the library folder' });
    expect(section).toHaveTextContent('nothing is sent or charged');
    expect(within(section).queryByText('Still here')).toBeNull();
    await user.click(
      within(section).getByRole('button', { name: 'Download again: Harbor lights' }),
    );
    await waitFor(() => expect(fake.callsOf('jobs.redownload')).toEqual([[gone.id]]));
    // being saved again, it leaves the list
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Not in the library folder' })).toBeNull(),
    );
  });
});
