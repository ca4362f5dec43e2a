/**
 * The Library panel over the real main: items are files and sidecars in main's library folder
 * (changes made outside the app are files written or removed there), actions go through main's
 * handlers to disk (rename, trash, export, lyrics), dialogs are the Electron double's.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { ROW_HEIGHT } from '../../src/renderer/panels/library/LibraryPanel';
import { resetTrashUndo } from '../../src/renderer/stores/trash-undo';
import { resetSongsStore, useSongsStore } from '../../src/renderer/stores/songs';
import { useUiStore } from '../../src/renderer/stores/ui';
import { usePlayerStore } from '../../src/renderer/stores/player';
import { installedEngines } from './support/fake-engine';
import type { SeedItem } from './support/main';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';

const id = (n: number) => `itm_${String(n).padStart(10, '0')}`;
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();

/** An item as a previous run left it: a tiny file (its length is the sidecar's) and its sidecar. */
const item = (n: number, fields: Partial<SeedItem> = {}): SeedItem => ({
  id: id(n),
  title: `Track ${n}`,
  file: `Track ${n}.mp3`,
  created_at: at(n),
  seconds: 138,
  data: 'not decoded here',
  ...fields,
});

/** n items, item i created i minutes after 2025-01-01 (so the newest is the last). */
function manyItems(n: number): SeedItem[] {
  return Array.from({ length: n }, (_, i) =>
    item(i, {
      title: i % 1000 === 7 ? `Neon nights ${i}` : `Track ${i}`,
      seconds: (60_000 + i) / 1000,
      kind: i % 5 === 0 ? 'tts' : i % 97 === 0 ? 'singing-video' : 'song',
      tags: i % 2 === 0 ? ['lofi'] : ['rock'],
    }),
  );
}

const panels = [libraryPanel, jobsPanel];

afterEach(() => {
  resetSongsStore();
  resetTrashUndo();
});

async function openLibrary(library: SeedItem[]) {
  const app = await renderMain({ panels, library });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await waitFor(() => expect(within(list).queryAllByRole('option').length).toBeGreaterThan(0), {
    timeout: 60_000,
  });
  return { ...app, list };
}

const titles = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');

describe('Library view', () => {
  it(
    'shows 10,000 items through a window of rows, newest first, and scrolls to any of them',
    { timeout: 180_000 },
    async () => {
      const { list } = await openLibrary(manyItems(10_000));
      await waitFor(
        () => expect(screen.getByTestId('library-count')).toHaveTextContent('10000 items'),
        { timeout: 60_000 },
      );
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
    },
  );

  it(
    'searches per keystroke over titles, tags and prompts; filters by kind and sorts',
    { timeout: 180_000 },
    async () => {
      const items = manyItems(10_000);
      items[42] = { ...items[42]!, prompt: 'neon city pop' };
      const { user, list } = await openLibrary(items);
      await waitFor(
        () => expect(screen.getByTestId('library-count')).toHaveTextContent('10000 items'),
        { timeout: 60_000 },
      );
      await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'neon');
      await waitFor(() =>
        expect(screen.getByTestId('library-count')).toHaveTextContent('11 of 10000 items'),
      );
      expect(titles(list)[0]).toContain('Neon nights 9007');
      // found by its prompt
      expect(titles(list).some((t) => t.includes('Track 42'))).toBe(true);
      await user.clear(screen.getByRole('searchbox', { name: 'Search the library' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'lofi');
      await waitFor(() =>
        expect(screen.getByTestId('library-count')).toHaveTextContent('5000 of 10000 items'),
      );

      await user.clear(screen.getByRole('searchbox', { name: 'Search the library' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Videos');
      // every 97th item that is not a multiple of 5
      const videos = items.filter((i) => i.kind === 'singing-video').length;
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
    },
  );

  it('keeps the takes of a song together and shows extension chains', async () => {
    const { user, list } = await openLibrary([
      item(1, { title: 'Paper boats', file: 'Paper boats.mp3', variation_group: 'job_a' }),
      item(2, { title: 'Something else', file: 'Something else.mp3' }),
      item(3, { title: 'Paper boats (2)', file: 'Paper boats (2).mp3', variation_group: 'job_a' }),
      item(4, { title: 'Paper boats, longer', file: 'Paper boats, longer.mp3', parent_id: id(1) }),
      item(5, {
        title: 'Paper boats, longest',
        file: 'Paper boats, longest.mp3',
        parent_id: id(4),
      }),
    ]);
    await waitFor(() => expect(titles(list)).toHaveLength(5));
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.getAttribute('aria-label'));
    expect(names).toEqual([
      'Paper boats, longest, Song, 2:18',
      'Paper boats, longer, Song, 2:18',
      'Paper boats · Take 1, Song, 2:18',
      'Paper boats (2) · Take 2, Song, 2:18',
      'Something else, Song, 2:18',
    ]);
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent(
      `Extends “${iso('Paper boats, longer')}”`,
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
    const { main, list } = await openLibrary(manyItems(3));
    await waitFor(() => expect(titles(list)).toHaveLength(3));
    // a file dropped in by hand (no sidecar), another one deleted in a file manager
    await main.dropIntoLibrary('Dropped in by hand.wav', 1);
    await main.removeFromLibrary('Track 0.mp3', id(0));
    await waitFor(() => expect(titles(list)[0]).toContain('Dropped in by hand'), {
      timeout: 15_000,
    });
    await waitFor(() => expect(titles(list).some((t) => t.includes('Track 0'))).toBe(false));
    expect(screen.getByTestId('library-count')).toHaveTextContent('3 items');
  });

  it('opened again, shows the list it keeps current instead of loading every item again', async () => {
    const { main, user, list } = await openLibrary(manyItems(40));
    await waitFor(() => expect(screen.getByTestId('library-count')).toHaveTextContent('40 items'));
    const listed = main.callsOf('library.list').length;
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /Jobs/ }));
    await screen.findByRole('heading', { name: 'Jobs', level: 1 });
    await main.addToLibrary([item(77, { title: 'Made meanwhile', file: 'm.mp3' })]);
    // main noticed the new item and the renderer fetched it while the Library was closed
    await waitFor(() => expect(main.callsOf('library.list').length).toBeGreaterThan(listed), {
      timeout: 15_000,
    });
    await user.click(within(nav).getByRole('button', { name: /Library/ }));
    const again = await screen.findByRole('listbox', { name: 'Library items' });
    await waitFor(() => expect(titles(again)[0]).toContain('Made meanwhile'));
    expect(screen.getByTestId('library-count')).toHaveTextContent('41 items');
    // only the new item was asked for
    const asked = main.callsOf('library.list').slice(listed);
    expect(asked.length).toBeGreaterThan(0);
    expect(
      asked.every((args) => JSON.stringify(args) === JSON.stringify([{ ids: [id(77)] }])),
    ).toBe(true);
    expect(list).not.toBeInTheDocument();
  });

  it('follows a change by fetching only the items it names', async () => {
    const { main, list } = await openLibrary(manyItems(40));
    await waitFor(() => expect(screen.getByTestId('library-count')).toHaveTextContent('40 items'));
    const listed = main.callsOf('library.list').length;
    await main.addToLibrary([item(90, { title: 'Fresh take', file: 'fresh.mp3' })]);
    await main.editSidecar('Track 38.mp3', { title: 'Renamed in place' });
    await main.removeFromLibrary('Track 36.mp3', id(36));
    await waitFor(() => expect(titles(list)[0]).toContain('Fresh take'), { timeout: 15_000 });
    await waitFor(() =>
      expect(titles(list).some((t) => t.includes('Renamed in place'))).toBe(true),
    );
    await waitFor(() => expect(titles(list).some((t) => t.includes('Track 36'))).toBe(false));
    expect(screen.getByTestId('library-count')).toHaveTextContent('40 items');
    // small questions naming the changed items, never the whole list again
    const asked = main.callsOf('library.list').slice(listed) as [{ ids?: string[] }?][];
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every(([q]) => Array.isArray(q?.ids))).toBe(true);
    expect(new Set(asked.flatMap(([q]) => q!.ids!))).toEqual(new Set([id(90), id(38)]));
  });

  it('plays from the keyboard: arrows select, Enter queues the rest of the list', async () => {
    const { user, list } = await openLibrary(manyItems(5));
    await waitFor(() => expect(titles(list)).toHaveLength(5));
    list.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getByRole('option', { selected: true })).toHaveAccessibleName(/^Track 3,/);
    expect(list).toHaveAttribute('aria-activedescendant', `library-row-${id(3)}`);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(installedEngines().made).toHaveLength(1));
    expect(installedEngines().last().source).toMatchObject({
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
  async function selectFirst(items: SeedItem[]) {
    const app = await openLibrary(items);
    await waitFor(() => expect(titles(app.list)).toHaveLength(items.length));
    await app.user.click(within(app.list).getAllByRole('option')[0] as HTMLElement);
    return { ...app, details: screen.getByRole('region', { name: 'Item details' }) };
  }

  it('renames through main and shows the new file name', async () => {
    const { user, main, details, list } = await selectFirst([
      item(1, { title: 'Old', file: 'Old.wav', data: undefined, seconds: 1 }),
    ]);
    await fromMenu(user, details, 'Rename');
    const field = screen.getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'Fresh: take/1');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(main.callsOf('library.rename')).toEqual([[id(1), 'Fresh: take/1']]);
    await waitFor(() => expect(titles(list)[0]).toContain('Fresh: take/1'));
    expect(
      await screen.findByText(/The file is now “\u2068Fresh take-1\.wav\u2069”/),
    ).toBeInTheDocument();
    expect(await main.libraryFiles()).toEqual(['Fresh take-1.wav', 'Fresh take-1.wav.json']);
  });

  it('shows why a rename failed', async () => {
    const { user, main, details } = await selectFirst([item(1, { title: 'Old' })]);
    main.refuseNext('library.rename', {
      code: 'io',
      message: 'Cadenza could not rename the file. It may be open in another program.',
    });
    await fromMenu(user, details, 'Rename');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'It may be open in another program.',
    );
    expect(await main.libraryFiles()).toEqual(['Track 1.mp3', 'Track 1.mp3.json']);
  });

  it('Move to trash in the details goes at once, with the same Undo as the selection', async () => {
    const { user, main, details, list } = await selectFirst(manyItems(2));
    const before = await main.libraryFiles();
    await fromMenu(user, details, 'Move to trash');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(main.callsOf('library.trash')).toEqual([[[id(1)]]]));
    expect(main.callsOf('library.remove')).toEqual([]);
    await waitFor(() => expect(titles(list)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Item details' })).toBeNull();
    expect((await main.libraryFiles()).filter((n) => !n.startsWith('.'))).toEqual([
      'Track 0.mp3',
      'Track 0.mp3.json',
    ]);
    expect(
      await screen.findByText(/^Moved “\u2068?Track 1\u2069?” to the trash\.$/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titles(list)).toHaveLength(2));
    expect((await main.libraryFiles()).filter((n) => !n.startsWith('.'))).toEqual(before);
  });

  it('exports to the folder main asks for; Cancel says nothing', async () => {
    const { user, main, details } = await selectFirst(manyItems(1));
    await fromMenu(user, details, 'Export…');
    let dialog = screen.getByRole('dialog', { name: 'Export “Track 0”' });
    await user.click(within(dialog).getByRole('radio', { name: 'Original files' }));
    // the folder dialog is dismissed: the options stay, nothing is said
    main.double.dialogs.answerOpenDialog([]);
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    await waitFor(() =>
      expect(main.callsOf('export.items')).toEqual([[[id(0)], { format: 'original' }]]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const desktop = await main.userFolder('Desktop');
    main.double.dialogs.answerOpenDialog([desktop]);
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    expect(await screen.findByText(`1 file copied to ${iso(desktop)}`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await main.readText(`${desktop}/Track 0.mp3`)).toBe('not decoded here');
    await user.click(screen.getByRole('button', { name: 'Export shown…' }));
    dialog = screen.getByRole('dialog', { name: 'Export 1 item' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('exports the shown items as FLAC with artist, album (the search words) and loudness, showing progress', async () => {
    const app = await renderMain({
      panels,
      settings: { export: { format: 'flac', artist: 'Ada' } },
      library: [0, 1, 2].map((n) =>
        item(n, { file: `Track ${n}.wav`, data: undefined, seconds: 1 }),
      ),
    });
    const { user, main } = app;
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    await waitFor(() => expect(titles(list)).toHaveLength(3));
    const folder = await main.userFolder('Export');
    main.double.dialogs.answerOpenDialog([folder]);
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
    // while the export runs, main's progress (held here so the test can read it) is shown
    const release = main.holdNext('export.items');
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    await waitFor(() => expect(main.callsOf('export.items')).toHaveLength(1));
    main.send('exportProgress', { done: 1, total: 3, fraction: 0.5, current: 'Track 2' });
    await waitFor(() =>
      expect(within(dialog).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    expect(within(dialog).getByText(`Exporting “${iso('Track 2')}” (2 of 3)…`)).toBeInTheDocument();
    release();
    expect(
      await screen.findByText(`3 files exported to ${iso(folder)}`, {}, { timeout: 60_000 }),
    ).toBeInTheDocument();
    const [ids, options] = main.callsOf('export.items')[0]!;
    expect((ids as string[]).length).toBe(3);
    expect(options).toEqual({
      format: 'flac',
      artist: 'Ada',
      album: 'Night Drives',
      normalise: true,
    });
    // what main wrote: three FLAC files tagged with the artist and album
    const tags = await main.tagsOf(`${folder}/Track 1.flac`);
    expect(tags).toMatchObject({ artist: 'Ada', album: 'Night Drives', title: 'Track 1' });
  }, 90_000);

  it('stops an export on Stop and says how far it came', async () => {
    // long enough that the FLAC export is still running when Stop is pressed
    const { user, main, details } = await selectFirst([
      item(0, { file: 'Track 0.wav', data: undefined, seconds: 600 }),
    ]);
    main.double.dialogs.answerOpenDialog([await main.userFolder('Export')]);
    await fromMenu(user, details, 'Export…');
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'FLAC' }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Stop' }));
    expect(main.callsOf('export.cancel')).toHaveLength(1);
    expect(await within(dialog).findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent(
      'The export was stopped after 0 of 1 file.',
    );
  }, 90_000);

  it('reuse: "Extend from here" opens the Songs panel on that song (songs only)', async () => {
    const { user, details } = await selectFirst([item(1, { title: 'Paper boats' })]);
    await fromMenu(user, details, 'Extend from here');
    expect(useUiStore.getState().activePanelId).toBe('songs');
    expect(useSongsStore.getState().extendItemId).toBe(id(1));
  });

  it('offers no extension for speech', async () => {
    const { user, details } = await selectFirst([item(1, { title: 'Hello', kind: 'tts' })]);
    await user.click(within(details).getByRole('button', { name: /^More actions for / }));
    expect(screen.queryByRole('menuitem', { name: 'Extend from here' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Make a cover' })).toBeInTheDocument();
  });

  it('shows the file in the system file manager', async () => {
    const { user, main, details } = await selectFirst(manyItems(1));
    await fromMenu(user, details, 'Show in folder');
    expect(main.callsOf('library.showInFolder')).toEqual([[id(0)]]);
    await waitFor(() =>
      expect(main.double.state.openedExternal).toContain(`show:${main.dirs.library}/Track 0.mp3`),
    );
  });

  it('asks main to drag the file out when a row is dragged', async () => {
    const { main, list } = await openLibrary(manyItems(1));
    fireEvent.dragStart(within(list).getAllByRole('option')[0] as HTMLElement);
    await waitFor(() => expect(main.callsOf('library.startDrag')).toEqual([[[id(0)]]]));
    await waitFor(() =>
      expect(main.double.state.drags.map((d) => d.files)).toEqual([
        [`${main.dirs.library}/Track 0.mp3`],
      ]),
    );
  });

  it('drags a selection out as its files; a row outside the selection drags alone', async () => {
    const { main, list, user } = await openLibrary(manyItems(4));
    const rows = () => within(list).getAllByRole('option');
    await user.click(rows()[0]!);
    await user.keyboard('{Shift>}');
    await user.click(rows()[2]!);
    await user.keyboard('{/Shift}');
    fireEvent.dragStart(rows()[1]!);
    // newest first: rows 0–2 are items 3, 2, 1
    await waitFor(() =>
      expect(main.callsOf('library.startDrag')).toEqual([[[id(3), id(2), id(1)]]]),
    );
    await waitFor(() =>
      expect(main.double.state.drags.at(-1)?.files).toEqual(
        ['Track 3.mp3', 'Track 2.mp3', 'Track 1.mp3'].map((f) => `${main.dirs.library}/${f}`),
      ),
    );
    fireEvent.dragStart(rows()[3]!);
    await waitFor(() => expect(main.callsOf('library.startDrag').at(-1)).toEqual([[id(0)]]));
  });

  it('shows lyrics by section, copies them and exports them as TXT', async () => {
    const words = '[Verse]\nFolding paper\nin the rain\n\n[Chorus]\nPaper boats';
    const { user, main } = await openLibrary([item(1, { title: 'Paper boats', lyrics: words })]);
    await user.click(await screen.findByRole('option', { name: /^Paper boats,/ }));
    await user.click(screen.getByRole('button', { name: 'Lyrics' }));
    const lyrics = await screen.findByRole('region', { name: 'Lyrics of Paper boats' });
    await waitFor(() =>
      expect(
        within(lyrics)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Verse', 'Chorus']),
    );
    expect(lyrics).toHaveTextContent('Folding paper');
    await user.click(within(lyrics).getByRole('button', { name: 'Copy lyrics' }));
    expect(await navigator.clipboard.readText()).toBe(words);
    expect(within(lyrics).getByRole('status')).toHaveTextContent('Lyrics copied.');
    const saveAs = `${await main.userFolder('Documents')}/Paper boats.txt`;
    main.double.dialogs.answerSaveDialog(saveAs);
    await user.click(within(lyrics).getByRole('button', { name: 'Export as TXT…' }));
    expect(await within(lyrics).findByText(`Saved to ${iso(saveAs)}`)).toBeInTheDocument();
    expect(main.callsOf('export.lyrics')).toEqual([[id(1)]]);
    expect(await main.readText(saveAs)).toContain('Folding paper\nin the rain');
  });
});
