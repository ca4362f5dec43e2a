import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installBridge } from '../../src/renderer/bridge';
import { UpdatesSection } from '../../src/renderer/panels/settings/UpdatesSection';
import { FakeCadenza } from './support/fake-cadenza';
import { renderApp } from './support/render-app';

function renderCard(fake = new FakeCadenza()) {
  installBridge(fake.api);
  const user = userEvent.setup();
  render(<UpdatesSection />);
  return { fake, user };
}

const card = () => screen.getByRole('region', { name: 'Updates' });
const statusLine = (): HTMLElement => {
  const el = card().querySelector<HTMLElement>('[data-update-phase]');
  if (!el) throw new Error('no update status line');
  return el;
};

describe('Updates section of Settings', () => {
  it('is part of the Settings panel', async () => {
    const { user } = await renderApp({
      fake: new FakeCadenza({ key: 'sk-test-0000000000001234' }),
    });
    await user.keyboard('{Control>},{/Control}');
    expect(await screen.findByRole('region', { name: 'Updates' })).toHaveTextContent(
      'Version 0.1.0',
    );
  });

  it('checks on request and says it is up to date', async () => {
    const { fake, user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Check for updates' }));
    expect(fake.callsOf('updates.check')).toHaveLength(1);
    expect(statusLine()).toHaveTextContent(/Cadenza is up to date \(checked .+\)\./);
  });

  it('follows a background download to "Restart to update" and shows the release notes as text', async () => {
    const { fake, user } = renderCard();
    await screen.findByRole('button', { name: 'Check for updates' });
    const notes = 'Cadenza 0.2.0\n\n• Covers start faster\n<img src=x onerror=alert(1)>';
    act(() =>
      fake.emitUpdateState({
        phase: 'downloading',
        version: '0.2.0',
        releaseNotes: notes,
        progress: { percent: 42.4, transferredBytes: 424, totalBytes: 1000, bytesPerSecond: 10 },
      }),
    );
    expect(within(card()).getByRole('progressbar', { name: 'Update download' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(statusLine()).toHaveTextContent('Downloading version 0.2.0… 42%');
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull();

    act(() => fake.emitUpdateState({ phase: 'ready', progress: null }));
    expect(statusLine()).toHaveTextContent(
      'Version 0.2.0 is ready. Restart Cadenza to update, or it installs the next time you quit.',
    );
    // the notes are text: the markup is shown literally, no element is created from it
    expect(screen.getByText(/Covers start faster/).textContent).toBe(notes);
    expect(card().querySelector('img')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Restart to update' }));
    expect(fake.callsOf('updates.restartToUpdate')).toHaveLength(1);
    expect(statusLine()).toHaveTextContent('Restarting to install version 0.2.0…');
  });

  it('turns automatic updates off and on', async () => {
    const { fake, user } = renderCard();
    const box = await screen.findByRole('checkbox', {
      name: 'Check for and download updates automatically',
    });
    expect(box).toBeChecked();
    await user.click(box);
    expect(fake.callsOf('updates.setAutoUpdate')).toEqual([[false]]);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(statusLine()).toHaveTextContent('Automatic updates are off.');
    await user.click(box);
    expect(fake.callsOf('updates.setAutoUpdate')).toEqual([[false], [true]]);
    await waitFor(() => expect(box).toBeChecked());
  });

  it('shows why a build cannot update and offers no check', async () => {
    const fake = new FakeCadenza();
    fake.updates.state = {
      ...fake.updates.state,
      supported: false,
      unsupportedReason: 'Updates need the Electron runtime; this run uses the test double.',
    };
    renderCard(fake);
    expect(
      await screen.findByText('Updates need the Electron runtime; this run uses the test double.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
  });

  it('shows a failed check and a refused restart in words', async () => {
    const fake = new FakeCadenza();
    const { user } = renderCard(fake);
    await screen.findByRole('button', { name: 'Check for updates' });
    act(() =>
      fake.emitUpdateState({
        phase: 'error',
        error: {
          code: 'network',
          message: 'The update server could not be reached. Cadenza will try again later.',
        },
      }),
    );
    expect(statusLine()).toHaveTextContent(
      'The update server could not be reached. Cadenza will try again later.',
    );
    fake.failNext('updates.check', { code: 'network', message: 'Still unreachable.' });
    await user.click(screen.getByRole('button', { name: 'Check for updates' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Still unreachable.');
  });
});

describe('Updates card: a setting main could not save', () => {
  it('goes back to the saved value and says why', async () => {
    const { fake, user } = renderCard();
    const box = await screen.findByRole('checkbox', {
      name: 'Check for and download updates automatically',
    });
    fake.failNext('updates.setAutoUpdate', {
      code: 'io',
      message: 'Cadenza could not save the update setting.',
    });
    await user.click(box);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Cadenza could not save the update setting.',
    );
    expect(box).toBeChecked();
  });
});
