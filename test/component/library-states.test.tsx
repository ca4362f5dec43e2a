/**
 * Issue 31 point 5 in the Library: a search that finds nothing says so, with the words searched and
 * a way back; the details pane follows the filter (an item the search leaves out is not offered to
 * play or trim). Over the real main: the items are files and sidecars in main's library folder.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';

afterEach(() => resetLibraryStore());

async function openLibrary() {
  const view = await renderMain({
    key: TEST_KEY,
    panels: [libraryPanel],
    library: [
      { id: 'itm_harbour', title: 'Harbour lights', lyrics: '[Verse]\nsalt on the window' },
      { id: 'itm_neon', title: 'Neon tide' },
      { id: 'itm_paper', title: 'Paper boats', kind: 'tts' },
    ],
  });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
  return { ...view, list, search: screen.getByRole('searchbox', { name: 'Search the library' }) };
}

describe('Library: states that tell the truth', () => {
  it('a search with no match says what was searched and clears in one click', async () => {
    const { user, search } = await openLibrary();
    await user.type(search, 'violin');
    const state = await screen.findByRole('note', { name: `Nothing matches “${iso('violin')}”` });
    expect(state).toHaveTextContent('clear the search to see all 3 items again');
    expect(screen.queryByRole('listbox', { name: 'Library items' })).toBeNull();
    await user.click(within(state).getByRole('button', { name: 'Clear search' }));
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(screen.getByTestId('library-count')).toHaveTextContent('3 items');
  });

  it('says so when filters, not words, leave nothing; Clear search resets them too', async () => {
    const { user } = await openLibrary();
    await user.click(screen.getByRole('checkbox', { name: 'With lyrics' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'tts');
    await screen.findByRole('note', { name: 'Nothing matches these filters' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('checkbox', { name: 'With lyrics' })).not.toBeChecked();
  });

  it('the details pane follows the filter: an item searched away is not offered to play', async () => {
    const { user, list, search } = await openLibrary();
    await user.click(within(list).getByRole('option', { name: /^Neon tide,/ }));
    const details = await screen.findByRole('region', { name: 'Item details' });
    expect(within(details).getByRole('button', { name: 'Play' })).toBeEnabled();
    await user.type(search, 'harbour');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Item details' })).toBeNull();
    await user.clear(search);
    // the selection is kept: shown again with it
    expect(await screen.findByRole('region', { name: 'Item details' })).toHaveTextContent(
      'Neon tide',
    );
  });
});
