/**
 * Issue 31 points 1 and 2 in the Library: selecting as desktop lists do (click, Ctrl-click,
 * Shift-click, Shift+arrows, Ctrl+A, Escape), the selection bar, and the move to the trash with
 * Undo (the toast's button, Ctrl+Z, the Delete key) — over the real main: the items are files in
 * main's library folder, and Undo puts every file and sidecar back.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetTrashUndo } from '../../src/renderer/stores/trash-undo';
import { resetPlayerStore, usePlayerStore } from '../../src/renderer/stores/player';
import { TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

afterEach(() => {
  resetLibraryStore();
  resetTrashUndo();
  resetPlayerStore();
});

const TITLES = ['Anchor', 'Beacon', 'Compass', 'Driftwood', 'Estuary'];

async function openLibrary() {
  const view = await renderMain({
    key: TEST_KEY,
    panels: [libraryPanel],
    library: TITLES.map((title, i) => ({
      id: `itm_${title.toLowerCase()}`,
      title,
      // oldest first in the folder: the list (newest first) shows them Estuary … Anchor
      created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
    })),
  });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(5));
  const option = (title: string) =>
    within(list).getByRole('option', { name: new RegExp(`^${title},`) });
  const selected = () =>
    within(list)
      .getAllByRole('option')
      .filter((o) => o.getAttribute('aria-selected') === 'true')
      .map((o) => o.getAttribute('aria-label')!.split(',')[0]);
  return { ...view, list, option, selected };
}

const bar = () => screen.queryByRole('toolbar', { name: 'Selection' });

describe('Library: selection', () => {
  it('click, Ctrl-click, Shift-click select as desktop lists do; Escape clears', async () => {
    const { user, list, option, selected } = await openLibrary();
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    await user.click(option('Estuary'));
    expect(selected()).toEqual(['Estuary']);
    expect(bar()).toBeNull(); // one item: the details pane
    expect(screen.getByRole('region', { name: 'Item details' })).toHaveTextContent('Estuary');
    await user.keyboard('{Control>}');
    await user.click(option('Compass'));
    await user.keyboard('{/Control}');
    expect(selected()).toEqual(['Estuary', 'Compass']);
    expect(within(bar()!).getByRole('status')).toHaveTextContent('2 selected');
    expect(screen.queryByRole('region', { name: 'Item details' })).toBeNull();
    // Shift-click: the range from the last clicked row
    await user.keyboard('{Shift>}');
    await user.click(option('Anchor'));
    await user.keyboard('{/Shift}');
    expect(selected()).toEqual(['Compass', 'Beacon', 'Anchor']);
    // Ctrl-click again removes one
    await user.keyboard('{Control>}');
    await user.click(option('Beacon'));
    await user.keyboard('{/Control}');
    expect(selected()).toEqual(['Compass', 'Anchor']);
    list.focus();
    await user.keyboard('{Escape}');
    expect(selected()).toEqual([]);
    expect(bar()).toBeNull();
  });

  it('keyboard: arrows move, Shift+arrows extend, Ctrl+A selects every row shown', async () => {
    const { user, list, selected } = await openLibrary();
    list.focus();
    await user.keyboard('{ArrowDown}');
    expect(selected()).toEqual(['Estuary']);
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(selected()).toEqual(['Estuary', 'Driftwood', 'Compass']);
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(selected()).toEqual(['Estuary', 'Driftwood']);
    await user.keyboard('{ArrowDown}');
    expect(selected()).toEqual(['Compass']);
    await user.keyboard('{Control>}a{/Control}');
    expect(selected()).toHaveLength(5);
    expect(within(bar()!).getByRole('status')).toHaveTextContent('5 selected');
    // in the search field, Ctrl+A selects its text, not the list
    const search = screen.getByRole('searchbox', { name: 'Search the library' });
    await user.click(search);
    await user.keyboard('{Escape}');
    expect(selected()).toHaveLength(5);
  });
});

describe('Library: Edit › Select All and Edit › Undo from the application menu', () => {
  /** Main sends the menu's command; the window receives it on its next turn. */
  const fromMenu = async (
    main: { send(name: 'menuEdit', c: 'undo' | 'selectAll'): void },
    command: 'undo' | 'selectAll',
  ) =>
    act(async () => {
      main.send('menuEdit', command);
      await new Promise((r) => setTimeout(r, 20));
    });

  it('Select All selects the rows while the list has the focus; a text field keeps its own', async () => {
    const { user, main, list, option, selected } = await openLibrary();
    await user.click(option('Estuary'));
    list.focus();
    await fromMenu(main, 'selectAll');
    expect(selected()).toHaveLength(5);
    expect(within(bar()!).getByRole('status')).toHaveTextContent('5 selected');
    // in the search field, the menu's Select All selects the field's text, not the list
    await user.click(option('Anchor'));
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search the library' });
    await user.click(search);
    await user.keyboard('a');
    search.setSelectionRange(1, 1);
    await fromMenu(main, 'selectAll');
    expect([search.selectionStart, search.selectionEnd]).toEqual([0, 1]);
    expect(selected()).toEqual(['Anchor']);
  });

  it('Undo puts the last trashed items back unless a text field has the focus', async () => {
    const { user, main, list, option } = await openLibrary();
    await user.click(option('Compass'));
    await user.keyboard('{Delete}');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(4));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    screen.getByRole('searchbox', { name: 'Search the library' }).focus();
    await fromMenu(main, 'undo');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(within(list).getAllByRole('option')).toHaveLength(4);
    list.focus();
    await fromMenu(main, 'undo');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(5));
    expect(await screen.findByText('Put back 1 item.')).toBeInTheDocument();
  });
});

describe('Library: move to the trash with Undo', () => {
  it('the bar moves the selection to the trash; the toast’s Undo puts files and sidecars back', async () => {
    const { user, main, list, option } = await openLibrary();
    const before = await main.libraryFiles();
    await user.click(option('Beacon'));
    await user.keyboard('{Control>}');
    await user.click(option('Driftwood'));
    await user.keyboard('{/Control}');
    await user.click(within(bar()!).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(await screen.findByText('Moved 2 items to the trash.')).toBeInTheDocument();
    const visible = (await main.libraryFiles()).filter((n) => !n.startsWith('.'));
    expect(visible).toEqual(before.filter((n) => !/^(Beacon|Driftwood)\./.test(n)));
    expect(main.double.state.openedExternal.filter((x) => x.startsWith('trash:'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Put back 2 items.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(5));
    expect((await main.libraryFiles()).filter((n) => !n.startsWith('.'))).toEqual(before);
  });

  it('Delete moves the focused selection, Ctrl+Z (outside text fields) puts it back', async () => {
    const { user, list, option } = await openLibrary();
    await user.click(option('Compass'));
    await user.keyboard('{Delete}');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(4));
    expect(
      await screen.findByText(/^Moved “\u2068?Compass\u2069?” to the trash\.$/),
    ).toBeInTheDocument();
    // Ctrl+Z in the search field is the field's own
    const search = screen.getByRole('searchbox', { name: 'Search the library' });
    await user.click(search);
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    list.focus();
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(5));
    expect(option('Compass')).toBeInTheDocument();
  });

  it('F2 opens the rename field of the focused item', async () => {
    const { user, option } = await openLibrary();
    await user.click(option('Anchor'));
    await act(async () => undefined);
    await user.keyboard('{F2}');
    expect(await screen.findByRole('textbox', { name: 'New name' })).toHaveFocus();
  });
});

describe('Library: takes titled distinctly', () => {
  it('two takes of one title play as “Title · Take 1” and “… Take 2” in the queue', async () => {
    const { user } = await renderMain({
      key: TEST_KEY,
      panels: [libraryPanel],
      library: [
        {
          id: 'itm_take1',
          title: 'Harbour Lights',
          file: 'Harbour Lights.wav',
          variation_group: 'job_abcdef',
          created_at: '2025-01-01T00:00:00.000Z',
        },
        {
          id: 'itm_take2',
          title: 'Harbour Lights (Take 2)',
          file: 'Harbour Lights 2.wav',
          variation_group: 'job_abcdef',
          created_at: '2025-01-01T00:00:01.000Z',
        },
      ],
    });
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    await user.click(within(list).getAllByRole('option')[0]!);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(usePlayerStore.getState().queue.map((e) => e.title)).toEqual([
        'Harbour Lights · Take 1',
        'Harbour Lights · Take 2',
      ]),
    );
    // shown in the player with the title isolated (a right-to-left title keeps “· Take 1” after it)
    const playing = await screen.findByTestId('player-title');
    await waitFor(() => expect(playing).toHaveTextContent('Harbour Lights · Take 1'));
    expect(playing.querySelector('bdi')?.textContent).toBe('Harbour Lights');
    // the rows say it the same way, without the service's “(Take 2)”
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual([
      expect.stringMatching(/^Harbour Lights · Take 1, Song, /),
      expect.stringMatching(/^Harbour Lights · Take 2, Song, /),
    ]);
    expect(within(list).queryByText(/\(Take 2\)/)).toBeNull();
  });

  it('a take keeps its number when a search shows it alone and when its sibling is gone', async () => {
    const { user } = await renderMain({
      key: TEST_KEY,
      panels: [libraryPanel],
      library: [
        // saved with its number; take 1 went to the trash
        {
          id: 'itm_kept',
          title: 'Neon Tide',
          file: 'Neon Tide · Take 2.wav',
          variation_group: 'job_neon',
          take: 2,
          created_at: '2025-01-02T00:00:01.000Z',
        },
        { id: 'itm_a', title: 'Paper boats', file: 'a.wav', variation_group: 'job_boats' },
        {
          id: 'itm_b',
          title: 'Paper boats',
          file: 'b.wav',
          variation_group: 'job_boats',
          created_at: '2030-01-01T00:00:00.000Z',
          tags: ['harbour'],
        },
      ],
    });
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(within(list).getByRole('option', { name: /^Neon Tide · Take 2, / })).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'harbour');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    expect(within(list).getByRole('option', { name: /^Paper boats · Take 2, / })).toBeVisible();
  });
});
