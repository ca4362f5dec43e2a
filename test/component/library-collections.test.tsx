/**
 * Issue 31, points 3, 4 and 6 in the Library over the real main: the collections sidebar (new
 * collection, open it, All items), the track list (add from the details, numbered in order,
 * reordered by dragging and by Alt+arrows, main's playlist follows), the album dialog, and the
 * details' favourite and rating — two controls, the rating a radio group whose choice main keeps.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { useCollections } from '../../src/renderer/panels/library/collections-store';
import { TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

// main answers through real files: on a loaded machine that takes more than a second
configure({ asyncUtilTimeout: 15_000 });

/** An accessible name without the bidi isolates around a creator's text. */
const named =
  (want: string) =>
  (name: string): boolean =>
    name.replace(/[\u2066-\u2069]/g, '') === want;

afterEach(() => {
  resetLibraryStore();
  useCollections.setState({ list: null, openId: null, error: null });
});

const TITLES = ['Anchor', 'Beacon', 'Compass'];

async function openLibrary() {
  const view = await renderMain({
    key: TEST_KEY,
    panels: [libraryPanel],
    library: TITLES.map((title, i) => ({
      id: `itm_${title.toLowerCase()}`,
      title,
      created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
    })),
  });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
  // the list is mounted again after a collection was open: looked up each time
  const option = (title: string) =>
    within(screen.getByRole('listbox', { name: 'Library items' })).getByRole('option', {
      name: new RegExp(`^${title},`),
    });
  return { ...view, list, option };
}

const tracks = () =>
  screen
    .queryAllByTestId('collection-track')
    .map((li) => li.querySelector('.collection-title')!.textContent);

describe('Library: collections', () => {
  it('sidebar: a new collection opens; items added from the details are numbered in order; drag and Alt+arrows reorder', async () => {
    const { user, option } = await openLibrary();
    const sidebar = screen.getByRole('navigation', { name: 'Collections' });
    await user.click(within(sidebar).getByRole('button', { name: /New collection/ }));
    await user.type(
      within(sidebar).getByRole('textbox', { name: 'Collection name' }),
      'Harbour EP',
    );
    await user.click(within(sidebar).getByRole('button', { name: 'Create' }));
    const opened = await within(sidebar).findByRole('button', { name: /Harbour EP/ });
    expect(opened).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('heading', { name: 'Harbour EP' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing in it yet/)).toBeInTheDocument();

    // back to all items, and add three from the details, one by one
    await user.click(within(sidebar).getByRole('button', { name: 'All items' }));
    for (const title of ['Compass', 'Anchor', 'Beacon']) {
      await user.click(option(title));
      const details = await screen.findByRole('region', { name: 'Item details' });
      await user.selectOptions(
        within(details).getByRole('combobox', { name: 'Add to collection…' }),
        'Harbour EP',
      );
      await waitFor(() =>
        expect(useCollections.getState().list?.[0]?.itemIds).toContain(
          `itm_${title.toLowerCase()}`,
        ),
      );
    }
    await user.click(within(sidebar).getByRole('button', { name: /Harbour EP/ }));
    await waitFor(() => expect(tracks()).toEqual(['Compass', 'Anchor', 'Beacon']));
    expect(within(sidebar).getByRole('button', { name: /Harbour EP/ })).toHaveTextContent('3');

    // drag Beacon onto the first place
    const rows = screen.getAllByTestId('collection-track');
    fireEvent.dragStart(rows[2]!, { dataTransfer: { setData: () => {}, effectAllowed: '' } });
    fireEvent.dragOver(rows[0]!);
    fireEvent.drop(rows[0]!);
    await waitFor(() => expect(tracks()).toEqual(['Beacon', 'Compass', 'Anchor']));
    // main keeps it: the playlist read again answers the same order
    await waitFor(() =>
      expect(useCollections.getState().list?.[0]?.itemIds).toEqual([
        'itm_beacon',
        'itm_compass',
        'itm_anchor',
      ]),
    );

    // Alt+Down moves the focused track one place
    screen.getAllByTestId('collection-track')[0]!.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(tracks()).toEqual(['Compass', 'Beacon', 'Anchor']));
    // the numbers follow the order
    expect(
      screen
        .getAllByTestId('collection-track')
        .map((li) => li.querySelector('.collection-number')!.textContent),
    ).toEqual(['1', '2', '3']);
  });

  it('the album dialog keeps the album artist', async () => {
    const { user } = await openLibrary();
    const sidebar = screen.getByRole('navigation', { name: 'Collections' });
    await user.click(within(sidebar).getByRole('button', { name: /New collection/ }));
    await user.type(within(sidebar).getByRole('textbox', { name: 'Collection name' }), 'Dune');
    await user.click(within(sidebar).getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('button', { name: 'Album…' }));
    const dialog = await screen.findByRole('dialog', { name: named('Album: Dune') });
    await user.type(within(dialog).getByRole('textbox', { name: 'Album artist' }), 'Ada Lane');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useCollections.getState().list?.find((c) => c.id === 'Dune')?.artist).toBe('Ada Lane');
    expect(screen.getByText('Ada Lane')).toBeInTheDocument();
  });
});

describe('Library: favourite and rating', () => {
  it('two controls: a labelled star toggle, and a 1–5 rating main keeps (again clears)', async () => {
    const { user, option } = await openLibrary();
    await user.click(option('Anchor'));
    const details = await screen.findByRole('region', { name: 'Item details' });
    const star = within(details).getByRole('button', { name: named('Star “Anchor”') });
    expect(star).toHaveTextContent('Star');
    expect(star).toHaveAttribute('aria-pressed', 'false');
    const rating = within(details).getByRole('radiogroup', { name: named('Rating of “Anchor”') });
    // the star is not one of the rating's stars
    expect(rating).not.toContainElement(star);
    expect(within(rating).getAllByRole('radio')).toHaveLength(5);

    await user.click(star);
    await waitFor(() =>
      expect(within(details).getByRole('button', { name: named('Star “Anchor”') })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await user.click(within(rating).getByRole('radio', { name: '4 stars' }));
    await waitFor(() =>
      expect(within(details).getByRole('radio', { name: '4 stars' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    // the row says so in its name (read from main's item)
    expect(option('Anchor')).toBeInTheDocument();
    // keyboard: Left lowers it
    within(details).getByRole('radio', { name: '4 stars' }).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(within(details).getByRole('radio', { name: '3 stars' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    // the same rating again clears it
    await user.click(within(details).getByRole('radio', { name: '3 stars' }));
    await waitFor(() =>
      expect(
        within(details)
          .getAllByRole('radio')
          .filter((r) => r.getAttribute('aria-checked') === 'true'),
      ).toHaveLength(0),
    );
  });
});
