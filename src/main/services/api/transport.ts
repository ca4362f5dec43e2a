import type { Readable } from 'node:stream';
import { appError } from '@shared/app-error';
import type { HttpPolicy } from '../http/policy';
import { badResponse, httpFailure, inBandFailure, type CallContext } from './errors';
import { isObject, num, redact } from '../ground/lenient';

/**
 * The service client's calls over the HTTP policy (../http/policy.ts), which enforces the rules:
 * the `x-api-key` header goes only to the configured service origin (and never again once a
 * redirect left it), redirects only to http(s), a deadline on every call, the caller's AbortSignal
 * cancels, and only GETs are retried (network errors, timeouts, 408/429/5xx with `Retry-After`).
 */

export interface TransportConfig {
  baseUrl: string;
  getKey: () => Promise<string | undefined>;
  timeoutMs: number;
  policy: HttpPolicy;
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

const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

const looksLikeHtml = (contentType: string | undefined, text: string): boolean =>
  /html/i.test(contentType ?? '') || /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);

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

  /** Sends (GETs with retries) and answers whatever HTTP status came back. */
  async send(spec: RequestSpec): Promise<{ res: RawResponse; key: string }> {
    const key = await this.cfg.getKey();
    if (!key) throw appError('no_key', 'errors:api.addKey');
    const timeoutMs = spec.timeoutMs ?? this.cfg.timeoutMs;
    const headers: Record<string, string> = { accept: 'application/json' };
    let open: (() => string | Buffer | Readable) | undefined;
    if (spec.method !== 'GET' && spec.body) {
      const body = spec.body;
      headers['content-type'] = body.contentType;
      if (body.length !== undefined) headers['content-length'] = String(body.length);
      open = () => body.open();
    } else if (spec.method !== 'GET' && spec.json !== undefined) {
      headers['content-type'] = 'application/json';
      const text = JSON.stringify(spec.json);
      open = () => text;
    }
    const res = await this.cfg.policy.request(
      {
        url: this.url(spec.path, spec.query),
        method: spec.method,
        headers,
        ...(open ? { body: open } : {}),
        pinned: { origin: this.base.origin, headers: { 'x-api-key': key } },
        signal: spec.signal,
        ctx: spec.ctx,
        kind: 'call',
        deadlineMs: timeoutMs,
        // the deadline speaks first; generation calls send nothing until they are done
        idleMs: timeoutMs + 1000,
      },
      async (r) => ({
        status: r.status,
        contentType: r.header('content-type'),
        text: await r.text(MAX_ANSWER_BYTES),
        url: r.url.toString(),
      }),
    );
    return { res, key };
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
      // kept for the record; a proxy's or CDN's error page is never shown as the message
      body = res.text.slice(0, 2000);
    }
    // Whatever the service echoes, the key goes no further than here: every record normalised
    // from this body (titles, lyrics, URLs, raw bodies kept for diagnosis) is built without it.
    body = redact(body, key);
    if (res.status < 200 || res.status > 299) throw httpFailure(res.status, body, spec.ctx, key);
    if (!parsed || body === undefined) {
      const what = looksLikeHtml(res.contentType, res.text)
        ? 'it was a web page, not data'
        : 'it was not JSON';
      throw badResponse(spec.ctx, parsed ? 'it was empty' : what, body, key);
    }
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
}
