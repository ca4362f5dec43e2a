import { tableOf, type JobKind } from '@shared/domain/job-kinds';
import type { JobView } from '@shared/ipc/jobs';

/**
 * How long a job usually takes, from this user's own finished jobs: the median time from sending
 * to done of the jobs of the same kind and model (the jobs store keeps every job this data folder
 * made, so the figure follows the user's service, network and models).
 *
 * Before there is any such job, the registry's default for the kind (`estimateMs`) is used (said as "usually" in the
 * UI, never as a measurement). The defaults are the service's typical times as seen while building
 * Cadenza: a streamed V2 song pair finishes in about two and a half minutes, the one-call quick
 * mode answers in about three; covers and singing videos take a few minutes, speech seconds.
 */
export const DEFAULT_ESTIMATE_MS: Readonly<Record<JobKind, number>> = tableOf((k) => k.estimateMs);

export interface Estimate {
  /** The expected time from sending to done. */
  totalMs: number;
  /** How many of the user's finished jobs it is the median of (0 = the default). */
  samples: number;
}

/** The model a job asked for ("v4.5-plus"), or null when its kind has no model choice. */
export function modelOf(job: Pick<JobView, 'asked'>): string | null {
  return job.asked.find((a) => a.label === 'Model')?.value ?? null;
}

const startOf = (job: JobView): number => Date.parse(job.submittedAt ?? job.createdAt);

/** How long a finished job took from sending to done, or null when it cannot be known. */
export function tookMs(job: JobView): number | null {
  if (job.state !== 'done' || !job.finishedAt) return null;
  const ms = Date.parse(job.finishedAt) - startOf(job);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The estimate for `job` from `history` (every job known; the job itself is skipped). */
export function estimateFor(job: JobView, history: readonly JobView[]): Estimate {
  const model = modelOf(job);
  const took = history
    .filter((j) => j.id !== job.id && j.kind === job.kind && modelOf(j) === model)
    .map(tookMs)
    .filter((ms): ms is number => ms !== null);
  const m = median(took);
  return m === null
    ? { totalMs: DEFAULT_ESTIMATE_MS[job.kind], samples: 0 }
    : { totalMs: Math.round(m), samples: took.length };
}

/**
 * How words are said: the component's `t` (the app's language), or `englishText` in a test.
 * Keys and parameters only: this module stays free of the i18n runtime.
 */
export type Say = (key: string, params?: Record<string, string | number>) => string;

/** "40 s", "2 min", "1 h 5 min" (rounded to what a person would say), in `say`'s language. */
export function roughDuration(ms: number, say: Say): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return say('jobs:duration.seconds', { s: s < 10 ? s : Math.round(s / 5) * 5 });
  const min = Math.round(s / 60);
  if (min < 60) return say('jobs:duration.min', { m: min });
  const h = Math.floor(min / 60);
  return min % 60 ? say('jobs:duration.hours', { h, m: min % 60 }) : say('jobs:duration.h', { h });
}

/**
 * What an active job's card says about time. Measured (the user has finished jobs like it): the
 * time left, "About 2 min left". Default only: "Usually takes 3 min" (the whole time: nothing of
 * theirs was measured). Past the estimate: "Taking longer than usual". `nowMs` is the clock.
 */
export function timeLeftText(job: JobView, estimate: Estimate, nowMs: number, say: Say): string {
  const elapsed = Math.max(0, nowMs - startOf(job));
  const left = estimate.totalMs - elapsed;
  if (left <= 0) return say('songs:job.timeLeft.longer');
  if (estimate.samples === 0)
    return say('songs:job.timeLeft.usually', { duration: roughDuration(estimate.totalMs, say) });
  if (left < 5000) return say('songs:job.timeLeft.almostDone');
  return say('songs:job.timeLeft.left', { duration: roughDuration(left, say) });
}
