import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorState } from './state';
import type { CounterName, RequestLogEntry } from './types';

/** Everything a route handler gets. */
export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  entry: RequestLogEntry;
  state: EmulatorState;
  /** Captures of the route's pattern. */
  params: string[];
  /** The x-api-key that was accepted ('' on unkeyed routes). */
  key: string;
}

export type Handler = (ctx: Ctx) => void | Promise<void>;

export function sendJson(res: ServerResponse, httpStatus: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(httpStatus, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** HTTP 200 `{status: 200, message: 'Success', data}`. */
export function ok(ctx: Ctx, data: unknown): void {
  sendJson(ctx.res, 200, { status: 200, message: 'Success', data });
}

/** HTTP 200 carrying a failure in the envelope. */
export function inBand(ctx: Ctx, status: number, message: string, data: unknown = null): void {
  sendJson(ctx.res, 200, { status, message, data });
}

/** The answer the service gives when an entitlement has run out. */
export function exhausted(ctx: Ctx, counter: CounterName): void {
  if (counter === 'key_words_counts') {
    inBand(ctx, 400, 'Insufficient words: the key has no text-to-speech left counts for this text');
  } else {
    sendJson(ctx.res, 200, { status: 400015, message: 'Insufficient account balance' });
  }
}

export function notFound(ctx: Ctx): void {
  sendJson(ctx.res, 404, { detail: 'Not Found' });
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

export class BodyAborted extends Error {}

/** Reads a whole (small) request body; marks the log entry when the client goes away. */
export function readBody(ctx: Ctx, maxBytes = 5 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    ctx.req.on('data', (c: Buffer) => {
      total += c.length;
      if (total <= maxBytes) chunks.push(c);
    });
    ctx.req.on('end', () => resolve(Buffer.concat(chunks)));
    ctx.req.on('close', () => {
      if (!ctx.req.complete) {
        ctx.entry.aborted = true;
        reject(new BodyAborted('client went away'));
      }
    });
    ctx.req.on('error', () => {
      ctx.entry.aborted = true;
      reject(new BodyAborted('client went away'));
    });
  });
}

/**
 * Reads a JSON object body and records it in the log. Answers 422 itself (and returns undefined)
 * when the body is missing or not JSON, as FastAPI does.
 */
export async function readJson(ctx: Ctx): Promise<Record<string, unknown> | undefined> {
  const raw = (await readBody(ctx)).toString('utf8');
  if (raw.trim() === '') {
    sendJson(ctx.res, 422, {
      detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }],
    });
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    sendJson(ctx.res, 422, {
      detail: [
        {
          type: 'json_invalid',
          loc: ['body', 0],
          msg: 'JSON decode error',
          input: {},
          ctx: { error: e instanceof Error ? e.message : 'Expecting value' },
        },
      ],
    });
    return undefined;
  }
  ctx.entry.json = parsed;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    sendJson(ctx.res, 422, {
      detail: [
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: parsed,
        },
      ],
    });
    return undefined;
  }
  return parsed as Record<string, unknown>;
}
