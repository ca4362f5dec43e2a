/**
 * The Updates section of Settings over the real main: main's update controller driving
 * electron-updater's own DebUpdater against the emulator's update feed (support/main.ts
 * `updates`), the setting kept in settings.json.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installBridge } from '../../src/renderer/bridge';
import { UpdatesSection } from '../../src/renderer/panels/settings/UpdatesSection';
import { startMain, TEST_KEY, type MainOptions } from './support/main';
import { renderMain } from './support/render-app';

async function renderCard(options: MainOptions = {}) {
  const main = await startMain(options);
  installBridge(main.api);
  const user = userEvent.setup();
  render(<UpdatesSection />);
  return { main, user };
}

const card = () => screen.getByRole('region', { name: 'Updates' });
const statusLine = (): HTMLElement => {
  const el = card().querySelector<HTMLElement>('[data-update-phase]');
  if (!el) throw new Error('no update status line');
  return el;
};

describe('Updates section of Settings', () => {
  it('is part of the Settings panel', async () => {
    const { user } = await renderMain({ key: TEST_KEY });
    await user.keyboard('{Control>},{/Control}');
    expect(await screen.findByRole('region', { name: 'Updates' })).toHaveTextContent(
      'Version 0.1.0',
    );
  });

  it('checks on request and says it is up to date', async () => {
    const { main, user } = await renderCard({ updates: { feed: '/updates/v/0.1.0/' } });
    await user.click(await screen.findByRole('button', { name: 'Check for updates' }));
    await waitFor(() =>
      expect(statusLine()).toHaveTextContent(/Cadenza is up to date \(checked .+\)\./),
    );
    expect(main.callsOf('updates.check')).toHaveLength(1);
    expect(main.emulator.log.map((e) => e.path)).toEqual(['/updates/v/0.1.0/latest-linux.yml']);
  });

  it('follows a background download to "Restart to update" and shows the release notes as text', async () => {
    const { main, user } = await renderCard({ updates: { feed: '/updates/' } });
    // the installer arrives slowly enough to watch it come
    main.emulator.configure({ drip: { bytes: 8192, everyMs: 60 } });
    main.emulator.inject({ path: '/updates/cadenza_0.2.0_amd64.deb', kind: 'drip' });
    await user.click(await screen.findByRole('button', { name: 'Check for updates' }));
    const bar = await within(card()).findByRole(
      'progressbar',
      { name: 'Update download' },
      { timeout: 10_000 },
    );
    expect(bar).toHaveAttribute('aria-valuenow', expect.stringMatching(/^\d+$/));
    expect(statusLine()).toHaveTextContent(/^Downloading version 0\.2\.0… \d+%$/);
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull();

    await waitFor(
      () =>
        expect(statusLine()).toHaveTextContent(
          'Version 0.2.0 is ready. Restart Cadenza to update, or it installs the next time you quit.',
        ),
      { timeout: 20_000 },
    );
    // the feed's notes are HTML with a script: main makes them text, and no element comes of them
    expect(screen.getByText(/Covers start faster/).textContent).toBe(
      'Cadenza 0.2.0\n\n• Covers start faster\n• Library search & sort fixes\n\nThanks for creating with Cadenza.',
    );
    expect(card().querySelector('script, h2 + ul, li')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Restart to update' }));
    await waitFor(() => expect(main.updateInstalls.count).toBe(1));
    expect(main.callsOf('updates.restartToUpdate')).toHaveLength(1);
    expect(statusLine()).toHaveTextContent('Restarting to install version 0.2.0…');
  });

  it('turns automatic updates off and on (kept in main’s settings)', async () => {
    const { main, user } = await renderCard({ updates: { feed: '/updates/v/0.1.0/' } });
    const box = await screen.findByRole('checkbox', {
      name: 'Check for and download updates automatically',
    });
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(main.callsOf('updates.setAutoUpdate')).toEqual([[false]]);
    await waitFor(() => expect(main.core.settings.get().autoUpdate).toBe(false));
    expect(statusLine()).toHaveTextContent('Automatic updates are off.');
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(main.callsOf('updates.setAutoUpdate')).toEqual([[false], [true]]);
    await waitFor(() => expect(main.core.settings.get().autoUpdate).toBe(true));
  });

  it('shows why a build cannot update and offers no check', async () => {
    await renderCard(); // no updater in this run: main says so
    expect(await screen.findByText('Updates are not available in this run.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
  });

  it('shows a failed check and a refused check in words', async () => {
    const { main, user } = await renderCard({ updates: { feed: '/updates/' } });
    await main.emulator.goOffline();
    await user.click(await screen.findByRole('button', { name: 'Check for updates' }));
    await waitFor(() => expect(statusLine()).toHaveAttribute('data-update-phase', 'error'));
    const failed = statusLine().textContent ?? '';
    expect(failed).toMatch(/could not be reached/);
    // a check main itself fails answers main's words for a failure inside it
    main.throwNext('updates.check');
    await user.click(screen.getByRole('button', { name: 'Check for updates' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(/Something went wrong/);
  });
});

describe('Updates card: a setting main could not save', () => {
  it('goes back to the saved value and says why', async () => {
    const { main, user } = await renderCard({ updates: { feed: '/updates/v/0.1.0/' } });
    const box = await screen.findByRole('checkbox', {
      name: 'Check for and download updates automatically',
    });
    // main's data folder is gone (a file stands at its name): settings cannot be saved
    await main.breakDataFolder();
    await user.click(box);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Cadenza could not save its settings. Check that the data folder is writable.',
    );
    expect(box).toBeChecked();
  });
});
