/**
 * Issue 28 point 5 in the app: "Reuse settings" on a library song fills the Songs composer with
 * what the song was made with — its style, mode, lyrics, title and model, read by main from the
 * sidecar (the window's list holds no lyrics) — and sends nothing. Over the real main.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

afterEach(() => {
  resetLibraryStore();
  resetSongsStore();
});

describe('Reuse settings', () => {
  it('fills the Songs composer from a library song, lyrics and model too, and sends nothing', async () => {
    const { main, user } = await renderMain({
      key: TEST_KEY,
      panels: [libraryPanel, songsPanel],
      library: [
        {
          id: 'itm_reuse01',
          title: 'Harbour Lights',
          prompt: 'city pop, warm bass',
          mode: 'custom',
          model: 'v4.0',
          instrumental: false,
          lyrics: '[Verse]\nSalt on the window',
        },
        { id: 'itm_speech1', title: 'A greeting', kind: 'tts', prompt: 'hello there' },
      ],
    });
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    await user.click(await within(list).findByRole('option', { name: /^A greeting,/ }));
    await user.click(screen.getByRole('button', { name: /^More actions for / }));
    // speech has no song settings to reuse
    expect(screen.queryByRole('menuitem', { name: 'Reuse settings' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(within(list).getByRole('option', { name: /^Harbour Lights,/ }));
    await user.click(screen.getByRole('button', { name: /^More actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Reuse settings' }));

    const form = await screen.findByRole('form', { name: 'Create a song' });
    const style = within(form).getByRole('textbox', { name: 'Style of music' });
    await waitFor(() => expect(style).toHaveValue('city pop, warm bass'));
    expect(within(form).getByRole('textbox', { name: 'Lyrics' })).toHaveValue(
      '[Verse]\nSalt on the window',
    );
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('Harbour Lights');
    expect(within(form).getByRole('combobox', { name: 'Model' })).toHaveValue('v4.0');
    expect(within(form).getByRole('checkbox', { name: 'Instrumental' })).not.toBeChecked();
    expect(within(form).getByRole('status')).toHaveTextContent(
      'Filled with the settings of “Harbour Lights”',
    );
    await waitFor(() => expect(style).toHaveFocus());
    expect(main.callsOf('library.reuseSettings')).toEqual([['itm_reuse01']]);
    expect(main.callsOf('songs.create')).toEqual([]);
  });
});
