/**
 * The one HTTP policy of main and the CLI. Every request Cadenza makes — service calls, downloads,
 * the media cache, measuring a link — goes through `policy.request`, which:
 *
 * - follows redirects itself (one loop), http(s) only, at most `maxRedirects` hops; `pinned`
 *   headers (the API key) go only to their origin and never again once a hop has left it;
 * - asks the address guard (guard.ts) at connect time about every address it connects to;
 * - bounds every wait: connect timeout, idle timeout (headers, and the gap between body bytes),
 *   an overall deadline, and for transfers a minimum throughput (a trickle cannot hold a slot);
 * - retries GETs on connection failures and on 408/429/5xx with backoff and `Retry-After`,
 *   never a POST (it may have charged);
 * - turns every failure into an AppError with a creator-readable message (failures.ts): resets,
 *   bodies shorter than their Content-Length, parser errors, drips — nothing escapes as a crash.
 *
 *   const policy = createHttpPolicy({ userAgent: 'Cadenza' });
 *   const text = await policy.request(
 *     { url, ctx: { action: 'load the voices' }, kind: 'call' },
 *     (res) => res.text(1 << 20),
 *   );
 *
 * Electron's updater has its own networking and stays outside this policy.
 */
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';
import { createDispatcherChooser, type DispatcherChooser } from './proxy';
import { loadUndici } from './undici';
import {
  toAppError,
  shortBodyError,
  tooLargeError,
  type CallContext,
  type StopReason,
} from './failures';
import { allowAllAddresses, checkProxiedHop, guardedAgent, type AddressGuard } from './guard';
import { headerValue, nextHop, REDIRECT_STATUSES, requestableUrl } from './redirects';
import {
  backoffMs,
  DEFAULT_RETRY,
  isRetryableError,
  RETRY_STATUSES,
  retryAfterMs,
  sleep,
  type RetryPolicy,
} from './retry';

export type { AddressGuard, ConnectTarget } from './guard';
export type { RetryPolicy } from './retry';

export interface HttpTimeouts {
  /** Opening a connection (TCP and TLS). */
  connectMs: number;
  /** Waiting for the answer's headers, and the longest gap between two body chunks. */
  idleMs: number;
  /** Whole transfer (all hops, tries, waits and the body) when the request names none. */
  transferDeadlineMs: number;
  /** Transfers slower than this over `throughputWindowMs` are stopped. */
  minBytesPerSecond: number;
  throughputWindowMs: number;
}

const DEFAULT_TIMEOUTS: HttpTimeouts = {
  connectMs: 10_000,
  idleMs: 60_000,
  transferDeadlineMs: 30 * 60_000,
  minBytesPerSecond: 1024,
  throughputWindowMs: 60_000,
};

export interface HttpPolicyOptions {
  userAgent?: string;
  /** Replaces the proxy decision of proxy.ts (tests, embedding). */
  dispatcher?: Dispatcher;
  env?: NodeJS.ProcessEnv;
  guard?: AddressGuard;
  timeouts?: Partial<HttpTimeouts>;
  retry?: Partial<RetryPolicy>;
  maxRedirects?: number;
}

export interface HttpRequest {
  url: URL | string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  /** Opened for each send (a 307/308 redirect sends the body again). */
  body?: () => string | Buffer | Readable;
  /** Headers (the API key) sent only to `origin`, and only while every hop so far stayed on it. */
  pinned?: { origin: string; headers: Record<string, string> };
  signal?: AbortSignal | undefined;
  ctx: CallContext;
  /** 'call': a small answer (no throughput floor); 'transfer': media (the floor applies). */
  kind: 'call' | 'transfer';
  /** Deadline of the whole request; default timeouts.transferDeadlineMs. */
  deadlineMs?: number;
  /** Default timeouts.idleMs. */
  idleMs?: number;
  /** Tries of a GET (default from the retry policy); anything else is sent once. */
  attempts?: number;
}

export interface HttpResponse {
  status: number;
  /** The URL that answered (after redirects). */
  url: URL;
  header(name: string): string | undefined;
  /** The body chunk by chunk. Fails with an AppError, also when it ends short of Content-Length. */
  body(): AsyncGenerator<Buffer, void, undefined>;
  /** The whole body as UTF-8, refusing more than `maxBytes`. */
  text(maxBytes: number): Promise<string>;
  discard(): Promise<void>;
}

export interface HttpPolicy {
  readonly userAgent: string;
  readonly timeouts: HttpTimeouts;
  /**
   * Sends (following redirects) and hands the answer to `consume`; its result is returned. For a
   * GET, connection failures (also while `consume` reads the body) and 408/429/5xx answers are
   * tried again — `consume` must then start over. Errors `consume` throws itself pass through.
   */
  request<T>(
    req: HttpRequest,
    consume: (res: HttpResponse, attempt: number) => Promise<T>,
  ): Promise<T>;
}

/** Method and path of a request, for the log: no query (it may carry tokens), no host. */
function endpointOf(req: HttpRequest): string | undefined {
  try {
    return `${req.method ?? 'GET'} ${new URL(String(req.url)).pathname}`;
  } catch {
    return undefined;
  }
}

/** Host and port of a request, named when it does not answer (never its path or query). */
function hostOf(req: HttpRequest): string | undefined {
  try {
    return new URL(String(req.url)).host || undefined;
  } catch {
    return undefined;
  }
}

/** The state of one `request` call: its abort controller, why it was stopped, its limits. */
interface Exchange {
  req: HttpRequest;
  ctl: AbortController;
  stop: StopReason | undefined;
  deadlineMs: number;
  idleMs: number;
  minBytesPerSecond: number;
  endsAt: number;
}

export function createHttpPolicy(opts: HttpPolicyOptions = {}): HttpPolicy {
  const userAgent = opts.userAgent ?? 'Cadenza';
  const timeouts: HttpTimeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry };
  const maxRedirects = opts.maxRedirects ?? 5;
  const guard = opts.guard ?? allowAllAddresses;
  const chooser: DispatcherChooser = createDispatcherChooser(opts.dispatcher, opts.env);

  const fail = (x: Exchange, e: unknown, inBody: boolean): AppError => {
    const err = toAppError(e, {
      ctx: x.req.ctx,
      kind: x.req.kind,
      inBody,
      stop: x.stop,
      deadlineMs: x.deadlineMs,
      idleMs: x.idleMs,
      connectMs: timeouts.connectMs,
      minBytesPerSecond: x.minBytesPerSecond,
      throughputWindowMs: timeouts.throughputWindowMs,
      endpoint: endpointOf(x.req),
      host: hostOf(x.req),
    });
    return err;
  };

  function answer(x: Exchange, res: Dispatcher.ResponseData, url: URL, method: string) {
    let bytes = 0;
    let consumed = false;
    let watch: NodeJS.Timeout | undefined;
    const startWatch = (): void => {
      if (x.minBytesPerSecond <= 0 || watch) return;
      const windowMs = timeouts.throughputWindowMs;
      const samples: Array<{ at: number; bytes: number }> = [{ at: Date.now(), bytes: 0 }];
      watch = setInterval(
        () => {
          const now = Date.now();
          samples.push({ at: now, bytes });
          while (samples.length > 1 && samples[1]!.at <= now - windowMs) samples.shift();
          const oldest = samples[0]!;
          if (now - oldest.at < windowMs) return;
          if (bytes - oldest.bytes < (x.minBytesPerSecond * (now - oldest.at)) / 1000) {
            x.stop ??= 'slow';
            x.ctl.abort();
          }
        },
        Math.max(50, Math.min(1000, windowMs / 4)),
      );
      watch.unref();
    };
    const encoded = (headerValue(res.headers, 'content-encoding') ?? 'identity') !== 'identity';
    const lengthHeader = headerValue(res.headers, 'content-length');
    const announced =
      method === 'HEAD' || encoded || lengthHeader === undefined || !/^\d+$/.test(lengthHeader)
        ? undefined
        : Number(lengthHeader);
    const response: HttpResponse & { close(): void } = {
      status: res.statusCode,
      url,
      header: (name) => headerValue(res.headers, name.toLowerCase()),
      async *body() {
        consumed = true;
        startWatch();
        try {
          for await (const chunk of res.body) {
            const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
            bytes += buf.length;
            yield buf;
          }
        } catch (e) {
          // a connection that ended early says how far it got
          if (!x.stop && !(e instanceof AppError) && announced !== undefined && bytes < announced)
            throw shortBodyError(x.req.ctx, bytes, announced);
          throw fail(x, e, true);
        }
        if (x.stop) throw fail(x, undefined, true);
        if (announced !== undefined && bytes < announced)
          throw shortBodyError(x.req.ctx, bytes, announced);
      },
      async text(maxBytes) {
        if (announced !== undefined && announced > maxBytes) {
          res.body.destroy();
          throw tooLargeError(x.req.ctx, maxBytes);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body()) {
          size += chunk.length;
          if (size > maxBytes) throw tooLargeError(x.req.ctx, maxBytes);
          chunks.push(chunk);
        }
        return Buffer.concat(chunks).toString('utf8');
      },
      async discard() {
        consumed = true;
        await res.body.dump().catch(() => undefined);
      },
      close() {
        if (watch) clearInterval(watch);
        if (!consumed || !res.body.readableEnded) res.body.destroy();
      },
    };
    return response;
  }

  async function open(x: Exchange): Promise<ReturnType<typeof answer>> {
    const { req } = x;
    let url = requestableUrl(req.url);
    let method: string = req.method ?? 'GET';
    let pinnedAllowed = req.pinned !== undefined;
    const { request: undiciRequest } = await loadUndici();
    for (let hop = 0; ; hop++) {
      if (req.pinned && url.origin !== req.pinned.origin) pinnedAllowed = false;
      const headers: Record<string, string> = { 'user-agent': userAgent, ...req.headers };
      if (pinnedAllowed && req.pinned) Object.assign(headers, req.pinned.headers);
      const body = method !== 'GET' && req.body ? req.body() : null;
      if (body === null) {
        delete headers['content-type'];
        delete headers['content-length'];
      }
      const chosen = chooser(url);
      if (chosen) await checkProxiedHop(guard, url);
      let res: Dispatcher.ResponseData;
      try {
        res = await undiciRequest(url, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body,
          signal: x.ctl.signal,
          dispatcher: chosen ?? guardedAgent(guard, timeouts.connectMs),
          headersTimeout: x.idleMs,
          bodyTimeout: x.idleMs,
        });
      } catch (e) {
        throw fail(x, e, false);
      }
      // A body destroyed unread emits an error; with no listener that would be an uncaught
      // exception (a crash of main). Reads still see every error through the iterator.
      res.body.on('error', () => undefined);
      if (!REDIRECT_STATUSES.has(res.statusCode)) return answer(x, res, url, method);
      await res.body.dump().catch(() => undefined);
      if (hop >= maxRedirects) throw appError('bad_response', 'errors:http.tooManyRedirects');
      ({ url, method } = nextHop(
        url,
        res.statusCode,
        headerValue(res.headers, 'location'),
        method,
      ));
      url = requestableUrl(url);
    }
  }

  async function request<T>(
    req: HttpRequest,
    consume: (res: HttpResponse, attempt: number) => Promise<T>,
  ): Promise<T> {
    if (req.signal?.aborted) throw fail(exchangeFor(req), undefined, false);
    const x = exchangeFor(req);
    const onAbort = (): void => {
      x.stop ??= 'cancelled';
      x.ctl.abort();
    };
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const deadline = setTimeout(() => {
      x.stop ??= 'deadline';
      x.ctl.abort();
    }, x.deadlineMs);
    const attempts = (req.method ?? 'GET') === 'GET' ? (req.attempts ?? retry.attempts) : 1;
    try {
      for (let attempt = 1; ; attempt++) {
        let res: ReturnType<typeof answer> | undefined;
        try {
          res = await open(x);
          if (attempt < attempts && RETRY_STATUSES.has(res.status)) {
            const after = retryAfterMs(res.header('retry-after'));
            const wait = after ?? backoffMs(retry, attempt);
            if (wait <= retry.maxRetryAfterMs && Date.now() + wait < x.endsAt) {
              await res.discard();
              await sleep(wait, x.ctl.signal);
              continue;
            }
          }
          return await consume(res, attempt);
        } catch (e) {
          if (x.stop) throw fail(x, e, res !== undefined);
          if (attempt >= attempts || !isRetryableError(e)) throw e;
          const wait = backoffMs(retry, attempt);
          if (Date.now() + wait >= x.endsAt) throw e;
          res?.close();
          res = undefined;
          await sleep(wait, x.ctl.signal).catch((s: unknown) => {
            throw fail(x, s, false);
          });
        } finally {
          res?.close();
        }
      }
    } finally {
      clearTimeout(deadline);
      req.signal?.removeEventListener('abort', onAbort);
    }
  }

  function exchangeFor(req: HttpRequest): Exchange {
    const deadlineMs = req.deadlineMs ?? timeouts.transferDeadlineMs;
    return {
      req,
      ctl: new AbortController(),
      stop: req.signal?.aborted ? 'cancelled' : undefined,
      deadlineMs,
      idleMs: req.idleMs ?? timeouts.idleMs,
      minBytesPerSecond: req.kind === 'transfer' ? timeouts.minBytesPerSecond : 0,
      endsAt: Date.now() + deadlineMs,
    };
  }

  return { userAgent, timeouts, request };
}
