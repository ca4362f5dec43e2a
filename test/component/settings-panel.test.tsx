import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountPanel } from '../../src/renderer/panels/account';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { settingsPanel } from '../../src/renderer/panels/settings';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetPreferencesStore } from '../../src/renderer/stores/preferences';
import { FakeCadenza } from './support/fake-cadenza';
import { renderApp } from './support/render-app';

afterEach(() => {
  resetLibraryStore();
  resetPreferencesStore();
});

async function openSettings(fake: FakeCadenza) {
  const view = await renderApp({ fake, panels: [accountPanel, jobsPanel, settingsPanel] });
  await view.user.keyboard('{Control>},{/Control}');
  expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  return view;
}

describe('Settings panel', () => {
  it('is the last entry of the sidebar, opened with Ctrl+, as well as its digit', async () => {
    const { panels } = await import('../../src/renderer/panels');
    expect(panels.at(-1)?.id).toBe('settings');
    await renderApp({ panels: [accountPanel, settingsPanel] });
    const button = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
      name: /Settings/,
    });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+2 Control+,');
  });

  it('opens from the menu: main pushes openSettings', async () => {
    const fake = new FakeCadenza();
    await renderApp({ fake, panels: [accountPanel, jobsPanel, settingsPanel] });
    expect(screen.queryByRole('heading', { name: 'Settings', level: 1 })).toBeNull();
    act(() => fake.emitOpenSettings());
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  it('shows the library folder and changes it through the dialog in main', async () => {
    const fake = new FakeCadenza();
    const { user } = await openSettings(fake);
    const folder = await screen.findByRole('region', { name: 'Library folder' });
    await waitFor(() => expect(folder).toHaveTextContent('/home/creator/Music/Cadenza'));

    // dismissed dialog: nothing changes, no error
    fake.folderDialog = null;
    await user.click(within(folder).getByRole('button', { name: 'Change folder…' }));
    await waitFor(() => expect(fake.callsOf('library.chooseFolder')).toHaveLength(1));
    expect(fake.callsOf('library.chooseFolder')[0]).toEqual([]); // no path leaves the renderer
    expect(folder).toHaveTextContent('/home/creator/Music/Cadenza');
    expect(within(folder).queryByRole('alert')).toBeNull();

    fake.folderDialog = '/media/usb/Songs';
    await user.click(within(folder).getByRole('button', { name: 'Change folder…' }));
    await waitFor(() => expect(folder).toHaveTextContent('/media/usb/Songs'));
    expect(screen.getByRole('status')).toHaveTextContent('Library folder changed.');
  });

  it('cannot change a folder pinned by CADENZA_LIBRARY', async () => {
    const fake = new FakeCadenza({ libraryFolder: { path: '/tmp/lib', source: 'environment' } });
    await openSettings(fake);
    const folder = await screen.findByRole('region', { name: 'Library folder' });
    await waitFor(() => expect(folder).toHaveTextContent('Set by CADENZA_LIBRARY'));
    expect(within(folder).getByRole('button', { name: 'Change folder…' })).toBeDisabled();
  });

  it('holds the updates; Account and Jobs no longer do', async () => {
    const { user } = await openSettings(new FakeCadenza());
    expect(await screen.findByRole('region', { name: 'Updates' })).toBeInTheDocument();
    await user.keyboard('{Control>}2{/Control}');
    expect(await screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Library folder' })).toBeNull();
    await user.keyboard('{Control>}1{/Control}');
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Updates' })).toBeNull();
  });

  it('saves the theme choice through main and shows it at once; a failed save puts the old one back', async () => {
    const fake = new FakeCadenza();
    fake.preferences = { ...fake.preferences, theme: 'dark' };
    const { user } = await openSettings(fake);
    const appearance = await screen.findByRole('region', { name: 'Appearance' });
    await waitFor(() =>
      expect(within(appearance).getByRole('radio', { name: 'Dark' })).toBeChecked(),
    );
    expect(document.documentElement.dataset.theme).toBe('dark');

    await user.click(within(appearance).getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(fake.callsOf('preferences.setTheme')).toEqual([['light']]);

    fake.failNext('preferences.setTheme', {
      code: 'io',
      message: 'Cadenza could not save its settings. Check that the data folder is writable.',
    });
    await user.click(within(appearance).getByRole('radio', { name: 'Dark' }));
    expect(await within(appearance).findByRole('alert')).toHaveTextContent('could not save');
    expect(within(appearance).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('Settings: export defaults', () => {
  it('shows the saved defaults and saves format, artist and album through main', async () => {
    const fake = new FakeCadenza();
    fake.library.exportDefaults = { format: 'wav', artist: 'Ada' };
    const { user } = await openSettings(fake);
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
    expect(fake.callsOf('export.setDefaults')).toEqual([
      [{ format: 'flac', artist: '', album: 'Night Drives' }],
    ]);
    expect(fake.library.exportDefaults).toEqual({ format: 'flac', album: 'Night Drives' });
  });
});
