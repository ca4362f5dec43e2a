import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startMain, TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

const KEY = TEST_KEY;

/** The number shown under an entitlement's label. */
function entitlement(label: string): string | null {
  const region = screen.getByRole('region', { name: 'Left on your key' });
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

const fmt = (n: number) => new Intl.NumberFormat().format(n);

describe('Account panel: the key', () => {
  it('asks for a key when none is set', async () => {
    await renderMain();
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('Add your API key to start creating')).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Left on your key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove key' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No key' })).toBeInTheDocument();
  });

  it('saves a key once, clears the field, and shows only its last 4 characters', async () => {
    const { main, user } = await renderMain();
    const field = screen.getByLabelText('API key');
    expect(field).toHaveAttribute('type', 'password');

    await user.type(field, KEY);
    await user.click(screen.getByRole('button', { name: 'Save key' }));

    expect(await screen.findByText('Key ending in 7890')).toBeInTheDocument();
    expect(main.callsOf('account.setKey')).toEqual([[KEY]]);
    expect(field).toHaveValue('');
    expect(screen.getByText('Stored in your system keychain')).toBeInTheDocument();
    // main answers "accepted" once the service has checked the key
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Key saved. The service accepted it.'),
    );
    expect(screen.getByRole('button', { name: 'Key set' })).toBeInTheDocument();

    // Entitlements load for the new key; the key itself is nowhere in the page.
    await screen.findByRole('region', { name: 'Left on your key' });
    await waitFor(() =>
      expect(entitlement('Songs')).toBe(fmt(main.emulator.counters().key_music_counts)),
    );
    expect(document.documentElement.outerHTML).not.toContain(KEY);
    const values = Array.from(document.querySelectorAll('input')).map((i) => i.value);
    expect(values.join('\n')).not.toContain(KEY);
    expect(main.callsOf('account.setKey')).toHaveLength(1);
    // one round trip and one GET: setKey answers the key info it fetched to check the key
    expect(main.callsOf('account.getKeyInfo')).toEqual([]);
    expect(
      main.emulator.log.filter((e) => e.method === 'GET' && e.path === '/v1/get_api_key_info'),
    ).toHaveLength(1);
  });

  it('submits with Enter', async () => {
    const { main, user } = await renderMain();
    await user.type(screen.getByLabelText('API key'), `${KEY}{Enter}`);
    expect(await screen.findByText('Key ending in 7890')).toBeInTheDocument();
    expect(main.callsOf('account.setKey')).toEqual([[KEY]]);
  });

  it('explains a key that cannot be right next to the field, without sending it', async () => {
    const { main, user } = await renderMain();
    const field = screen.getByLabelText('API key');
    await user.type(field, 'abc{Enter}');

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('That key is too short'));
    expect(main.callsOf('account.setKey')).toHaveLength(0);
    expect(field).toHaveFocus();

    await user.type(field, 'defghij');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it("shows main's field error next to the field", async () => {
    const main = await startMain();
    main.emulator.configure({ keyStatus: 1 }); // the service answers: this key is disabled
    const { user } = await renderMain({ main });
    const field = screen.getByLabelText('API key');
    await user.type(field, `${KEY}{Enter}`);

    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(
        "This key is disabled on the service, so it wasn't saved. Use another key.",
      ),
    );
    expect(field).toHaveValue(''); // sent once: the renderer does not keep it
    expect(screen.queryByText(/Key ending in/)).not.toBeInTheDocument();
  });

  it('a key the service refuses is not saved, and the message says so (no "Key saved.")', async () => {
    const refused =
      "The service didn't accept this key, so it wasn't saved. Check that you copied all of it.";
    const { user } = await renderMain();
    const field = screen.getByLabelText('API key');
    await user.type(field, 'sk-not-a-key-the-service-knows{Enter}');

    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining(refused)),
    );
    expect(screen.queryByText(/Key saved/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Key ending in/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No key' })).toBeInTheDocument();
    // one message: no banner repeats it
    expect(screen.queryByRole('alert')?.textContent ?? '').not.toContain('accept');
    expect(field).toHaveFocus();
  });

  it('offline, a key is stored "not checked yet", and that resolves when the service answers', async () => {
    const main = await startMain();
    await main.emulator.goOffline();
    const { user } = await renderMain({ main });
    await user.type(screen.getByLabelText('API key'), `${KEY}{Enter}`);

    expect(await screen.findByText('Key ending in 7890')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/not checked yet/));
    expect(screen.getByRole('status')).not.toHaveTextContent(/accepted/);
    expect(
      await screen.findByRole('button', { name: 'Offline, key not checked yet' }),
    ).toBeInTheDocument();

    await main.emulator.goOnline();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('button', { name: 'Key set' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The service accepted your key.');
  });

  it('lists the entitlements under the right labels, with the key details', async () => {
    await renderMain({
      key: KEY,
      emulator: {
        counters: {
          key_music_counts: 41,
          key_words_counts: 12500,
          key_clone_voices: 3,
          key_cover_counts: 8,
          key_vc_counts: 0,
          key_singing_credits: 17,
        },
      },
    });
    await waitFor(() => expect(entitlement('Songs')).toBe('41'));
    expect(entitlement('Text-to-speech words')).toBe(fmt(12500));
    expect(entitlement('Voice clones')).toBe('3');
    expect(entitlement('Covers')).toBe('8');
    expect(entitlement('Voice conversions')).toBe('0');
    expect(entitlement('Singing credits')).toBe('17');

    const region = screen.getByRole('region', { name: 'Left on your key' });
    expect(within(region).getByText('Key name').nextElementSibling).toHaveTextContent(
      'Emulator key',
    );
    expect(within(region).getByText('E-mail').nextElementSibling).toHaveTextContent(
      'creator@example.com',
    );
    expect(within(region).getByText('Last used').nextElementSibling).toHaveTextContent(
      String(new Date().getFullYear()),
    );
  });

  it('refreshes the entitlements on request', async () => {
    const { main, user } = await renderMain({ key: KEY });
    await waitFor(() =>
      expect(entitlement('Songs')).toBe(fmt(main.emulator.counters().key_music_counts)),
    );

    main.emulator.setCounter('key_music_counts', 39);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(entitlement('Songs')).toBe('39'));
    expect(main.callsOf('account.getKeyInfo').length).toBeGreaterThanOrEqual(2);
  });

  it('says where the key lives', async () => {
    await renderMain({ key: KEY, noKeychain: true });
    expect(
      screen.getByText(
        "No system keychain was found; the key is encrypted in Cadenza's data folder",
      ),
    ).toBeInTheDocument();
  });

  it('shows an environment key without offering to remove or replace it', async () => {
    await renderMain({ env: { CADENZA_API_KEY: KEY } });
    expect(screen.getByText('Key ending in 7890')).toBeInTheDocument();
    expect(screen.getByText('From the CADENZA_API_KEY environment variable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove key' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();
  });

  it('removes the key only after an in-app confirmation', async () => {
    const { main, user } = await renderMain({ key: KEY });

    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove this key from Cadenza?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(main.callsOf('account.removeKey')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Remove key' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove key' }));

    expect(await screen.findByText('Add your API key to start creating')).toBeInTheDocument();
    expect(main.callsOf('account.removeKey')).toHaveLength(1);
    expect(await main.core.keys.getKey(main.origin)).toBeUndefined();
    expect(screen.queryByText(/Key ending in/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Left on your key' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveFocus();
  });

  it('follows key changes made elsewhere', async () => {
    const { main } = await renderMain({ key: KEY });
    expect(screen.getByText('Key ending in 7890')).toBeInTheDocument();

    // e.g. `cadenza key set` in a terminal: the key store changes, main tells the window
    await main.core.keys.setKey(main.origin, 'sk-other-key-000004321');
    main.send('accountChanged', null);
    expect(await screen.findByText('Key ending in 4321')).toBeInTheDocument();
  });
});
