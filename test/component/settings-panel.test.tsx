import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountPanel } from '../../src/renderer/panels/account';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { settingsPanel } from '../../src/renderer/panels/settings';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetPreferencesStore } from '../../src/renderer/stores/preferences';
import { startMain, type Main } from './support/main';
import { renderMain } from './support/render-app';

afterEach(() => {
  resetLibraryStore();
  resetPreferencesStore();
});

async function openSettings(main: Main) {
  const view = await renderMain({ main, panels: [accountPanel, jobsPanel, settingsPanel] });
  await view.user.keyboard('{Control>},{/Control}');
  expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  return view;
}

describe('Settings panel', () => {
  it('is the last entry of the sidebar, opened with Ctrl+, as well as its digit', async () => {
    const { panels } = await import('../../src/renderer/app/panels');
    expect(panels.at(-1)?.id).toBe('settings');
    await renderMain({ panels: [accountPanel, settingsPanel] });
    const button = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
      name: /Settings/,
    });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+2 Control+,');
  });

  it('opens from the menu: main pushes openSettings', async () => {
    const { main } = await renderMain({ panels: [accountPanel, jobsPanel, settingsPanel] });
    expect(screen.queryByRole('heading', { name: 'Settings', level: 1 })).toBeNull();
    act(() => main.send('openSettings', null)); // the menu's item (shell/app.ts)
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  it('shows the library folder and changes it through the dialog in main', async () => {
    const main = await startMain();
    const { user } = await openSettings(main);
    const folder = await screen.findByRole('region', { name: 'Library folder' });
    await waitFor(() => expect(folder).toHaveTextContent(main.dirs.library));

    // dismissed dialog (the double's folder dialog is cancelled unless answered): nothing changes
    await user.click(within(folder).getByRole('button', { name: 'Change folder…' }));
    await waitFor(() => expect(main.callsOf('library.chooseFolder')).toHaveLength(1));
    expect(main.callsOf('library.chooseFolder')[0]).toEqual([]); // no path leaves the renderer
    await waitFor(() => expect(main.double.dialogs.calls).toHaveLength(1));
    expect(folder).toHaveTextContent(main.dirs.library);
    expect(within(folder).queryByRole('alert')).toBeNull();

    const usb = `${main.dirs.root}/usb-songs`;
    main.double.dialogs.answerOpenDialog([usb]);
    await user.click(within(folder).getByRole('button', { name: 'Change folder…' }));
    await waitFor(() => expect(folder).toHaveTextContent(usb));
    expect(screen.getByRole('status')).toHaveTextContent('Library folder changed.');
    expect(main.core.settings.libraryDir()).toBe(usb);
  });

  it('cannot change a folder pinned by CADENZA_LIBRARY', async () => {
    await openSettings(await startMain({ libraryFromEnv: true }));
    const folder = await screen.findByRole('region', { name: 'Library folder' });
    await waitFor(() => expect(folder).toHaveTextContent('Set by CADENZA_LIBRARY'));
    expect(within(folder).getByRole('button', { name: 'Change folder…' })).toBeDisabled();
  });

  it('holds the updates; Account and Jobs no longer do', async () => {
    const { user } = await openSettings(await startMain());
    expect(await screen.findByRole('region', { name: 'Updates' })).toBeInTheDocument();
    await user.keyboard('{Control>}2{/Control}');
    expect(await screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Library folder' })).toBeNull();
    await user.keyboard('{Control>}1{/Control}');
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Updates' })).toBeNull();
  });

  it('saves the theme choice through main and shows it at once; a failed save puts the old one back', async () => {
    const main = await startMain({ settings: { theme: 'dark' } });
    const { user } = await openSettings(main);
    const appearance = await screen.findByRole('region', { name: 'Appearance' });
    await waitFor(() =>
      expect(within(appearance).getByRole('radio', { name: 'Dark' })).toBeChecked(),
    );
    expect(document.documentElement.dataset.theme).toBe('dark');

    // main saves Light, but its answer is slow to come back (as under load)
    const answerLight = main.holdAnswer('preferences.setTheme');
    await user.click(within(appearance).getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(main.callsOf('preferences.setTheme')).toEqual([['light']]);
    await waitFor(() => expect(main.core.settings.get().theme).toBe('light'));

    main.throwNext('preferences.setTheme');
    await user.click(within(appearance).getByRole('radio', { name: 'Dark' }));
    const alert = await within(appearance).findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong inside Cadenza');
    expect(within(appearance).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('light');
    // Light's answer arrives after Dark's failure: it neither clears the error nor moves the
    // choice (this race made the test time out under load when it waited for main, not the window)
    answerLight();
    await waitFor(() => expect(main.callsOf('preferences.setTheme')).toHaveLength(2));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(within(appearance).getByRole('alert')).toHaveTextContent(
      'Something went wrong inside Cadenza',
    );
    expect(within(appearance).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('Settings: export defaults', () => {
  it('shows the saved defaults and saves format, artist and album through main', async () => {
    const main = await startMain({ settings: { export: { format: 'wav', artist: 'Ada' } } });
    const { user } = await openSettings(main);
    const section = await screen.findByRole('region', { name: 'Export' });
    await waitFor(() =>
      expect(within(section).getByRole('radio', { name: 'WAV' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(within(section).getByRole('textbox', { name: 'Artist' })).toHaveValue('Ada');
    await user.click(within(section).getByRole('radio', { name: 'FLAC' }));
    await user.type(within(section).getByRole('textbox', { name: 'Album' }), '  Night Drives ');
    await user.clear(within(section).getByRole('textbox', { name: 'Artist' }));
    await user.click(within(section).getByRole('button', { name: 'Save export defaults' }));
    expect(await within(section).findByText('Saved.')).toBeInTheDocument();
    expect(main.callsOf('export.setDefaults')).toEqual([
      [{ format: 'flac', artist: '', album: 'Night Drives' }],
    ]);
    expect(main.core.settings.get().export).toEqual({ format: 'flac', album: 'Night Drives' });
  });
});
