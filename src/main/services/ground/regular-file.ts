/**
 * The one way Cadenza opens a file it did not just create (a record, an index, the lock, a sidecar,
 * a library file, a dropped file, the built renderer): non-blocking and regular-file-only, checked
 * on the opened descriptor, and read with a size cap.
 *
 * - `O_NONBLOCK`: opening a FIFO without a writer would otherwise wait forever, and every waiting
 *   open holds one of libuv's four threadpool threads — a few of them stop every file read in the
 *   process. (POSIX only; Windows has no FIFOs to block on and no such flag.)
 * - `fstat` of the descriptor, not `stat` of the path: a path swapped for a FIFO, socket, device or
 *   folder between a check and the open is still refused.
 * - A cap on what is read, checked against the descriptor's size and again while reading (a file
 *   that grows after the `fstat` is still cut at the cap).
 *
 * Errors are Node's own for a path that cannot be opened (ENOENT, EACCES, …), and `ENOTREGULAR` /
 * `ETOOLARGE` (`RegularFileError`) for a file that is there but must not be read; callers that
 * treat a missing file as "none" keep doing so by testing `code`.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/** Read-only, never blocking in `open()`. */
export const READ_NONBLOCK = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export type RegularFileErrorCode = 'ENOTREGULAR' | 'ETOOLARGE';

/** A file that exists but is not read: not a regular file, or larger than the caller's cap. */
export class RegularFileError extends Error {
  readonly code: RegularFileErrorCode;
  constructor(code: RegularFileErrorCode, path: string, detail: string) {
    super(`${detail}: ${path}`);
    this.name = 'RegularFileError';
    this.code = code;
  }
}

export const isNotRegular = (e: unknown): boolean =>
  (e as { code?: unknown } | null)?.code === 'ENOTREGULAR';
export const isTooLarge = (e: unknown): boolean =>
  (e as { code?: unknown } | null)?.code === 'ETOOLARGE';

/** Caps for what Cadenza reads back from its own folders (each a generous multiple of real sizes). */
export const READ_CAPS = {
  /** A job record (outputs are capped per kind; the kept answer is cut to 16 KiB). */
  jobRecordBytes: 4 * 1024 * 1024,
  /** A sidecar (lyrics ≤ a few KB, the recipe, ids). */
  sidecarBytes: 1024 * 1024,
  /** Small state files: the lock, placement, settings, window state, caches' metadata. */
  smallStateBytes: 1024 * 1024,
  /** Caches in the data folder (the voice catalogue, loudness of found files). */
  cacheBytes: 64 * 1024 * 1024,
  /** The saved library index (about 1 KB per item; 50,000 items ≈ 50 MB). */
  indexBytes: 256 * 1024 * 1024,
} as const;

function checked(path: string, st: Stats): void {
  if (!st.isFile())
    throw new RegularFileError(
      'ENOTREGULAR',
      path,
      st.isDirectory() ? 'a folder, not a file' : 'not a regular file',
    );
}

/** The message of an ENXIO/EISDIR open, which is what a socket or folder gives on some systems. */
function openFailure(e: unknown, path: string): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENXIO' || code === 'EISDIR')
    return new RegularFileError('ENOTREGULAR', path, 'not a regular file');
  return e;
}

export interface OpenedRegular {
  handle: FileHandle;
  /** The opened descriptor's own stat (a regular file). */
  stat: Stats;
}

/** Opens `path` read-only, non-blocking, and only if the descriptor is a regular file. */
export async function openRegular(path: string): Promise<OpenedRegular> {
  let handle: FileHandle;
  try {
    handle = await open(path, READ_NONBLOCK);
  } catch (e) {
    throw openFailure(e, path);
  }
  try {
    const stat = await handle.stat();
    checked(path, stat);
    return { handle, stat };
  } catch (e) {
    await handle.close().catch(() => undefined);
    throw e;
  }
}

/** Reads up to `maxBytes` from an open handle of known size; ETOOLARGE past it. */
async function readCapped(
  handle: FileHandle,
  size: number,
  path: string,
  maxBytes: number,
): Promise<Buffer> {
  if (size > maxBytes) throw tooLarge(path, size, maxBytes);
  // one byte more than the cap tells a file that grew since the fstat
  const buf = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
  let filled = 0;
  while (filled < buf.length) {
    const { bytesRead } = await handle.read(buf, filled, buf.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  if (filled > maxBytes) throw tooLarge(path, filled, maxBytes);
  return buf.subarray(0, filled);
}

const tooLarge = (path: string, size: number, maxBytes: number): RegularFileError =>
  new RegularFileError('ETOOLARGE', path, `${size} bytes, more than the ${maxBytes} allowed`);

/** The whole of a regular file of at most `maxBytes`. */
export async function readRegular(path: string, maxBytes: number): Promise<Buffer> {
  const { handle, stat } = await openRegular(path);
  try {
    return await readCapped(handle, stat.size, path, maxBytes);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The whole of a regular UTF-8 text file of at most `maxBytes`. */
export async function readRegularText(path: string, maxBytes: number): Promise<string> {
  return (await readRegular(path, maxBytes)).toString('utf8');
}

/** The first `bytes` bytes of a regular file (fewer when it is shorter). */
export async function readRegularHead(path: string, bytes: number): Promise<Buffer> {
  const { handle } = await openRegular(path);
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** `openRegular` for the few synchronous start-up reads (settings, window state, the worker's index). */
export function openRegularSync(path: string): { fd: number; stat: Stats } {
  let fd: number;
  try {
    fd = openSync(path, READ_NONBLOCK);
  } catch (e) {
    throw openFailure(e, path);
  }
  try {
    const stat = fstatSync(fd);
    checked(path, stat);
    return { fd, stat };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** `readRegularText`, synchronously. */
export function readRegularTextSync(path: string, maxBytes: number): string {
  const { fd, stat } = openRegularSync(path);
  try {
    if (stat.size > maxBytes) throw tooLarge(path, stat.size, maxBytes);
    const buf = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let filled = 0;
    while (filled < buf.length) {
      const n = readSync(fd, buf, filled, buf.length - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    if (filled > maxBytes) throw tooLarge(path, filled, maxBytes);
    return buf.subarray(0, filled).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
