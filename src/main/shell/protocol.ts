/**
 * Main's two schemes. `app:` serves the built renderer (renderer-scheme.ts), so the window never
 * loads from file://. `cadenza-media:` lets the renderer play library files and main's cache of
 * remote media, with Range requests, never through file:// or the network. Both are made
 * privileged before the app is ready (in ONE call: Electron keeps only the last call's list); once
 * ready a plain-Node handler answers every request of each.
 */
import { Readable } from 'node:stream';
import type { Protocol } from 'electron';
import type { FileRequest, FileResponse } from '../services/files/confine';
import { MEDIA_SCHEME } from '../services/media-protocol/handler';
import { RENDERER_PRIVILEGES, RENDERER_SCHEME } from './renderer-scheme';

/** What a scheme's plain-Node handler looks like (the media handler, the renderer handler). */
export interface SchemeHandler {
  handle(request: FileRequest): Promise<FileResponse>;
}

const MEDIA_PRIVILEGES = {
  standard: true,
  secure: true,
  stream: true,
  supportFetchAPI: true,
} as const;

/** Must run before the app's 'ready' event, once: both schemes in one list. */
export function registerAppSchemes(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: RENDERER_SCHEME, privileges: { ...RENDERER_PRIVILEGES } },
    { scheme: MEDIA_SCHEME, privileges: { ...MEDIA_PRIVILEGES } },
  ]);
}

/** A web Request as the plain handler's request (header names lower-cased). */
export function toFileRequest(request: Request): FileRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { url: request.url, method: request.method, headers };
}

/** The plain handler's answer as a web Response (the body streams from disk). */
export function toWebResponse(answer: FileResponse): Response {
  const body = answer.body
    ? (Readable.toWeb(answer.body) as unknown as ReadableStream<Uint8Array>)
    : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** Handles a scheme once the app is ready; returns a function that stops handling it. */
export function handleScheme(
  protocol: Pick<Protocol, 'handle' | 'unhandle'>,
  scheme: string,
  handler: SchemeHandler,
): () => void {
  protocol.handle(scheme, async (request) => {
    try {
      return toWebResponse(await handler.handle(toFileRequest(request)));
    } catch {
      return new Response(null, { status: 500, headers: { 'Cache-Control': 'no-store' } });
    }
  });
  return () => protocol.unhandle(scheme);
}
