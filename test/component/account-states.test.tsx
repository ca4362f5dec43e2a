import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startMain } from './support/main';
import { renderMain } from './support/render-app';

const KEY = 'sk-test-5c1e4f0b9a7d3e2f1234';

describe('Account panel: problems with the key or the service', () => {
  it('shows a rejected key with the way to get a new one', async () => {
    const main = await startMain({ key: KEY });
    main.emulator.inject({ path: '/v1/get_api_key_info', kind: 'http401', times: 1 });
    const { user } = await renderMain({ main });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The service didn't accept your key");
    // one message: the title is not repeated as the detail, and it does not send the user here
    expect(alert.textContent?.match(/accept/g)).toHaveLength(1);
    expect(alert).not.toHaveTextContent(/Account page/);
    // The only "Get an API key" action is the one in the alert.
    expect(screen.getAllByRole('button', { name: /Get an API key/ })).toHaveLength(1);
    await user.click(within(alert).getByRole('button', { name: /Get an API key/ }));
    expect(main.callsOf('account.openAccountPage')).toHaveLength(1);
    await waitFor(() => expect(main.double.state.openedExternal).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Key not accepted' })).toBeInTheDocument();
  });

  it('shows a disabled key when key info reports a non-zero key_status', async () => {
    const main = await startMain({ key: KEY });
    main.emulator.configure({ keyStatus: 1 });
    await renderMain({ main });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This API key is disabled');
    expect(alert).toHaveTextContent('Request a new key on the account page.');
    expect(screen.getByRole('button', { name: 'Key disabled' })).toBeInTheDocument();
  });

  it.each(['network', 'timeout'] as const)(
    'offers Retry when the service is unreachable (%s)',
    async (code) => {
      const main = await startMain({ key: KEY, serviceTimeoutMs: 300 });
      if (code === 'network') await main.emulator.goOffline();
      else main.emulator.inject({ path: '/v1/get_api_key_info', kind: 'timeout', times: 1 });
      const { user } = await renderMain({ main });

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("Cadenza can't reach the service");
      if (code === 'network') {
        // the network works, only the service is down: the detail names its host, not the internet
        expect(alert).toHaveTextContent(/The service at 127\.0\.0\.1:\d+ isn't answering/);
        expect(alert).not.toHaveTextContent(/internet connection/);
      }
      expect(screen.getByRole('button', { name: 'Offline' })).toBeInTheDocument();
      if (code === 'network') await main.emulator.goOnline();
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));

      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
      const region = screen.getByRole('region', { name: 'Left on your key' });
      expect(
        within(region).getByText('Songs', { selector: 'dt' }).nextElementSibling,
      ).toHaveTextContent(String(main.emulator.counters().key_music_counts));
      expect(screen.getByRole('button', { name: 'Key set' })).toBeInTheDocument();
    },
  );

  it('shows any other failure with its message', async () => {
    const main = await startMain({ key: KEY });
    main.emulator.inject({ path: '/v1/get_api_key_info', kind: 'http500', times: 3 });
    await renderMain({ main });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load your entitlements");
    expect(alert).toHaveTextContent(/try again/i);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows progress while the key is being checked', async () => {
    const main = await startMain({ key: KEY });
    const release = main.holdNext('account.getKeyInfo');
    await renderMain({ main });

    expect(screen.getByRole('status')).toHaveTextContent('Checking your key…');
    expect(screen.getByRole('region', { name: 'Left on your key' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('shows progress while the account loads, and a retry if it cannot be read', async () => {
    const main = await startMain({ key: KEY });
    main.throwNext('account.getStatus');
    const { user } = await renderMain({ main });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Couldn't read your account settings");
    expect(alert).toHaveTextContent('Something went wrong inside Cadenza.');
    expect(screen.getByRole('button', { name: 'Account unavailable' })).toBeInTheDocument();

    const release = main.holdNext('account.getStatus');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    release();
    expect(await screen.findByText('Key ending in 1234')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
