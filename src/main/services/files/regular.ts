/**
 * Reading a path someone named (a dropped file, a CLI argument) only when it is a regular file.
 * The check is made on the opened descriptor, not on the path before opening, so a path swapped
 * for a FIFO, socket, device or folder between a check and the open is still refused; the open
 * itself never blocks (O_NONBLOCK: a FIFO without a writer would otherwise wait forever).
 */
import type { FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';
import { isNotRegular, isTooLarge, openRegular } from '../ground/regular-file';

/** A name for messages: the last path segment, control characters removed, bounded. */
export function shownFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const name = basename(raw).replace(/[\u0000-\u001f\u007f]/g, '');
  return name.length > 80 ? `${name.slice(0, 77)}…` : name || 'file';
}

/** Opens a regular file for reading; AppError('not_found' | 'invalid_argument' | 'io') otherwise. */
export async function openRegularFile(path: string): Promise<FileHandle> {
  try {
    return (await openRegular(path)).handle;
  } catch (e) {
    throw shownOpenFailure(e, path);
  }
}

/** An open failure of `ground/regular-file` in words for the person who named the file. */
export function shownOpenFailure(e: unknown, path: string): AppError {
  if (e instanceof AppError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  const name = shownFileName(path);
  if (code === 'ENOENT') return appError('not_found', 'errors:files.notFound', { name });
  if (isNotRegular(e)) return appError('invalid_argument', 'errors:files.notAFile', { name });
  if (isTooLarge(e)) return appError('invalid_argument', 'errors:files.tooLarge', { name });
  return appError('io', 'errors:files.unreadable', { name });
}

/** The first `bytes` bytes of a regular file (fewer when it is shorter). */
export async function readHead(path: string, bytes: number): Promise<Buffer> {
  const fh = await openRegularFile(path);
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** A whole regular text file, refused past maxBytes (lyrics files are small). */
export async function readTextFile(path: string, maxBytes: number): Promise<string> {
  const fh = await openRegularFile(path);
  try {
    const { size } = await fh.stat();
    if (size > maxBytes)
      throw appError('invalid_argument', 'errors:files.textTooLarge', {
        name: shownFileName(path),
        kb: Math.ceil(size / 1024),
        max: Math.floor(maxBytes / 1024),
      });
    return await fh.readFile('utf8');
  } finally {
    await fh.close();
  }
}
