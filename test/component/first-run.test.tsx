import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountPanel } from '../../src/renderer/panels/account';
import { songsPanel } from '../../src/renderer/panels/songs';
import { resetPreferencesStore } from '../../src/renderer/stores/preferences';
import { resetAccountStore } from '../../src/renderer/stores/account';
import { resetUiStore } from '../../src/renderer/stores/ui';
import { renderMain } from './support/render-app';
import { startMain, TEST_KEY } from './support/main';

afterEach(() => {
  resetPreferencesStore();
  resetAccountStore();
  resetUiStore();
});

const panels = [accountPanel, songsPanel];
/** A fresh install: settings.json says the first run is not done. */
const fresh = { settings: { firstRunDone: false }, panels };

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('First run', () => {
  it('is not shown once done', async () => {
    await renderMain({ panels });
    expect(await h1('Account')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Cadenza' })).toBeNull();
  });

  it('"Skip setup" ends it on any step, saved through main, and shows the studio', async () => {
    const { main, user } = await renderMain(fresh);
    expect(await h1('Welcome to Cadenza')).toHaveFocus();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect(await h1('Your API key')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Skip setup' }));
    expect(await h1('Account')).toBeInTheDocument();
    expect(main.callsOf('preferences.finishFirstRun')).toHaveLength(1);
    await waitFor(() => expect(main.core.settings.get().firstRunDone).toBe(true));
    expect(main.callsOf('account.setKey')).toHaveLength(0);
  });

  it('says a refused key on the field and stays on the step; Back returns to the welcome', async () => {
    // the emulator knows only its own keys: it refuses this one
    const { user } = await renderMain(fresh);
    await user.click(await screen.findByRole('button', { name: 'Get started' }));
    await user.type(screen.getByLabelText('API key'), 'sk-wrong-0000000000000');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent("didn't accept this key");
    expect(screen.getByRole('heading', { level: 1, name: 'Your API key' })).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveValue(''); // the key left the renderer once
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await h1('Welcome to Cadenza')).toHaveFocus();
  });

  it('with the service down, Save key stays on the step and says the key could not be checked yet', async () => {
    const main = await startMain({ settings: { firstRunDone: false } });
    await main.emulator.goOffline();
    const { user } = await renderMain({ main, panels });
    await user.click(await screen.findByRole('button', { name: 'Get started' }));
    await user.type(screen.getByLabelText('API key'), `${TEST_KEY}{Enter}`);
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Your key ending in 7890 is saved, but not checked yet: Cadenza couldn't reach the service. It checks again when the service answers.",
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your API key' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await h1('Library folder')).toHaveFocus();
  });

  it('with a key already set, four steps end on Songs, on the description with its focus ring', async () => {
    const { main, user } = await renderMain({ ...fresh, key: 'sk-test-0000000000001234' });
    await user.click(await screen.findByRole('button', { name: 'Get started' }));
    expect(await screen.findByText('Your key ending in 1234 is set.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await h1('Library folder')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make your first song' }));
    expect(await h1('Songs')).toBeInTheDocument();
    const description = await screen.findByLabelText('Song description');
    await waitFor(() => expect(description).toHaveFocus());
    // focus placed by code draws no :focus-visible ring: the field carries one until it blurs
    expect(description).toHaveClass('focus-ring');
    await user.tab();
    expect(description).not.toHaveClass('focus-ring');
    expect(main.callsOf('preferences.finishFirstRun')).toHaveLength(1);
    await waitFor(() => expect(main.core.settings.get().firstRunDone).toBe(true));
  });

  it('offers "Try the demo" instead of the key field in the demo', async () => {
    // `npm run demo`: a development build with CADENZA_DEMO=1
    const { user } = await renderMain({ ...fresh, env: { CADENZA_DEMO: '1' } });
    await user.click(await screen.findByRole('button', { name: 'Get started' }));
    await user.click(await screen.findByRole('button', { name: 'Try the demo' }));
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(await h1('Library folder')).toHaveFocus();
  });
});
