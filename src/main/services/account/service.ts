/**
 * The account: which service address is used, whether a key is stored for it (never the key),
 * storing and removing the key, and the key's entitlements. Confirmation dialogs are the shell's job.
 */
import {
  apiKeyProblem,
  checkServiceAddress,
  KeyInfoSchema,
  type AccountStatus,
  type KeyInfo,
} from '@shared/domain/account';
import {
  ADDRESS_PROBLEM_KEYS,
  apiKeyProblemOf,
  KEY_PROBLEM_KEYS,
} from '@shared/domain/account-rules';
import { DEFAULT_BASE_URL } from '@shared/defaults';
import type { KnownCounts } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import { AppError, COUNTERS } from '@shared/errors';
import { englishText } from '@shared/i18n/english';
import type { AccountService, KeyStore, SettingsStore } from '../contracts';

/** The part of the service client the account needs. */
export interface KeyInfoClient {
  keyInfo(opts?: { signal?: AbortSignal }): Promise<KeyInfo>;
}

/** Builds a client for a base URL; `getKey` answers the key bound to that URL's origin. */
export type ClientFactory<C extends KeyInfoClient = KeyInfoClient> = (
  baseUrl: string,
  getKey: () => Promise<string | undefined>,
) => C;

export interface AccountServiceOptions {
  settings: SettingsStore;
  keys: KeyStore;
  clientFactory: ClientFactory;
}

/** The origin a key is bound to (scheme, host and port of the service address). */
export function keyOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** The key, trimmed, or AppError('validation') with the shared schema's message (fields.key). */
export function checkApiKey(raw: string): string {
  const problem = apiKeyProblemOf(raw);
  const message = apiKeyProblem(raw);
  if (problem && message)
    throw new AppError('validation', message, {
      fields: { key: message },
      key: KEY_PROBLEM_KEYS[problem],
    });
  return raw.trim();
}

/** A refused key: its message is also the key field's (the Account form shows it in place). */
function keyRefused(
  code: 'auth' | 'key_disabled',
  key: string,
  extra: { httpStatus?: number; detail?: string } = {},
): AppError {
  const english = englishText(key);
  return appError(
    code,
    key,
    {},
    { ...extra, fields: { key: english }, fieldKeys: { key: { key } } },
  );
}

/** Only the known fields of the service's key info leave this service (never `x_api_key`). */
function knownKeyInfo(info: unknown): KeyInfo {
  const parsed = KeyInfoSchema.safeParse(info);
  if (!parsed.success)
    throw new AppError(
      'bad_response',
      'The service answered key information Cadenza cannot read.',
      {
        key: 'errors:service.unreadable',
      },
    );
  return parsed.data;
}

/** The service's verdict on a key before it is stored, with the key info it read when accepted. */
async function checkWithService(
  client: KeyInfoClient,
): Promise<{ check: 'accepted'; info: KeyInfo } | { check: 'unchecked' }> {
  try {
    const info = await client.keyInfo();
    if (info.key_status !== 0) throw keyRefused('key_disabled', 'errors:account.refusedDisabled');
    return { check: 'accepted', info: knownKeyInfo(info) };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    if (e.code === 'key_disabled') throw e;
    if (e.code === 'auth')
      throw keyRefused('auth', 'errors:account.refused', {
        ...(e.httpStatus !== undefined ? { httpStatus: e.httpStatus } : {}),
        ...(e.detail !== undefined ? { detail: e.detail } : {}),
      });
    // unreachable, slow, or an answer that says nothing about the key: stored, not checked yet
    return { check: 'unchecked' };
  }
}

export function createAccountService({
  settings,
  keys,
  clientFactory,
}: AccountServiceOptions): AccountService {
  const defaultBaseUrl = (() => {
    const checked = checkServiceAddress(DEFAULT_BASE_URL);
    return checked.ok ? checked.origin : DEFAULT_BASE_URL;
  })();

  async function status(): Promise<AccountStatus> {
    const baseUrl = settings.baseUrl();
    const described = await keys.describe(keyOrigin(baseUrl));
    const result: AccountStatus = {
      hasKey: described.storage !== 'none',
      storage: described.storage,
      keychainAvailable: described.keychainAvailable,
      baseUrl,
      isDefaultBaseUrl: baseUrl === defaultBaseUrl,
    };
    if (described.keyLast4 !== undefined) result.keyLast4 = described.keyLast4;
    return result;
  }

  /** The key info last read per origin, and when (what a submission records as its counts before). */
  const lastRead = new Map<string, { info: KeyInfo; readAt: string }>();
  const remember = (origin: string, info: KeyInfo): KeyInfo => {
    lastRead.set(origin, { info, readAt: new Date().toISOString() });
    return info;
  };

  return {
    status,

    lastKnownCounts() {
      const last = lastRead.get(keyOrigin(settings.baseUrl()));
      if (!last) return null;
      const counts: KnownCounts['counts'] = {};
      for (const c of COUNTERS) counts[c] = last.info[c];
      return { counts, readAt: last.readAt };
    },

    async setKey(raw) {
      const key = checkApiKey(raw);
      const baseUrl = settings.baseUrl();
      // asked with the candidate key only; nothing is stored until the service had its say
      const verdict = await checkWithService(clientFactory(baseUrl, () => Promise.resolve(key)));
      await keys.setKey(keyOrigin(baseUrl), key);
      lastRead.delete(keyOrigin(baseUrl));
      if (verdict.check === 'accepted') remember(keyOrigin(baseUrl), verdict.info);
      return verdict.check === 'accepted'
        ? { ...(await status()), keyCheck: 'accepted', keyInfo: verdict.info }
        : { ...(await status()), keyCheck: 'unchecked' };
    },

    async removeKey() {
      await keys.removeKey(keyOrigin(settings.baseUrl()));
      lastRead.delete(keyOrigin(settings.baseUrl()));
      return status();
    },

    async keyInfo() {
      const baseUrl = settings.baseUrl();
      const origin = keyOrigin(baseUrl);
      if (!(await keys.getKey(origin))) throw appError('no_key', 'errors:noKey');
      // parsed again so nothing beyond the known fields (such as x_api_key) can leave this service
      const info = knownKeyInfo(await clientFactory(baseUrl, () => keys.getKey(origin)).keyInfo());
      if (info.key_status !== 0) throw appError('key_disabled', 'errors:account.disabled');
      return remember(origin, info);
    },

    async setServiceAddress(url) {
      const checked = checkServiceAddress(url);
      if (!checked.ok)
        throw new AppError('validation', checked.message, {
          fields: { baseUrl: checked.message },
          key: ADDRESS_PROBLEM_KEYS[checked.problem],
        });
      // The key stays bound to the old origin: a new address needs its key entered again.
      await settings.update({ baseUrl: checked.origin });
      return status();
    },
  };
}
