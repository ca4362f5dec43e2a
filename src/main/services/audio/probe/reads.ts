/**
 * How the probe reads an opened file: through a few aligned 64 KiB windows shared by every part
 * of one probe (music-metadata's parse, the ID3 size check before it, an MP3's frame sample, a
 * WAV's chunks), so the small reads close to each other that a probe makes cost one read per
 * window, not one each.
 *
 *   const reads = windowedReads(handle, size);
 *   await parseBlob(blobOf(reads.range, size, ''));   // music-metadata
 *   await mpegLength(reads.readAt, size);             // the same windows
 */
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { MAX_TAG_BYTES } from './picture';
import type { ReadAt } from './riff';

/** Positioned reads of one opened file (see windowedReads). */
export type ReadRange = (start: number, end: number) => Promise<ArrayBuffer>;

const WINDOW_BYTES = 64 * 1024;
const WINDOWS_KEPT = 8;

/**
 * Reads of an opened file through a few aligned 64 KiB windows: a parse asks for many small
 * pieces close to each other (tag frames, box and page headers), and each was an asynchronous
 * read of its own — most of the probe's time on a folder of small files. A larger read goes to
 * the file directly; at most 8 windows (512 KiB) are kept per probe. Only bytes read from the
 * file are ever handed out (a window's unread rest never is), so windows need no zeroing.
 */
export function windowedReads(
  handle: Pick<FileHandle, 'read'>,
  size: number,
): { range: ReadRange; readAt: ReadAt } {
  const windows = new Map<number, Promise<Uint8Array>>();
  const readInto = async (out: Uint8Array, position: number): Promise<number> => {
    let filled = 0;
    while (filled < out.length) {
      const { bytesRead } = await handle.read(out, filled, out.length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled;
  };
  const windowAt = (i: number): Promise<Uint8Array> => {
    let w = windows.get(i);
    if (!w) {
      const buf = Buffer.allocUnsafe(Math.max(0, Math.min(WINDOW_BYTES, size - i * WINDOW_BYTES)));
      w = readInto(buf, i * WINDOW_BYTES).then((n) => buf.subarray(0, n));
      windows.set(i, w);
      if (windows.size > WINDOWS_KEPT) windows.delete(windows.keys().next().value as number);
    }
    return w;
  };
  /** Fills `out` from `position` (a large read directly, a small one from windows). */
  const fill = async (out: Uint8Array, position: number): Promise<number> => {
    if (out.length > WINDOW_BYTES) return readInto(out, position);
    let filled = 0;
    while (filled < out.length) {
      const at = position + filled;
      const i = Math.floor(at / WINDOW_BYTES);
      const w = await windowAt(i);
      const from = at - i * WINDOW_BYTES;
      const n = Math.min(out.length - filled, w.length - from);
      if (n <= 0) break;
      out.set(w.subarray(from, from + n), filled);
      filled += n;
    }
    return filled;
  };
  const range: ReadRange = async (start, end) => {
    // no single read of a parse is larger than a tag may be (a picture within it included)
    if (end - start > MAX_TAG_BYTES) throw new Error('a read larger than the probe allows');
    const length = Math.max(0, end - start);
    const i = Math.floor(start / WINDOW_BYTES);
    if (length <= WINDOW_BYTES && Math.floor((start + length - 1) / WINDOW_BYTES) === i) {
      // within one window: one copy of its bytes
      const w = await windowAt(i);
      const from = Math.min(w.length, start - i * WINDOW_BYTES);
      const to = Math.min(w.length, from + length);
      return w.buffer.slice(w.byteOffset + from, w.byteOffset + to) as ArrayBuffer;
    }
    const out = new Uint8Array(length);
    const n = await fill(out, start);
    return n === length ? out.buffer : out.buffer.slice(0, n);
  };
  const readAt: ReadAt = (into, position) =>
    position >= size ? Promise.resolve(0) : fill(into.subarray(0, size - position), position);
  return { range, readAt };
}

/**
 * The opened file as the Blob music-metadata's random-access reader asks for: every read is a
 * positioned read of the one descriptor that was checked to be a regular file (never the path
 * again, so nothing swapped in after the check is read).
 */
export function blobOf(read: ReadRange, size: number, type: string, start = 0, end = size): Blob {
  const blob = {
    size: end - start,
    type,
    slice: (from = 0, to = end - start) =>
      blobOf(read, size, type, start + from, Math.min(end, start + Math.max(from, to))),
    arrayBuffer: () => read(start, end),
  };
  return blob as unknown as Blob;
}

/**
 * Reads of a file descriptor opened synchronously, in the shape `windowedReads` takes: each read
 * runs on the calling thread, without the thread pool's round trip (per read, several times the
 * read itself for the few small reads of a found file; issue 30). For the index thread and the
 * CLI's in-thread index only, never main.
 */
export const syncReader = (fd: number): Pick<FileHandle, 'read'> =>
  ({
    read: (buffer: Uint8Array, offset: number, length: number, position: number) =>
      Promise.resolve({ bytesRead: readSync(fd, buffer, offset, length, position), buffer }),
  }) as Pick<FileHandle, 'read'>;
