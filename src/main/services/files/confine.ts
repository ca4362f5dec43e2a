/**
 * Serving files from one folder to a URL scheme (the media protocol, the renderer's own origin):
 * the path part of a URL decoded segment by segment with traversal refused, the real path confined
 * to the folder's real path, and the file opened and checked to be the very file that was confined
 * (same device and inode), then answered whole or as one byte range. Plain Node; the handlers and
 * their tests use it directly, the shell adapts the answer to a web Response.
 */
import { promises as fs, createReadStream, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { Readable } from 'node:stream';
import { parseRange } from '../ground/range';
import { openRegular } from '../ground/regular-file';

export interface FileRequest {
  url: string;
  method?: string;
  headers: Record<string, string | undefined>;
}

export interface FileResponse {
  status: number;
  headers: Record<string, string>;
  body: Readable | null;
}

/** An answer without a body that nobody caches. */
export const plainAnswer = (status: number, extra: Record<string, string> = {}): FileResponse => ({
  status,
  headers: { 'Cache-Control': 'no-store', ...extra },
  body: null,
});

/**
 * The decoded segments of a URL's path part (after the host, query and fragment removed), or the
 * status to answer. Checked after decoding, so `%2e%2e`, `%2f` and `%5c` cannot smuggle a
 * traversal through; empty, `.`/`..` and hidden (dot) segments and control characters are refused.
 */
export function decodePathSegments(path: string): string[] | { status: number } {
  const segments: string[] = [];
  for (const seg of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(seg);
    } catch {
      return { status: 400 };
    }
    if (decoded === '' || decoded === '.' || decoded === '..') return { status: 403 };
    // eslint-disable-next-line no-control-regex
    if (/[/\\\u0000-\u001f]/.test(decoded) || decoded.startsWith('.')) return { status: 403 };
    if (process.platform === 'win32' && decoded.includes(':')) return { status: 403 };
    segments.push(decoded);
  }
  return segments;
}

const inside = (root: string, p: string): boolean =>
  p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);

/** Resolves symlinks and confines the result to `root`'s real path; the status to answer otherwise. */
export async function confineToRoot(
  root: string,
  segments: readonly string[],
): Promise<{ path: string; stat: Stats } | { status: number }> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch {
    return { status: 404 };
  }
  let real: string;
  try {
    real = await fs.realpath(join(realRoot, ...segments));
  } catch {
    return { status: 404 };
  }
  if (!inside(realRoot, real)) return { status: 403 };
  const stat = await fs.stat(real).catch(() => null);
  if (!stat?.isFile()) return { status: 404 };
  return { path: real, stat };
}

export interface ServeFileOptions {
  method: string;
  rangeHeader: string | undefined;
  /** The confined path and its stat at confinement. */
  path: string;
  confined: Stats;
  /** How many bytes may be served (a growing cache entry serves what has arrived). */
  sizeBytes: number;
  /** The total in Content-Range when it is not `sizeBytes` (`*` for unknown). */
  totalLabel?: string | null;
  /** Headers of every successful answer (Content-Type and the like). */
  headers: Record<string, string>;
  /** Test seam: runs between the confinement check and the open. */
  beforeOpen?: ((path: string) => Promise<void>) | undefined;
  /**
   * The file is inside an Electron asar archive (a packaged app's own files): Electron's fs gives
   * archive entries a new made-up inode on every stat and opens them by extracting a temp copy, so
   * the descriptor check cannot hold; the entry is read whole through the archive (read-only and
   * integrity-checked in release builds) instead.
   */
  inArchive?: boolean;
}

/** Whether a path lies inside an asar archive (how Electron's fs decides to read from one). */
export const isInAsarArchive = (path: string): boolean => /\.asar[\\/]/i.test(path);

/** 200 with the whole file, 206 with one range, or 416; the body streams from the opened descriptor. */
export async function serveConfinedFile(o: ServeFileOptions): Promise<FileResponse> {
  const total = o.totalLabel ?? String(o.sizeBytes);
  const range = parseRange(o.rangeHeader, o.sizeBytes);
  if (range.kind === 'unsatisfiable')
    return plainAnswer(416, { 'Content-Range': `bytes */${total}`, 'Accept-Ranges': 'bytes' });
  const start = range.kind === 'range' ? range.start : 0;
  const end = range.kind === 'range' ? range.end : o.sizeBytes - 1;
  const length = Math.max(0, end - start + 1);
  const headers: Record<string, string> = {
    ...o.headers,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': String(length),
  };
  if (range.kind === 'range') headers['Content-Range'] = `bytes ${start}-${end}/${total}`;
  const status = range.kind === 'range' ? 206 : 200;
  if (o.method === 'HEAD' || length === 0) return { status, headers, body: null };
  if (o.inArchive) {
    const whole = await fs.readFile(o.path).catch(() => null);
    if (!whole || whole.length !== o.sizeBytes) return plainAnswer(404);
    return { status, headers, body: Readable.from([whole.subarray(start, end + 1)]) };
  }

  // Open, then check the opened file is the very file confinement resolved (same device and
  // inode as its stat then): a folder swapped for a symlink in between opens something else.
  await o.beforeOpen?.(o.path);
  // non-blocking and regular-file-only: a FIFO swapped in here neither hangs the open nor is read
  const got = await openRegular(o.path).catch(() => null);
  if (!got) return plainAnswer(404);
  const { handle, stat: opened } = got;
  if (opened.ino !== o.confined.ino || opened.dev !== o.confined.dev) {
    await handle.close();
    return plainAnswer(403);
  }
  return {
    status,
    headers,
    body: createReadStream('', { fd: handle, start, end, autoClose: true }),
  };
}
