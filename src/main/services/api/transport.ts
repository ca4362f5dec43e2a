import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { AppError } from '@shared/errors';
import {
  badResponse,
  cancelledError,
  httpFailure,
  inBandFailure,
  networkError,
  timeoutError,
  type CallContext,
} from './errors';
import { isObject, num } from './lenient';
import type { DispatcherChooser } from './proxy';

/**
 * HTTP core of the service client. Rules it enforces:
 * - the `x-api-key` header goes only to the configured service origin; redirects are followed by
 *   hand and once a hop leaves that origin the header is never sent again on that request;
 * - redirects to anything but http(s) are refused;
 * - every request has a deadline; the caller's AbortSignal cancels it;
 * - only GETs are retried (network errors, timeouts, 429 and 5xx), with backoff; POSTs never are.
 */

export interface TransportConfig {
  baseUrl: string;
  getKey: () => Promise<string | undefined>;
  timeoutMs: number;
  userAgent: string;
  dispatcherFor: DispatcherChooser;
  retry: { attempts: number; baseDelayMs: number };
}

export interface RequestBody {
  contentType: string;
  length?: number;
  /** Called for each send (a redirect that keeps the method re-sends the body). */
  open: () => string | Buffer | Readable;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  body?: RequestBody;
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
  ctx: CallContext;
}

export interface RawResponse {
  status: number;
  contentType: string | undefined;
  text: string;
  url: string;
}

const MAX_REDIRECTS = 5;
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

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

export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Reads a response body as text, refusing absurdly large answers. */
async function readText(body: Dispatcher.ResponseData['body'], ctx: CallContext): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      throw badResponse(ctx, 'the answer is too large', undefined, undefined);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Follows one redirect answer: the next URL and method, or an AppError. */
export function nextHop(
  current: URL,
  status: number,
  location: string | undefined,
  method: string,
): { url: URL; method: string } {
  if (!location)
    throw new AppError(
      'bad_response',
      `The service answered a redirect (HTTP ${status}) without a destination.`,
    );
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw new AppError('bad_response', 'The service redirected to an address that is not valid.');
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new AppError(
      'forbidden',
      'The service redirected to an address that is not http(s); Cadenza does not follow it.',
    );
  }
  const toGet = status === 303 || ((status === 301 || status === 302) && method === 'POST');
  return { url: next, method: toGet ? 'GET' : method };
}

export class Transport {
  readonly base: URL;

  constructor(private readonly cfg: TransportConfig) {
    this.base = new URL(cfg.baseUrl);
  }

  url(path: string, query?: Record<string, string>): URL {
    const prefix = this.base.pathname.replace(/\/+$/, '');
    const url = new URL(`${this.base.origin}${prefix}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url;
  }

  /** Sends with retries (GET only) and answers whatever HTTP status came back. */
  async send(spec: RequestSpec): Promise<{ res: RawResponse; key: string }> {
    const key = await this.cfg.getKey();
    if (!key) throw new AppError('no_key', 'Add your API key on the Account page first.');
    const attempts = spec.method === 'GET' ? Math.max(1, this.cfg.retry.attempts) : 1;
    for (let attempt = 1; ; attempt++) {
      const delayMs =
        Math.min(8000, this.cfg.retry.baseDelayMs * 2 ** (attempt - 1)) *
        (0.75 + Math.random() * 0.5);
      try {
        const res = await this.once(spec, key);
        if (attempt < attempts && RETRY_STATUSES.has(res.status)) {
          await sleep(delayMs, spec.signal);
          continue;
        }
        return { res, key };
      } catch (e) {
        const retryable = e instanceof AppError && (e.code === 'network' || e.code === 'timeout');
        if (!retryable || attempt >= attempts) throw e;
        await sleep(delayMs, spec.signal);
      }
    }
  }

  /** Sends, fails on non-2xx, and parses JSON. In-band envelopes are checked by `unwrap`. */
  async json(spec: RequestSpec): Promise<{ body: unknown; key: string }> {
    const { res, key } = await this.send(spec);
    let body: unknown;
    let parsed = true;
    try {
      body = res.text.trim() === '' ? undefined : JSON.parse(res.text);
    } catch {
      parsed = false;
      body = res.text.slice(0, 2000);
    }
    if (res.status < 200 || res.status > 299) throw httpFailure(res.status, body, spec.ctx, key);
    if (!parsed || body === undefined)
      throw badResponse(spec.ctx, parsed ? 'it was empty' : 'it was not JSON', body, key);
    return { body, key };
  }

  /** Sends and unwraps `{status, message, data}`: a status other than 200 is a failure. */
  async enveloped(spec: RequestSpec): Promise<{ data: unknown; body: unknown; key: string }> {
    const { body, key } = await this.json(spec);
    if (
      isObject(body) &&
      ('status' in body || ('code' in body && ('data' in body || 'msg' in body)))
    ) {
      const rawStatus = 'status' in body ? body.status : body.code;
      const ok =
        num(rawStatus) === 200 ||
        (typeof rawStatus === 'string' && /^(ok|success)$/i.test(rawStatus));
      if (!ok) throw inBandFailure(body, spec.ctx, key);
      return { data: body.data, body, key };
    }
    return { data: body, body, key };
  }

  private async once(spec: RequestSpec, key: string): Promise<RawResponse> {
    const timeoutMs = spec.timeoutMs ?? this.cfg.timeoutMs;
    if (spec.signal?.aborted) throw cancelledError();
    const ctl = new AbortController();
    let why: 'timeout' | 'cancelled' | undefined;
    const onAbort = (): void => {
      why ??= 'cancelled';
      ctl.abort();
    };
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      why ??= 'timeout';
      ctl.abort();
    }, timeoutMs);
    try {
      let url = this.url(spec.path, spec.query);
      let method: string = spec.method;
      let keyAllowed = true;
      for (let hop = 0; ; hop++) {
        // Once a hop leaves the service origin, the key stays off for the rest of the chain.
        if (url.origin !== this.base.origin) keyAllowed = false;
        const headers: Record<string, string> = {
          'user-agent': this.cfg.userAgent,
          accept: 'application/json',
        };
        if (keyAllowed) headers['x-api-key'] = key;
        let body: string | Buffer | Readable | undefined;
        if (method !== 'GET' && spec.body) {
          headers['content-type'] = spec.body.contentType;
          if (spec.body.length !== undefined) headers['content-length'] = String(spec.body.length);
          body = spec.body.open();
        } else if (method !== 'GET' && spec.json !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(spec.json);
        }
        const res = await request(url, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body: body ?? null,
          signal: ctl.signal,
          dispatcher: this.cfg.dispatcherFor(url),
          headersTimeout: timeoutMs + 1000,
          bodyTimeout: timeoutMs + 1000,
        });
        if (REDIRECT_STATUSES.has(res.statusCode)) {
          await res.body.dump();
          if (hop >= MAX_REDIRECTS)
            throw new AppError('bad_response', 'The service redirected too many times.');
          ({ url, method } = nextHop(
            url,
            res.statusCode,
            headerValue(res.headers, 'location'),
            method,
          ));
          continue;
        }
        const text = await readText(res.body, spec.ctx);
        return {
          status: res.statusCode,
          contentType: headerValue(res.headers, 'content-type'),
          text,
          url: url.toString(),
        };
      }
    } catch (e) {
      if (why === 'cancelled') throw cancelledError();
      if (why === 'timeout') throw timeoutError(spec.ctx, timeoutMs);
      if (e instanceof AppError) throw e;
      const code = isObject(e) ? e.code : undefined;
      if (
        code === 'UND_ERR_HEADERS_TIMEOUT' ||
        code === 'UND_ERR_BODY_TIMEOUT' ||
        code === 'UND_ERR_CONNECT_TIMEOUT'
      ) {
        throw timeoutError(spec.ctx, timeoutMs);
      }
      throw networkError(spec.ctx, e);
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }
}
