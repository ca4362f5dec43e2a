import { tableOf, type JobKind } from './job-kinds';
import type { Job } from './jobs';

/**
 * When a job that should be moving is "stalled": the service has reported no change (status,
 * audio, a saved result) for longer than its kind ever normally takes. Stalled is a view of an
 * active job, never a stored state: the job keeps being tracked, and the user may check again,
 * download again or cancel. The thresholds per kind are the registry's `stallAfterMs`
 * (`job-kinds.ts`; the table is in docs/jobs.md); saving to the library, whatever the kind,
 * stalls after 10 min.
 */
const MIN = 60_000;
export const STALL_AFTER_MS: Readonly<Record<JobKind, number>> = tableOf((k) => k.stallAfterMs);
/** Saving to the library: no byte and no saved result for this long. */
export const SAVE_STALL_AFTER_MS = 10 * MIN;

export interface Stall {
  /** When the job last moved. */
  since: string;
  /** The threshold that passed (ms). */
  afterMs: number;
}

type StallFields = Pick<
  Job,
  'kind' | 'state' | 'createdAt' | 'submittedAt' | 'movedAt' | 'waiting' | 'synchronous'
>;

/** The moment a job last moved: the service's last change, else when it was sent. */
export function lastMovedMs(job: StallFields): number {
  const at = job.movedAt ?? job.submittedAt ?? job.createdAt;
  return Date.parse(at);
}

/**
 * Whether an active job is stalled at `nowMs`, and since when. A job waiting for a local fault
 * (disk full…) is not stalled: it says what it waits for.
 */
export function stallOf(
  job: StallFields,
  nowMs: number,
  thresholds: Readonly<Record<JobKind, number>> = STALL_AFTER_MS,
): Stall | null {
  if (job.waiting) return null;
  const active =
    job.state === 'pending' ||
    job.state === 'submitted' ||
    job.state === 'running' ||
    job.state === 'downloading';
  if (!active) return null;
  const afterMs = job.state === 'downloading' ? SAVE_STALL_AFTER_MS : thresholds[job.kind];
  const moved = lastMovedMs(job);
  if (Number.isNaN(moved) || nowMs - moved < afterMs) return null;
  return { since: new Date(moved).toISOString(), afterMs };
}

/** "No change from the service for 12 min": how long, in words, for lists and cards. */
export function stalledWords(stall: Stall, nowMs = Date.now()): string {
  const min = Math.max(1, Math.round((nowMs - Date.parse(stall.since)) / 60_000));
  const span = min < 120 ? `${min} min` : `${Math.round(min / 60)} h`;
  return `Stalled — no change from the service for ${span}`;
}
