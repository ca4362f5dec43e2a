/**
 * Issue 13 in the Jobs panel: waiting, stalled, Download again and an interrupted clone's voices,
 * in plain words, each action through its IPC channel — and Retry saying it spends credits. Over
 * the real main: the jobs are main's (records an earlier run left, or a song sent now), the
 * service is the emulator.
 */
import { resetTrashUndo } from '../../src/renderer/stores/trash-undo';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WAIT_MESSAGES, type Job } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import { STALL_AFTER_MS } from '@shared/domain/stall';
import { accountPanel } from '../../src/renderer/panels/account';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetJobsStore, useJobsStore } from '../../src/renderer/stores/jobs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import type { Emulator } from '../emulator';
import { jobRecord, TEST_KEY, type Main, type MainOptions } from './support/main';
import { renderMain } from './support/render-app';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

afterEach(() => {
  resetTrashUndo();
  resetJobsStore();
  resetLibraryStore();
});

async function openJobs(options: MainOptions = {}) {
  const view = await renderMain({ key: TEST_KEY, panels: [accountPanel, jobsPanel], ...options });
  await view.user.click(
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Jobs/ }),
  );
  await waitFor(() => expect(view.main.callsOf('jobs.list').length).toBeGreaterThan(0));
  return view;
}
const findRow = (name: string) => screen.findByRole('listitem', { name });

/** A song job still generating, on songs the service has no news of (its query answers nothing). */
function generating(label: string, movedAgoMs: number): Job {
  return jobRecord({
    label,
    request: { api: 'v2', mode: 'auto', prompt: label, modelVersion: 'v4.5-plus' },
    tracking: 'v2-query',
    state: 'running',
    progress: 0.4,
    serviceIds: [`svc-${label.replace(/\W/g, '')}`],
    outputs: [
      { serviceId: `svc-${label.replace(/\W/g, '')}`, status: 'queued', libraryKind: 'song' },
    ],
    createdAt: ago(movedAgoMs + 3 * 60_000),
    submittedAt: ago(movedAgoMs + 3 * 60_000),
    finishedAt: null,
    movedAt: ago(movedAgoMs),
  });
}

/** A finished song job whose file was saved as `itemId` (the emulator's media serves it again). */
function finished(emu: Emulator, label: string, itemId: string): Job {
  return jobRecord({
    label,
    request: { api: 'v2', mode: 'auto', prompt: label, modelVersion: 'v4.5-plus' },
    tracking: 'v2-query',
    finishedAt: ago(3600_000),
    serviceIds: [`svc-${itemId}`],
    resultItemIds: [itemId],
    outputs: [
      {
        serviceId: `svc-${itemId}`,
        status: 'saved',
        libraryKind: 'song',
        title: label,
        mediaUrl: `${emu.mediaUrl}/media/tone.mp3?seconds=2`,
        durationMs: 2000,
        libraryItemId: itemId,
        fileName: `${label}.mp3`,
      },
    ],
  });
}

describe('Jobs panel: jobs that need the user', () => {
  it('says why a job waits on this computer, and that it continues by itself', async () => {
    const { main } = await openJobs();
    // the library folder is gone (a file stands at its path) while a song is being made
    await main.libraryFolderGone();
    const sent = await main.api.songs.create({
      api: 'v2',
      mode: 'auto',
      prompt: 'Full disk song',
      modelVersion: 'v4.5-plus',
    });
    expect(sent.ok).toBe(true);
    const row = await findRow('Full disk song');
    await waitFor(() => expect(row).toHaveTextContent('Waiting'), { timeout: 15_000 });
    expect(row).toHaveTextContent('Saving to library');
    expect(row).toHaveTextContent(WAIT_MESSAGES.library_missing);
    expect(row).not.toHaveTextContent('Stalled');
    expect(within(row).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a job that stopped moving as stalled, with Check again and Cancel', async () => {
    const stuck = generating('Stuck song', STALL_AFTER_MS['song-v2'] + 2 * 60_000);
    const { main, user } = await openJobs({
      jobs: [generating('Fresh song', 30_000), stuck],
    });
    const fresh = await findRow('Fresh song');
    expect(fresh).not.toHaveTextContent('Stalled');
    expect(within(fresh).queryByRole('button', { name: 'Check again' })).toBeNull();

    const row = await findRow('Stuck song');
    expect(row).toHaveTextContent('Generating');
    expect(row).toHaveTextContent('Stalled');
    expect(row).toHaveTextContent('no change from the service for 12 min');
    expect(within(row).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    const queries = () => main.emulator.log.filter((e) => e.path === '/v2/query').length;
    const before = queries();
    await user.click(within(row).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(main.callsOf('jobs.checkAgain')).toEqual([[stuck.id]]));
    await waitFor(() => expect(row).toHaveTextContent('Last checked at'));
    // checking again asked the service
    expect(queries()).toBeGreaterThan(before);
  });

  it('offers Download again for results that left the library; it spends nothing', async () => {
    let lost: Job | undefined;
    const { main, user } = await openJobs({
      library: [{ id: 'itm_kept', title: 'Kept song' }],
      jobs: (emu) => {
        lost = finished(emu, 'Lost song', 'itm_lost');
        return [lost, finished(emu, 'Kept song', 'itm_kept')];
      },
    });
    // the file comes slowly enough to see it being saved
    main.emulator.configure({ drip: { bytes: 512, everyMs: 50 } });
    main.emulator.inject({ path: '/media/tone.mp3', kind: 'drip' });
    const counters = main.emulator.counters();
    expect(
      within(await findRow('Kept song')).queryByRole('button', { name: 'Download again' }),
    ).toBeNull();
    const row = await findRow('Lost song');
    const again = within(row).getByRole('button', { name: 'Download again' });
    expect(again).toHaveAccessibleDescription(/Nothing is sent or charged/);
    await user.click(again);
    await waitFor(() => expect(main.callsOf('jobs.redownload')).toEqual([[lost!.id]]));
    await waitFor(() => expect(row).toHaveTextContent('Saving to library'));
    expect(main.callsOf('jobs.retry')).toEqual([]);
    expect(main.emulator.counters()).toEqual(counters);
    expect(main.emulator.log.filter((e) => e.method === 'POST')).toEqual([]);
  });

  it('offers the voices an interrupted clone may have made; the user picks one, or none', async () => {
    const interrupted = (name: string) =>
      jobRecord({
        label: name,
        kind: 'clone',
        synchronous: true,
        tracking: null,
        request: { name, knownClones: [] },
        state: 'interrupted',
        createdAt: ago(120_000),
        submittedAt: ago(120_000),
        finishedAt: ago(60_000),
        error: appError('cancelled', 'errors:jobs.interrupted').toShape(),
      });
    const a = interrupted('Ada');
    const b = interrupted('Bea');
    const speakers: Record<string, string> = {};
    const { main, user } = await openJobs({
      jobs: (emu) => {
        // the voices the lost calls made are on the service
        speakers.Ada = emu.addClone('Ada');
        speakers.Bea = emu.addClone('Bea');
        return [a, b];
      },
    });

    const rowA = await findRow('Ada');
    await waitFor(() =>
      expect(rowA).toHaveTextContent('A voice with this name appeared in your clones'),
    );
    const voices = within(rowA).getByRole('list', { name: 'Voices this job may have made' });
    await user.click(within(voices).getByRole('button', { name: 'Use this voice' }));
    await waitFor(() =>
      expect(main.callsOf('jobs.adoptCandidate')).toEqual([[a.id, speakers.Ada]]),
    );
    await waitFor(() => expect(rowA).toHaveTextContent('Done'));

    const rowB = await findRow('Bea');
    await user.click(await within(rowB).findByRole('button', { name: 'Not mine' }));
    await waitFor(() => expect(main.callsOf('jobs.rejectCandidates')).toEqual([[b.id]]));
    await waitFor(() =>
      expect(within(rowB).queryByRole('button', { name: 'Not mine' })).toBeNull(),
    );
    // it stays interrupted; looking again is one click, and Retry says it spends again
    expect(rowB).toHaveTextContent('Interrupted — may have been charged');
    await user.click(within(rowB).getByRole('button', { name: 'Look for the voice' }));
    await waitFor(() => expect(main.callsOf('jobs.checkAgain')).toEqual([[b.id]]));
    // main looks through the clone list again (Checking…), then Retry is offered again
    await waitFor(() => expect(within(rowB).getByRole('button', { name: 'Retry' })).toBeEnabled());
    await user.click(within(rowB).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry this job?' });
    expect(dialog).toHaveTextContent('it will spend credits again');
    expect(within(dialog).getByRole('button', { name: 'Retry and spend credits' })).toBeEnabled();
  });
});

describe('Jobs panel: records this version cannot act on', () => {
  it('lists them as unknown, saying why, with no action that could change them', async () => {
    const future = {
      ...jobRecord({ label: 'Future job', updatedAt: ago(60_000) }),
      schema_version: 2,
    } as unknown as Job;
    await openJobs({ jobs: [jobRecord({ label: 'Known song' }), future] });
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
    let gone: Job | undefined;
    const { main, user } = await renderMain({
      key: TEST_KEY,
      panels: [libraryPanel, jobsPanel],
      library: [{ id: 'itm_here', title: 'Still here' }],
      jobs: (emu) => {
        gone = finished(emu, 'Harbor lights', 'itm_gone');
        return [gone, finished(emu, 'Still here', 'itm_here')];
      },
    });
    const section = await screen.findByRole('region', { name: 'Not in the library folder' });
    expect(section).toHaveTextContent('nothing is sent or charged');
    expect(within(section).queryByText('Still here')).toBeNull();
    await user.click(
      within(section).getByRole('button', { name: 'Download again: Harbor lights' }),
    );
    await waitFor(() => expect(main.callsOf('jobs.redownload')).toEqual([[gone!.id]]));
    // being saved again, it leaves the list
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Not in the library folder' })).toBeNull(),
    );
    await waitFor(async () => expect(await savedIn(main)).toContain('Harbor lights.mp3'));
  });

  it('never lists a result the creator moved to the trash; Jobs still offers Download again', async () => {
    let kept: Job | undefined;
    const { main, user } = await renderMain({
      key: TEST_KEY,
      panels: [libraryPanel, jobsPanel],
      library: [{ id: 'itm_here', title: 'Still here' }],
      jobs: (emu) => [(kept = finished(emu, 'Still here', 'itm_here'))],
    });
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    await user.click(await within(list).findByRole('option', { name: /^Still here,/ }));
    const details = screen.getByRole('region', { name: 'Item details' });
    await user.click(within(details).getByRole('button', { name: /^More actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Move to trash' }));
    await waitFor(() => expect(main.callsOf('library.trash')).toEqual([[['itm_here']]]));
    await waitFor(async () => expect(await savedIn(main)).not.toContain('Still here.mp3'));
    // main has told the renderer of the job again (the item left): it may be fetched, it is not lost
    await waitFor(() => expect(useJobsStore.getState().byId[kept!.id]?.canRedownload).toBe(true));
    expect(useJobsStore.getState().byId[kept!.id]?.lostResults).toBe(false);
    expect(screen.queryByRole('region', { name: 'Not in the library folder' })).toBeNull();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
        name: /Jobs/,
      }),
    );
    const row = await findRow('Still here');
    expect(within(row).getByRole('button', { name: 'Download again' })).toBeEnabled();
  });
});

const savedIn = (main: Main) => main.libraryFiles();
