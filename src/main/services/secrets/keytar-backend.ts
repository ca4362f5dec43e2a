/**
 * The OS keychain through keytar (macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux). Entries use service "Cadenza" and the service origin as the account, so a key is bound to
 * the address it was entered for. keytar is loaded lazily: a missing native module, a missing D-Bus
 * session or a keyring that does not answer all mean "no keychain here", never a crash.
 */
import { KEYCHAIN_SERVICE } from '@shared/defaults';
import type { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';
import type { SecretBackend } from '../contracts';

/** The part of keytar this backend uses. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeytarBackendOptions {
  service?: string;
  /** Loads keytar; the default imports the native module. */
  load?: () => Promise<KeytarLike>;
  /** How long the first keychain call may take before the keychain counts as unavailable. */
  probeTimeoutMs?: number;
}

const PROBE_ACCOUNT = 'cadenza-availability-probe';

async function loadKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as KeytarLike & { default?: KeytarLike };
  const api = mod.default ?? mod;
  if (typeof api.getPassword !== 'function') throw new Error('keytar did not load');
  return api;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('keychain did not answer')), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createKeytarBackend(opts: KeytarBackendOptions = {}): SecretBackend {
  const service = opts.service ?? KEYCHAIN_SERVICE;
  const load = opts.load ?? loadKeytar;
  const probeTimeoutMs = opts.probeTimeoutMs ?? 5_000;
  let ready: Promise<KeytarLike | undefined> | undefined;

  /** keytar when it loads and the keychain answers a harmless lookup; undefined otherwise (cached). */
  function keychain(): Promise<KeytarLike | undefined> {
    ready ??= (async () => {
      try {
        const api = await load();
        await withTimeout(api.getPassword(service, PROBE_ACCOUNT), probeTimeoutMs);
        return api;
      } catch {
        return undefined;
      }
    })();
    return ready;
  }

  async function required(): Promise<KeytarLike> {
    const api = await keychain();
    if (!api) throw appError('io', 'errors:secrets.noKeychain');
    return api;
  }

  const FAILED = {
    read: 'errors:secrets.keychainRead',
    store: 'errors:secrets.keychainStore',
    remove: 'errors:secrets.keychainRemove',
  } as const;
  const failed = (action: keyof typeof FAILED, e: unknown): AppError =>
    appError('io', FAILED[action], {}, { cause: e instanceof Error ? e.name : undefined });

  return {
    kind: 'keychain',
    available: async () => (await keychain()) !== undefined,
    async get(origin) {
      const api = await required();
      try {
        return (await api.getPassword(service, origin)) ?? undefined;
      } catch (e) {
        throw failed('read', e);
      }
    },
    async set(origin, key) {
      const api = await required();
      try {
        await api.setPassword(service, origin, key);
      } catch (e) {
        throw failed('store', e);
      }
    },
    async remove(origin) {
      const api = await required();
      try {
        await api.deletePassword(service, origin);
      } catch (e) {
        throw failed('remove', e);
      }
    },
  };
}
