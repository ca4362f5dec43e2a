import type { Job } from '@shared/domain/jobs';
import { kindFacts } from '@shared/domain/job-kinds';
import type { Counter } from '@shared/errors';

/**
 * How much one finished job spent, learned from the key's own counters (issue 32, point 2): the
 * counter as known before it was submitted minus the counter read after it finished, counted only
 * when no other job spending the same counter was in flight between the two reads. The service's
 * way of counting is undocumented: this is a figure learned from history, never a price.
 */
export interface SampleInput {
  job: Pick<Job, 'id' | 'kind' | 'state'>;
  counter: Counter;
  before: number;
  /** When `before` was read (the job's `countsBefore.readAt`). */
  beforeAt: string;
  after: number;
  /** When `after` was read (after the job finished). */
  afterAt: string;
  /** Every job this process knows (the finished one may be among them). */
  others: readonly Pick<Job, 'id' | 'kind' | 'createdAt' | 'finishedAt'>[];
}

/** The sample, or null when it cannot be trusted (another spender in flight, a top-up, not done). */
export function costSample(s: SampleInput): number | null {
  if (s.job.state !== 'done') return null;
  const spent = s.before - s.after;
  // the counter grew (a top-up) or a clock went backwards: nothing to learn
  if (spent < 0 || !(Date.parse(s.afterAt) >= Date.parse(s.beforeAt))) return null;
  const from = Date.parse(s.beforeAt);
  const to = Date.parse(s.afterAt);
  const overlapping = s.others.some((o) => {
    if (o.id === s.job.id || kindFacts(o.kind).counter !== s.counter) return false;
    const start = Date.parse(o.createdAt);
    const end = o.finishedAt === null ? Infinity : Date.parse(o.finishedAt);
    return start <= to && end >= from;
  });
  return overlapping ? null : spent;
}

/** The median of the samples (the mean of the middle two for an even count), or null for none. */
export function median(samples: readonly number[]): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
