/**
 * The renderer's own origin, `app://cadenza/`: the built renderer (out/renderer) is served by this
 * plain-Node handler instead of loading from file:// (Electron's checklist: a file:// page's
 * `'self'` is every local file). The shell registers the scheme as privileged (standard, secure,
 * fetch; not CORS-enabled, so other origins cannot read it) and adapts answers to web Responses
 * (protocol.ts); tests and the e2e harness call the handler directly.
 *
 * Only files inside the folder's real path, with a known web type, are answered; symlinks are
 * resolved before the check and the opened file must be the confined one. Every answer carries the
 * CSP, so the policy does not depend on the meta tag being there.
 */
import { extname } from 'node:path';
import {
  confineToRoot,
  decodePathSegments,
  isInAsarArchive,
  plainAnswer,
  serveConfinedFile,
  type FileRequest,
  type FileResponse,
} from '../services/files/confine';
import { CONTENT_SECURITY_POLICY, RENDERER_ORIGIN, RENDERER_SCHEME } from './security';

export {
  RENDERER_ENTRY_URL,
  RENDERER_HOST,
  RENDERER_ORIGIN,
  RENDERER_SCHEME,
  isRendererOriginUrl,
} from './security';

/** The scheme's privileges, registered before 'ready' (protocol.ts). */
export const RENDERER_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
} as const;

/** The web types a Vite build of the renderer produces; any other file is not served. */
export const RENDERER_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** The decoded path segments of an `app://cadenza/…` URL, or the status to answer. */
function parseRendererUrl(raw: string): string[] | { status: number } {
  const prefix = `${RENDERER_ORIGIN}/`;
  if (!raw.toLowerCase().startsWith(prefix)) {
    // another host of the scheme, credentials or a port: never ours
    return raw.toLowerCase().startsWith(`${RENDERER_SCHEME}://`)
      ? { status: 404 }
      : { status: 400 };
  }
  const path = raw.slice(prefix.length).split(/[?#]/)[0] ?? '';
  if (path === '') return ['index.html'];
  return decodePathSegments(path);
}

export interface RendererHandlerOptions {
  /** out/renderer: the only folder served. */
  root: string;
  /** Test seam: runs between the confinement check and the open (see files/confine.ts). */
  beforeOpen?: (path: string) => Promise<void>;
}

export function createRendererHandler(options: RendererHandlerOptions) {
  async function handle(request: FileRequest): Promise<FileResponse> {
    const method = (request.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return plainAnswer(405, { Allow: 'GET, HEAD' });
    const segments = parseRendererUrl(request.url);
    if ('status' in segments) return plainAnswer(segments.status);
    const type = RENDERER_TYPES[extname(segments[segments.length - 1] ?? '').toLowerCase()];
    if (!type) return plainAnswer(404); // not a file of a web build: never answered
    const found = await confineToRoot(options.root, segments);
    if ('status' in found) return plainAnswer(found.status);
    return serveConfinedFile({
      method,
      rangeHeader: request.headers.range ?? request.headers.Range,
      path: found.path,
      confined: found.stat,
      sizeBytes: found.stat.size,
      headers: {
        'Content-Type': type,
        // a new build replaces the files under the same names only for index.html; check each load
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Referrer-Policy': 'no-referrer',
      },
      beforeOpen: options.beforeOpen,
      // a packaged app's renderer is inside app.asar (see serveConfinedFile)
      inArchive: isInAsarArchive(found.path),
    });
  }
  return { handle };
}
