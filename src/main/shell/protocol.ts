/**
 * The `cadenza-media:` protocol: the renderer plays library files and main's cache of remote media
 * through it, with Range requests, never through file:// or the network. The scheme is made
 * privileged (standard, secure, streaming, fetch) before the app is ready; once ready the plain-Node
 * handler from services/media answers every request.
 */
import { Readable } from 'node:stream';
import type { Protocol } from 'electron';
import {
  MEDIA_SCHEME,
  type MediaHandler,
  type MediaRequest,
  type MediaResponse,
} from '../services/media/handler';

export const MEDIA_PRIVILEGES = {
  standard: true,
  secure: true,
  stream: true,
  supportFetchAPI: true,
} as const;

/** Must run before the app's 'ready' event. */
export function registerMediaScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: MEDIA_SCHEME, privileges: { ...MEDIA_PRIVILEGES } },
  ]);
}

/** A web Request as the plain handler's request (header names lower-cased). */
export function toMediaRequest(request: Request): MediaRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { url: request.url, method: request.method, headers };
}

/** The plain handler's answer as a web Response (the body streams from disk). */
export function toWebResponse(answer: MediaResponse): Response {
  const body = answer.body
    ? (Readable.toWeb(answer.body) as unknown as ReadableStream<Uint8Array>)
    : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** Handles the scheme once the app is ready; returns a function that stops handling it. */
export function handleMediaProtocol(
  protocol: Pick<Protocol, 'handle' | 'unhandle'>,
  handler: MediaHandler,
): () => void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    try {
      return toWebResponse(await handler.handle(toMediaRequest(request)));
    } catch {
      return new Response(null, { status: 500, headers: { 'Cache-Control': 'no-store' } });
    }
  });
  return () => protocol.unhandle(MEDIA_SCHEME);
}
