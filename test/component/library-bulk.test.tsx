/**
 * Issue 31, points 2 and 3 in the Library over the real main: the selection bar's bulk actions —
 * Star, Rate, Add to collection, "Artist, album, genre…" and "Keep starred takes" — each ONE call
 * for the whole selection, the list showing the result, and the trash of "keep starred" undoable
 * from the toast.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetLibraryStore, useLibraryStore } from '../../src/renderer/stores/library';
import { resetTrashUndo } from '../../src/renderer/stores/trash-undo';
import { useCollections } from '../../src/renderer/panels/library/collections-store';
import { TEST_KEY, type SeedItem } from './support/main';
import { renderMain } from './support/render-app';

// main answers through real files: on a loaded machine that takes more than a second
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  resetLibraryStore();
  resetTrashUndo();
  useCollections.setState({ list: null, openId: null, error: null });
});

const TITLES = ['Anchor', 'Beacon', 'Compass', 'Driftwood'];

async function openLibrary(extra: (title: string, i: number) => Partial<SeedItem> = () => ({})) {
  const view = await renderMain({
    key: TEST_KEY,
    panels: [libraryPanel],
    library: TITLES.map((title, i) => ({
      id: `itm_${title.toLowerCase()}`,
      title,
      created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      ...extra(title, i),
    })),
  });
  const listbox = () => screen.getByRole('listbox', { name: 'Library items' });
  await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(4));
  const option = (title: string) =>
    within(listbox()).getByRole('option', { name: new RegExp(`^${title}( · Take \\d+)?,`) });
  const item = (title: string) => useLibraryStore.getState().items?.find((i) => i.title === title);
  return { ...view, listbox, option, item };
}

const bar = () => screen.getByRole('toolbar', { name: 'Selection' });

describe('Library: bulk actions on a selection', () => {
  it('Star, Rate, Add to collection and artist/album/genre act on every selected item in one call each', async () => {
    const { user, main, option, item } = await openLibrary();
    // a collection to add to (made in the sidebar, then back to all items)
    const sidebar = screen.getByRole('navigation', { name: 'Collections' });
    await user.click(within(sidebar).getByRole('button', { name: /New collection/ }));
    await user.type(within(sidebar).getByRole('textbox', { name: 'Collection name' }), 'Tides');
    await user.click(within(sidebar).getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Tides' });
    await user.click(within(sidebar).getByRole('button', { name: /All items/ }));

    await user.click(option('Driftwood'));
    await user.keyboard('{Shift>}');
    await user.click(option('Beacon'));
    await user.keyboard('{/Shift}');
    expect(within(bar()).getByRole('status')).toHaveTextContent('3 selected');
    const picked = ['itm_driftwood', 'itm_compass', 'itm_beacon'];

    // Star: one call for the three; the rows show it
    await user.click(within(bar()).getByRole('button', { name: 'Star' }));
    await waitFor(() =>
      expect(
        ['Driftwood', 'Compass', 'Beacon'].map(
          (t) => within(option(t)).getByTestId('row-star').dataset.starred,
        ),
      ).toEqual(['true', 'true', 'true']),
    );
    expect(within(option('Anchor')).getByTestId('row-star').dataset.starred).toBe('false');
    expect(main.callsOf('collections.mark')).toEqual([[picked, { favourite: true }]]);
    // all starred: the same button takes the stars off
    expect(within(bar()).getByRole('button', { name: 'Remove the stars' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Rate: 4 stars on the three
    await user.selectOptions(within(bar()).getByRole('combobox', { name: 'Rate…' }), '4 stars');
    await waitFor(() =>
      expect(['Driftwood', 'Compass', 'Beacon'].map((t) => item(t)?.rating)).toEqual([4, 4, 4]),
    );
    expect(item('Anchor')?.rating ?? null).toBeNull();
    expect(main.callsOf('collections.mark')[1]).toEqual([picked, { rating: 4 }]);

    // Add to collection: the three, in the list's order
    await user.selectOptions(
      within(bar()).getByRole('combobox', { name: 'Add to collection…' }),
      'Tides',
    );
    await waitFor(() =>
      expect(useCollections.getState().list?.find((c) => c.name === 'Tides')?.itemIds).toEqual(
        picked,
      ),
    );

    // artist, album and genre: a small dialog; the rows show them once main answers
    await user.click(within(bar()).getByRole('button', { name: 'Artist, album, genre…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Artist, album and genre of 3 items',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Artist' }), 'The Harbour');
    await user.type(within(dialog).getByRole('textbox', { name: 'Genre' }), 'Ambient');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(main.callsOf('collections.editTags')).toEqual([
      [picked, { artist: 'The Harbour', genre: 'Ambient' }],
    ]);
    await waitFor(() => expect(option('Compass')).toHaveTextContent('The Harbour · Ambient'));
    expect(['Driftwood', 'Compass', 'Beacon'].map((t) => item(t)?.artist)).toEqual([
      'The Harbour',
      'The Harbour',
      'The Harbour',
    ]);
    // an empty field leaves each item's own as it was; Anchor was not selected
    expect(item('Beacon')?.album ?? null).toBeNull();
    expect(item('Anchor')?.artist ?? null).toBeNull();
  });

  it('the details pane edits one item’s artist, album and genre, its own values filled in; an emptied field clears', async () => {
    const { user, main, option, item } = await openLibrary((title) =>
      title === 'Beacon' ? { artist: 'Ada', album: 'Zodiac' } : {},
    );
    await user.click(option('Beacon'));
    const details = screen.getByRole('region', { name: 'Item details' });
    expect(details).toHaveTextContent('Ada · Zodiac');
    await user.click(within(details).getByRole('button', { name: 'Artist, album, genre…' }));
    const dialog = await screen.findByRole('dialog', { name: /Artist, album and genre of 1/ });
    expect(within(dialog).getByRole('textbox', { name: 'Artist' })).toHaveValue('Ada');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Album' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Genre' }), 'Lo-fi');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(main.callsOf('collections.editTags')).toEqual([
      [['itm_beacon'], { album: null, genre: 'Lo-fi' }],
    ]);
    await waitFor(() => expect(item('Beacon')?.genre).toBe('Lo-fi'));
    expect([item('Beacon')?.artist, item('Beacon')?.album ?? null]).toEqual(['Ada', null]);
    expect(details).toHaveTextContent('Ada · Lo-fi');
  });

  it('"Keep starred takes" on a selection trashes the unstarred takes of its songs, with Undo', async () => {
    // two songs of two takes each: Anchor and Compass are the starred ones
    const { user, main, listbox, option } = await openLibrary((title, i) => ({
      variation_group: i < 2 ? 'grp_one' : 'grp_two',
      favourite: title === 'Anchor' || title === 'Compass',
    }));
    await user.click(option('Driftwood'));
    await user.keyboard('{Control>}');
    await user.click(option('Anchor'));
    await user.keyboard('{/Control}');
    await user.click(within(bar()).getByRole('button', { name: 'Keep starred takes' }));
    await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(2));
    expect(within(listbox()).queryByRole('option', { name: /^Beacon\b/ })).toBeNull();
    expect(within(listbox()).queryByRole('option', { name: /^Driftwood\b/ })).toBeNull();
    expect(main.callsOf('library.trash')).toEqual([[['itm_driftwood', 'itm_beacon']]]);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.closest('[role="status"]')).toHaveTextContent('Moved 2 items to the trash.');
    await user.click(undo);
    await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(4));
  });
});
