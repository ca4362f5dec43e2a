/**
 * Issue 31, point 2's creator findings: rows dragged onto a collection in the sidebar are added to
 * it; a new collection says how songs get in; "Keep starred takes" is offered for any take of a
 * song with a starred take (not only on the starred one); the trash toast names the take it moved.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetLibraryStore } from '../../src/renderer/stores/library';
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

/** Two takes of "Harbour Lights" (take 1 starred when asked), then two songs of their own. */
const seeds = (starred: boolean): SeedItem[] =>
  [
    {
      id: 'itm_take1',
      title: 'Harbour Lights',
      file: 'Harbour Lights 1.wav',
      variation_group: 'grp_h',
      favourite: starred,
    },
    {
      id: 'itm_take2',
      title: 'Harbour Lights',
      file: 'Harbour Lights 2.wav',
      variation_group: 'grp_h',
    },
    { id: 'itm_paper', title: 'Paper Boats' },
    { id: 'itm_low', title: 'Low Tide' },
  ].map((s, i) => ({ ...s, created_at: new Date(Date.UTC(2025, 0, 1, 12, i)).toISOString() }));

async function openLibrary(starred = false) {
  const view = await renderMain({ key: TEST_KEY, panels: [libraryPanel], library: seeds(starred) });
  const listbox = () => screen.getByRole('listbox', { name: 'Library items' });
  await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(4));
  const option = (name: string) =>
    within(listbox()).getByRole('option', { name: new RegExp(`^${name},`) });
  const sidebar = () => screen.getByRole('navigation', { name: 'Collections' });
  return { ...view, listbox, option, sidebar };
}

const bar = () => screen.getByRole('toolbar', { name: 'Selection' });
/** A drag event's data as the OS drag of files brings it (main started it). */
const files = () => ({ dataTransfer: { types: ['Files'], dropEffect: 'none', files: [] } });

describe('Library workspace: what a new creator tried', () => {
  it('a new collection says how to add songs; rows dragged onto it in the sidebar are added', async () => {
    const { user, main, option, sidebar, listbox } = await openLibrary();
    await user.click(within(sidebar()).getByRole('button', { name: /New collection/ }));
    await user.type(within(sidebar()).getByRole('textbox', { name: 'Collection name' }), 'Tides');
    await user.click(within(sidebar()).getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Tides' });
    // the empty state: how songs get in, and the way back to the list
    expect(
      screen.getByText(/^Nothing in it yet\. Drag songs from the list onto .*Tides/),
    ).toHaveTextContent('or select some and choose “Add to collection…”');
    await user.click(screen.getByRole('button', { name: 'Show all items' }));
    await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(4));
    const tides = within(sidebar()).getByRole('button', { name: /Tides/ });

    // a selection of two (Paper Boats, Low Tide) dragged by one of its rows
    await user.click(option('Paper Boats'));
    await user.keyboard('{Shift>}');
    await user.click(option('Low Tide'));
    await user.keyboard('{/Shift}');
    expect(bar()).toHaveTextContent('2 selected');
    fireEvent.dragStart(option('Paper Boats'));
    fireEvent.dragEnter(tides, files());
    fireEvent.dragOver(tides, files());
    expect(tides).toHaveClass('collections-item-drop');
    fireEvent.drop(tides, files());
    await waitFor(() => expect(tides).toHaveTextContent(/Tides\s*2/));
    expect(tides).not.toHaveClass('collections-item-drop');
    const added = main.callsOf('collections.add');
    expect(added).toHaveLength(1);
    expect([...(added[0]?.[1] as string[])].sort()).toEqual(['itm_low', 'itm_paper']);

    // one row outside the selection carries itself only
    fireEvent.dragStart(option('Harbour Lights · Take 1'));
    fireEvent.dragOver(tides, files());
    fireEvent.drop(tides, files());
    await waitFor(() => expect(tides).toHaveTextContent(/Tides\s*3/));
    expect(main.callsOf('collections.add')[1]?.[1]).toEqual(['itm_take1']);

    // files dragged in from elsewhere (no drag from the list under way) add nothing
    fireEvent.dragOver(tides, files());
    fireEvent.drop(tides, files());
    expect(main.callsOf('collections.add')).toHaveLength(2);
  });

  it('"Keep starred takes" is offered on an unstarred take and for a selection of them', async () => {
    const { user, option } = await openLibrary(true);
    // the details of take 2 (not starred): take 1 is, so the choice is there
    await user.click(option('Harbour Lights · Take 2'));
    const details = screen.getByRole('region', { name: 'Item details' });
    expect(within(details).getByRole('button', { name: 'Keep starred takes' })).toBeVisible();
    // a song of no takes: nothing to keep
    await user.click(option('Low Tide'));
    expect(screen.queryByRole('button', { name: 'Keep starred takes' })).toBeNull();
    // a selection of take 2 and a song, neither starred
    await user.keyboard('{Control>}');
    await user.click(option('Harbour Lights · Take 2'));
    await user.keyboard('{/Control}');
    expect(bar()).toHaveTextContent('2 selected');
    await user.click(within(bar()).getByRole('button', { name: 'Keep starred takes' }));
    // the toast names the one take that went
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.closest('[role="status"]')).toHaveTextContent(
      /^Moved “\u2068?Harbour Lights · Take 2\u2069?” to the trash\./,
    );
  });

  it('the trash toast names the take moved with Delete, and counts several', async () => {
    const { user, option, listbox } = await openLibrary();
    await user.click(option('Harbour Lights · Take 2'));
    await user.keyboard('{Delete}');
    await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(3));
    let undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.closest('[role="status"]')).toHaveTextContent(
      /^Moved “\u2068?Harbour Lights · Take 2\u2069?” to the trash\./,
    );
    await user.click(option('Paper Boats'));
    await user.keyboard('{Shift>}');
    await user.click(option('Low Tide'));
    await user.keyboard('{/Shift}');
    await user.keyboard('{Delete}');
    await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(1));
    undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.closest('[role="status"]')).toHaveTextContent('Moved 2 items to the trash.');
  });
});
