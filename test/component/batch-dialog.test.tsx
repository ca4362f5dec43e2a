/**
 * Songs › Batch… and the batch list (issue 32, point 1) against the real main and the emulator:
 * the total before it starts and the ask when its spend is not known yet; a file with a bad line
 * refused by line with nothing sent; the list's progress, Pause / Resume, Cancel behind a
 * confirm, an interrupted submission waiting for the creator (Skip), and "Open in the Library"
 * opening the batch's collection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchRecord } from '@shared/domain/batch';
import { songsPanel } from '../../src/renderer/panels/songs';
import { libraryPanel } from '../../src/renderer/panels/library';
import { useCollections } from '../../src/renderer/panels/library/collections-store';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { writeBatchRecord, writeUserText } from './support/batch-files';
import { startMain, TEST_KEY, type Main } from './support/main';
import { renderMain } from './support/render-app';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
  resetLibraryStore();
  useCollections.setState({ list: null, openId: null, error: null });
});

const PROMPTS = ['harbour lights, slow piano', 'desert road, dusty guitar', 'neon rain, synthwave'];

const posted = (main: Main) =>
  main.emulator.log.filter((e) => e.method === 'POST' && /\/v2\/submit$/.test(e.path));

async function open() {
  const main = await startMain({ key: TEST_KEY });
  const view = await renderMain({ main, panels: [songsPanel, libraryPanel] });
  await screen.findByText('Songs left: 50');
  return { ...view, main };
}

/** A batch record as main left it (written before the list reads it). */
function seeded(over: Partial<BatchRecord>): BatchRecord {
  const at = new Date().toISOString();
  return {
    schema_version: 1,
    id: 'bat_seeded01',
    name: 'Left overnight',
    state: 'running',
    concurrency: 2,
    perPrompt: 1,
    prompts: PROMPTS.slice(0, 2).map((prompt) => ({
      prompt,
      title: '',
      lyrics: '',
      model: null,
      instrumental: false,
    })),
    slots: [0, 1].map((prompt) => ({
      prompt,
      state: 'waiting' as const,
      jobId: null,
      attempts: 0,
      retryAt: null,
      itemIds: [],
      error: null,
    })),
    collectionId: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
    announced: false,
    ...over,
  };
}

describe('Songs › Batch…', () => {
  it('shows the total, asks when the spend is not known yet, and runs: 3 submissions, 6 songs, the collection one click away', async () => {
    const { user, main } = await open();
    await user.click(screen.getByRole('button', { name: 'Batch…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batch of songs' });
    await user.type(within(dialog).getByLabelText('Name'), 'Three moods');
    await user.type(within(dialog).getByLabelText('Prompts'), PROMPTS.join('{Enter}'));
    await within(dialog).findByText('3 prompts: 3 submissions, 6 songs.');
    expect(dialog).toHaveTextContent(/How much of your songs counter this spends is not known yet/);
    expect(dialog).toHaveTextContent('50 left now.');

    // not known yet: the first click asks, saying so; Back sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Start batch…' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Nothing is known yet about how much this spends, and it asks for 6 songs. Start it anyway?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(posted(main)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Start batch…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    main.core.batches.start();
    const list = screen.getByRole('region', { name: 'Batches' });
    await within(list).findByText('3 of 3 submissions done, 6 songs', {}, { timeout: 30_000 });
    await within(list).findByText('Finished');
    expect(posted(main)).toHaveLength(3);
    expect(within(list).queryByRole('button', { name: 'Pause' })).toBeNull();

    // its collection, one click away: the Library opens on it with its six songs
    await user.click(within(list).getByRole('button', { name: 'Open in the Library' }));
    expect(await screen.findByRole('heading', { name: 'Three moods' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('collection-track')).toHaveLength(6));
  }, 90_000);

  it('a file with a bad line is refused by line: Start stays off and nothing is sent', async () => {
    const { user, main } = await open();
    const file = await writeUserText(
      main,
      'moods.csv',
      'prompt,model\nfine prompt,v4.5\nother prompt,v9\n',
    );
    await user.click(screen.getByRole('button', { name: 'Batch…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batch of songs' });
    main.double.dialogs.answerOpenDialog([file]);
    await user.click(within(dialog).getByRole('button', { name: 'Choose a file…' }));
    // the name comes from the file; the problem names its line
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('moods'));
    const problems = await within(dialog).findByText(/The list has 1 problem/);
    expect(problems.parentElement).toHaveTextContent(/Line 3: “v9” is not a model/);
    expect(within(dialog).getByRole('button', { name: /^Start batch/ })).toBeDisabled();
    expect(posted(main)).toHaveLength(0);
  }, 60_000);
});

describe('Songs: the batch list', () => {
  it('pauses and resumes; Cancel asks first and keeps what was made; an interrupted submission waits for the creator', async () => {
    const main = await startMain({ key: TEST_KEY });
    await writeBatchRecord(
      main,
      seeded({
        state: 'paused',
        slots: [
          {
            prompt: 0,
            state: 'done',
            jobId: 'job_done01',
            attempts: 1,
            retryAt: null,
            itemIds: ['itm_a', 'itm_b'],
            error: null,
          },
          {
            prompt: 1,
            state: 'interrupted',
            jobId: 'job_cut01',
            attempts: 1,
            retryAt: null,
            itemIds: [],
            error: { code: 'cancelled', message: 'Interrupted — may have been charged.' },
          },
        ],
      }),
    );
    const { user } = await renderMain({ main, panels: [songsPanel, libraryPanel] });
    const list = await screen.findByRole('region', { name: 'Batches' });
    expect(within(list).getByText('Paused')).toBeInTheDocument();
    expect(within(list).getByText('1 of 2 submissions done, 2 songs')).toBeInTheDocument();
    // no collection: nothing to open
    expect(within(list).queryByRole('button', { name: 'Open in the Library' })).toBeNull();

    const waits = within(list).getByRole('list', {
      name: 'Submissions of \u2068Left overnight\u2069 waiting for you',
    });
    expect(waits).toHaveTextContent(
      `“\u2068${PROMPTS[1]}\u2069” was interrupted and may have been charged. It is not sent again unless you say so.`,
    );

    await user.click(within(list).getByRole('button', { name: 'Resume' }));
    await within(list).findByRole('button', { name: 'Pause' });
    expect((await main.core.batches.get('bat_seeded01')).state).toBe('running');
    await user.click(within(list).getByRole('button', { name: 'Pause' }));
    await within(list).findByRole('button', { name: 'Resume' });
    expect((await main.core.batches.get('bat_seeded01')).state).toBe('paused');

    // Skip leaves it as it is: never sent
    await user.click(within(waits).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Skip' })).toBeNull());
    expect((await main.core.batches.get('bat_seeded01')).slots[1]!.state).toBe('skipped');

    // Cancel asks first; "Keep it" keeps it
    await user.click(within(list).getByRole('button', { name: 'Cancel batch' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Cancel “\u2068Left overnight\u2069”?',
    });
    expect(confirm).toHaveTextContent(
      'Songs already made stay in the library and in the collection.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect((await main.core.batches.get('bat_seeded01')).state).toBe('paused');
    await user.click(within(list).getByRole('button', { name: 'Cancel batch' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel batch' }),
    );
    await within(list).findByText('Cancelled');
    const after = await main.core.batches.get('bat_seeded01');
    expect(after.state).toBe('cancelled');
    expect(after.slots[0]).toMatchObject({ state: 'done', songs: 2 });
    expect(posted(main)).toHaveLength(0);
  }, 60_000);
});
