import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JobOutputView } from '@shared/ipc/jobs';
import type { CreateSongRequest } from '@shared/ipc/songs';
import type { LibrarySong } from '../../src/renderer/lib/library-views';
import { selectLibrarySongs, useLibraryStore } from '../../src/renderer/stores/library';
import { accountPanel } from '../../src/renderer/panels/account';
import { libraryPanel } from '../../src/renderer/panels/library';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { openExtend, resetSongsStore } from '../../src/renderer/stores/songs';
import { FakeCadenza, makeJobView, makeLibraryItem } from './support/fake-cadenza';
import { installedEngines } from './support/fake-engine';
import { expectPlayerPlays, playerBar } from './support/player-checks';
import { renderApp } from './support/render-app';

const KEY = 'sk-test-songs-0000-1234';
const PARENT = 'itm_parent0000000000000001';
const TAKE_A = 'itm_takeA00000000000000001';
const TAKE_B = 'itm_takeB00000000000000001';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
});

function librarySong(overrides: Partial<LibrarySong> = {}): LibrarySong {
  return {
    itemId: PARENT,
    title: 'Neon Tide',
    songId: 'svc-song-parent',
    durationMs: 6000,
    createdAt: '2025-03-14T09:00:00.000Z',
    jobId: null,
    parentId: null,
    variationGroup: null,
    prompt: 'city pop, warm bass',
    model: 'v4.0',
    mediaUrl: 'cadenza-media://library/Neon%20Tide.mp3',
    coverUrl: null,
    ...overrides,
  };
}

async function open(fake: FakeCadenza, panels = [songsPanel]) {
  const view = await renderApp({ fake, panels });
  return view;
}

const sent = (fake: FakeCadenza): CreateSongRequest[] =>
  fake.callsOf('songs.create').map((a) => a[0] as CreateSongRequest);

describe('Songs: following the library', () => {
  it('the songs are a view of the one library list: a change costs one small fetch of the items it names', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.songs.library = [librarySong()];
    await open(fake);
    const songs = () => selectLibrarySongs(useLibraryStore.getState());
    await waitFor(() => expect(songs()).toHaveLength(1));
    const before = fake.calls.length;
    const fresh = librarySong({
      itemId: TAKE_A,
      title: 'Other song',
      createdAt: '2025-03-15T09:00:00.000Z',
    });
    fake.songs.library = [fresh];
    act(() => fake.emitLibraryChanged({ added: [TAKE_A], updated: [], removed: [PARENT] }));
    await waitFor(() => expect(songs()?.map((s) => s.title)).toEqual(['Other song']));
    // one call for the whole renderer (no second copy of the library for the Songs panel)
    expect(fake.calls.slice(before)).toEqual([
      { method: 'library.list', args: [{ ids: [TAKE_A] }] },
    ]);
  });
});

describe('Songs: extend from here', () => {
  it('the take ⋯ menu by keyboard: Extend opens the Extend form with focus on it; a take without a service id offers none; refuses a start of 0 or past the end; Ctrl+Enter sends custom mode with the parent', async () => {
    const fake = fakeWithTakes({ bSongId: null });
    fake.songs.library[0] = librarySong({ ...fake.songs.library[0]!, title: 'Neon Tide' });
    const { user } = await open(fake);
    const take1 = await screen.findByRole('listitem', { name: 'Neon Tide, take 1' });
    const take2 = await screen.findByRole('listitem', { name: 'Summer rain, take 2' });
    // one way to extend: no "Extend …" buttons anywhere, only the take's menu item
    expect(screen.queryByRole('button', { name: /^Extend/ })).toBeNull();
    const more2 = within(take2).getByRole('button', { name: 'More for Summer rain, take 2' });
    more2.focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Trim…',
      'Export…',
      'Keep',
      'Delete',
      'Show in library',
    ]);
    await user.keyboard('{Escape}');
    expect(more2).toHaveFocus();

    const more1 = within(take1).getByRole('button', { name: 'More for Neon Tide, take 1' });
    expect(more1).toHaveAttribute('aria-haspopup', 'menu');
    more1.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'More for Neon Tide, take 1' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Extend', 'Trim…', 'Export…', 'Keep', 'Delete', 'Show in library']);
    expect(within(menu).getByRole('menuitem', { name: 'Extend' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();

    const form = await screen.findByRole('form', { name: 'Extend Neon Tide' });
    // focus moves from the ⋯ button (further down, in the results) to the form's heading
    expect(within(form).getByRole('heading', { name: 'Extend “Neon Tide”' })).toHaveFocus();
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
    expect(sent(fake)).toHaveLength(0);

    await user.clear(start);
    await user.type(start, '6.1');
    expect(
      within(form).getByText('The song is only 6 seconds long; start the extension within it.'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Extend from here' }));
    expect(sent(fake)).toHaveLength(0);

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
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]).toEqual({
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
      await within(form).findByText('Extension of "Neon Tide" from 0:03.5 submitted.'),
    ).toBeInTheDocument();
  });

  it('Back to create (by keyboard) closes the Extend form and puts focus on the Create form, what was typed still there', async () => {
    const fake = fakeWithTakes();
    const { user } = await open(fake);
    const description = await screen.findByLabelText('Song description');
    await user.type(description, 'rain on the roof');
    act(() => openExtend(TAKE_A));
    const form = await screen.findByRole('form', { name: 'Extend Summer rain' });
    expect(within(form).getByRole('heading', { name: 'Extend “Summer rain”' })).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Back to create' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('form', { name: 'Extend Summer rain' })).toBeNull();
    const create = screen.getByRole('form', { name: 'Create a song' });
    expect(within(create).getByRole('heading', { name: 'Create' })).toHaveFocus();
    expect(within(create).getByLabelText('Song description')).toHaveValue('rain on the roof');
  });

  it('shows main’s refusal on the start field (e.g. a parent whose length changed)', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.songs.library = [librarySong()];
    fake.failNext('songs.create', {
      code: 'validation',
      message: 'The song is only 5 seconds long; start the extension within it.',
      fields: { continueAtS: 'The song is only 5 seconds long; start the extension within it.' },
    });
    const { user } = await open(fake);
    act(() => openExtend(PARENT));
    const form = await screen.findByRole('form', { name: 'Extend Neon Tide' });
    await user.click(within(form).getByRole('button', { name: 'Extend from here' }));
    expect(
      await within(form).findByText(
        'The song is only 5 seconds long; start the extension within it.',
      ),
    ).toBeInTheDocument();
  });

  it('openExtend(itemId) from another panel shows the Songs panel with the picker on that song', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.songs.library = [librarySong(), librarySong({ itemId: TAKE_A, title: 'Other song' })];
    await open(fake, [accountPanel, songsPanel]);
    expect(screen.queryByRole('heading', { name: 'Songs', level: 1 })).toBeNull();
    act(() => openExtend(TAKE_A));
    expect(await screen.findByRole('heading', { name: 'Songs', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Extend Other song' })).toBeInTheDocument();
  });
});

function doneJob() {
  const out = (title: string, itemId: string): JobOutputView => ({
    title,
    status: 'saved',
    libraryKind: 'song',
    durationMs: 6000,
    failReason: null,
    libraryItemId: itemId,
    receivedBytes: 100,
    totalBytes: 100,
  });
  return makeJobView({
    label: 'Summer rain',
    state: 'done',
    progress: 1,
    outputs: [out('Summer rain', TAKE_A), out('Summer rain', TAKE_B)],
    resultItemIds: [TAKE_A, TAKE_B],
  });
}

function fakeWithTakes({ bSongId = 'svc-b' as string | null } = {}): FakeCadenza {
  const fake = new FakeCadenza({ key: KEY, jobs: [doneJob()] });
  fake.state.libraryItems = [
    makeLibraryItem({ id: TAKE_A, title: 'Summer rain', file: 'Summer rain.mp3' }),
    makeLibraryItem({ id: TAKE_B, title: 'Summer rain', file: 'Summer rain (2).mp3' }),
  ];
  fake.songs.library = [
    librarySong({
      itemId: TAKE_A,
      title: 'Summer rain',
      songId: 'svc-a',
      mediaUrl: 'cadenza-media://library/Summer%20rain.mp3',
    }),
    librarySong({
      itemId: TAKE_B,
      title: 'Summer rain',
      songId: bSongId,
      mediaUrl: 'cadenza-media://library/Summer%20rain%20(2).mp3',
    }),
  ];
  return fake;
}

describe('Songs: the two takes side by side', () => {
  it('A/B switches playback to the other take at the same position', async () => {
    const fake = fakeWithTakes();
    const { user } = await open(fake);
    const card = await screen.findByRole('listitem', { name: 'Song: Summer rain' });
    const ab = within(card).getByRole('radiogroup', { name: 'Compare takes' });
    expect(within(ab).getByRole('radio', { name: 'A' })).toBeChecked();
    // artwork: placeholder art while the takes have none
    expect(card.querySelectorAll('.artwork-placeholder')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: 'Play Summer rain, take 1' }));
    await expectPlayerPlays('cadenza-media://library/Summer%20rain.mp3', {
      title: 'Summer rain, take 1',
    });
    const engines = installedEngines();
    const a = engines.last();
    a.positionS = 12.3; // A has played 12.3 s
    await user.click(within(ab).getByRole('radio', { name: 'B' }));
    expect(within(ab).getByRole('radio', { name: 'B' })).toBeChecked();
    // one engine: A stops, B starts at A's position and plays on
    await expectPlayerPlays('cadenza-media://library/Summer%20rain%20(2).mp3', {
      title: 'Summer rain, take 2',
    });
    const b = engines.last();
    expect(a.unloaded).toBe(true);
    expect(b.calls.slice(0, 2)).toEqual(['seek:12.3', 'play']);
    expect(within(card).getByTestId('ab-position')).toHaveTextContent('B from 0:12.3');
    expect(
      within(card).getByRole('button', { name: 'Pause Summer rain, take 2' }),
    ).toBeInTheDocument();

    // B paused at 4 s: A takes over there, paused (by keyboard: arrow in the switch)
    await user.click(within(card).getByRole('button', { name: 'Pause Summer rain, take 2' }));
    await waitFor(() => expect(playerBar()).toHaveAttribute('data-status', 'paused'));
    b.positionS = 4;
    within(ab).getByRole('radio', { name: 'B' }).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(engines.last().source.url).toBe('cadenza-media://library/Summer%20rain.mp3'),
    );
    expect(engines.last().calls).toEqual(['seek:4']);
    expect(within(card).getByTestId('ab-position')).toHaveTextContent('A from 0:04.0');
    expect(playerBar()).toHaveAttribute('data-status', 'paused');
  });

  it('Delete (take ⋯ menu) moves take 1 to the trash through library remove; take 2 stays and plays alone', async () => {
    const fake = fakeWithTakes();
    const { user } = await open(fake);
    const card = await screen.findByRole('listitem', { name: 'Song: Summer rain' });
    const take1 = within(card).getByRole('listitem', { name: 'Summer rain, take 1' });
    await user.click(within(take1).getByRole('button', { name: 'More for Summer rain, take 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(take1).getByTestId('take-status')).toHaveTextContent('Moved to the trash'),
    );
    expect(fake.callsOf('library.remove')).toEqual([[TAKE_A]]);
    expect(fake.state.libraryItems.map((i) => i.id)).toEqual([TAKE_B]);
    expect(within(take1).queryByRole('button', { name: /Play/ })).toBeNull();
    expect(within(take1).queryByRole('button', { name: /More for/ })).toBeNull();
    expect(
      within(card).getByRole('button', { name: 'Play Summer rain, take 2' }),
    ).toBeInTheDocument();
    // nothing left to compare
    expect(within(card).queryByRole('radiogroup', { name: 'Compare takes' })).toBeNull();
  });

  it('Keep marks the take and deletes nothing; a failed delete keeps the take and says why; Show in library selects it there', async () => {
    const fake = fakeWithTakes();
    fake.failNext('library.remove', {
      code: 'io',
      message: 'Cadenza could not move the file to the trash.',
    });
    const { user } = await open(fake, [songsPanel, libraryPanel]);
    const take2 = await screen.findByRole('listitem', { name: 'Summer rain, take 2' });
    const more = within(take2).getByRole('button', { name: 'More for Summer rain, take 2' });
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(
      await within(take2).findByText('Cadenza could not move the file to the trash.'),
    ).toBeInTheDocument();
    expect(fake.state.libraryItems).toHaveLength(2);
    expect(
      within(take2).getByRole('button', { name: 'Play Summer rain, take 2' }),
    ).toBeInTheDocument();

    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Keep' }));
    expect(within(take2).getByText('Kept')).toBeInTheDocument();
    await user.click(more);
    expect(screen.queryByRole('menuitem', { name: 'Keep' })).toBeNull();
    expect(fake.callsOf('library.remove')).toHaveLength(1);

    await user.click(screen.getByRole('menuitem', { name: 'Show in library' }));
    expect(await screen.findByRole('heading', { name: 'Library', level: 1 })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[aria-selected="true"]')?.id).toBe(`library-row-${TAKE_B}`),
    );
  });
});

describe('Songs: finishing a take', () => {
  it('Whole song (extensions only) joins the take to its song as a new item; Export… copies it', async () => {
    const fake = fakeWithTakes();
    // take 2 continues another song: it is an extension
    fake.state.libraryItems[1] = { ...fake.state.libraryItems[1]!, parentId: PARENT };
    fake.songs.library[1] = { ...fake.songs.library[1]!, parentId: PARENT };
    const { user } = await open(fake);
    const take1 = await screen.findByRole('listitem', { name: 'Summer rain, take 1' });
    await user.click(within(take1).getByRole('button', { name: 'More for Summer rain, take 1' }));
    expect(screen.queryByRole('menuitem', { name: 'Whole song' })).toBeNull(); // not an extension
    await user.keyboard('{Escape}');

    const take2 = screen.getByRole('listitem', { name: 'Summer rain, take 2' });
    const more = within(take2).getByRole('button', { name: 'More for Summer rain, take 2' });
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Whole song' }));
    await waitFor(() => expect(fake.callsOf('edit.wholeSong')).toEqual([[TAKE_B]]));
    expect(await within(take2).findByRole('status')).toHaveTextContent(
      'Saved “Summer rain (whole song)” as a new item in your library.',
    );

    fake.library.exportDialog = '/home/creator/Music';
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Export…' }));
    // the Library's export dialog, on this take
    const dialog = screen.getByRole('dialog', { name: /^Export “/ });
    await user.click(within(dialog).getByRole('radio', { name: 'WAV' }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    await waitFor(() =>
      expect(fake.callsOf('export.items')).toEqual([
        [[TAKE_B], { format: 'wav', artist: '', album: '', normalise: false }],
      ]),
    );
    // the take card lists the files and shows them in the folder (main knows where: the export's id)
    const files = await within(take2).findByRole('group', { name: 'Exported files' });
    expect(within(files).getByRole('status')).toHaveTextContent(
      '1 file exported to /home/creator/Music',
    );
    expect(within(files).getByRole('listitem')).toHaveTextContent('Summer rain.wav');
    await user.click(within(files).getByRole('button', { name: 'Show in folder' }));
    expect(fake.callsOf('export.showInFolder')).toEqual([['export-1']]);
  });

  it('Trim… in the take ⋯ menu opens the Library’s trim dialog on that take', async () => {
    const fake = fakeWithTakes();
    const { user } = await open(fake);
    const take1 = await screen.findByRole('listitem', { name: 'Summer rain, take 1' });
    await user.click(within(take1).getByRole('button', { name: 'More for Summer rain, take 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Trim…' }));
    expect(await screen.findByRole('dialog', { name: /Summer rain/ })).toBeInTheDocument();
  });
});

describe('Songs: history on the service', () => {
  it('lists finished songs not in the library and imports one, then the selected ones', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.songs.history = {
      songs: [
        { songId: 'svc-1', title: 'Old tune', style: 'folk', durationMs: 95_000, hasLyrics: true },
        {
          songId: 'svc-2',
          title: 'Night drive',
          style: 'synthwave',
          durationMs: 61_500,
          hasLyrics: false,
        },
        { songId: 'svc-3', title: 'Dawn', style: 'ambient', durationMs: null, hasLyrics: false },
      ],
      inLibrary: 2,
      unfinished: 1,
    };
    const { user } = await open(fake);
    const card = await screen.findByRole('region', { name: 'Song history' });
    expect(fake.callsOf('songs.history')).toHaveLength(0); // nothing is asked until the user does
    await user.click(within(card).getByRole('button', { name: 'Check the service' }));
    expect(await within(card).findByTestId('history-summary')).toHaveTextContent(
      '3 finished songs are not in your library. 2 already in the library. 1 still generating or failed.',
    );
    const oldTune = within(card).getByRole('listitem', { name: 'History: Old tune' });
    expect(oldTune).toHaveTextContent('1:35.0 · folk · with lyrics');

    await user.click(within(oldTune).getByRole('button', { name: 'Import Old tune' }));
    await waitFor(() => expect(fake.callsOf('songs.importHistory')).toEqual([[['svc-1']]]));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Importing 1 song into the library',
    );
    expect(within(card).queryByRole('listitem', { name: 'History: Old tune' })).toBeNull();

    await user.click(within(card).getByRole('checkbox', { name: 'Night drive' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Dawn' }));
    await user.click(within(card).getByRole('button', { name: 'Import selected (2)' }));
    await waitFor(() => expect(fake.callsOf('songs.importHistory')).toHaveLength(2));
    expect(fake.callsOf('songs.importHistory')[1]).toEqual([['svc-2', 'svc-3']]);
    // The import jobs show with the other song jobs.
    expect(
      await screen.findByRole('listitem', { name: /Song: Import: 2 songs/ }),
    ).toBeInTheDocument();
  });

  it('says when the service cannot list the history', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.failNext('songs.history', {
      code: 'network',
      message: 'Cadenza cannot reach the service.',
    });
    const { user } = await open(fake);
    const card = await screen.findByRole('region', { name: 'Song history' });
    await user.click(within(card).getByRole('button', { name: 'Check the service' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Cadenza cannot reach the service.',
    );
  });
});
