/**
 * Issue 28 point 5 in the app: "Reuse settings" on a library song fills the Songs composer with
 * what the song was made with — its style, mode, lyrics, title and model, read by main from the
 * sidecar (the window's list holds no lyrics) — and sends nothing; the line saying so goes once
 * the song is sent. A cover's fills Covers (singer, key change, source song). A file carrying a
 * Cadenza recipe, dropped on Songs, fills the composer too; a file without one is said so. Over
 * the real main.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recipeText } from '@shared/domain/recipe';
import { coversPanel } from '../../src/renderer/panels/covers';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetCoversStore } from '../../src/renderer/stores/covers';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { TEST_KEY } from './support/main';
import { tagFile } from './support/tagged-file';
import { renderMain } from './support/render-app';
import { iso } from '../support/bidi';

afterEach(() => {
  resetLibraryStore();
  resetSongsStore();
  resetCoversStore();
});

/** A file dropped on the Songs composer (main is told its path, as the preload does). */
/** The form's "Filled with the settings of …" status line (the preset bar has a status line too). */
const REUSED = /Filled with the settings of/;
function reusedLine(form: HTMLElement): HTMLElement {
  const line = within(form)
    .getAllByRole('status')
    .find((el) => REUSED.test(el.textContent ?? ''));
  if (!line) throw new Error('no status line says where the settings came from');
  return line;
}
const findReusedLine = (form: HTMLElement): Promise<HTMLElement> => waitFor(() => reusedLine(form));

function dropOnComposer(
  main: { dropFile(name: string, path: string): void },
  name: string,
  path: string,
) {
  main.dropFile(name, path);
  const file = new File([new Uint8Array(64)], name, { type: 'audio/wav' });
  fireEvent.drop(screen.getByRole('form', { name: 'Create a song' }), {
    dataTransfer: { files: [file], types: ['Files'] },
  });
}

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
    expect(reusedLine(form)).toHaveTextContent(
      `Filled with the settings of “${iso('Harbour Lights')}”`,
    );
    await waitFor(() => expect(style).toHaveFocus());
    expect(main.callsOf('library.reuseSettings')).toEqual([['itm_reuse01']]);
    expect(main.callsOf('songs.create')).toEqual([]);
  });

  it('the line saying where the settings came from goes once the song is sent', async () => {
    const { main, user } = await renderMain({
      key: TEST_KEY,
      panels: [libraryPanel, songsPanel],
      library: [
        {
          id: 'itm_reuse02',
          title: 'Dune Road',
          prompt: 'desert rock',
          mode: 'auto',
          model: 'v4.0',
        },
      ],
    });
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    await user.click(await within(list).findByRole('option', { name: /^Dune Road,/ }));
    await user.click(screen.getByRole('button', { name: /^More actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Reuse settings' }));
    const form = await screen.findByRole('form', { name: 'Create a song' });
    expect(await findReusedLine(form)).toHaveTextContent(
      `Filled with the settings of “${iso('Dune Road')}”`,
    );
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(main.callsOf('songs.create')).toHaveLength(1));
    expect(main.callsOf('songs.create')[0]?.[0]).toMatchObject({ prompt: 'desert rock' });
    await waitFor(() => expect(within(form).queryByText(/Filled with the settings of/)).toBeNull());
    // the form keeps what was sent, ready for another go
    expect(within(form).getByRole('textbox', { name: 'Song description' })).toHaveValue(
      'desert rock',
    );
  });

  it('a cover fills Covers: its singer, key change and the library song it sang', async () => {
    const { main, user } = await renderMain({
      key: TEST_KEY,
      panels: [libraryPanel, coversPanel],
      library: [
        { id: 'itm_source1', title: 'Dawn Chorus', prompt: 'folk' },
        {
          id: 'itm_cover01',
          title: 'Dawn Chorus (Mei Lin)',
          kind: 'cover',
          singer: 'Mei Lin',
          tran: 3,
          parent_id: 'itm_source1',
          prompt: 'Cover of Dawn Chorus (+3 semitones)',
        },
      ],
    });
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    await user.click(
      await within(list).findByRole('option', { name: /^Dawn Chorus \(Mei Lin\),/ }),
    );
    await user.click(screen.getByRole('button', { name: /^More actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Reuse settings' }));
    const card = await screen.findByRole('region', { name: 'Make a cover' });
    await waitFor(() =>
      expect(within(card).getByRole('combobox', { name: 'Singer' })).toHaveValue('Mei Lin'),
    );
    expect(within(card).getByRole('spinbutton', { name: 'Key change (semitones)' })).toHaveValue(3);
    expect(within(card).getByRole('combobox', { name: 'Library song' })).toHaveValue('Dawn Chorus');
    expect(main.callsOf('library.reuseSettings')).toEqual([['itm_cover01']]);
    expect(main.callsOf('covers.create')).toEqual([]);
  });

  it('a file carrying a Cadenza recipe, dropped on Songs, fills the composer; one without is said so', async () => {
    const { main } = await renderMain({ key: TEST_KEY, panels: [songsPanel] });
    // a song sent on by a friend: its own tags and Cadenza's recipe, no sidecar, not in the library
    const tagged = await main.userFile('Neon Tide.wav', 1);
    await tagFile(tagged, {
      title: 'Neon Tide',
      lyrics: '[Chorus]\nNeon tide',
      recipe: recipeText({
        id: 'itm_neon1',
        kind: 'song',
        prompt: 'synthwave, 100 bpm',
        mode: 'custom',
        model: 'v3.5',
        instrumental: false,
      })!,
    });
    const form = await screen.findByRole('form', { name: 'Create a song' });
    dropOnComposer(main, 'Neon Tide.wav', tagged);
    // custom mode (the recipe says so): the description becomes the style
    const style = await within(form).findByRole(
      'textbox',
      { name: 'Style of music' },
      { timeout: 15_000 },
    );
    expect(style).toHaveValue('synthwave, 100 bpm');
    expect(within(form).getByRole('textbox', { name: 'Lyrics' })).toHaveValue(
      '[Chorus]\nNeon tide',
    );
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('Neon Tide');
    expect(within(form).getByRole('combobox', { name: 'Model' })).toHaveValue('v3.5');
    expect(reusedLine(form)).toHaveTextContent(`Filled with the settings of “${iso('Neon Tide')}”`);

    const plain = await main.userFile('Field Recording.wav', 1);
    dropOnComposer(main, 'Field Recording.wav', plain);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      /^“\u2068Field Recording\.wav\u2069” carries no Cadenza settings to reuse\.$/, // name isolated
    );
    expect(style).toHaveValue('synthwave, 100 bpm');
    expect(main.callsOf('library.fileSettings')).toHaveLength(2);
    expect(main.callsOf('songs.create')).toEqual([]);
  });
});
