import { screen, waitFor, within } from '@testing-library/react';
import { parseFile } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';
import { switchLanguage } from '../../src/renderer/i18n';

const SONG = {
  id: 'itm_neon00000000000000001',
  title: 'Neon Tide',
  kind: 'song' as const,
  song_id: 'svc-song-neon',
  seconds: 2,
};

/** Whether the file carries Cadenza's recipe field with the item's id (read by an independent reader). */
const recipeIn = async (path: string): Promise<boolean> => {
  const { native } = await parseFile(path);
  return Object.values(native)
    .flat()
    .some((t) => t.id === 'TXXX:CADENZA_RECIPE' && JSON.stringify(t.value).includes(SONG.id));
};

/** Opens the Export dialog from the item's ⋯ menu in the Library. */
async function openExport(user: Awaited<ReturnType<typeof renderMain>>['user']) {
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await user.click(await within(list).findByRole('option', { name: /Neon Tide/ }));
  const details = screen.getByRole('region', { name: 'Item details' });
  await user.click(within(details).getByRole('button', { name: /^More actions for / }));
  await user.click(await screen.findByRole('menuitem', { name: 'Export…' }));
  return { details, dialog: await screen.findByRole('dialog', { name: 'Export “Neon Tide”' }) };
}

describe('Export: genre, year and the files written', () => {
  it('writes the genre and year typed in the dialog, and the item lists the files with Show in folder', async () => {
    const { main, user } = await renderMain({
      panels: [libraryPanel],
      key: TEST_KEY,
      library: [SONG],
    });
    const { details, dialog } = await openExport(user);
    await user.click(within(dialog).getByRole('radio', { name: 'WAV' }));
    await user.type(within(dialog).getByLabelText('Genre'), 'City pop');
    await user.type(within(dialog).getByLabelText('Year'), '2026');
    const folder = await main.userFolder('Exports');
    main.double.dialogs.answerOpenDialog([folder]);
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));

    const files = await within(details).findByRole(
      'group',
      { name: 'Exported files' },
      { timeout: 30_000 },
    );
    expect(within(files).getByRole('status')).toHaveTextContent(
      `1 file exported to ${iso(folder)}`,
    );
    expect(within(files).getByRole('listitem')).toHaveTextContent('Neon Tide.wav');
    const common = await main.tagsOf(`${folder}/Neon Tide.wav`);
    expect(common.genre).toEqual(['City pop']);
    expect(common.year).toBe(2026);

    await user.click(within(files).getByRole('button', { name: 'Show in folder' }));
    await waitFor(() =>
      expect(main.double.state.openedExternal).toEqual([`show:${folder}/Neon Tide.wav`]),
    );
  });

  it('a year that is not one is said on the field, and nothing is exported', async () => {
    const { main, user } = await renderMain({
      panels: [libraryPanel],
      key: TEST_KEY,
      library: [SONG],
    });
    const { dialog } = await openExport(user);
    await user.type(within(dialog).getByLabelText('Year'), '26');
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    expect(within(dialog).getByLabelText('Year')).toHaveAccessibleDescription(
      /^A year, like \d{4}\.$/,
    );
    expect(main.callsOf('export.items')).toHaveLength(0);
    // the problem is said in the language shown: a switch while it shows changes its words
    await switchLanguage('de');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Jahr')).toHaveAccessibleDescription(
        /^Eine Jahreszahl, etwa \d{4}\.$/,
      ),
    );
    await switchLanguage('en');
  });

  it('"Without Cadenza data" leaves the recipe out of the file; without it the file carries the item id', async () => {
    const { main, user } = await renderMain({
      panels: [libraryPanel],
      key: TEST_KEY,
      library: [SONG],
    });
    const folder = await main.userFolder('Exports');
    let { dialog } = await openExport(user);
    await user.click(within(dialog).getByRole('radio', { name: 'WAV' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Without Cadenza data/ }));
    main.double.dialogs.answerOpenDialog([folder]);
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 30_000 });
    expect(main.callsOf('export.items')[0]![1]).toMatchObject({ withoutCadenzaData: true });
    expect(await recipeIn(`${folder}/Neon Tide.wav`)).toBe(false);
    expect((await main.tagsOf(`${folder}/Neon Tide.wav`)).title).toBe('Neon Tide');

    ({ dialog } = await openExport(user));
    await user.click(within(dialog).getByRole('radio', { name: 'WAV' }));
    main.double.dialogs.answerOpenDialog([folder]);
    await user.click(within(dialog).getByRole('button', { name: 'Choose folder and export…' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 30_000 });
    expect(await recipeIn(`${folder}/Neon Tide (2).wav`)).toBe(true);
  });
});
