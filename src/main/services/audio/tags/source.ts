/**
 * What a merged retag reads and writes. A file is read through bounded positional reads (a
 * `ByteSource`: tags are hostile input, so no reader asks for more than its cap), and the new file
 * is a list of pieces: new bytes, or a range of the old file copied as it is (the audio, and every
 * chunk or block Cadenza does not own), so audio is never decoded or even held whole in memory.
 */
import type { FileHandle } from 'node:fs/promises';
import { AppError } from '@shared/errors';

export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes at `at` (fewer at the end of the file). */
  read(at: number, length: number): Promise<Uint8Array>;
}

/** New bytes, or `length` bytes of the source from `from`. */
export type Piece = Uint8Array | { from: number; length: number };

export function fileSource(handle: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(at, length) {
      const n = Math.max(0, Math.min(length, size - at));
      const buf = new Uint8Array(n);
      let got = 0;
      while (got < n) {
        const { bytesRead } = await handle.read(buf, got, n - got, at + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return buf.subarray(0, got);
    },
  };
}

/** Reads exactly `length` bytes or throws: a header claiming more than the file holds. */
export async function readExactly(
  src: ByteSource,
  at: number,
  length: number,
): Promise<Uint8Array> {
  const b = await src.read(at, length);
  if (b.length !== length) throw unreadable('it ends before its own headers say');
  return b;
}

/** In English with the reason (the log, the CLI); in the app's language, that they cannot. */
export function unreadable(why: string): AppError {
  return new AppError('validation', `This file’s tags cannot be rewritten: ${why}.`, {
    key: 'errors:audio.tagsUnwritable',
  });
}

const COPY_CHUNK_BYTES = 1024 * 1024;

/** What a copy of pieces may be told: a stop, and where it has got to. */
export interface WritePiecesOptions {
  /** A stop asked for is thrown between two megabytes. */
  signal?: AbortSignal;
  /** Bytes written so far and the total to write, after each write (the caller throttles). */
  onBytes?: (written: number, total: number) => void;
}

/** The bytes the pieces make, before any is written. */
export const piecesBytes = (pieces: readonly Piece[]): number =>
  pieces.reduce((sum, p) => sum + (p instanceof Uint8Array ? p.length : p.length), 0);

/**
 * Writes the pieces to `out` in order, copying source ranges a megabyte at a time (whatever the
 * file's size, one megabyte is held); a stop asked for (signal) is thrown between two megabytes,
 * and `onBytes` hears after every write how far the copy has got.
 */
export async function writePieces(
  src: ByteSource,
  pieces: readonly Piece[],
  out: FileHandle,
  options: WritePiecesOptions = {},
): Promise<number> {
  const { signal, onBytes } = options;
  const total = piecesBytes(pieces);
  let written = 0;
  for (const p of pieces) {
    if (p instanceof Uint8Array) {
      await out.write(p, 0, p.length, written);
      written += p.length;
      onBytes?.(written, total);
      continue;
    }
    for (let done = 0; done < p.length;) {
      signal?.throwIfAborted();
      const n = Math.min(COPY_CHUNK_BYTES, p.length - done);
      const b = await readExactly(src, p.from + done, n);
      await out.write(b, 0, b.length, written);
      written += b.length;
      done += n;
      onBytes?.(written, total);
    }
  }
  return written;
}
