import { AppError } from '@shared/errors';
import { cancelledError } from './failures';

/**
 * When the HTTP policy tries again. Only requests that cannot have charged are retried: GETs
 * (service reads, downloads, previews, measuring). A POST is sent once, whatever happens.
 */

export interface RetryPolicy {
  /** Tries in all for a GET (1 = no retry). */
  attempts: number;
  /** First back-off delay; doubles per try, with ±25 % jitter, capped by maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the answer is reported instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 400,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export function backoffMs(retry: RetryPolicy, attempt: number): number {
  const plain = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  return plain * (0.75 + Math.random() * 0.5);
}

/** `Retry-After` as milliseconds from now (seconds or an HTTP date); undefined when absent/unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Errors worth another try of an idempotent request: the connection, not the answer. */
export function isRetryableError(e: unknown): boolean {
  return e instanceof AppError && (e.code === 'network' || e.code === 'timeout');
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
