/**
 * The key facade: CADENZA_API_KEY from the environment wins when set; otherwise keys live in the
 * first secret backend that works here (the OS keychain, then the shell's encrypted file). Keys are
 * bound to a service origin. Nothing here logs or formats a key: describe() gives the last 4
 * characters only. Every key value that passes through is remembered by the log's redactor, so it
 * can never be written to a log line or a diagnostic report.
 */
import { AppError } from '@shared/errors';
import type { KeyStorage } from '@shared/domain/account';
import type { KeyStore, SecretBackend } from '../contracts';
import { rememberSecret } from '../log/redact';

export const NO_KEY_STORE_MESSAGE =
  'No system keychain is available here, so the key cannot be stored. Set CADENZA_API_KEY in the environment instead, or use a desktop session with a keychain.';

/** The last 4 characters, only for keys long enough that 4 characters give nothing away. */
export function keyLast4(key: string): string | undefined {
  return key.length >= 8 ? key.slice(-4) : undefined;
}

/** The key from CADENZA_API_KEY, trimmed; undefined when unset or blank. */
export function environmentKey(env: NodeJS.ProcessEnv): string | undefined {
  const key = env.CADENZA_API_KEY?.trim();
  rememberSecret(key);
  return key ? key : undefined;
}

export interface KeyStoreOptions {
  /** In order of preference: the first available one stores new keys. */
  backends: readonly SecretBackend[];
  env: NodeJS.ProcessEnv;
  /**
   * The service origin in effect when the process started: a key from CADENZA_API_KEY is given
   * for that origin only, so changing the address later never sends it to another host.
   */
  launchOrigin?: string;
}

export function createKeyStore({ backends, env, launchOrigin }: KeyStoreOptions): KeyStore {
  /** The environment's key, when it applies to this origin. */
  const envKeyFor = (origin: string): string | undefined =>
    launchOrigin === undefined || origin === launchOrigin ? environmentKey(env) : undefined;

  async function availableBackends(): Promise<SecretBackend[]> {
    const flags = await Promise.all(backends.map((b) => b.available().catch(() => false)));
    return backends.filter((_, i) => flags[i]);
  }

  /** The stored key for this origin and the backend holding it. */
  async function find(origin: string): Promise<{ key: string; kind: KeyStorage } | undefined> {
    let failure: unknown;
    for (const backend of await availableBackends()) {
      try {
        const key = await backend.get(origin);
        rememberSecret(key);
        if (key) return { key, kind: backend.kind };
      } catch (e) {
        failure ??= e;
      }
    }
    if (failure) throw failure;
    return undefined;
  }

  async function keychainAvailable(): Promise<boolean> {
    const keychains = backends.filter((b) => b.kind === 'keychain');
    const flags = await Promise.all(keychains.map((b) => b.available().catch(() => false)));
    return flags.some(Boolean);
  }

  return {
    async getKey(origin) {
      return envKeyFor(origin) ?? (await find(origin))?.key;
    },

    async setKey(origin, key) {
      rememberSecret(key);
      const [first, ...others] = await availableBackends();
      if (!first) throw new AppError('io', NO_KEY_STORE_MESSAGE);
      await first.set(origin, key);
      // One copy only: drop an older copy kept by a fallback backend.
      await Promise.all(others.map((b) => b.remove(origin).catch(() => undefined)));
      return first.kind;
    },

    async removeKey(origin) {
      const results = await Promise.allSettled(
        (await availableBackends()).map((b) => b.remove(origin)),
      );
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },

    async describe(origin) {
      const hasKeychain = await keychainAvailable();
      const fromEnv = envKeyFor(origin);
      if (fromEnv)
        return withLast4({ storage: 'environment', keychainAvailable: hasKeychain }, fromEnv);
      const found = await find(origin);
      if (!found) return { storage: 'none', keychainAvailable: hasKeychain };
      return withLast4({ storage: found.kind, keychainAvailable: hasKeychain }, found.key);
    },
  };
}

function withLast4<T extends object>(base: T, key: string): T & { keyLast4?: string } {
  const last4 = keyLast4(key);
  return last4 === undefined ? base : { ...base, keyLast4: last4 };
}
