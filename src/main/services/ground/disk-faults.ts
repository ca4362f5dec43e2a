/**
 * Faults of this computer's disks in words a creator understands (issue 26, point 8): a full disk,
 * a folder that is missing or read-only, a permission refused, too many open files, a disk error —
 * named as such wherever they surface (IPC answers, the CLI, exports), never as "something went
 * wrong inside Cadenza". Reads errno codes along an error's cause chain; messages are never parsed.
 */
import { appError } from '@shared/app-error';
import { AppError } from '@shared/errors';

const KEYS: Record<string, string> = {
  ENOSPC: 'errors:diskFull',
  EDQUOT: 'errors:diskFull',
  EFBIG: 'errors:diskFull',
  EACCES: 'errors:noPermission',
  EPERM: 'errors:noPermission',
  EROFS: 'errors:readOnlyDisk',
  ENOENT: 'errors:folderMissing',
  ENOTDIR: 'errors:folderMissing',
  EMFILE: 'errors:tooManyFiles',
  ENFILE: 'errors:tooManyFiles',
  EIO: 'errors:diskError',
};

const ERRNO = /^E[A-Z]{2,9}$/;

/** The first errno-style code along `e`'s chain (its code, an AppError's detail, its causes). */
function errnoOf(e: unknown): string | null {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 6; depth++) {
    const x = cur as { code?: unknown; detail?: unknown; cause?: unknown };
    if (typeof x.code === 'string' && ERRNO.test(x.code)) return x.code;
    if (typeof x.detail === 'string' && ERRNO.test(x.detail)) return x.detail;
    cur = x.cause;
  }
  return null;
}

/**
 * The disk fault behind `e` as an AppError with plain words, or null when it is none. An AppError
 * that already has its own words (a key, or a code other than io/internal) is left as it is.
 */
export function diskFault(e: unknown): AppError | null {
  if (e instanceof AppError && (e.key || (e.code !== 'io' && e.code !== 'internal'))) return null;
  const code = errnoOf(e);
  const key = code ? KEYS[code] : undefined;
  return key ? appError('io', key, {}, { cause: e, detail: code! }) : null;
}
