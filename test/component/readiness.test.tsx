/**
 * Readiness gates: every action that spends says before the click whether it can work, why not,
 * and offers the one fix. Over the real main: the key, its counters and its failures are the
 * emulator's.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readiness } from '../../src/renderer/readiness/readiness';
import { useAccountStore } from '../../src/renderer/stores/account';
import type { KeyInfo } from '@shared/domain/account';
import { startMain, TEST_KEY, type MainOptions } from './support/main';
import { renderMain } from './support/render-app';

/** Main with the emulator's key (its counters as given), and the app rendered over it. */
async function withKey(options: MainOptions = {}) {
  return renderMain({ key: TEST_KEY, ...options });
}

async function open(user: Awaited<ReturnType<typeof renderMain>>['user'], name: RegExp) {
  await user.click(
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name }),
  );
}

/** The Songs Create button, once the panel is open. */
const createButton = () => screen.getByRole('button', { name: 'Create' });

/** Pretends the service last answered long ago, so a gate re-checks before refusing. */
function ageKeyInfo(): void {
  useAccountStore.setState({ keyInfoAnsweredAtMs: Date.now() - 60_000 });
}

describe('readiness gates', () => {
  it('no key: Create is gated with the reason, and Open Account lands on the key field', async () => {
    const { user } = await renderMain();
    await open(user, /Songs/);
    expect(createButton()).toBeDisabled();
    expect(createButton()).toHaveAccessibleDescription('Add your API key to start creating.');
    await user.click(screen.getByRole('button', { name: 'Open Account' }));
    expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveFocus();
  });

  it('no key: every spending action in every panel is gated', async () => {
    const { user } = await renderMain();
    const gated: Array<[RegExp, string[]]> = [
      [/Songs/, ['Create', 'Write lyrics']],
      [/Voice/, ['Speak', 'Clone voice']],
      [/Covers/, ['Make cover', 'Train singer']],
      [/Videos/, ['Make singing video', 'Make subtitle video']],
    ];
    for (const [panel, buttons] of gated) {
      await open(user, panel);
      // "Write lyrics" belongs to custom mode (description mode hides the lyrics)
      if (String(panel) === String(/Songs/))
        await user.click(screen.getByRole('radio', { name: 'Custom' }));
      for (const name of buttons) {
        const button = screen.getByRole('button', { name });
        expect(button, name).toBeDisabled();
        expect(button, name).toHaveAttribute('aria-describedby');
      }
      expect(screen.getAllByText('Add your API key to start creating.').length).toBeGreaterThan(0);
    }
  });

  it('key not accepted: gated with Open Account (key field); the pill says so', async () => {
    const main = await startMain({ key: TEST_KEY });
    // the service refuses the key (401) every time it is asked
    main.emulator.inject({ path: '/v1/get_api_key_info', kind: 'http401', times: 1000 });
    const { user } = await renderMain({ main });
    await open(user, /Covers/);
    const card = screen.getByRole('region', { name: 'Make a cover' });
    expect(
      await within(card).findByText("The service didn't accept your API key."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Key not accepted' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Open Account' }));
    expect(screen.getByLabelText('API key')).toHaveFocus();
  });

  it('key disabled: gated', async () => {
    const main = await startMain({ key: TEST_KEY });
    main.emulator.configure({ keyStatus: 1 });
    const { user } = await renderMain({ main });
    await open(user, /Songs/);
    await waitFor(() =>
      expect(createButton()).toHaveAccessibleDescription('Your API key is disabled.'),
    );
  });

  it('offline: gated with Retry connection, the pill says offline, and it clears when the service answers', async () => {
    const main = await startMain({ key: TEST_KEY });
    await main.emulator.goOffline();
    const { user } = await renderMain({ main });
    await open(user, /Videos/);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Make subtitle video' })).toBeDisabled(),
    );
    expect(screen.getAllByText("Cadenza can't reach the service right now.")).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Offline' })).toBeInTheDocument();

    await main.emulator.goOnline();
    await user.click(screen.getAllByRole('button', { name: 'Retry connection' })[0]!);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Make subtitle video' })).toBeEnabled(),
    );
    expect(screen.queryByText("Cadenza can't reach the service right now.")).toBeNull();
    expect(screen.getByRole('button', { name: 'Key set' })).toBeInTheDocument();
  });

  it('back online: the `online` event re-checks by itself (no timer) and the pill recovers', async () => {
    const main = await startMain({ key: TEST_KEY, serviceTimeoutMs: 300 });
    // the first answer never comes (main gives up on it)
    main.emulator.inject({ path: '/v1/get_api_key_info', kind: 'timeout', times: 1 });
    await renderMain({ main });
    expect(await screen.findByRole('button', { name: 'Offline' })).toBeInTheDocument();
    const before = main.callsOf('account.getKeyInfo').length;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('button', { name: 'Key set' })).toBeInTheDocument();
    expect(main.callsOf('account.getKeyInfo').length).toBe(before + 1);
  });

  it('going offline: the `offline` event re-checks and the pill shows it', async () => {
    const { main } = await withKey();
    expect(await screen.findByRole('button', { name: 'Key set' })).toBeInTheDocument();
    await main.emulator.goOffline();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByRole('button', { name: 'Offline' })).toBeInTheDocument();
  });

  it('0 covers: Make cover is gated with Open Account; the other panels are not', async () => {
    const { user } = await withKey({ emulator: { counters: { key_cover_counts: 0 } } });
    await open(user, /Covers/);
    const cover = screen.getByRole('button', { name: 'Make cover' });
    await waitFor(() => expect(cover).toBeDisabled());
    expect(cover).toHaveAccessibleDescription('No covers left on your key.');
    // training names no counter: it is not blocked by the covers count
    expect(screen.getByRole('button', { name: 'Train singer' })).not.toHaveAttribute(
      'aria-describedby',
    );
    await user.click(screen.getByRole('button', { name: 'Open Account' }));
    expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
  });

  it('key info is read again before refusing on a stale count', async () => {
    const { main, user } = await withKey({ emulator: { counters: { key_cover_counts: 0 } } });
    await waitFor(() => expect(useAccountStore.getState().keyInfo).not.toBeNull());
    // covers were bought elsewhere since; what the app knows is a minute old
    main.emulator.setCounter('key_cover_counts', 4);
    ageKeyInfo();
    const calls = main.callsOf('account.getKeyInfo').length;
    await open(user, /Covers/);
    await waitFor(() => expect(main.callsOf('account.getKeyInfo').length).toBe(calls + 1));
    await waitFor(() =>
      expect(screen.queryByText('No covers left on your key.')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('4 covers left')).toBeInTheDocument();
  });

  it('text-to-speech: a text longer than the words left is gated', async () => {
    const { user } = await withKey({ emulator: { counters: { key_words_counts: 5 } } });
    await open(user, /Voice/);
    const text = await screen.findByLabelText('Text to speak');
    fireEvent.change(text, { target: { value: 'one two three four five six seven' } });
    expect(
      await screen.findByText('Only 5 text-to-speech words left on your key; this needs 7.'),
    ).toBeInTheDocument();
    fireEvent.change(text, { target: { value: 'one two three' } });
    await waitFor(() =>
      expect(screen.queryByText(/text-to-speech words left on your key/)).toBeNull(),
    );
  });

  it('an unknown counter never blocks: nothing is gated while key info is still on its way', async () => {
    const main = await startMain({
      key: TEST_KEY,
      emulator: { counters: { key_music_counts: 0 } },
    });
    // the app's first read and the Songs panel's own read both wait
    const releases = [main.holdNext('account.getKeyInfo'), main.holdNext('account.getKeyInfo')];
    const { user } = await renderMain({ main });
    await open(user, /Songs/);
    expect(createButton()).toBeEnabled();
    for (const release of releases) release();
    await waitFor(() => expect(createButton()).toBeDisabled());
    expect(createButton()).toHaveAccessibleDescription('No songs left on your key.');
  });

  it('credits are read again after a spend (a job the service accepted or finished) and on focus', async () => {
    const { main } = await withKey();
    await waitFor(() => expect(useAccountStore.getState().keyInfoPhase).toBe('ready'));
    const calls = () => main.callsOf('account.getKeyInfo').length;
    const before = calls();
    const left = main.emulator.counters().key_music_counts;
    // a song sent (from anywhere: here main's API): the service accepts it and spends one
    const sent = await main.api.songs.create({ api: 'v1', mode: 'auto', prompt: 'spend one' });
    expect(sent.ok).toBe(true);
    await waitFor(() => expect(calls()).toBeGreaterThan(before), { timeout: 10_000 });
    await waitFor(() =>
      expect(useAccountStore.getState().keyInfo?.key_music_counts).toBe(left - 1),
    );
    // the job's own updates are done: from here on, only focus reads again
    await waitFor(
      async () => {
        const jobs = await main.api.jobs.list();
        expect(jobs.ok && jobs.value.every((j) => j.state === 'done')).toBe(true);
      },
      { timeout: 15_000 },
    );
    await new Promise((r) => setTimeout(r, 500));
    const settled = calls();

    // focus re-reads only what is stale
    act(() => void window.dispatchEvent(new Event('focus')));
    await new Promise((r) => setTimeout(r, 200));
    expect(calls()).toBe(settled);
    ageKeyInfo();
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(calls()).toBe(settled + 1));
  });
});

/** Key info as the service answers it. */
const sampleKeyInfo: KeyInfo = {
  key_status: 0,
  key_words_counts: 12500,
  key_clone_voices: 3,
  key_cover_counts: 8,
  key_vc_counts: 0,
  key_music_counts: 41,
  key_singing_credits: 17,
  email: 'creator@example.com',
  key_name: 'Studio key',
  key_recently_used_at: '2025-03-14 09:26:53',
};

describe('readiness (the rule)', () => {
  const status = {
    hasKey: true,
    storage: 'keychain' as const,
    keychainAvailable: true,
    baseUrl: 'https://api.example',
    isDefaultBaseUrl: false,
  };
  const facts = {
    status,
    statusPhase: 'ready' as const,
    keyInfo: sampleKeyInfo,
    keyInfoError: null,
    keyInfoPhase: 'ready' as const,
  };

  it('checks in order: settings, key, verdict, connection, counter', () => {
    expect(
      readiness({ ...facts, status: null, statusPhase: 'error' }, { counter: null }),
    ).toMatchObject({ ready: false, reason: 'status_error', fix: 'retry-status' });
    expect(
      readiness({ ...facts, status: null, statusPhase: 'loading' }, { counter: null }),
    ).toEqual({ ready: true });
    expect(
      readiness({ ...facts, status: { ...status, hasKey: false } }, { counter: null }),
    ).toMatchObject({ reason: 'no_key', fix: 'open-account-key' });
    expect(
      readiness(
        { ...facts, keyInfoError: { code: 'auth', message: 'x' }, keyInfoPhase: 'error' },
        { counter: 'key_music_counts' },
      ),
    ).toMatchObject({ reason: 'key_rejected', fix: 'open-account-key' });
    expect(
      readiness(
        { ...facts, keyInfoError: { code: 'network', message: 'x' }, keyInfoPhase: 'error' },
        { counter: 'key_music_counts' },
      ),
    ).toMatchObject({ reason: 'offline', fix: 'retry-connection' });
    expect(
      readiness(
        { ...facts, keyInfo: { ...sampleKeyInfo, key_singing_credits: 0 } },
        { counter: 'key_singing_credits' },
      ),
    ).toMatchObject({ reason: 'empty', message: 'No singing credits left on your key.' });
  });

  it('never blocks on what it does not know', () => {
    // no key info yet, no counter named, or a server failure that says nothing about the key
    expect(readiness({ ...facts, keyInfo: null }, { counter: 'key_cover_counts' })).toEqual({
      ready: true,
    });
    expect(
      readiness({ ...facts, keyInfo: { ...sampleKeyInfo, key_vc_counts: 0 } }, { counter: null }),
    ).toEqual({ ready: true });
    expect(
      readiness(
        { ...facts, keyInfo: null, keyInfoError: { code: 'server', message: 'x' } },
        { counter: 'key_cover_counts' },
      ),
    ).toEqual({ ready: true });
  });
});
