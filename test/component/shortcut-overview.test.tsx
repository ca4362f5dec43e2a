/**
 * Issue 31 point 2: a shortcut overview lists every shortcut of the app; Ctrl/Cmd+/ or ? (not
 * while typing) opens it, from any panel.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { switchLanguage } from '../../src/renderer/i18n';
import { TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

afterEach(() => resetLibraryStore());

describe('shortcut overview', () => {
  it('? and Ctrl+/ open it; typing ? in a field does not', async () => {
    const { user } = await renderMain({
      key: TEST_KEY,
      panels: [libraryPanel],
      library: [{ id: 'itm_one', title: 'One' }],
    });
    const search = await screen.findByRole('searchbox', { name: 'Search the library' });
    await user.click(search);
    await user.keyboard('?');
    expect(search).toHaveValue('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    search.blur();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const what of [
      'Open Settings',
      'Play or pause',
      'Select every item shown',
      'Move the selection to the trash',
      'Undo the move to the trash',
      'Show these shortcuts',
    ])
      expect(within(dialog).getByText(what)).toBeInTheDocument();
    expect(within(dialog).getByText('Delete')).toBeInTheDocument();
    // every key the app answers: a collection's Alt+↑/↓, the trim editor's, the menus' too
    const row = (what: string) => within(dialog).getByText(what).closest('.shortcut-row');
    expect(row('Move the focused track up or down')).toHaveTextContent('Alt+↑Alt+↓');
    expect(row('Move between items')).toHaveTextContent('PgUpPgDn');
    expect(row('Move the chosen edge by 1 second')).toHaveTextContent('Shift+←Shift+→');
    expect(row('Zoom the waveform in or out')).toBeInTheDocument();
    expect(row('Close the queue')).toHaveTextContent('Esc');
    expect(row('Cut, copy, paste')).toHaveTextContent('Ctrl+XCtrl+CCtrl+V');
    expect(row('Full screen')).toHaveTextContent('F11');
    // the media keys in words (the ⏯⏭⏮⏹ glyphs showed as empty boxes), translated, not kept as-is
    const media = row('The keyboard’s media keys');
    expect(media).toHaveTextContent('Play/PauseNext trackPrevious trackStop');
    expect(media).not.toHaveTextContent(/[⏯⏭⏮⏹]/u);
    for (const kbd of media?.querySelectorAll('kbd') ?? [])
      expect(kbd).not.toHaveAttribute('translate');
    // macOS only
    expect(within(dialog).queryByText('Hide Cadenza, hide the others')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('{Control>}/{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('names the keys as the language does: German says Strg, Entf, Pos1 and Klick', async () => {
    const { user } = await renderMain({ key: TEST_KEY, panels: [libraryPanel] });
    await screen.findByRole('searchbox', { name: 'Search the library' });
    await switchLanguage('de');
    await user.keyboard('{Control>}/{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Tastenkürzel' });
    const keys = [...dialog.querySelectorAll('kbd')].map((k) => k.textContent);
    for (const key of ['Strg+A', 'Entf', 'Strg+Klick', 'Umschalt+Klick', 'Strg++', 'Strg+-'])
      expect(keys).toContain(key);
    expect(keys).toContain('Strg+Umschalt+Z');
    expect(keys.filter((k) => /Ctrl|Shift|click|Delete/.test(k ?? ''))).toEqual([]);
  });
});
