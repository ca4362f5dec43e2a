import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyTransportFault, isTransportFault } from './faults';
import { BodyAborted, readBody, sendJson, type Ctx } from './http';
import { serveMedia, type MediaDeps } from './media/library';
import { readMultipart } from './multipart';
import { accountRoutes } from './routes/account';
import { coverRoutes } from './routes/cover';
import { matchRoute, type Route } from './routes/route';
import { singingRoutes } from './routes/singing';
import { songRoutes } from './routes/songs';
import { updateRoutes } from './routes/updates';
import { voiceRoutes } from './routes/voice';
import type { EmulatorState } from './state';
import type { InjectKind, RequestLogEntry } from './types';

export const ROUTES: readonly Route[] = [
  ...accountRoutes,
  ...songRoutes,
  ...voiceRoutes,
  ...coverRoutes,
  ...singingRoutes,
  ...updateRoutes,
];

function logEntry(
  state: EmulatorState,
  origin: 'service' | 'media',
  req: IncomingMessage,
  url: URL,
): RequestLogEntry {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined)
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const entry: RequestLogEntry = {
    origin,
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    at: Date.now(),
  };
  state.log.push(entry);
  return entry;
}

/** The form field a injected 422 names, by endpoint. */
function fieldFor(path: string): string {
  if (path.includes('text2speech')) return 'text';
  if (path.includes('custom-singer')) return 'urls';
  if (path.includes('subtitles')) return 'video_url';
  if (path.includes('singing')) return 'audio_url';
  if (path.includes('cover')) return 'singer_id';
  if (path.includes('clone')) return 'name';
  if (path.includes('query')) return 'song_id';
  return 'prompt';
}

/** Reads (and logs) a request body so an injected answer still leaves a complete log entry. */
async function drainBody(ctx: Ctx): Promise<void> {
  if (/^multipart\//i.test(ctx.req.headers['content-type'] ?? '')) {
    await readMultipart(ctx);
    return;
  }
  const raw = await readBody(ctx);
  if (raw.length === 0) return;
  try {
    ctx.entry.json = JSON.parse(raw.toString('utf8'));
  } catch {
    // not JSON: nothing to record
  }
}

async function answerInjected(ctx: Ctx, kind: InjectKind): Promise<void> {
  if (kind === 'reset') {
    ctx.req.socket.destroy();
    return;
  }
  if (kind === 'timeout') {
    ctx.req.resume(); // accept the body, never answer
    return;
  }
  await drainBody(ctx);
  const { res } = ctx;
  switch (kind) {
    case 'in_band':
      return sendJson(res, 200, {
        status: 500,
        message: 'Service busy, please try again later',
        data: null,
      });
    case 'http401':
      return sendJson(res, 401, { detail: 'Invalid API key', message: 'Invalid API key' });
    case 'http403':
      return sendJson(res, 403, {
        detail: 'Forbidden',
        message: 'This API key is not allowed to call this endpoint',
      });
    case 'http422': {
      const field = fieldFor(ctx.url.pathname);
      const where = ctx.req.method === 'GET' ? 'query' : 'body';
      return sendJson(res, 422, {
        detail: [
          {
            type: 'value_error',
            loc: [where, field],
            msg: `Value error, ${field} is not acceptable`,
            input: null,
          },
        ],
      });
    }
    case 'http500':
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
      return;
    case 'http429':
      // too many requests: refused before anything is made or spent
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ detail: 'Too Many Requests' }));
      return;
    case 'html502':
      return htmlError(res);
    case 'empty_data':
      return sendJson(res, 200, { status: 200, message: 'Success', data: {} });
    case 'entitlement':
      if (ctx.url.pathname.includes('text2speech')) {
        return sendJson(res, 200, {
          status: 400,
          message: 'Insufficient words: no left counts for this key',
          data: null,
        });
      }
      return sendJson(res, 200, { status: 400015, message: 'Insufficient account balance' });
  }
}

const BAD_GATEWAY_PAGE =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>' +
  '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n';

/** What a reverse proxy or CDN answers when the service behind it is down. */
function htmlError(res: ServerResponse): void {
  res.writeHead(502, {
    'content-type': 'text/html',
    'content-length': String(Buffer.byteLength(BAD_GATEWAY_PAGE)),
  });
  res.end(BAD_GATEWAY_PAGE);
}

/** Switches every answer to `Connection: close` and applies an injected transport fault. */
function transportSwitches(state: EmulatorState, res: ServerResponse, kind: string | undefined) {
  if (state.config.connectionClose) res.setHeader('connection', 'close');
  if (kind !== undefined && isTransportFault(kind))
    applyTransportFault(res, kind, state.config.drip);
}

function authFailure(ctx: Ctx): boolean {
  const key = ctx.req.headers['x-api-key'];
  const value = Array.isArray(key) ? key[0] : key;
  if (!value) {
    sendJson(ctx.res, 401, { detail: 'Not authenticated', message: 'API key missing' });
    return true;
  }
  if (!ctx.state.keys.includes(value)) {
    sendJson(ctx.res, 401, { detail: 'Invalid API key', message: 'Invalid API key' });
    return true;
  }
  ctx.key = value;
  // Key info still answers (it reports key_status); everything else refuses a disabled key.
  if (ctx.state.config.keyStatus !== 0 && ctx.url.pathname !== '/v1/get_api_key_info') {
    sendJson(ctx.res, 403, { detail: 'API key is disabled', message: 'API key is disabled' });
    return true;
  }
  return false;
}

export function serviceHandler(state: EmulatorState) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const entry = logEntry(state, 'service', req, url);
    const ctx: Ctx = { req, res, url, entry, state, params: [], key: '' };
    const method = (req.method ?? 'GET').toUpperCase();
    const run = async (): Promise<void> => {
      const injected = state.takeInjection(method, url.pathname);
      transportSwitches(state, res, injected);
      if (injected && !isTransportFault(injected)) return answerInjected(ctx, injected);
      const match = matchRoute(ROUTES, method, url.pathname);
      if (match === undefined) return sendJson(res, 404, { detail: 'Not Found' });
      if (match === 'method_not_allowed')
        return sendJson(res, 405, { detail: 'Method Not Allowed' });
      ctx.params = match.params;
      if (match.route.auth !== false && authFailure(ctx)) return;
      await match.route.handler(ctx);
    };
    run().catch((err: unknown) => {
      if (err instanceof BodyAborted) {
        res.destroy();
        return;
      }
      if (!res.headersSent) {
        sendJson(res, 500, {
          detail: 'Internal Server Error',
          message: err instanceof Error ? err.message : String(err),
        });
      } else {
        res.destroy();
      }
    });
  };
}

export function mediaHandler(deps: MediaDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    logEntry(deps.state, 'media', req, url);
    const method = (req.method ?? 'GET').toUpperCase();
    const injected = deps.state.takeInjection(method, url.pathname);
    transportSwitches(deps.state, res, injected);
    if (injected === 'html502') return htmlError(res);
    if (injected === 'reset') return void req.socket.destroy();
    if (injected === 'timeout') return;
    if (injected === 'http500' || injected === 'http403' || injected === 'http401') {
      const status = Number(injected.slice(4));
      res.writeHead(status, { 'content-type': 'text/plain', 'content-length': '5' });
      res.end('error');
      return;
    }
    serveMedia(deps, req, res, url);
  };
}
