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
import { openRegular } from '../ground/regular-file';

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
   * How long the answer for a still-growing entry waits for its next bytes before it ends there
   * (the song's stream stalled or broke off).
   */
  liveStallMs?: number;
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
  const liveStallMs = options.liveStallMs ?? 30_000;

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
      if (!info.complete && method === 'GET' && range.kind !== 'unsatisfiable' && options.cache) {
        const start = range.kind === 'range' ? range.start : 0;
        if (info.totalBytes !== null && start >= info.totalBytes)
          return plain(416, {
            'Content-Range': `bytes */${info.totalBytes}`,
            'Accept-Ranges': 'bytes',
          });
        return serveGrowingEntry({
          cache: options.cache,
          id,
          path: found.path,
          confined: found.stat,
          start,
          ranged: range.kind === 'range',
          totalBytes: info.totalBytes,
          contentType: info.contentType,
          stallMs: liveStallMs,
          beforeOpen: options.beforeOpen,
        });
      }
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

interface GrowingAnswer {
  cache: Pick<MediaCache, 'describe' | 'waitForBytes'>;
  id: string;
  path: string;
  confined: Stats;
  start: number;
  /** The request had a Range header. */
  ranged: boolean;
  totalBytes: number | null;
  contentType: string;
  stallMs: number;
  beforeOpen?: ((path: string) => Promise<void>) | undefined;
}

/**
 * A song still streaming in: the answer follows the entry as it grows, from `start` until the
 * entry is complete (or stalls for `stallMs`), so it never announces an end that is not the
 * song's. Chromium reads an answer on a custom scheme by position and length alone — the body is
 * taken to start where the Range started and the resource to end at `Content-Length` from there
 * — so an answer with only the bytes there so far (and their count) would make it stop playing
 * at them, a few seconds into the song. Without an announced total there is no length to give:
 * the body simply ends with the song. With one, `Content-Length` and `Content-Range` say it.
 */
async function serveGrowingEntry(o: GrowingAnswer): Promise<MediaResponse> {
  await o.beforeOpen?.(o.path);
  const got = await openRegular(o.path).catch(() => null);
  if (!got) return plain(404);
  const { handle, stat: opened } = got;
  if (opened.ino !== o.confined.ino || opened.dev !== o.confined.dev) {
    await handle.close();
    return plain(403);
  }
  const headers: Record<string, string> = {
    'Content-Type': o.contentType,
    'Cache-Control': 'no-store',
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
  };
  if (o.totalBytes !== null) {
    headers['Content-Length'] = String(o.totalBytes - o.start);
    if (o.ranged) headers['Content-Range'] = `bytes ${o.start}-${o.totalBytes - 1}/${o.totalBytes}`;
  }
  const { cache, id, stallMs } = o;
  async function* follow(): AsyncGenerator<Buffer> {
    let pos = o.start;
    try {
      for (;;) {
        const info = cache.describe(id);
        const there = info ? info.bytes : pos;
        if (pos < there) {
          const chunk = Buffer.alloc(Math.min(LIVE_CHUNK_BYTES, there - pos));
          const { bytesRead } = await handle.read(chunk, 0, chunk.length, pos);
          if (bytesRead === 0) return;
          pos += bytesRead;
          yield chunk.subarray(0, bytesRead);
          continue;
        }
        if (!info || info.complete) return;
        await cache.waitForBytes(id, pos + 1, stallMs);
        const now = cache.describe(id);
        if (!now || (!now.complete && now.bytes <= pos)) return; // stalled or gone: it ends here
      }
    } finally {
      await handle.close().catch(() => undefined);
    }
  }
  return { status: o.ranged ? 206 : 200, headers, body: Readable.from(follow()) };
}

const LIVE_CHUNK_BYTES = 64 * 1024;
