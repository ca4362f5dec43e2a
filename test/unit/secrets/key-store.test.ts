import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '@shared/defaults';
import type { SecretBackend } from '../../../src/main/services/contracts';
import {
  createEncryptedFileBackend,
  createKeyStore,
  createKeytarBackend,
  NO_KEY_STORE_MESSAGE,
  type KeytarLike,
} from '../../../src/main/services/secrets';
import { createTestCipher } from './fake-cipher';

const KEY = 'sk-live-9f8e7d6c5b4a3210';
const A = 'https://api.example.org';
const B = 'http://127.0.0.1:4010';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-keystore-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An in-memory keychain with keytar's interface, recording the service names it was called with. */
function memoryKeytar(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const id = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    entries,
    getPassword: async (service, account) => entries.get(id(service, account)) ?? null,
    setPassword: async (service, account, password) =>
      void entries.set(id(service, account), password),
    deletePassword: async (service, account) => entries.delete(id(service, account)),
  };
}

const noKeychain = (): SecretBackend =>
  createKeytarBackend({
    load: async () => {
      throw new Error('Cannot find module keytar');
    },
  });
const safeStorage = (): SecretBackend =>
  createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: dir });

describe('keytar backend', () => {
  it('stores under service "Cadenza" with the origin as the account', async () => {
    const kt = memoryKeytar();
    const backend = createKeytarBackend({ load: async () => kt });
    expect(await backend.available()).toBe(true);
    await backend.set(A, KEY);
    expect([...kt.entries.keys()]).toEqual([`${KEYCHAIN_SERVICE}\u0000${A}`]);
    expect(await backend.get(A)).toBe(KEY);
    expect(await backend.get(B)).toBeUndefined();
    await backend.remove(A);
    expect(kt.entries.size).toBe(0);
  });

  it('counts a module that does not load, a D-Bus error or a keyring that never answers as "not available"', async () => {
    expect(await noKeychain().available()).toBe(false);
    const dbusDown: KeytarLike = {
      ...memoryKeytar(),
      getPassword: async () => {
        throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      },
    };
    expect(await createKeytarBackend({ load: async () => dbusDown }).available()).toBe(false);
    const hung: KeytarLike = { ...memoryKeytar(), getPassword: () => new Promise(() => undefined) };
    expect(
      await createKeytarBackend({ load: async () => hung, probeTimeoutMs: 50 }).available(),
    ).toBe(false);
  });
});

describe('key store', () => {
  it('uses CADENZA_API_KEY first, for any origin, and describes it as "environment"', async () => {
    const backend = safeStorage();
    await backend.set(A, 'stored-key-aaaa1111');
    const keys = createKeyStore({ backends: [backend], env: { CADENZA_API_KEY: `  ${KEY}\n` } });
    expect(await keys.getKey(A)).toBe(KEY);
    expect(await keys.getKey(B)).toBe(KEY);
    expect(await keys.describe(A)).toEqual({
      storage: 'environment',
      keyLast4: '3210',
      keychainAvailable: false,
    });
  });

  it('ignores a blank CADENZA_API_KEY', async () => {
    const keys = createKeyStore({ backends: [safeStorage()], env: { CADENZA_API_KEY: '   ' } });
    expect(await keys.getKey(A)).toBeUndefined();
    expect((await keys.describe(A)).storage).toBe('none');
  });

  it('binds a key to the origin it was stored for', async () => {
    const keys = createKeyStore({
      backends: [createKeytarBackend({ load: async () => memoryKeytar() })],
      env: {},
    });
    expect(await keys.setKey(A, KEY)).toBe('keychain');
    expect(await keys.getKey(A)).toBe(KEY);
    expect(await keys.getKey(B)).toBeUndefined();
    expect((await keys.describe(B)).storage).toBe('none');
    await keys.removeKey(A);
    expect(await keys.getKey(A)).toBeUndefined();
  });

  it('describes a key by its last 4 characters only', async () => {
    const keys = createKeyStore({ backends: [safeStorage()], env: {} });
    await keys.setKey(A, KEY);
    const described = await keys.describe(A);
    expect(described).toEqual({
      storage: 'safe-storage',
      keyLast4: '3210',
      keychainAvailable: false,
    });
    expect(JSON.stringify(described)).not.toContain(KEY.slice(0, -4));
  });

  it('gives no last 4 characters of a key too short to hide anything', async () => {
    const keys = createKeyStore({ backends: [], env: { CADENZA_API_KEY: 'abc12' } });
    expect(await keys.describe(A)).toEqual({ storage: 'environment', keychainAvailable: false });
  });

  it('falls back to the encrypted file when no keychain answers, and says so', async () => {
    const keys = createKeyStore({ backends: [noKeychain(), safeStorage()], env: {} });
    expect(await keys.setKey(A, KEY)).toBe('safe-storage');
    expect(await keys.describe(A)).toMatchObject({
      storage: 'safe-storage',
      keychainAvailable: false,
    });
  });

  it('prefers the keychain when it works and keeps a single copy of the key', async () => {
    const file = safeStorage();
    await file.set(A, 'older-key-from-file');
    const keys = createKeyStore({
      backends: [createKeytarBackend({ load: async () => memoryKeytar() }), file],
      env: {},
    });
    expect(await keys.getKey(A)).toBe('older-key-from-file'); // still readable where it was kept
    expect(await keys.setKey(A, KEY)).toBe('keychain');
    expect(await file.get(A)).toBeUndefined();
    expect(await keys.describe(A)).toEqual({
      storage: 'keychain',
      keyLast4: '3210',
      keychainAvailable: true,
    });
  });

  it('refuses to store a key when no backend is available, naming CADENZA_API_KEY', async () => {
    const keys = createKeyStore({ backends: [noKeychain()], env: {} });
    const err = await keys.setKey(A, KEY).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'io', message: NO_KEY_STORE_MESSAGE });
    expect(String((err as Error).message)).toContain('CADENZA_API_KEY');
    expect(String((err as Error).message)).not.toContain(KEY);
  });
});

describe('the key kept by a key store', () => {
  /** An in-memory keychain backend counting its reads. */
  function countingKeychain() {
    const kt = memoryKeytar();
    let reads = 0;
    const backend = createKeytarBackend({
      load: async () => ({
        ...kt,
        getPassword: (service: string, account: string) => {
          if (account === A || account === B) reads += 1; // not the availability probe
          return kt.getPassword(service, account);
        },
      }),
    });
    return { backend, reads: () => reads };
  }

  it('reads the keychain once per origin while nothing changes', async () => {
    const { backend, reads } = countingKeychain();
    const stamp = join(dir, 'keys.changed');
    const keys = createKeyStore({ backends: [backend], env: {}, changeStamp: stamp });
    await keys.setKey(A, KEY);
    for (let i = 0; i < 5; i++) expect(await keys.getKey(A)).toBe(KEY);
    expect((await keys.describe(A)).keyLast4).toBe('3210');
    expect(await keys.getKey(B)).toBeUndefined();
    expect(await keys.getKey(B)).toBeUndefined();
    expect(reads()).toBe(2); // A once, B once
  });

  it('drops what it kept when another store (the CLI, another process) changes a key', async () => {
    const { backend, reads } = countingKeychain();
    const stamp = join(dir, 'keys.changed');
    const app = createKeyStore({ backends: [backend], env: {}, changeStamp: stamp });
    const cli = createKeyStore({ backends: [backend], env: {}, changeStamp: stamp });
    await app.setKey(A, KEY);
    expect(await app.getKey(A)).toBe(KEY);
    await cli.setKey(A, 'sk-live-from-the-cli-0042');
    expect(await app.getKey(A)).toBe('sk-live-from-the-cli-0042');
    await cli.removeKey(A);
    expect(await app.getKey(A)).toBeUndefined();
    const before = reads();
    await app.getKey(A);
    expect(reads()).toBe(before);
  });

  it('without a stamp, keeps nothing', async () => {
    const { backend, reads } = countingKeychain();
    const keys = createKeyStore({ backends: [backend], env: {} });
    await keys.setKey(A, KEY);
    await keys.getKey(A);
    await keys.getKey(A);
    expect(reads()).toBe(2);
  });
});
