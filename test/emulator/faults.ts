import { STATUS_CODES, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { EmulatorConfig, TransportFault } from './types';

/**
 * Transport faults of a hostile service or CDN, applied to the answer a route would have given:
 * the route writes its answer into a capture, and the fault decides what reaches the socket.
 *
 *   reset_mid_body  headers with the true Content-Length, half the body, then a TCP reset
 *   short_body      headers with the true Content-Length, half the body, then a clean close (FIN)
 *   long_body       headers with the true Content-Length, the body and 1000 bytes more, then FIN
 *   drip            the whole answer, `config.drip.bytes` every `config.drip.everyMs`, then FIN
 *
 * `html502` (a proxy's HTML error page where JSON is expected) needs no capture: see server.ts.
 * Every faulty answer says `Connection: close` and ends its connection.
 */

export const TRANSPORT_FAULTS: readonly TransportFault[] = [
  'reset_mid_body',
  'short_body',
  'long_body',
  'drip',
];

export function isTransportFault(kind: string): kind is TransportFault {
  return (TRANSPORT_FAULTS as readonly string[]).includes(kind);
}

interface Captured {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

const toBuffer = (chunk: unknown): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk)
      : Buffer.from(chunk as Uint8Array);

/** Makes `res` record its answer instead of sending it; `done` gets it when the route ends it. */
function capture(res: ServerResponse, done: (answer: Captured) => void): void {
  let status = 200;
  let headers: OutgoingHttpHeaders = {};
  const chunks: Buffer[] = [];
  const callbackOf = (args: unknown[]): (() => void) | undefined =>
    args.find((a): a is () => void => typeof a === 'function');
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const h = rest.find((r) => typeof r === 'object' && r !== null && !Array.isArray(r));
    if (h) headers = { ...headers, ...(h as OutgoingHttpHeaders) };
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && typeof chunk !== 'function') chunks.push(toBuffer(chunk));
    const cb = callbackOf(typeof chunk === 'function' ? [chunk] : rest);
    if (cb) queueMicrotask(cb);
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(toBuffer(chunk));
    const cb = callbackOf(typeof chunk === 'function' ? [chunk] : rest);
    done({ status, headers: { ...res.getHeaders(), ...headers }, body: Buffer.concat(chunks) });
    if (cb) queueMicrotask(cb);
    return res;
  }) as ServerResponse['end'];
}

function head(answer: Captured): string {
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Unknown'}`];
  const headers: OutgoingHttpHeaders = { ...answer.headers };
  headers['content-length'] = String(answer.body.length);
  headers.connection = 'close';
  delete headers['transfer-encoding'];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${String(v)}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function emit(
  socket: Socket,
  kind: TransportFault,
  answer: Captured,
  drip: EmulatorConfig['drip'],
): void {
  const top = Buffer.from(head(answer), 'latin1');
  const half = answer.body.subarray(0, Math.floor(answer.body.length / 2));
  if (kind === 'reset_mid_body') {
    socket.write(Buffer.concat([top, half]), () => setTimeout(() => socket.resetAndDestroy(), 20));
    return;
  }
  if (kind === 'short_body') {
    socket.end(Buffer.concat([top, half]));
    return;
  }
  if (kind === 'long_body') {
    socket.end(Buffer.concat([top, answer.body, Buffer.alloc(1000, 0x5a)]));
    return;
  }
  const all = Buffer.concat([top, answer.body]);
  let pos = 0;
  const step = (): void => {
    if (socket.destroyed) return;
    const next = Math.min(all.length, pos + Math.max(1, drip.bytes));
    const last = next >= all.length;
    socket.write(all.subarray(pos, next));
    pos = next;
    if (last) socket.end();
    else setTimeout(step, drip.everyMs);
  };
  step();
}

/** Applies a transport fault to whatever the route answers on `res`. */
export function applyTransportFault(
  res: ServerResponse,
  kind: TransportFault,
  drip: EmulatorConfig['drip'],
): void {
  const socket = res.socket;
  if (!socket) return;
  socket.on('error', () => undefined);
  capture(res, (answer) => emit(socket, kind, answer, drip));
}
