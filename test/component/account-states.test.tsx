import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeCadenza, sampleKeyInfo } from './support/fake-cadenza';
import { renderApp } from './support/render-app';

const KEY = 'sk-test-5c1e4f0b9a7d3e2f1234';

describe('Account panel: problems with the key or the service', () => {
  it('shows a rejected key with the way to get a new one', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.failNext('account.getKeyInfo', {
      code: 'auth',
      message: "The service didn't accept your API key.",
      httpStatus: 401,
    });
    const { user } = await renderApp({ fake });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The service didn't accept your key");
    // one message: the title is not repeated as the detail, and it does not send the user here
    expect(alert.textContent?.match(/accept/g)).toHaveLength(1);
    expect(alert).not.toHaveTextContent(/Account page/);
    // The only "Get an API key" action is the one in the alert.
    expect(screen.getAllByRole('button', { name: /Get an API key/ })).toHaveLength(1);
    await user.click(within(alert).getByRole('button', { name: /Get an API key/ }));
    expect(fake.callsOf('account.openAccountPage')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Key not accepted' })).toBeInTheDocument();
  });

  it('shows a disabled key (error code key_disabled)', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.failNext('account.getKeyInfo', {
      code: 'key_disabled',
      message: 'This API key has been disabled by the service.',
    });
    await renderApp({ fake });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This API key is disabled');
    expect(alert).toHaveTextContent('This API key has been disabled by the service.');
    expect(screen.getByRole('button', { name: 'Key disabled' })).toBeInTheDocument();
  });

  it('shows a disabled key when key info reports a non-zero key_status', async () => {
    const fake = new FakeCadenza({ key: KEY, keyInfo: { ...sampleKeyInfo, key_status: 1 } });
    await renderApp({ fake });
    expect(await screen.findByRole('alert')).toHaveTextContent('This API key is disabled');
  });

  it.each(['network', 'timeout'] as const)(
    'offers Retry when the service is unreachable (%s)',
    async (code) => {
      const fake = new FakeCadenza({ key: KEY });
      fake.failNext('account.getKeyInfo', { code, message: 'Could not connect.' });
      const { user } = await renderApp({ fake });

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("Cadenza can't reach the service");
      expect(screen.getByRole('button', { name: 'Offline' })).toBeInTheDocument();
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));

      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
      const region = screen.getByRole('region', { name: 'Left on your key' });
      expect(
        within(region).getByText('Songs', { selector: 'dt' }).nextElementSibling,
      ).toHaveTextContent(String(sampleKeyInfo.key_music_counts));
      expect(screen.getByRole('button', { name: 'Key set' })).toBeInTheDocument();
    },
  );

  it('shows any other failure with its message', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.failNext('account.getKeyInfo', {
      code: 'server',
      message: 'The service had a problem and could not read your key. Try again in a moment.',
    });
    await renderApp({ fake });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load your entitlements");
    expect(alert).toHaveTextContent('Try again in a moment.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows progress while the key is being checked', async () => {
    const fake = new FakeCadenza({ key: KEY });
    const release = fake.holdNext('account.getKeyInfo');
    await renderApp({ fake });

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
    const fake = new FakeCadenza({ key: KEY });
    fake.failNext('account.getStatus', {
      code: 'io',
      message: 'The settings file could not be read.',
    });
    const { user } = await renderApp({ fake });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Couldn't read your account settings");
    expect(alert).toHaveTextContent('The settings file could not be read.');
    expect(screen.getByRole('button', { name: 'Account unavailable' })).toBeInTheDocument();

    const release = fake.holdNext('account.getStatus');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    release();
    expect(await screen.findByText('Key ending in 1234')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
