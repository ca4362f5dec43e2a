import { WAIT_MESSAGES, type Job, type WaitReason } from '@shared/domain/jobs';
import { AppError } from '@shared/errors';

/**
 * Local faults while saving a result: the disk is full, the library folder is missing (removed, or
 * on a drive that was unplugged) or may not be written. They pause the job — it waits visibly and
 * tries again with backoff — instead of failing it: the result is paid for, and the service still
 * serves it. Nothing is ever submitted again.
 */

const CODE_REASONS: Record<string, WaitReason> = {
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EFBIG: 'disk_full',
  EACCES: 'no_permission',
  EPERM: 'no_permission',
  EROFS: 'no_permission',
  ENOENT: 'library_missing',
  ENOTDIR: 'library_missing',
};

const ERRNO = /^E[A-Z]{2,9}$/;

/**
 * Errno-style codes along an error's chain: its `code`, an AppError's `detail` (the code it
 * wrapped) and its `cause`s. Messages are never parsed: they are words for people.
 */
export function codesOf(e: unknown): string[] {
  const out: string[] = [];
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 6; depth++) {
    const x = cur as { code?: unknown; detail?: unknown; cause?: unknown };
    if (typeof x.code === 'string' && ERRNO.test(x.code)) out.push(x.code);
    if (typeof x.detail === 'string' && ERRNO.test(x.detail)) out.push(x.detail);
    cur = x.cause;
  }
  return out;
}

/**
 * Why saving failed, when the cause is on this computer; null for anything else (network, the
 * media server). `libraryPresent` tells a missing folder from a missing file inside it.
 */
export async function localFault(
  e: unknown,
  libraryPresent: () => Promise<boolean>,
): Promise<WaitReason | null> {
  if (!(await libraryPresent())) return 'library_missing';
  for (const code of codesOf(e)) {
    const reason = CODE_REASONS[code];
    if (reason === 'library_missing') return 'write_error'; // the folder is there: a file went
    if (reason) return reason;
  }
  if (e instanceof AppError && e.code === 'io') return 'write_error';
  const plain = e as { code?: unknown } | null;
  if (!(e instanceof AppError) && typeof plain?.code === 'string' && plain.code.startsWith('E'))
    return 'write_error';
  return null;
}

/** The job waiting for a local fault to clear (its `since` kept while the same fault lasts). */
export function waitingJob(job: Job, reason: WaitReason, retryAtMs: number): Job {
  const since = job.waiting?.reason === reason ? job.waiting.since : new Date().toISOString();
  return {
    ...job,
    waiting: {
      reason,
      message: WAIT_MESSAGES[reason],
      since,
      retryAt: new Date(retryAtMs).toISOString(),
    },
  };
}

/** Backoff between attempts while a local fault lasts: 1 s doubling, capped. */
export function faultBackoffMs(attempt: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** Math.max(0, attempt - 1));
}
