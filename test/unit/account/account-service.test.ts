import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyInfo } from '@shared/domain/account';
import { DEFAULT_BASE_URL } from '@shared/defaults';
import { AppError } from '@shared/errors';
import { createAccountService, type ClientFactory } from '../../../src/main/services/account';
import { createEncryptedFileBackend, createKeyStore } from '../../../src/main/services/secrets';
import { createSettingsStore } from '../../../src/main/services/settings';
import { caught } from '../../support/caught';
import { createTestCipher } from '../secrets/fake-cipher';

const KEY = 'acct-test-key-5a6b7c8d';
const INFO: KeyInfo = {
  key_status: 0,
  key_words_counts: 5000,
  key_clone_voices: 3,
  key_cover_counts: 10,
  key_vc_counts: 0,
  key_music_counts: 42,
  key_singing_credits: 7,
  email: 'creator@example.org',
  key_name: 'studio',
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-account-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A client with the real client's keyInfo() signature; it answers only when given a key, like the service. */
function setup(
  opts: {
    env?: NodeJS.ProcessEnv;
    answer?: Record<string, unknown>;
    /** How the service answers this key instead (a refusal, or unreachable). */
    failFor?: (key: string) => AppError | undefined;
  } = {},
) {
  const env = opts.env ?? {};
  const settings = createSettingsStore(dir, env, { defaultLibraryDir: join(dir, 'lib') });
  const keys = createKeyStore({
    backends: [createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: dir })],
    env,
  });
  const calls: Array<{ baseUrl: string; key: string | undefined }> = [];
  const clientFactory: ClientFactory = (baseUrl, getKey) => ({
    async keyInfo() {
      const key = await getKey();
      calls.push({ baseUrl, key });
      if (!key) throw new AppError('auth', "The service didn't accept your API key.");
      const failure = opts.failFor?.(key);
      if (failure) throw failure;
      return { ...INFO, ...opts.answer } as KeyInfo;
    },
  });
  return {
    settings,
    keys,
    calls,
    account: createAccountService({ settings, keys, clientFactory }),
  };
}

describe('account service', () => {
  it('reports no key and the default address on a fresh install', async () => {
    const { account } = setup();
    expect(await account.status()).toEqual({
      hasKey: false,
      storage: 'none',
      keychainAvailable: false,
      baseUrl: DEFAULT_BASE_URL,
      isDefaultBaseUrl: true,
    });
  });

  it('answers keyInfo() without a key with a no_key error and makes no request', async () => {
    const { account, calls } = setup();
    const err = await account.keyInfo().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('no_key');
    expect(calls).toEqual([]);
  });

  it('stores a key for the current address, shows only its last 4 characters, and reads entitlements with it', async () => {
    const { account, calls } = setup();
    await account.setServiceAddress('http://127.0.0.1:4010');
    const status = await account.setKey(`  ${KEY} `);
    expect(status).toMatchObject({
      hasKey: true,
      keyLast4: '7c8d',
      storage: 'safe-storage',
      baseUrl: 'http://127.0.0.1:4010',
      isDefaultBaseUrl: false,
      keyCheck: 'accepted',
    });
    expect(JSON.stringify(status)).not.toContain(KEY);
    const info = await account.keyInfo();
    expect(info.key_music_counts).toBe(42);
    // once to check the key before storing it, once for the entitlements
    expect(calls).toEqual([
      { baseUrl: 'http://127.0.0.1:4010', key: KEY },
      { baseUrl: 'http://127.0.0.1:4010', key: KEY },
    ]);
  });

  it('keeps the counters it last read for the current address and when (asking nobody); a key change forgets them', async () => {
    const { account, calls } = setup();
    await account.setServiceAddress('http://127.0.0.1:4010');
    expect(account.lastKnownCounts()).toBeNull();
    await account.setKey(KEY);
    // the check before storing read them
    expect(account.lastKnownCounts()?.counts.key_music_counts).toBe(42);
    await account.keyInfo();
    const known = account.lastKnownCounts()!;
    expect(known.counts).toEqual({
      key_words_counts: 5000,
      key_clone_voices: 3,
      key_cover_counts: 10,
      key_vc_counts: 0,
      key_music_counts: 42,
      key_singing_credits: 7,
    });
    expect(Date.now() - Date.parse(known.readAt)).toBeLessThan(5000);
    const asked = calls.length;
    account.lastKnownCounts();
    expect(calls).toHaveLength(asked);
    // another address has its own key (none read yet); the key removed forgets them
    await account.setServiceAddress('http://127.0.0.1:4011');
    expect(account.lastKnownCounts()).toBeNull();
    await account.setServiceAddress('http://127.0.0.1:4010');
    await account.removeKey();
    expect(account.lastKnownCounts()).toBeNull();
  });

  it('does not store a key the service refuses, and says it was not saved', async () => {
    const { account } = setup({
      failFor: (k) => (k === 'refused-key-0000' ? new AppError('auth', 'nope') : undefined),
    });
    await account.setKey(KEY);
    const err = await caught(account.setKey('refused-key-0000'));
    expect(err.code).toBe('auth');
    expect(err.message).toMatch(/wasn't saved/);
    expect(err.fields?.key).toBe(err.message);
    // the key that was there before stays
    expect((await account.status()).keyLast4).toBe('7c8d');
  });

  it('does not store a disabled key', async () => {
    const { account } = setup({ answer: { key_status: 1 } });
    const err = await caught(account.setKey(KEY));
    expect(err.code).toBe('key_disabled');
    expect(err.message).toMatch(/wasn't saved/);
    expect((await account.status()).hasKey).toBe(false);
  });

  it('stores a key it could not check (service unreachable) as not checked yet', async () => {
    for (const code of ['network', 'timeout', 'server'] as const) {
      const { account, keys } = setup({ failFor: () => new AppError(code, 'unreachable') });
      expect(await account.setKey(KEY)).toMatchObject({ hasKey: true, keyCheck: 'unchecked' });
      await keys.removeKey(new URL(DEFAULT_BASE_URL).origin);
    }
  });

  it('strips anything beyond the known fields (the key itself) from key info', async () => {
    const { account } = setup({ answer: { x_api_key: KEY } });
    await account.setKey(KEY);
    const info = await account.keyInfo();
    expect(info).not.toHaveProperty('x_api_key');
    expect(JSON.stringify(info)).not.toContain(KEY);
  });

  it('turns key_status != 0 into a key_disabled error', async () => {
    // a key that was accepted once and has been turned off since
    const { account, keys } = setup({ answer: { key_status: 1 } });
    await keys.setKey(new URL(DEFAULT_BASE_URL).origin, KEY);
    await expect(account.keyInfo()).rejects.toMatchObject({ code: 'key_disabled' });
  });

  it('refuses keys that cannot be keys, without echoing them', async () => {
    const { account } = setup();
    for (const bad of ['', '   ', 'q7Zk', 'has space inside-key', 'x'.repeat(513)]) {
      const err = (await account.setKey(bad).catch((e: unknown) => e)) as AppError;
      expect(err.code).toBe('validation');
      expect(err.fields?.key).toBeTruthy();
      if (bad.trim()) expect(err.message).not.toContain(bad.trim());
    }
    expect((await account.status()).hasKey).toBe(false);
  });

  it('allows https and plain http on loopback only', async () => {
    const { account, settings } = setup();
    expect((await account.setServiceAddress('https://api.example.org/')).baseUrl).toBe(
      'https://api.example.org',
    );
    expect((await account.setServiceAddress('http://127.0.0.1:4010')).baseUrl).toBe(
      'http://127.0.0.1:4010',
    );
    expect((await account.setServiceAddress('http://localhost:8080')).baseUrl).toBe(
      'http://localhost:8080',
    );
    for (const bad of [
      'http://example.com',
      'ftp://example.com',
      'not a url',
      'https://user:pw@example.com',
    ]) {
      const err = (await account.setServiceAddress(bad).catch((e: unknown) => e)) as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.code).toBe('validation');
      expect(err.fields?.baseUrl).toBeTruthy();
    }
    expect(settings.baseUrl()).toBe('http://localhost:8080');
  });

  it('does not carry the key over to a new address; going back finds it again', async () => {
    const { account, calls } = setup();
    await account.setServiceAddress('https://one.example');
    await account.setKey(KEY);
    calls.length = 0; // the check before storing
    const moved = await account.setServiceAddress('https://two.example');
    expect(moved).toMatchObject({ hasKey: false, storage: 'none', baseUrl: 'https://two.example' });
    await expect(account.keyInfo()).rejects.toMatchObject({ code: 'no_key' });
    expect(calls).toEqual([]);
    expect((await account.setServiceAddress('https://one.example')).keyLast4).toBe('7c8d');
  });

  it('removes only the key of the current address', async () => {
    const { account } = setup();
    await account.setServiceAddress('https://one.example');
    await account.setKey(KEY);
    await account.setServiceAddress('https://two.example');
    await account.setKey('second-key-11112222');
    expect(await account.removeKey()).toMatchObject({ hasKey: false });
    expect((await account.setServiceAddress('https://one.example')).keyLast4).toBe('7c8d');
  });

  it('uses CADENZA_API_KEY and CADENZA_BASE_URL when set', async () => {
    const { account, calls } = setup({
      env: { CADENZA_API_KEY: KEY, CADENZA_BASE_URL: 'http://[::1]:4010' },
    });
    expect(await account.status()).toMatchObject({
      hasKey: true,
      storage: 'environment',
      keyLast4: '7c8d',
      baseUrl: 'http://[::1]:4010',
    });
    await account.keyInfo();
    expect(calls).toEqual([{ baseUrl: 'http://[::1]:4010', key: KEY }]);
  });
});
