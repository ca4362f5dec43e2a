/**
 * The service client: one object per configured base URL, one module per capability.
 *
 *   const client = createServiceClient({ baseUrl, getKey: () => keys.getKey(origin) });
 *   const info = await client.keyInfo();                  // x_api_key already removed
 *   const [a, b] = await client.songs.submit({ mode: 'auto', prompt: 'lo-fi rain' });
 *   const now = await client.songs.query([a.id, b.id], { known: [a, b] });
 *   await client.download(now[0].audioUrl!, '/library/song.mp3', { signal });
 *
 * Every failure is an AppError (see errors.ts for the mapping). The key is read through `getKey`
 * for each call, goes only to the base URL's origin, and never appears in results or errors.
 */
import type { Dispatcher } from 'undici';
import type { KeyInfo } from '@shared/domain/account';
import type { DownloadResult } from '@shared/domain/service';
import { appError } from '@shared/app-error';
import { fetchKeyInfo } from './account';
import { createCoversApi, type CoversApi } from './covers';
import { downloadFile, type DownloadOptions } from './download';
import { createSingingApi, type SingingApi } from './singing';
import { createSongsApi, type SongsApi } from './songs';
import { Transport } from './transport';
import { serviceAddressGuard } from '../http/address-guard';
import { REDACTED } from '../ground/lenient';
import { createHttpPolicy, type HttpPolicy, type HttpPolicyOptions } from '../http/policy';
import { createVoicesApi, type VoicesApi } from './voices';

export type { CallOptions, SongsApi } from './songs';
export type { VoicesApi, CloneInput } from './voices';
export type { CoversApi, CoverInput } from './covers';
export type { SingingApi } from './singing';
export type { DownloadOptions, DownloadProgress } from './download';
export type { UploadOptions, UploadCheck, UploadFileInfo } from './multipart';
export { submitBody, musicV1Body } from './songs';
export { AUTH_MESSAGE } from './errors';

const DEFAULT_TIMEOUT_MS = 30_000;
/** Synchronous generation (/v1/music, /v1/cover, text-to-speech, singing) can take minutes. */
const DEFAULT_GENERATION_TIMEOUT_MS = 10 * 60_000;

export interface ServiceClientOptions {
  baseUrl: string;
  getKey: () => Promise<string | undefined>;
  /** Deadline of ordinary requests (default 30 s). */
  timeoutMs?: number;
  /** Deadline of synchronous generation calls (default 10 min). */
  generationTimeoutMs?: number;
  /** Replaces the proxy decision of http/proxy.ts (tests, embedding). */
  dispatcher?: Dispatcher;
  userAgent?: string;
  /** GET retries: attempts in all (default 3) and the first back-off delay (default 400 ms). */
  retry?: { attempts?: number; baseDelayMs?: number };
  /** Transfer limits and the address guard of the HTTP policy (../http/policy.ts). */
  http?: Pick<HttpPolicyOptions, 'timeouts' | 'guard' | 'env'>;
  /** A policy to share (wins over dispatcher, userAgent, retry and http). */
  policy?: HttpPolicy;
}

export interface ServiceClient {
  /** The base URL this client talks to (normalised, no trailing slash). */
  readonly baseUrl: string;
  /** GET /v1/get_api_key_info, with `x_api_key` removed and numbers coerced. */
  keyInfo(opts?: { signal?: AbortSignal }): Promise<KeyInfo>;
  readonly songs: SongsApi;
  readonly voices: VoicesApi;
  readonly covers: CoversApi;
  readonly singing: SingingApi;
  /**
   * Streams a media URL from a service answer to `destPath` (temp file + rename). Never sends the
   * key; http(s) only.
   */
  download(url: string, destPath: string, opts?: DownloadOptions): Promise<DownloadResult>;
}

export function createServiceClient(opts: ServiceClientOptions): ServiceClient {
  let base: URL;
  try {
    base = new URL(opts.baseUrl.trim());
  } catch {
    throw appError('invalid_argument', 'errors:api.badAddress');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw appError('invalid_argument', 'errors:api.addressHttp');
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const policy =
    opts.policy ??
    createHttpPolicy({
      userAgent: opts.userAgent ?? 'Cadenza',
      ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
      guard: serviceAddressGuard(base.origin),
      ...opts.http,
      retry: {
        ...(opts.retry?.attempts !== undefined ? { attempts: opts.retry.attempts } : {}),
        ...(opts.retry?.baseDelayMs !== undefined ? { baseDelayMs: opts.retry.baseDelayMs } : {}),
      },
    });
  const generationTimeoutMs = opts.generationTimeoutMs ?? DEFAULT_GENERATION_TIMEOUT_MS;
  const transport = new Transport({
    baseUrl,
    getKey: opts.getKey,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    policy,
  });

  return {
    baseUrl,
    keyInfo: (o = {}) => fetchKeyInfo(transport, o),
    songs: createSongsApi(transport, generationTimeoutMs),
    voices: createVoicesApi(transport, generationTimeoutMs),
    covers: createCoversApi(transport, generationTimeoutMs),
    singing: createSingingApi(transport, generationTimeoutMs),
    async download(url, destPath, o = {}) {
      // A media URL that carries the key (or what is left of it after redaction) is not fetched:
      // the key would travel to a media host in a query string.
      const key = await opts.getKey().catch(() => undefined);
      if ((key && key.length >= 4 && url.includes(key)) || url.includes(REDACTED))
        throw appError('forbidden', 'errors:api.keyInLink');
      return downloadFile(url, destPath, o, policy);
    },
  };
}
