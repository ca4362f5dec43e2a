/**
 * The key facade: CADENZA_API_KEY from the environment wins when set; otherwise keys live in the
 * first secret backend that works here (the OS keychain, then the shell's encrypted file). Keys are
 * bound to a service origin. Nothing here logs or formats a key: describe() gives the last 4
 * characters only. Every key value that passes through is remembered by the log's redactor, so it
 * can never be written to a log line or a diagnostic report.
 *
 * A key read from a backend is kept in memory (a keychain read is an OS round trip; the service
 * client asks for the key on every request). Every change made through a key store (this process,
 * another window, the CLI) rewrites a small change stamp in the data folder; each read stats it
 * first and drops what it kept when the stamp is not the one seen when the key was read.
 */
import { promises as fs } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { appError } from '@shared/app-error';
import { englishText } from '@shared/i18n/english';
import { writeFileAtomic } from '../ground/atomic';
import type { KeyStorage } from '@shared/domain/account';
import type { KeyStore, SecretBackend } from '../contracts';
import { rememberSecret } from '../log/redact';

/** Said when no backend can store a key (the app says it in its language; the CLI in English). */
export const NO_KEY_STORE_MESSAGE = englishText('errors:secrets.noStore');

/** The change stamp's file name in the data folder (see `changeStamp`). */
export const KEY_CHANGE_STAMP = 'keys.changed';

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
  /**
   * The change stamp (a file in the data folder shared with the CLI): rewritten on every change,
   * stat-ed before every read. Without it nothing is kept and each read asks the backends.
   */
  changeStamp?: string;
}

/** What identifies one version of the stamp file: a rewrite is a rename, so a new inode. */
async function stampOf(path: string): Promise<string> {
  try {
    const st = await fs.stat(path, { bigint: true });
    return `${st.ino}:${st.mtimeNs}:${st.ctimeNs}:${st.size}`;
  } catch {
    return 'none';
  }
}

export function createKeyStore({
  backends,
  env,
  launchOrigin,
  changeStamp,
}: KeyStoreOptions): KeyStore {
  /** The environment's key, when it applies to this origin. */
  const envKeyFor = (origin: string): string | undefined =>
    launchOrigin === undefined || origin === launchOrigin ? environmentKey(env) : undefined;

  async function availableBackends(): Promise<SecretBackend[]> {
    const flags = await Promise.all(backends.map((b) => b.available().catch(() => false)));
    return backends.filter((_, i) => flags[i]);
  }

  type Found = { key: string; kind: KeyStorage } | undefined;
  /** Keys read from the backends (undefined: none stored), valid while the stamp is `keptAt`. */
  const kept = new Map<string, Found>();
  let keptAt: string | null = null;

  /** The stored key for this origin: kept, else read from the backends and kept. */
  async function find(origin: string): Promise<Found> {
    if (!changeStamp) return read(origin);
    const stamp = await stampOf(changeStamp);
    if (stamp !== keptAt) {
      kept.clear();
      keptAt = stamp;
    }
    if (kept.has(origin)) return kept.get(origin);
    const found = await read(origin);
    // a change stamped while the backends were read is seen at the next read
    if (keptAt === stamp) kept.set(origin, found);
    return found;
  }

  /** Forgets what was kept and tells other processes' key stores to forget theirs. */
  async function changed(): Promise<void> {
    kept.clear();
    keptAt = null;
    if (!changeStamp) return;
    const stamp = changeStamp;
    // a stamp that cannot be written (a read-only data folder) leaves other processes on what
    // they kept until they restart; this process has forgotten it already
    await fs
      .mkdir(dirname(stamp), { recursive: true })
      .then(() => writeFileAtomic(stamp, `${randomUUID()}\n`))
      .catch(() => undefined);
  }

  /** The stored key for this origin and the backend holding it. */
  async function read(origin: string): Promise<Found> {
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
      if (!first) throw appError('io', 'errors:secrets.noStore');
      try {
        await first.set(origin, key);
        // One copy only: drop an older copy kept by a fallback backend.
        await Promise.all(others.map((b) => b.remove(origin).catch(() => undefined)));
      } finally {
        await changed();
      }
      return first.kind;
    },

    async removeKey(origin) {
      const results = await Promise.allSettled(
        (await availableBackends()).map((b) => b.remove(origin)),
      );
      await changed();
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
