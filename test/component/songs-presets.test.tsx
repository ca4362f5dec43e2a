import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetJobsStore } from '../../src/renderer/stores/jobs';
import { resetSongsStore } from '../../src/renderer/stores/songs';
import { startMain, TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

beforeEach(() => {
  resetSongsStore();
  resetJobsStore();
});

async function open(settings: Record<string, unknown> = {}) {
  const main = await startMain({ key: TEST_KEY, settings });
  const view = await renderMain({ main, panels: [songsPanel] });
  return { ...view, main };
}

describe('Songs: style presets', () => {
  it('a starter preset fills the style in one click; the current style saves under a name, exports and imports through main’s dialogs', async () => {
    const { user, main } = await open();
    await screen.findByText(`Songs left: ${main.emulator.counters().key_music_counts}`);
    const presets = screen.getByRole('list', { name: 'Presets' });

    // one click: the mode, style, model and instrumental flag of "Lo-fi study beat"
    await user.click(within(presets).getByRole('button', { name: 'Lo-fi study beat' }));
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByLabelText('Style of music')).toHaveValue(
      'lo-fi hip hop, mellow, vinyl crackle',
    );
    expect(screen.getByRole('checkbox', { name: /Instrumental/ })).toBeChecked();

    // save the (changed) style under a name: Enter saves, it never submits a song
    fireEvent.change(screen.getByLabelText('Style of music'), {
      target: { value: 'dusty lo-fi, rain' },
    });
    await user.click(screen.getByRole('button', { name: 'Save style as preset…' }));
    await user.type(screen.getByLabelText('Preset name'), 'Rainy night{Enter}');
    await within(presets).findByRole('button', { name: 'Rainy night' });
    const saved = await main.core.presets.list();
    expect(saved).toMatchObject([
      { name: 'Rainy night', mode: 'custom', prompt: 'dusty lo-fi, rain', instrumental: true },
    ]);
    expect(main.emulator.log.filter((e) => e.method === 'POST')).toEqual([]);

    // a saved preset picked in one click; the title and lyrics stay
    fireEvent.change(screen.getByLabelText('Style of music'), {
      target: { value: 'something else' },
    });
    await user.click(within(presets).getByRole('button', { name: 'Rainy night' }));
    expect(screen.getByLabelText('Style of music')).toHaveValue('dusty lo-fi, rain');

    // export to the file the creator picks (plain JSON), delete, import it back
    const file = `${await main.userFolder('Presets')}/mine.json`;
    main.double.dialogs.answerSaveDialog(file);
    // Import… and Export… sit in the bar's ⋯ menu, by keyboard too
    screen.getByRole('button', { name: 'More preset actions' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Import…' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: 'Export…' }));
    await screen.findByText('Exported 1 preset.');
    const doc = JSON.parse(await main.readText(file)) as { kind: string; presets: unknown[] };
    expect(doc).toMatchObject({ kind: 'cadenza-presets', presets: [{ name: 'Rainy night' }] });

    await user.click(
      screen.getByRole('button', { name: 'Delete preset “\u2068Rainy night\u2069”' }),
    );
    await waitFor(() =>
      expect(within(presets).queryByRole('button', { name: 'Rainy night' })).toBeNull(),
    );
    expect(await main.core.presets.list()).toEqual([]);
    main.double.dialogs.answerOpenDialog([file]);
    await user.click(screen.getByRole('button', { name: 'More preset actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Import…' }));
    await screen.findByText('Imported 1 preset.');
    await within(presets).findByRole('button', { name: 'Rainy night' });
    expect((await main.core.presets.list()).map((p) => p.prompt)).toEqual(['dusty lo-fi, rain']);
  });
});

describe('Songs: the rhyme helper', () => {
  const typeLyrics = async () => {
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getAllByRole('radio')[1]!);
    const lyrics = (await screen.findAllByRole('textbox')).find(
      (el) => el.tagName === 'TEXTAREA' && el.classList.contains('lyrics-editor'),
    ) as HTMLTextAreaElement;
    fireEvent.change(lyrics, { target: { value: '[Verse]\nI drive all night' } });
    lyrics.setSelectionRange(24, 24);
    fireEvent.select(lyrics);
  };

  it('shows rhymes for the word at the caret, from the dictionary main loads', async () => {
    await open();
    await typeLyrics();
    const list = await screen.findByRole('list', { name: 'Rhymes' }, { timeout: 60_000 });
    expect(screen.getByText(/Rhymes for “\u2068?night\u2069?” \(1 syllable\)/)).toBeInTheDocument();
    expect(within(list).getByText('light')).toBeInTheDocument();
  });

  it('is hidden in another language, saying so', async () => {
    await open({ language: 'de' });
    await typeLyrics();
    await screen.findByText(/Die Reimhilfe kennt nur englische Wörter/);
    expect(screen.queryByTestId('rhymes')).toBeNull();
  });
});
