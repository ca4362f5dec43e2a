import type { Stats } from 'node:fs';
import { Readable } from 'node:stream';
import { isTempName } from '../ground/atomic';
import { mediaTypeOf } from '../ground/media-types';
import {
  confineToRoot as confine,
  decodePathSegments,
  plainAnswer as plain,
  serveConfinedFile,
  type FileRequest,
  type FileResponse,
} from '../files/confine';
import { CACHE_ID, type MediaCache } from '../remote-media/cache';
import { probeFile } from '../audio/probe';
import { parseRange } from '../ground/range';

export const MEDIA_SCHEME = 'cadenza-media';

export type MediaRequest = FileRequest;
export type MediaResponse = FileResponse;

export interface MediaHandlerOptions {
  /** The folders it may serve from, read on every request (the library folder can change). */
  roots: () => { library?: string; cache?: string };
  /** For entries still arriving: their content type and how much is there. */
  cache?: Pick<MediaCache, 'describe' | 'waitForBytes'>;
  /** How long a request past the end of a still-growing entry waits for more bytes. */
  growWaitMs?: number;
  /**
   * Test seam: runs between the confinement check and the open, where a swap of a folder for a
   * symlink would have to happen to escape the root.
   */
  beforeOpen?: (path: string) => Promise<void>;
}

/** `cadenza-media://library/<relative path>`, each segment encoded. */
export const libraryMediaUrl = (relPath: string): string =>
  `${MEDIA_SCHEME}://library/${relPath.split('/').map(encodeURIComponent).join('/')}`;
export const cacheMediaUrl = (id: string): string => `${MEDIA_SCHEME}://cache/${id}`;

/** host and decoded path segments, or a status to answer; `..` and encoded separators are refused. */
function parseMediaUrl(raw: string): { host: string; segments: string[] } | { status: number } {
  const prefix = `${MEDIA_SCHEME}://`;
  if (!raw.toLowerCase().startsWith(prefix)) return { status: 400 };
  const rest = raw.slice(prefix.length).split(/[?#]/)[0] ?? '';
  const slash = rest.indexOf('/');
  if (slash < 0) return { status: 404 };
  const host = rest.slice(0, slash).toLowerCase();
  const segments = decodePathSegments(rest.slice(slash + 1));
  if ('status' in segments) return segments;
  if (segments.some(isTempName)) return { status: 403 };
  return { host, segments };
}

/**
 * The request handler behind the media protocol. The shell registers it for `cadenza-media:` and
 * adapts its answer to a web Response; tests call it directly.
 */
export function createMediaHandler(options: MediaHandlerOptions) {
  const growWaitMs = options.growWaitMs ?? 5000;

  async function handle(request: MediaRequest): Promise<MediaResponse> {
    const method = (request.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return plain(405, { Allow: 'GET, HEAD' });
    const parsed = parseMediaUrl(request.url);
    if ('status' in parsed) return plain(parsed.status);
    const roots = options.roots();
    const rangeHeader = request.headers.range ?? request.headers.Range;

    let path: string;
    let confined: Stats;
    let sizeBytes: number;
    let contentType: string;
    let totalLabel: string | null = null;
    if (parsed.host === 'art' && roots.library) {
      // the picture embedded in a library file (one added outside the app has no cover file)
      const found = await confine(roots.library, parsed.segments);
      if ('status' in found) return plain(found.status);
      if (!mediaTypeOf(found.path)) return plain(403);
      const art = (await probeFile(found.path, { art: true, tagsOnly: true }))?.art;
      if (!art || !/^image\/(jpeg|png|webp|gif)$/.test(art.mime)) return plain(404);
      return {
        status: 200,
        headers: {
          'Content-Type': art.mime,
          'Content-Length': String(art.data.length),
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
        body: method === 'HEAD' ? null : Readable.from([Buffer.from(art.data)]),
      };
    }
    if (parsed.host === 'library' && roots.library) {
      const found = await confine(roots.library, parsed.segments);
      if ('status' in found) return plain(found.status);
      const type = mediaTypeOf(found.path);
      if (!type) return plain(403); // sidecars and other files are not media
      ({ path, stat: confined } = found);
      sizeBytes = found.stat.size;
      contentType = type.mime;
    } else if (parsed.host === 'cache' && roots.cache) {
      const id = parsed.segments[0] ?? '';
      if (parsed.segments.length !== 1 || !CACHE_ID.test(id)) return plain(404);
      let info = options.cache?.describe(id);
      if (!info) return plain(404);
      const range = parseRange(rangeHeader, Number.MAX_SAFE_INTEGER);
      if (!info.complete && range.kind === 'range' && range.start >= info.bytes) {
        await options.cache?.waitForBytes(id, range.start + 1, growWaitMs);
        info = options.cache?.describe(id) ?? info;
      }
      const found = await confine(roots.cache, [`${id}.media`]);
      if ('status' in found) return plain(found.status);
      ({ path, stat: confined } = found);
      // serve what is there; a still-growing body's total is its announced size, or unknown
      sizeBytes = Math.min(found.stat.size, info.complete ? found.stat.size : info.bytes);
      contentType = info.contentType;
      if (!info.complete) totalLabel = info.totalBytes ? String(info.totalBytes) : '*';
    } else {
      return plain(404);
    }

    return serveConfinedFile({
      method,
      rangeHeader,
      path,
      confined,
      sizeBytes,
      totalLabel,
      headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' },
      beforeOpen: options.beforeOpen,
    });
  }

  return { handle };
}

export type MediaHandler = ReturnType<typeof createMediaHandler>;
