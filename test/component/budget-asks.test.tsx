/**
 * The budget guard on every spending button beside Create and Speak (issue 32, point 3;
 * docs/cost.md): with Settings' "ask before spending more than 0 in one go" on the button's
 * counter, Extend, Make cover, Clone voice, Make singing video and a job's Retry ask first, with
 * the numbers; Cancel sends nothing (the emulator's request log), Send anyway sends once. Without
 * the ask each of these would send on the first click. Retry waits for main's check when it is
 * confirmed before the check has answered.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Counter } from '@shared/errors';
import { appError } from '@shared/app-error';
import { coversPanel } from '../../src/renderer/panels/covers';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { songsPanel } from '../../src/renderer/panels/songs';
import { videosPanel } from '../../src/renderer/panels/videos';
import { voicePanel } from '../../src/renderer/panels/voices';
import type { PanelDef } from '../../src/renderer/app/panels';
import { resetCoversStore } from '../../src/renderer/stores/covers';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import {
  resetLibraryStore,
  selectLibrarySongs,
  useLibraryStore,
} from '../../src/renderer/stores/library';
import { openExtend, resetSongsStore } from '../../src/renderer/stores/songs';
import { resetVideosStore } from '../../src/renderer/stores/videos';
import { resetVoicesStore } from '../../src/renderer/stores/voices';
import { pickItem } from './support/picker';
import { jobRecord, startMain, TEST_KEY, type Main, type MainOptions } from './support/main';
import { renderMain } from './support/render-app';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
  resetLibraryStore();
  resetCoversStore();
  resetVideosStore();
  resetVoicesStore();
});

/** Requests the service received at `path` (the emulator's log). */
const posted = (main: Main, path: string) =>
  main.emulator.log.filter((e) => e.method === 'POST' && e.path === path);

/** Main with a budget of 0 on `counter` (always ask), the window open on `panels`. */
async function openWithBudget(
  counter: Counter,
  panels: PanelDef[],
  options: MainOptions = {},
  before: (main: Main) => unknown = () => undefined,
) {
  const main = await startMain({ key: TEST_KEY, ...options });
  await main.core.settings.update({ spendBudgets: { [counter]: 0 } });
  await before(main);
  return renderMain({ main, panels });
}

/**
 * Clicks `button` (found again each time), expects the ask, cancels it: nothing reaches `path`.
 * Then clicks again and sends anyway: exactly one request reaches it.
 */
async function askCancelThenSend(
  view: Awaited<ReturnType<typeof renderMain>>,
  button: () => HTMLElement,
  path: string,
  label: string,
) {
  const { main, user } = view;
  // what the test's own set-up put on the service (e.g. the song an extension continues)
  const before = posted(main, path).length;
  await user.click(button());
  const ask = await screen.findByTestId('budget-ask');
  // nothing learned yet for this counter: the ask says so, naming the counter and the budget
  expect(ask).toHaveTextContent(
    `How many ${label} this takes is not known yet, and you asked to be asked before spending more than 0 in one go.`,
  );
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByTestId('budget-ask')).toBeNull());
  // long enough for a request the click made to be on the wire
  await new Promise((r) => setTimeout(r, 300));
  expect(posted(main, path)).toHaveLength(before);

  await user.click(button());
  await screen.findByTestId('budget-ask');
  await user.click(screen.getByRole('button', { name: 'Send anyway' }));
  await waitFor(() => expect(posted(main, path)).toHaveLength(before + 1), { timeout: 20_000 });
}

describe('the budget ask on each spending button', () => {
  it('Extend asks; Cancel sends nothing, Send anyway sends the extension', async () => {
    let songId = '';
    const view = await openWithBudget('key_music_counts', [songsPanel], {}, async (main) => {
      [songId] = (await main.songsOnService([
        { title: 'Summer rain', style: 'city pop', lyrics: 'one', seconds: 6 },
      ])) as [string];
      await main.addToLibrary([
        {
          id: 'itm_extend0000000000000001',
          title: 'Summer rain',
          seconds: 6,
          prompt: 'city pop',
          model: 'v4.0',
          service_ids: { song_id: songId },
        },
      ]);
    });
    await waitFor(() => expect(selectLibrarySongs(useLibraryStore.getState())?.length).toBe(1), {
      timeout: 15_000,
    });
    act(() => openExtend('itm_extend0000000000000001'));
    const form = await screen.findByRole('form', { name: 'Extend Summer rain' });
    await askCancelThenSend(
      view,
      () => within(form).getByRole('button', { name: 'Extend from here' }),
      '/v2/submit',
      'Songs',
    );
    expect(posted(view.main, '/v2/submit').at(-1)?.json).toMatchObject({
      continue_song_id: songId,
    });
  }, 90_000);

  it('Make cover asks; Cancel sends nothing, Send anyway sends the cover', async () => {
    const view = await openWithBudget('key_cover_counts', [coversPanel], {
      singers: [{ name: 'My Alto', jobId: 'job_train000001', state: 'ready' }],
      library: (emu) => [
        {
          id: 'itm_dawn',
          title: 'Dawn Chorus',
          seconds: 2,
          source_url: `${emu.mediaUrl}/media/tone.wav?seconds=20`,
        },
      ],
    });
    const card = screen.getByRole('region', { name: 'Make a cover' });
    await within(card).findByRole('combobox', { name: 'Singer' });
    await view.user.click(within(card).getByRole('radio', { name: 'A library song' }));
    await pickItem(view.user, card, 'Library song', 'Dawn Chorus', 'dawn');
    await pickItem(view.user, card, 'Singer', 'My Alto', 'alto');
    await askCancelThenSend(
      view,
      () => within(card).getByRole('button', { name: 'Make cover' }),
      '/v1/cover',
      'Covers',
    );
  }, 90_000);

  it('Clone voice asks; Cancel sends nothing, Send anyway uploads the recording', async () => {
    const view = await openWithBudget('key_clone_voices', [voicePanel]);
    const { main, user } = view;
    await screen.findByRole('heading', { name: 'Voice' });
    const path = await main.userFile('me.wav', 3.2);
    main.dropFile('me.wav', path);
    fireEvent.drop(screen.getByRole('region', { name: 'Drop recordings here' }), {
      dataTransfer: { files: [new File([new Uint8Array(2048)], 'me.wav', { type: 'audio/wav' })] },
    });
    const list = await screen.findByRole('list', { name: 'Recordings' });
    await waitFor(() => expect(list).toHaveTextContent('me.wav — 50 KB, 3.2 s'));
    await user.type(screen.getByLabelText('Voice name'), 'Me again');
    await askCancelThenSend(
      view,
      () => screen.getByRole('button', { name: 'Clone voice' }),
      '/v1/clone',
      'Voice clones',
    );
  }, 90_000);

  it('Make singing video asks; Cancel sends nothing, Send anyway sends the video', async () => {
    const view = await openWithBudget('key_singing_credits', [videosPanel], {
      library: (emu) => [
        {
          id: 'itm_hook',
          title: 'Hook',
          seconds: 18,
          source_url: `${emu.mediaUrl}/media/tone.mp3?seconds=10`,
        },
      ],
    });
    const { main, user } = view;
    const card = screen.getByRole('region', { name: 'Singing photo video' });
    const picker = await within(card).findByRole('combobox', {
      name: 'Library audio (its service link)',
    });
    await user.click(picker);
    await user.keyboard('{Enter}');
    expect(picker).toHaveValue('Hook');
    await user.type(
      within(card).getByRole('textbox', { name: 'Photo link' }),
      `${main.emulator.mediaUrl}/media/photo.png`,
    );
    await askCancelThenSend(
      view,
      () => within(card).getByRole('button', { name: 'Make singing video' }),
      '/v1/singing/generate',
      'Singing credits',
    );
  }, 90_000);
});

/** A quick-mode song an earlier run sent and lost track of: Retry sends it again to /v1/music. */
const interrupted = () =>
  jobRecord({
    label: 'Sea shanty',
    kind: 'song-v1',
    synchronous: true,
    request: { api: 'v1', mode: 'auto', prompt: 'Sea shanty' },
    state: 'interrupted',
    finishedAt: '2025-03-14T09:02:00.000Z',
    error: appError('cancelled', 'errors:jobs.interrupted').toShape(),
  });

/** The Jobs panel over main, with its Retry dialog open on the interrupted job. */
async function openRetry(budget: number | null, beforeClick: (main: Main) => unknown = () => 0) {
  const job = interrupted();
  const main = await startMain({ key: TEST_KEY, jobs: [job], emulator: { stepMs: 60_000 } });
  if (budget !== null)
    await main.core.settings.update({ spendBudgets: { key_music_counts: budget } });
  const view = await renderMain({ main, panels: [jobsPanel] });
  await view.user.click(
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Jobs/ }),
  );
  const row = await screen.findByRole('listitem', { name: 'Sea shanty' });
  await beforeClick(main);
  await view.user.click(within(row).getByRole('button', { name: 'Retry' }));
  const dialog = screen.getByRole('dialog', { name: 'Retry this job?' });
  const confirm = () =>
    within(screen.getByRole('dialog', { name: 'Retry this job?' })).getByRole('button', {
      name: 'Retry and spend credits',
    });
  return { ...view, job, dialog, confirm };
}

describe('the budget ask on Retry', () => {
  it('the Retry dialog asks with the numbers; Cancel sends nothing, confirming sends once', async () => {
    const { main, user, dialog, confirm, job } = await openRetry(0);
    const ask = await within(dialog).findByTestId('budget-ask');
    expect(ask).toHaveTextContent(
      'How many Songs this takes is not known yet, and you asked to be asked before spending more than 0 in one go.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((r) => setTimeout(r, 300));
    expect(main.callsOf('jobs.retry')).toHaveLength(0);
    expect(posted(main, '/v1/music')).toHaveLength(0);

    await user.click(
      within(screen.getByRole('listitem', { name: 'Sea shanty' })).getByRole('button', {
        name: 'Retry',
      }),
    );
    await screen.findByTestId('budget-ask');
    await user.click(confirm());
    await waitFor(() => expect(main.callsOf('jobs.retry')).toEqual([[job.id]]));
    await waitFor(() => expect(posted(main, '/v1/music')).toHaveLength(1));
  }, 90_000);

  it('confirmed before main’s check answered, the retry waits; over the budget it asks first and sends nothing until confirmed again', async () => {
    let release = (): void => undefined;
    const { main, user, dialog, confirm, job } = await openRetry(0, (m) => {
      release = m.holdAnswer('cost.check');
    });
    await user.click(confirm());
    // the dialog stays, saying it is checking; nothing went to main's retry or the service
    expect(await within(dialog).findByTestId('retry-waiting')).toHaveTextContent(
      'Checking what this usually takes before sending the retry…',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(main.callsOf('jobs.retry')).toHaveLength(0);
    release();
    // the check asks: its question shows in the dialog, still nothing sent
    await within(dialog).findByTestId('budget-ask');
    expect(within(dialog).queryByTestId('retry-waiting')).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(main.callsOf('jobs.retry')).toHaveLength(0);
    expect(posted(main, '/v1/music')).toHaveLength(0);
    await user.click(confirm());
    await waitFor(() => expect(main.callsOf('jobs.retry')).toEqual([[job.id]]));
  }, 90_000);

  it('confirmed before main’s check answered, a check that goes sends once it answers (no budget)', async () => {
    let release = (): void => undefined;
    const { main, user, dialog, confirm, job } = await openRetry(null, (m) => {
      release = m.holdAnswer('cost.check');
    });
    await user.click(confirm());
    await within(dialog).findByTestId('retry-waiting');
    await new Promise((r) => setTimeout(r, 300));
    expect(main.callsOf('jobs.retry')).toHaveLength(0);
    release();
    await waitFor(() => expect(main.callsOf('jobs.retry')).toEqual([[job.id]]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 90_000);
});
