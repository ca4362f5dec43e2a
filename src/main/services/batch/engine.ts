/**
 * One pass over a batch (issue 32, point 1): what its slots' jobs became, then as many new
 * submissions as its concurrency allows. Only the process holding the jobs lock drives batches
 * (the one that polls and saves), so two processes never send the same slot.
 *
 * Never sent twice: a slot is marked `sending` (attempt n) on disk before it is handed to the
 * jobs, and the job carries `batch_id` / `batch_slot` in its meta. After a crash a `sending` slot
 * takes the job recorded for that attempt, or, when none was recorded, goes back to `waiting`:
 * the jobs record a job before its request is sent, so no record means nothing was sent.
 */
import type { BatchRecord, BatchSlot } from '@shared/domain/batch';
import { batchSettled, batchCounts } from '@shared/domain/batch';
import { isFinalJobState, type Job } from '@shared/domain/jobs';
import { toErrorShape } from '@shared/errors';
import { appError } from '@shared/app-error';
import type { BatchStore } from './store';
import { logger } from '../log';

const log = logger('batch');

/** The jobs a batch reads and cancels (the lock holder's tracker). */
export interface BatchJobs {
  get(id: string): Job | undefined;
  list(): ReadonlyArray<Pick<Job, 'id' | 'meta'>>;
  cancel(id: string): Promise<unknown>;
}

export interface EngineDeps {
  store: BatchStore;
  /** Hands one prompt to the song submitters (records the job, sends in the background). */
  submit(b: BatchRecord, slot: number, meta: Record<string, string>): Promise<Job>;
  /** Adds finished items to the batch's collection; answers the ids it holds now. */
  file(b: BatchRecord, itemIds: readonly string[]): Promise<readonly string[]>;
  /** A charge-free "too many requests": how long to wait before attempt `attempts + 1` (ms). */
  backoffMs(attempts: number): number;
  now(): number;
}

/** How long a finished job's items may take to be listed before its slot settles without them. */
const FILING_GRACE_MS = 60_000;

export const slotTag = (slot: number, attempt: number): string => `${slot}.${attempt}`;

/** A failure that charged nothing and says "too many requests": sent again after a while. */
export function isChargeFreeBusy(job: Job): boolean {
  return (
    job.state === 'failed' &&
    job.error?.httpStatus === 429 &&
    job.serviceIds.length === 0 &&
    job.outputs.length === 0
  );
}

/** What a finished job makes of its slot (null: not finished yet). */
function settleSlot(s: BatchSlot, job: Job, now: number, backoff: number): BatchSlot | null {
  if (!isFinalJobState(job.state)) return null;
  const itemIds = [...new Set([...s.itemIds, ...job.resultItemIds])];
  if (job.state === 'done') return { ...s, state: 'done', itemIds, error: null, retryAt: null };
  if (isChargeFreeBusy(job))
    return {
      ...s,
      state: 'waiting',
      jobId: null,
      retryAt: new Date(now + backoff).toISOString(),
      error: job.error,
    };
  if (job.state === 'interrupted') return { ...s, state: 'interrupted', itemIds, error: job.error };
  if (job.state === 'cancelled') return { ...s, state: 'cancelled', itemIds, error: null };
  return { ...s, state: 'failed', itemIds, error: job.error };
}

export function createEngine(deps: EngineDeps) {
  /** Slots this process is handing to the jobs right now (their `sending` is not a leftover). */
  const sending = new Set<string>();
  /** Jobs this process already asked to cancel. */
  const cancelAsked = new Set<string>();

  /** Slots whose jobs moved: follows them, files finished items, marks the end. */
  async function follow(id: string, jobs: BatchJobs): Promise<BatchRecord | null> {
    const before = await deps.store.get(id);
    if (!before) return null;
    // a finished slot's items go into the collection before the slot is written done, so a
    // crash in between files them again (adding is idempotent), never loses them; a slot whose
    // items the library does not list yet stays as it is until the next pass (for a minute)
    const filing: string[] = [];
    for (const s of before.slots) {
      if (s.state !== 'active' || !s.jobId) continue;
      const job = jobs.get(s.jobId);
      if (job && isFinalJobState(job.state)) filing.push(...job.resultItemIds);
    }
    const filed = new Set(
      filing.length > 0
        ? await deps.file(before, filing).catch((e: unknown) => {
            log.warn('batch results not filed in its collection', { id, error: String(e) });
            return filing;
          })
        : [],
    );
    const unfiled = (job: Job): boolean =>
      job.resultItemIds.some((i) => !filed.has(i)) &&
      deps.now() - Date.parse(job.finishedAt ?? job.updatedAt) < FILING_GRACE_MS;
    const byTag = new Map<string, string>();
    for (const j of jobs.list())
      if (j.meta.batch_id === id && j.meta.batch_slot) byTag.set(j.meta.batch_slot, j.id);
    return deps.store.update(id, (b) => {
      let changed = false;
      const slots = b.slots.map((s, i) => {
        if (s.state === 'sending' && !sending.has(`${id}:${i}`)) {
          changed = true;
          const jobId = byTag.get(slotTag(i, s.attempts));
          // no record for this attempt: the jobs never recorded it, so nothing was sent
          return jobId
            ? { ...s, state: 'active' as const, jobId }
            : { ...s, state: 'waiting' as const, attempts: Math.max(0, s.attempts - 1) };
        }
        if (s.state !== 'active' || !s.jobId) return s;
        const job = jobs.get(s.jobId);
        if (!job) {
          changed = true;
          return {
            ...s,
            state: 'failed' as const,
            error: appError('not_found', 'errors:jobGone').toShape(),
          };
        }
        if (isFinalJobState(job.state) && unfiled(job)) return s;
        const next = settleSlot(s, job, deps.now(), deps.backoffMs(s.attempts));
        if (next) changed = true;
        return next ?? s;
      });
      let state = b.state;
      if (state === 'cancelled') {
        for (let i = 0; i < slots.length; i += 1)
          if (slots[i]?.state === 'waiting') {
            slots[i] = { ...slots[i]!, state: 'cancelled', retryAt: null };
            changed = true;
          }
      }
      const next = { ...b, slots };
      let finishedAt = b.finishedAt;
      if (batchSettled(next) && finishedAt === null && state !== 'paused') {
        finishedAt = new Date(deps.now()).toISOString();
        if (state === 'running' && batchCounts(next).interrupted === 0) state = 'done';
        changed = true;
      }
      return changed ? { ...next, state, finishedAt } : null;
    });
  }

  /** Cancels the jobs of a cancelled batch still in flight (finished results are kept). */
  async function cancelInFlight(b: BatchRecord, jobs: BatchJobs): Promise<void> {
    for (const s of b.slots) {
      if (s.state !== 'active' || !s.jobId || cancelAsked.has(s.jobId)) continue;
      cancelAsked.add(s.jobId);
      await jobs
        .cancel(s.jobId)
        .catch((e: unknown) => log.warn('batch job not cancelled', { id: b.id, error: String(e) }));
    }
  }

  /** Sends due waiting slots up to the concurrency. */
  async function fill(id: string): Promise<void> {
    for (;;) {
      const b = await deps.store.get(id);
      if (!b || b.state !== 'running') return;
      const c = batchCounts(b);
      if (c.active >= b.concurrency) return;
      const now = deps.now();
      const i = b.slots.findIndex(
        (s) => s.state === 'waiting' && (s.retryAt === null || Date.parse(s.retryAt) <= now),
      );
      if (i < 0) return;
      const key = `${id}:${i}`;
      sending.add(key);
      try {
        const marked = await deps.store.update(id, (r) => {
          const s = r.slots[i];
          if (r.state !== 'running' || s?.state !== 'waiting') return null;
          const slots = [...r.slots];
          slots[i] = { ...s, state: 'sending', attempts: s.attempts + 1, retryAt: null };
          return { ...r, slots, finishedAt: null, announced: false };
        });
        const slot = marked?.slots[i];
        if (!marked || slot?.state !== 'sending') return;
        let outcome: Partial<BatchSlot>;
        try {
          const job = await deps.submit(marked, i, {
            batch_id: id,
            batch_slot: slotTag(i, slot.attempts),
          });
          outcome = { state: 'active', jobId: job.id, error: null };
        } catch (e) {
          // refused before anything was recorded (a form error, no key): nothing was sent
          const error = toErrorShape(e);
          log.warn('batch submission refused', { id, slot: i, code: error.code });
          outcome = { state: 'failed', error };
        }
        await deps.store.update(id, (r) => {
          const slots = [...r.slots];
          const s = slots[i];
          if (!s) return null;
          slots[i] = { ...s, ...outcome };
          return { ...r, slots };
        });
        // a refused submission (say, no key) refuses them all: stop here, the creator sees why
        if (outcome.state === 'failed' && outcome.error?.code === 'no_key') {
          await deps.store.update(id, (r) =>
            r.state === 'running' ? { ...r, state: 'paused' } : null,
          );
          return;
        }
      } finally {
        sending.delete(key);
      }
    }
  }

  /** One pass over a batch: follow its jobs, cancel or send. Answers the record after it. */
  async function pass(id: string, jobs: BatchJobs): Promise<BatchRecord | null> {
    const followed = await follow(id, jobs);
    if (!followed) return null;
    if (followed.state === 'cancelled') await cancelInFlight(followed, jobs);
    if (followed.state === 'running') {
      await fill(id);
      return deps.store.get(id);
    }
    return followed;
  }

  return { pass };
}
