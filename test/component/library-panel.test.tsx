import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/ipc/library';
import { libraryPanel } from '../../src/renderer/panels/library';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { ROW_HEIGHT } from '../../src/renderer/panels/library/LibraryPanel';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetSongsStore, useSongsStore } from '../../src/renderer/stores/songs';
import { useUiStore } from '../../src/renderer/stores/ui';
import { resetPlayerStore, usePlayerStore } from '../../src/renderer/stores/player';
import { installEngineFactory } from '../../src/renderer/playback/engine';
import { FakeCadenza, makeLibraryItem } from './support/fake-cadenza';
import { fakeEngines } from './support/fake-engine';
import { renderApp } from './support/render-app';

const id = (n: number) => `itm_${String(n).padStart(10, '0')}`;
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();

/** n items, item i created i minutes after 2025-01-01 (so the newest is the last). */
function manyItems(n: number): LibraryItemView[] {
  return Array.from({ length: n }, (_, i) =>
    makeLibraryItem({
      id: id(i),
      title: i % 1000 === 7 ? `Neon nights ${i}` : `Track ${i}`,
      file: `Track ${i}.mp3`,
      createdAt: at(i),
      durationMs: 60_000 + i,
      kind: i % 5 === 0 ? 'tts' : i % 97 === 0 ? 'singing-video' : 'song',
      tags: i % 2 === 0 ? ['lofi'] : ['rock'],
    }),
  );
}

const panels = [libraryPanel, jobsPanel];
let engines: ReturnType<typeof fakeEngines>;

beforeEach(() => {
  engines = fakeEngines();
  installEngineFactory(engines.factory);
});
afterEach(() => {
  resetPlayerStore();
  resetLibraryStore();
  resetSongsStore();
  installEngineFactory(undefined);
});

async function openLibrary(items: LibraryItemView[]) {
  const fake = new FakeCadenza({ libraryItems: items });
  const app = await renderApp({ fake, panels });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  return { ...app, list };
}

const titles = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');

describe('Library view', () => {
  it('shows 10,000 items through a window of rows, newest first, and scrolls to any of them', async () => {
    const { list } = await openLibrary(manyItems(10_000));
    expect(screen.getByTestId('library-count')).toHaveTextContent('10000 items');
    const options = within(list).getAllByRole('option');
    expect(options.length).toBeLessThan(60);
    expect(options[0]).toHaveAttribute('aria-setsize', '10000');
    expect(options[0]).toHaveAccessibleName('Track 9999, Song, 1:10');
    expect(options[0]).toHaveTextContent('rock');

    list.scrollTop = ROW_HEIGHT * 5000;
    fireEvent.scroll(list);
    await waitFor(() =>
      expect(within(list).getByRole('option', { name: /^Track 4999,/ })).toHaveAttribute(
        'aria-posinset',
        '5001',
      ),
    );
    expect(within(list).getAllByRole('option').length).toBeLessThan(60);
    expect(within(list).queryByRole('option', { name: /^Track 9999,/ })).toBeNull();
  });

  it('searches per keystroke over titles, tags and prompts; filters by kind and sorts', async () => {
    const { user, list } = await openLibrary(manyItems(10_000));
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'neon');
    await waitFor(() =>
      expect(screen.getByTestId('library-count')).toHaveTextContent('10 of 10000 items'),
    );
    expect(titles(list)[0]).toContain('Neon nights 9007');

    await user.clear(screen.getByRole('searchbox', { name: 'Search the library' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Videos');
    // every 97th item that is not a multiple of 5
    const videos = manyItems(10_000).filter((i) => i.kind === 'singing-video').length;
    await waitFor(() =>
      expect(screen.getByTestId('library-count')).toHaveTextContent(`${videos} of 10000 items`),
    );
    expect(
      within(list)
        .getAllByRole('option')
        .every((o) => /Singing video/.test(o.getAttribute('aria-label') ?? '')),
    ).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest first');
    expect(titles(list)[0]).toContain('Track 97');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Longest first');
    expect(titles(list)[0]).toContain(`Track ${97 * 103}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Speech');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Title A–Z');
    expect(titles(list)[0]).toMatch(/^Track 0(?!\d)/);
  });

  it('keeps the takes of a song together and shows extension chains', async () => {
    const items = [
      makeLibraryItem({
        id: id(1),
        title: 'Paper boats',
        file: 'Paper boats.mp3',
        createdAt: at(1),
        variationGroup: 'job_a',
      }),
      makeLibraryItem({
        id: id(2),
        title: 'Something else',
        file: 'Something else.mp3',
        createdAt: at(2),
      }),
      makeLibraryItem({
        id: id(3),
        title: 'Paper boats (2)',
        file: 'Paper boats (2).mp3',
        createdAt: at(3),
        variationGroup: 'job_a',
      }),
      makeLibraryItem({
        id: id(4),
        title: 'Paper boats, longer',
        file: 'Paper boats, longer.mp3',
        createdAt: at(4),
        parentId: id(1),
      }),
      makeLibraryItem({
        id: id(5),
        title: 'Paper boats, longest',
        file: 'Paper boats, longest.mp3',
        createdAt: at(5),
        parentId: id(4),
      }),
    ];
    const { user, list } = await openLibrary(items);
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.getAttribute('aria-label'));
    expect(names).toEqual([
      'Paper boats, longest, Song, 2:18',
      'Paper boats, longer, Song, 2:18',
      'Paper boats, Song, 2:18, take 1',
      'Paper boats (2), Song, 2:18, take 2',
      'Something else, Song, 2:18',
    ]);
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent(
      'Extends “Paper boats, longer”',
    );

    await user.click(within(list).getAllByRole('option')[0] as HTMLElement);
    const details = screen.getByRole('region', { name: 'Item details' });
    const chain = within(details).getByRole('list', { name: 'Extension chain' });
    expect(
      within(chain)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Paper boats', 'Paper boats, longer']);
    await user.click(within(chain).getByRole('button', { name: 'Paper boats' }));
    expect(
      within(screen.getByRole('region', { name: 'Item details' })).getByRole('heading', {
        name: 'Paper boats',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Extensions' })).getByRole('button', {
        name: 'Paper boats, longer',
      }),
    ).toBeInTheDocument();
  });

  it('follows changes made outside the app', async () => {
    const { fake, list } = await openLibrary(manyItems(3));
    expect(titles(list)).toHaveLength(3);
    fake.state.libraryItems = [
      makeLibraryItem({
        id: id(50),
        title: 'Dropped in by hand',
        file: 'x.wav',
        createdAt: at(50),
        hasSidecar: false,
      }),
      ...fake.state.libraryItems.slice(1),
    ];
    act(() => fake.emitLibraryChanged({ added: [id(50)], updated: [], removed: [id(0)] }));
    await waitFor(() => expect(titles(list)[0]).toContain('Dropped in by hand'));
    expect(titles(list).some((t) => t.includes('Track 0'))).toBe(false);
    expect(screen.getByTestId('library-count')).toHaveTextContent('3 items');
  });

  it('opened again, shows the list it keeps current instead of loading every item again', async () => {
    const { fake, user, list } = await openLibrary(manyItems(40));
    const listed = fake.callsOf('library.list').length;
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /Jobs/ }));
    await screen.findByRole('heading', { name: 'Jobs', level: 1 });
    fake.state.libraryItems = [
      makeLibraryItem({ id: id(77), title: 'Made meanwhile', file: 'm.mp3', createdAt: at(77) }),
      ...fake.state.libraryItems,
    ];
    act(() => fake.emitLibraryChanged({ added: [id(77)], updated: [], removed: [] }));
    await user.click(within(nav).getByRole('button', { name: /Library/ }));
    const again = await screen.findByRole('listbox', { name: 'Library items' });
    await waitFor(() => expect(titles(again)[0]).toContain('Made meanwhile'));
    expect(screen.getByTestId('library-count')).toHaveTextContent('41 items');
    // only the new item was asked for
    expect(fake.callsOf('library.list').slice(listed)).toEqual([[{ ids: [id(77)] }]]);
    expect(list).not.toBeInTheDocument();
  });

  it('follows a change by fetching only the items it names', async () => {
    const { fake, list } = await openLibrary(manyItems(40));
    const listed = fake.callsOf('library.list').length;
    const renamed = fake.state.libraryItems.find((i) => i.id === id(38))!;
    fake.state.libraryItems = [
      makeLibraryItem({ id: id(90), title: 'Fresh take', file: 'fresh.mp3', createdAt: at(90) }),
      ...fake.state.libraryItems
        .filter((i) => i.id !== id(36))
        .map((i) => (i === renamed ? { ...i, title: 'Renamed in place' } : i)),
    ];
    act(() => fake.emitLibraryChanged({ added: [id(90)], updated: [id(38)], removed: [id(36)] }));
    await waitFor(() => expect(titles(list)[0]).toContain('Fresh take'));
    expect(screen.getByTestId('library-count')).toHaveTextContent('40 items');
    expect(titles(list).some((t) => t.includes('Track 36'))).toBe(false);
    expect(titles(list).some((t) => t.includes('Renamed in place'))).toBe(true);
    // one small question, not the whole list again
    expect(fake.callsOf('library.list').slice(listed)).toEqual([[{ ids: [id(90), id(38)] }]]);
  });

  it('plays from the keyboard: arrows select, Enter queues the rest of the list', async () => {
    const { user, list } = await openLibrary(manyItems(5));
    list.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getByRole('option', { selected: true })).toHaveAccessibleName(/^Track 3,/);
    expect(list).toHaveAttribute('aria-activedescendant', `library-row-${id(3)}`);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(engines.made).toHaveLength(1));
    expect(engines.last().source).toMatchObject({
      url: 'cadenza-media://library/Track%203.mp3',
      format: 'mp3',
      video: false,
    });
    expect(usePlayerStore.getState().queue.map((q) => q.title)).toEqual([
      'Track 3',
      'Track 2',
      'Track 1',
      'Track 0',
    ]);
  });
});

/** Chooses an action of the details card's ⋯ menu. */
async function fromMenu(
  user: ReturnType<typeof userEvent.setup>,
  details: HTMLElement,
  name: string,
) {
  await user.click(within(details).getByRole('button', { name: /^More actions for / }));
  await user.click(screen.getByRole('menuitem', { name }));
}

describe('Item actions', () => {
  async function selectFirst(items: LibraryItemView[]) {
    const app = await openLibrary(items);
    await app.user.click(within(app.list).getAllByRole('option')[0] as HTMLElement);
    return { ...app, details: screen.getByRole('region', { name: 'Item details' }) };
  }

  it('renames through main and shows the new file name', async () => {
    const { user, fake, details, list } = await selectFirst([
      makeLibraryItem({ id: id(1), title: 'Old', file: 'Old.mp3' }),
    ]);
    await fromMenu(user, details, 'Rename');
    const field = screen.getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'Fresh: take/1');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(fake.callsOf('library.rename')).toEqual([[id(1), 'Fresh: take/1']]);
    await waitFor(() => expect(titles(list)[0]).toContain('Fresh: take/1'));
    expect(screen.getByText(/The file is now “Fresh take1\.mp3”/)).toBeInTheDocument();
  });

  it('shows why a rename failed', async () => {
    const { user, fake, details } = await selectFirst([
      makeLibraryItem({ id: id(1), title: 'Old' }),
    ]);
    fake.failNext('library.rename', {
      code: 'io',
      message: 'Cadenza could not rename the file. It may be open in another program.',
    });
    await fromMenu(user, details, 'Rename');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'It may be open in another program.',
    );
  });

  it('moves to the trash only after confirming', async () => {
    const { user, fake, details, list } = await selectFirst(manyItems(2));
    await fromMenu(user, details, 'Delete');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('library.remove')).toEqual([]);
    await fromMenu(user, screen.getByRole('region', { name: 'Item details' }), 'Delete');
    expect(
      screen.getByRole('dialog', { name: 'Move “Track 1” to the trash?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to trash' }));
    expect(fake.callsOf('library.remove')).toEqual([[id(1)]]);
    await waitFor(() => expect(titles(list)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Item details' })).toBeNull();
  });

  it('exports to the folder main asks for; Cancel says nothing', async () => {
    const { user, fake, details } = await selectFirst(manyItems(1));
    await fromMenu(user, details, 'Export…');
    let dialog = screen.getByRole('dialog', { name: `Export “${manyItems(1)[0]!.title}”` });
    await user.click(within(dialog).getByRole('radio', { name: 'Original files' }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    // the folder dialog was dismissed: the options stay, nothing is said
    await waitFor(() =>
      expect(fake.callsOf('export.items')).toEqual([[[id(0)], { format: 'original' }]]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    fake.library.exportDialog = '/home/creator/Desktop';
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    expect(await screen.findByText('1 file copied to /home/creator/Desktop')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Export shown…' }));
    dialog = screen.getByRole('dialog', { name: 'Export 1 item' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('exports the shown items as FLAC with artist, album (the search words) and loudness, showing progress', async () => {
    const items = manyItems(3);
    const { user, fake } = await openLibrary(items);
    fake.library.exportDefaults = { format: 'flac', artist: 'Ada' };
    fake.library.exportDialog = '/home/creator/Export';
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'Track');
    await user.click(screen.getByRole('button', { name: 'Export shown…' }));
    const dialog = screen.getByRole('dialog', { name: 'Export 3 items' });
    // the defaults from settings, the selection's name as the album
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: 'FLAC' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Artist' })).toHaveValue('Ada');
    expect(within(dialog).getByRole('textbox', { name: 'Album' })).toHaveValue('Track');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Album' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Album' }), 'Night Drives');
    await user.click(within(dialog).getByRole('checkbox', { name: /Even out loudness/ }));
    const release = fake.holdNext('export.items');
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    act(() => fake.emitExportProgress({ done: 1, total: 3, fraction: 0.5, current: 'Track 2' }));
    expect(within(dialog).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(dialog).getByText('Exporting “Track 2” (2 of 3)…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('3 files exported to /home/creator/Export')).toBeInTheDocument();
    const [ids, options] = fake.callsOf('export.items')[0]!;
    expect((ids as string[]).length).toBe(3);
    expect(options).toEqual({
      format: 'flac',
      artist: 'Ada',
      album: 'Night Drives',
      normalise: true,
    });
  });

  it('stops an export on Stop and says how far it came', async () => {
    const { user, fake, details } = await selectFirst(manyItems(1));
    fake.library.exportDialog = '/home/creator/Export';
    await fromMenu(user, details, 'Export…');
    const dialog = screen.getByRole('dialog');
    fake.failNext('export.items', {
      code: 'cancelled',
      message: 'The export was stopped after 0 of 1 file.',
    });
    const release = fake.holdNext('export.items');
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(fake.callsOf('export.cancel')).toHaveLength(1);
    release();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The export was stopped after 0 of 1 file.',
    );
  });

  it('reuse: "Extend from here" opens the Songs panel on that song (songs only)', async () => {
    const { user, details } = await selectFirst([
      makeLibraryItem({ id: id(1), title: 'Paper boats' }),
    ]);
    await fromMenu(user, details, 'Extend from here');
    expect(useUiStore.getState().activePanelId).toBe('songs');
    expect(useSongsStore.getState().extendItemId).toBe(id(1));
  });

  it('offers no extension for speech', async () => {
    const { user, details } = await selectFirst([
      makeLibraryItem({ id: id(1), title: 'Hello', kind: 'tts' }),
    ]);
    await user.click(within(details).getByRole('button', { name: /^More actions for / }));
    expect(screen.queryByRole('menuitem', { name: 'Extend from here' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Make a cover' })).toBeInTheDocument();
  });

  it('shows the file in the system file manager', async () => {
    const { user, fake, details } = await selectFirst(manyItems(1));
    await fromMenu(user, details, 'Show in folder');
    expect(fake.callsOf('library.showInFolder')).toEqual([[id(0)]]);
  });

  it('asks main to drag the file out when a row is dragged', async () => {
    const { fake, list } = await openLibrary(manyItems(1));
    fireEvent.dragStart(within(list).getAllByRole('option')[0] as HTMLElement);
    await waitFor(() => expect(fake.callsOf('library.startDrag')).toEqual([[id(0)]]));
  });

  it('shows lyrics by section, copies them and exports them as TXT', async () => {
    const item = makeLibraryItem({ id: id(1), title: 'Paper boats', hasLyrics: true });
    const fake = new FakeCadenza({ libraryItems: [item] });
    fake.library.lyrics[id(1)] = '[Verse]\nFolding paper\nin the rain\n\n[Chorus]\nPaper boats';
    const { user } = await renderApp({ fake, panels });
    await user.click(await screen.findByRole('option', { name: /^Paper boats,/ }));
    await user.click(screen.getByRole('button', { name: 'Lyrics' }));
    const lyrics = await screen.findByRole('region', { name: 'Lyrics of Paper boats' });
    expect(
      within(lyrics)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Verse', 'Chorus']);
    expect(lyrics).toHaveTextContent('Folding paper');
    await user.click(within(lyrics).getByRole('button', { name: 'Copy lyrics' }));
    expect(await navigator.clipboard.readText()).toBe(
      '[Verse]\nFolding paper\nin the rain\n\n[Chorus]\nPaper boats',
    );
    expect(within(lyrics).getByRole('status')).toHaveTextContent('Lyrics copied.');
    fake.library.saveDialog = '/home/creator/Paper boats.txt';
    await user.click(within(lyrics).getByRole('button', { name: 'Export as TXT…' }));
    expect(
      await within(lyrics).findByText('Saved to /home/creator/Paper boats.txt'),
    ).toBeInTheDocument();
    expect(fake.callsOf('export.lyrics')).toEqual([[id(1)]]);
  });
});
