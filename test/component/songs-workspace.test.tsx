import { fireEvent, screen, within } from '@testing-library/react';
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

async function open() {
  const main = await startMain({ key: TEST_KEY });
  const view = await renderMain({ main, panels: [songsPanel] });
  await screen.findByText(`Songs left: ${main.emulator.counters().key_music_counts}`);
  return { ...view, main };
}

describe('Songs: prompt check and lyrics workspace', () => {
  it('the prompt check warns, as heuristics, about lyrics in description mode, many genres and parameters; nothing is refused', async () => {
    const { user } = await open();
    const prompt = screen.getByLabelText('Song description');
    fireEvent.change(prompt, { target: { value: '[Verse]\nI walk alone' } });
    const check = screen.getByRole('status', { name: 'Prompt check (heuristics, not rules)' });
    expect(check).toHaveTextContent(/This reads like lyrics/);
    fireEvent.change(prompt, { target: { value: 'jazz, rock, metal and reggae [bpm=120]' } });
    expect(check).toHaveTextContent(/many genres at once/);
    expect(check).toHaveTextContent(/“\u2068?\[bpm=120\]\u2069?” looks like a setting/);
    expect(check).not.toHaveTextContent(/This reads like lyrics/);
    // heuristics never block: Create stays enabled
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    await user.clear(prompt);
    await user.type(prompt, 'A dreamy synthwave song');
    expect(screen.queryByRole('status', { name: /Prompt check/ })).not.toBeInTheDocument();
  });

  it('the lyrics workspace outlines sections, counts syllables per line and at the caret, and notes lyrics too short', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const lyrics = screen.getByLabelText('Lyrics');
    expect(screen.queryByRole('region', { name: 'Lyrics at a glance' })).not.toBeInTheDocument();
    fireEvent.change(lyrics, {
      target: { value: '[Verse]\nHello beautiful night\nlove\n[Chorus]\nyesterday' },
    });
    const ws = screen.getByRole('region', { name: 'Lyrics at a glance' });
    const outline = within(ws).getByRole('list', { name: 'Sections' });
    expect(
      within(outline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Verse · 2 lines, about 7 syllables', 'Chorus · 1 line, about 3 syllables']);
    expect(within(ws).getByRole('note')).toHaveTextContent(
      'Sung, these lyrics last about 3 seconds: the song will likely stretch or repeat them.',
    );
    const rows = within(ws).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '26Hello beautiful night',
      '31love',
      '53yesterday',
    ]);
    // the caret on line 2
    (lyrics as HTMLTextAreaElement).setSelectionRange(9, 9);
    fireEvent.select(lyrics);
    expect(within(ws).getByTestId('caret-syllables')).toHaveTextContent(
      'Line 2: about 6 syllables',
    );
  });
});
