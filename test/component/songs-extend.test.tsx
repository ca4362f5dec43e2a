/**
 * The Songs panel's takes over the real main: a finished song job (the record an earlier run
 * left) whose two takes are files and sidecars in main's library, their service songs made in the
 * emulator; Extend, Delete, Star, Whole song, Export and the history go through main's handlers
 * to disk and to the emulator.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreateSongRequest } from '@shared/ipc/songs';
import { selectLibrarySongs, useLibraryStore } from '../../src/renderer/stores/library';
import { accountPanel } from '../../src/renderer/panels/account';
import { libraryPanel } from '../../src/renderer/panels/library';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { openExtend, resetSongsStore } from '../../src/renderer/stores/songs';
import type { PanelDef } from '../../src/renderer/app/panels';
import { installedEngines } from './support/fake-engine';
import { expectPlayerPlays, playerBar } from './support/player-checks';
import { jobRecord, startMain, TEST_KEY, type Main, type SeedItem } from './support/main';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';

const PARENT = 'itm_parent0000000000000001';
const TAKE_A = 'itm_takeA00000000000000001';
const TAKE_B = 'itm_takeB00000000000000001';
const URL_A = 'cadenza-media://library/Summer%20rain.wav';
const URL_B = 'cadenza-media://library/Summer%20rain%20(2).wav';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
});

/** The library song of the Songs panel's views: a 6 s song with its recipe. */
const song = (fields: Partial<SeedItem> & Pick<SeedItem, 'id' | 'title'>): SeedItem => ({
  seconds: 6,
  created_at: '2025-03-14T09:00:00.000Z',
  prompt: 'city pop, warm bass',
  model: 'v4.0',
  ...fields,
});

/**
 * A finished submission of two takes, as an earlier run left it: the job record, and the two
 * takes in the library (their service songs made in the emulator). `bSongId: null`: take 2 has
 * no service id; `bParent`: take 2 continues that item.
 */
async function openTakes(
  options: { bSongId?: null; bParent?: string; aTitle?: string; panels?: PanelDef[] } = {},
) {
  const job = jobRecord({
    label: 'Summer rain',
    request: {
      api: 'v2',
      mode: 'custom',
      prompt: 'city pop, warm bass',
      title: 'Summer rain',
      modelVersion: 'v4.0',
    },
    tracking: 'v2-query',
    serviceIds: ['svc-a', 'svc-b'],
    resultItemIds: [TAKE_A, TAKE_B],
    outputs: [TAKE_A, TAKE_B].map((itemId, i) => ({
      serviceId: i === 0 ? 'svc-a' : 'svc-b',
      status: 'saved' as const,
      libraryKind: 'song' as const,
      title: 'Summer rain',
      durationMs: 6000,
      libraryItemId: itemId,
      fileName: i === 0 ? 'Summer rain.wav' : 'Summer rain (2).wav',
    })),
  });
  const main = await startMain({ key: TEST_KEY, jobs: [job] });
  const [a, b] = await main.songsOnService([
    { title: 'Summer rain', style: 'city pop, warm bass', lyrics: 'one', seconds: 6 },
    { title: 'Summer rain', style: 'city pop, warm bass', lyrics: 'two', seconds: 6 },
  ]);
  const take = (id: string, file: string, songId: string | null): SeedItem =>
    song({
      id,
      title: 'Summer rain',
      file,
      job_id: job.id,
      variation_group: job.id,
      service_ids: songId ? { song_id: songId } : {},
    });
  await main.addToLibrary([
    ...(options.bParent ? [song({ id: options.bParent, title: 'Neon Tide' })] : []),
    { ...take(TAKE_A, 'Summer rain.wav', a!), title: options.aTitle ?? 'Summer rain' },
    {
      ...take(TAKE_B, 'Summer rain (2).wav', options.bSongId === null ? null : b!),
      created_at: '2025-03-14T09:00:01.000Z',
      ...(options.bParent ? { parent_id: options.bParent, continue_at_s: 4 } : {}),
    },
  ]);
  const view = await renderMain({ main, panels: options.panels ?? [songsPanel] });
  await waitFor(
    () => expect(selectLibrarySongs(useLibraryStore.getState())?.length).toBeGreaterThan(1),
    { timeout: 15_000 },
  );
  return { ...view, job, serviceIds: [a!, b!] };
}

const sent = (main: Main): CreateSongRequest[] =>
  main.callsOf('songs.create').map((a) => a[0] as CreateSongRequest);

describe('Songs: following the library', () => {
  it('the songs are a view of the one library list: a change costs one small fetch of the items it names', async () => {
    const main = await startMain({
      key: TEST_KEY,
      library: [song({ id: PARENT, title: 'Neon Tide' })],
    });
    await renderMain({ main, panels: [songsPanel] });
    const songs = () => selectLibrarySongs(useLibraryStore.getState());
    await waitFor(() => expect(songs()).toHaveLength(1));
    const before = main.calls.length;
    // another song in the library folder, the first one gone (a file manager's changes)
    await main.addToLibrary([
      song({ id: TAKE_A, title: 'Other song', created_at: '2025-03-15T09:00:00.000Z' }),
    ]);
    await main.removeFromLibrary('Neon Tide.wav', PARENT);
    await waitFor(() => expect(songs()?.map((s) => s.title)).toEqual(['Other song']), {
      timeout: 15_000,
    });
    // small fetches of the new item for the whole renderer (no second copy of the library for
    // the Songs panel, never the whole list again)
    // (the panel's other readers — presets, batches, cost — may still be answering: not counted)
    const after = main.calls.slice(before).filter((c) => c.method.startsWith('library.'));
    expect(after.length).toBeGreaterThan(0);
    expect(after).toContainEqual({ method: 'library.list', args: [{ ids: [TAKE_A] }] });
    expect(
      after.every(
        (c) =>
          JSON.stringify(c) ===
          JSON.stringify({ method: 'library.list', args: [{ ids: [TAKE_A] }] }),
      ),
    ).toBe(true);
  });
});

describe('Songs: extend from here', () => {
  it('the take ⋯ menu by keyboard: Extend opens the Extend form with focus on it; a take without a service id offers none; refuses a start of 0 or past the end; Ctrl+Enter sends custom mode with the parent', async () => {
    const { main, user, serviceIds } = await openTakes({ bSongId: null, aTitle: 'Neon Tide' });
    const take1 = await screen.findByRole('listitem', { name: 'Neon Tide · Take 1' });
    const take2 = await screen.findByRole('listitem', { name: 'Summer rain · Take 2' });
    // one way to extend: no "Extend …" buttons anywhere, only the take's menu item
    expect(screen.queryByRole('button', { name: /^Extend/ })).toBeNull();
    const more2 = within(take2).getByRole('button', { name: 'More for Summer rain · Take 2' });
    more2.focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Trim…',
      'Export…',
      'Reuse settings',
      'Star',
      'Delete',
      'Show in library',
    ]);
    await user.keyboard('{Escape}');
    expect(more2).toHaveFocus();

    const more1 = within(take1).getByRole('button', { name: 'More for Neon Tide · Take 1' });
    expect(more1).toHaveAttribute('aria-haspopup', 'menu');
    more1.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'More for Neon Tide · Take 1' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual([
      'Extend',
      'Trim…',
      'Export…',
      'Reuse settings',
      'Star',
      'Delete',
      'Show in library',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Extend' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();

    const form = await screen.findByRole('form', { name: 'Extend Neon Tide' });
    // focus moves from the ⋯ button (further down, in the results) to the form's heading
    expect(
      within(form).getByRole('heading', { name: `Extend “${iso('Neon Tide')}”` }),
    ).toHaveFocus();
    const start = within(form).getByLabelText('Continue at (seconds)');
    // Not playing: defaults to a second before the end (5.0 of 6.0 s) — inside the service's
    // length even when the library's, probed locally, is a few ms longer.
    expect(start).toHaveValue(5);
    expect(within(form).getByLabelText('Style prompt for the continuation')).toHaveValue(
      'city pop, warm bass',
    );
    expect(within(form).getByLabelText('Model version for the extension')).toHaveValue('v4.0');

    await user.clear(start);
    await user.type(start, '0');
    expect(
      within(form).getByText('Choose where the extension starts (after 0 seconds).'),
    ).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(form).getByRole('button', { name: 'Extend from here' }));
    expect(sent(main)).toHaveLength(0);

    await user.clear(start);
    await user.type(start, '6.1');
    expect(
      within(form).getByText('The song is only 6 seconds long; start the extension within it.'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Extend from here' }));
    expect(sent(main)).toHaveLength(0);

    // The slider and the number move together.
    fireEvent.change(within(form).getByRole('slider', { name: 'Continue at (timeline)' }), {
      target: { value: '3.5' },
    });
    expect(start).toHaveValue(3.5);
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.clear(within(form).getByLabelText('Title of the extension'));
    await user.type(within(form).getByLabelText('Title of the extension'), 'Neon Tide II');
    await user.type(within(form).getByLabelText('Lyrics for the continuation'), 'Second wave');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent(main)).toHaveLength(1));
    expect(sent(main)[0]).toEqual({
      api: 'v2',
      mode: 'custom',
      prompt: 'city pop, warm bass',
      modelVersion: 'v4.0',
      instrumental: false,
      title: 'Neon Tide II',
      lyrics: 'Second wave',
      extend: { songId: TAKE_A, continueAtS: 3.5 },
    });
    expect(
      await within(form).findByText(`Extension of "${iso('Neon Tide')}" from 0:03.5 submitted.`),
    ).toBeInTheDocument();
    // main sent the service the take's own song id and the start
    await waitFor(() => {
      const posted = main.emulator.log.filter((e) => e.path === '/v2/submit').at(-1);
      expect(posted?.json).toMatchObject({
        continue_song_id: serviceIds[0],
        continue_at: 3.5,
        title: 'Neon Tide II',
        lyrics: 'Second wave',
      });
    });
  });

  it('Back to create (by keyboard) closes the Extend form and puts focus on the Create form, what was typed still there', async () => {
    const { user } = await openTakes();
    const description = await screen.findByLabelText('Song description');
    await user.type(description, 'rain on the roof');
    act(() => openExtend(TAKE_A));
    const form = await screen.findByRole('form', { name: 'Extend Summer rain' });
    expect(
      within(form).getByRole('heading', { name: `Extend “${iso('Summer rain')}”` }),
    ).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Back to create' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('form', { name: 'Extend Summer rain' })).toBeNull();
    const create = screen.getByRole('form', { name: 'Create a song' });
    expect(within(create).getByRole('heading', { name: 'Create' })).toHaveFocus();
    expect(within(create).getByLabelText('Song description')).toHaveValue('rain on the roof');
  });

  it('shows main’s refusal on the start field (e.g. a parent whose length changed)', async () => {
    const { main, user } = await openTakes();
    act(() => openExtend(TAKE_A));
    const form = await screen.findByRole('form', { name: 'Extend Summer rain' });
    expect(within(form).getByLabelText('Continue at (seconds)')).toHaveValue(5);
    // the song's length changes on disk before main reads the request (another program
    // rewrote its sidecar): main refuses the start the form still allows
    const release = main.holdNext('songs.create');
    await user.click(within(form).getByRole('button', { name: 'Extend from here' }));
    await main.editSidecar('Summer rain.wav', { duration_ms: 4000 });
    await waitFor(
      async () => {
        const listed = await main.api.library.list({ ids: [TAKE_A] });
        expect(listed.ok && listed.value[0]?.durationMs).toBe(4000);
      },
      { timeout: 15_000 },
    );
    release();
    expect(
      await within(form).findByText(
        'The song is only 4 seconds long; start the extension within it.',
      ),
    ).toBeInTheDocument();
    expect(main.emulator.log.filter((e) => e.path === '/v2/submit')).toHaveLength(2);
  });

  it('openExtend(itemId) from another panel shows the Songs panel with the picker on that song', async () => {
    await renderMain({
      key: TEST_KEY,
      panels: [accountPanel, songsPanel],
      library: [
        song({ id: PARENT, title: 'Neon Tide', service_ids: { song_id: 'svc-parent' } }),
        song({ id: TAKE_A, title: 'Other song', service_ids: { song_id: 'svc-other' } }),
      ],
    });

    expect(screen.queryByRole('heading', { name: 'Songs', level: 1 })).toBeNull();
    act(() => openExtend(TAKE_A));
    expect(await screen.findByRole('heading', { name: 'Songs', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Extend Other song' })).toBeInTheDocument();
  });
});

describe('Songs: the two takes side by side', () => {
  it('A/B switches playback to the other take at the same position', async () => {
    const { user } = await openTakes();
    const card = await screen.findByRole('listitem', { name: 'Song: Summer rain' });
    const ab = within(card).getByRole('radiogroup', { name: 'Compare takes' });
    expect(within(ab).getByRole('radio', { name: 'A' })).toBeChecked();
    // artwork: placeholder art while the takes have none
    expect(card.querySelectorAll('.artwork-placeholder')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: 'Play Summer rain · Take 1' }));
    await expectPlayerPlays(URL_A, {
      title: 'Summer rain · Take 1',
    });
    const engines = installedEngines();
    const a = engines.last();
    a.positionS = 12.3; // A has played 12.3 s
    await user.click(within(ab).getByRole('radio', { name: 'B' }));
    expect(within(ab).getByRole('radio', { name: 'B' })).toBeChecked();
    // one engine: A stops, B starts at A's position and plays on
    await expectPlayerPlays(URL_B, {
      title: 'Summer rain · Take 2',
    });
    const b = engines.last();
    expect(a.unloaded).toBe(true);
    expect(b.calls.slice(0, 2)).toEqual(['seek:12.3', 'play']);
    expect(within(card).getByTestId('ab-position')).toHaveTextContent('B from 0:12.3');
    expect(
      within(card).getByRole('button', { name: 'Pause Summer rain · Take 2' }),
    ).toBeInTheDocument();

    // B paused at 4 s: A takes over there, paused (by keyboard: arrow in the switch)
    await user.click(within(card).getByRole('button', { name: 'Pause Summer rain · Take 2' }));
    await waitFor(() => expect(playerBar()).toHaveAttribute('data-status', 'paused'));
    b.positionS = 4;
    within(ab).getByRole('radio', { name: 'B' }).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(engines.last().source.url).toBe(URL_A));
    expect(engines.last().calls).toEqual(['seek:4']);
    expect(within(card).getByTestId('ab-position')).toHaveTextContent('A from 0:04.0');
    expect(playerBar()).toHaveAttribute('data-status', 'paused');
  });

  it("Delete (take ⋯ menu) moves take 1 to the trash with the Library's Undo toast; take 2 stays and plays alone; Undo puts take 1 back", async () => {
    const { main, user } = await openTakes();
    const card = await screen.findByRole('listitem', { name: 'Song: Summer rain' });
    const take1 = within(card).getByRole('listitem', { name: 'Summer rain · Take 1' });
    await user.click(within(take1).getByRole('button', { name: 'More for Summer rain · Take 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(take1).getByTestId('take-status')).toHaveTextContent('Moved to the trash'),
    );
    // the Library's trash (a hidden folder first, Undo for about 10 s), not straight to the OS trash
    expect(main.callsOf('library.trash')).toEqual([[[TAKE_A]]]);
    expect(main.callsOf('library.remove')).toEqual([]);
    const shown = async () => (await main.libraryFiles()).filter((f) => !f.startsWith('.'));
    expect(await shown()).toEqual(['Summer rain (2).wav', 'Summer rain (2).wav.json']);
    expect(within(take1).queryByRole('button', { name: /Play/ })).toBeNull();
    expect(within(take1).queryByRole('button', { name: /More for/ })).toBeNull();
    expect(
      within(card).getByRole('button', { name: 'Play Summer rain · Take 2' }),
    ).toBeInTheDocument();
    // nothing left to compare
    expect(within(card).queryByRole('radiogroup', { name: 'Compare takes' })).toBeNull();

    // the toast names the take that went and offers Undo: every file comes back, and the take with it
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.closest('[role="status"]')).toHaveTextContent(
      `Moved “${iso('Summer rain · Take 1')}” to the trash.`,
    );
    await user.click(undo);
    await waitFor(async () => expect(await shown()).toHaveLength(4));
    expect(main.callsOf('library.undoTrash')).toHaveLength(1);
    expect(
      await within(take1).findByRole('button', { name: 'Play Summer rain · Take 1' }),
    ).toBeInTheDocument();
  });

  it('Ctrl+Z and Edit › Undo put a deleted take back in Songs too (not while a text field has the focus)', async () => {
    const { main, user } = await openTakes();
    const card = await screen.findByRole('listitem', { name: 'Song: Summer rain' });
    const take1 = within(card).getByRole('listitem', { name: 'Summer rain · Take 1' });
    const del = async () => {
      await user.click(
        await within(take1).findByRole('button', { name: 'More for Summer rain · Take 1' }),
      );
      await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
      await waitFor(() =>
        expect(within(take1).getByTestId('take-status')).toHaveTextContent('Moved to the trash'),
      );
      await screen.findByRole('button', { name: 'Undo' });
    };
    const back = () => within(take1).findByRole('button', { name: 'Play Summer rain · Take 1' });

    // the keyboard: a text field keeps its own Ctrl+Z, elsewhere it is the toast's Undo
    await del();
    const field = screen.getAllByRole('textbox')[0]!;
    field.focus();
    await user.keyboard('{Control>}z{/Control}');
    expect(main.callsOf('library.undoTrash')).toHaveLength(0);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}z{/Control}');
    expect(await back()).toBeInTheDocument();
    expect(main.callsOf('library.undoTrash')).toHaveLength(1);

    // the application menu's Edit › Undo (main sends it to the focused window)
    await del();
    await act(async () => {
      main.send('menuEdit', 'undo');
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(await back()).toBeInTheDocument();
    expect(main.callsOf('library.undoTrash')).toHaveLength(2);
  });

  it('Star marks the take in the library (kept after a restart) and deletes nothing; a failed delete keeps the take and says why; Show in library selects it there', async () => {
    const { main, user } = await openTakes({ panels: [songsPanel, libraryPanel] });
    main.refuseNext('library.trash', {
      code: 'io',
      message: 'Cadenza could not move the file to the trash.',
    });
    const take2 = await screen.findByRole('listitem', { name: 'Summer rain · Take 2' });
    const more = within(take2).getByRole('button', { name: 'More for Summer rain · Take 2' });
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(
      await within(take2).findByText('Cadenza could not move the file to the trash.'),
    ).toBeInTheDocument();
    expect(await main.libraryFiles()).toHaveLength(4);
    expect(
      within(take2).getByRole('button', { name: 'Play Summer rain · Take 2' }),
    ).toBeInTheDocument();

    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Star' }));
    expect(await within(take2).findByText('Starred')).toBeInTheDocument();
    // the star is the item's own, in its sidecar: not a flag of this session
    expect(main.callsOf('collections.mark')).toEqual([[[TAKE_B], { favourite: true }]]);
    await user.click(more);
    expect(screen.queryByRole('menuitem', { name: 'Star' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Remove the star' })).toBeInTheDocument();
    expect(main.callsOf('library.trash')).toHaveLength(1);

    await user.click(screen.getByRole('menuitem', { name: 'Show in library' }));
    expect(await screen.findByRole('heading', { name: 'Library', level: 1 })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[aria-selected="true"]')?.id).toBe(`library-row-${TAKE_B}`),
    );
  });
});

describe('Songs: finishing a take', () => {
  it('Whole song (extensions only) joins the take to its song as a new item; Export… copies it', async () => {
    // take 2 continues another song: it is an extension
    const { main, user } = await openTakes({ bParent: PARENT });
    const take1 = await screen.findByRole('listitem', { name: 'Summer rain · Take 1' });
    await user.click(within(take1).getByRole('button', { name: 'More for Summer rain · Take 1' }));
    expect(screen.queryByRole('menuitem', { name: 'Whole song' })).toBeNull(); // not an extension
    await user.keyboard('{Escape}');

    const take2 = screen.getByRole('listitem', { name: 'Summer rain · Take 2' });
    const more = within(take2).getByRole('button', { name: 'More for Summer rain · Take 2' });
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Whole song' }));
    await waitFor(() => expect(main.callsOf('edit.wholeSong')).toEqual([[TAKE_B]]));
    await waitFor(
      () =>
        expect(within(take2).getByRole('status')).toHaveTextContent(
          'Saved “Summer rain (whole song)” as a new item in your library.',
        ),
      { timeout: 60_000 },
    );

    const music = await main.userFolder('Music');
    main.double.dialogs.answerOpenDialog([music]);
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Export…' }));
    // the Library's export dialog, on this take
    const dialog = screen.getByRole('dialog', { name: /^Export “/ });
    await user.click(within(dialog).getByRole('radio', { name: 'WAV' }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    await waitFor(() =>
      expect(main.callsOf('export.items')).toEqual([
        [[TAKE_B], { format: 'wav', artist: '', album: '', normalise: false }],
      ]),
    );
    // the take card lists the files and shows them in the folder (main knows where: the export's id)
    const files = await within(take2).findByRole('group', { name: 'Exported files' });
    expect(within(files).getByRole('status')).toHaveTextContent(`1 file exported to ${iso(music)}`);
    expect(within(files).getByRole('listitem')).toHaveTextContent('Summer rain.wav');
    await user.click(within(files).getByRole('button', { name: 'Show in folder' }));
    expect(main.callsOf('export.showInFolder')).toHaveLength(1);
    await waitFor(() =>
      expect(main.double.state.openedExternal).toContain(`show:${music}/Summer rain.wav`),
    );
  });

  it('Trim… in the take ⋯ menu opens the Library’s trim dialog on that take', async () => {
    const { user } = await openTakes();
    const take1 = await screen.findByRole('listitem', { name: 'Summer rain · Take 1' });
    await user.click(within(take1).getByRole('button', { name: 'More for Summer rain · Take 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Trim…' }));
    expect(await screen.findByRole('dialog', { name: /Summer rain/ })).toBeInTheDocument();
  });
});

describe('Songs: history on the service', () => {
  it('lists finished songs not in the library and imports one, then the selected ones', async () => {
    const main = await startMain({ key: TEST_KEY });
    // the key's songs on the service: three not in the library, two that are, one that failed
    const [oldTune, nightDrive, dawn, keptA, keptB] = await main.songsOnService([
      { title: 'Old tune', style: 'folk', lyrics: 'a river song', seconds: 95 },
      { title: 'Night drive', style: 'synthwave', seconds: 61.5 },
      { title: 'Dawn', style: 'ambient', seconds: 30 },
      { title: 'Kept', style: 'pop', lyrics: 'kept', seconds: 6 },
      { title: 'Kept too', style: 'pop', lyrics: 'kept', seconds: 6 },
    ]);
    await main.songsOnService([{ title: 'Broken', style: 'noise #fail', seconds: 6 }]);
    await main.addToLibrary([
      song({ id: 'itm_kept1', title: 'Kept', service_ids: { song_id: keptA! } }),
      song({ id: 'itm_kept2', title: 'Kept too', service_ids: { song_id: keptB! } }),
    ]);
    const taskOf = (songId: string | undefined) =>
      main.emulator.songs().find((x) => x.songId === songId)!.taskId;
    const { user } = await renderMain({ main, panels: [songsPanel] });
    await waitFor(() => expect(selectLibrarySongs(useLibraryStore.getState())).toHaveLength(2));
    const card = await screen.findByRole('region', { name: 'Song history' });
    expect(main.callsOf('songs.history')).toHaveLength(0); // nothing is asked until the user does
    await user.click(within(card).getByRole('button', { name: 'Check the service' }));
    expect(await within(card).findByTestId('history-summary')).toHaveTextContent(
      '3 finished songs are not in your library. 2 already in the library. 1 still generating or failed.',
    );
    const oldTuneRow = within(card).getByRole('listitem', { name: 'History: Old tune' });
    expect(oldTuneRow).toHaveTextContent('1:35.0 · folk · with lyrics');
    expect(
      within(card).getByRole('listitem', { name: 'History: Night drive' }),
    ).not.toHaveTextContent('with lyrics');

    await user.click(within(oldTuneRow).getByRole('button', { name: 'Import Old tune' }));
    await waitFor(() => expect(main.callsOf('songs.importHistory')).toEqual([[[taskOf(oldTune)]]]));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Importing 1 song into the library',
    );
    expect(within(card).queryByRole('listitem', { name: 'History: Old tune' })).toBeNull();

    await user.click(within(card).getByRole('checkbox', { name: 'Night drive' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Dawn' }));
    await user.click(within(card).getByRole('button', { name: 'Import selected (2)' }));
    await waitFor(() => expect(main.callsOf('songs.importHistory')).toHaveLength(2));
    expect(main.callsOf('songs.importHistory')[1]).toEqual([[taskOf(nightDrive), taskOf(dawn)]]);
    // The import jobs show with the other song jobs.
    expect(
      await screen.findByRole('listitem', { name: /Song: Import: 2 songs/ }),
    ).toBeInTheDocument();
    // and main saves the imported songs into the library
    await waitFor(
      async () => {
        const listed = await main.api.library.list();
        expect(listed.ok && listed.value.map((i) => i.title).sort()).toEqual([
          'Dawn',
          'Kept',
          'Kept too',
          'Night drive',
          'Old tune',
        ]);
      },
      { timeout: 30_000 },
    );
  });

  it('says when the service cannot list the history', async () => {
    const { main, user } = await renderMain({ key: TEST_KEY, panels: [songsPanel] });
    const card = await screen.findByRole('region', { name: 'Song history' });
    await main.emulator.goOffline();
    await user.click(within(card).getByRole('button', { name: 'Check the service' }));
    expect(await within(card).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      /isn't answering, so Cadenza could not list your songs on the service\./,
    );
  });
});
