/**
 * What an action usually spends, learned from this key's own history (issue 32, point 2;
 * docs/cost.md): after each finished job that spends a counter, the counter is read again and
 * the difference from the one known before the job was sent is kept as a sample, unless another
 * job spending the same counter was in flight in between. The estimate is the median.
 */
import type { JobSummary } from '@shared/domain/jobs';
import { kindFacts, type JobKind } from '@shared/domain/job-kinds';
import type { Counter } from '@shared/errors';
import { logger } from '../log';
import { costSample } from './learn';
import { createCostStore, entryName, type CostEstimate } from './store';

export { keyFingerprint, type CostEstimate } from './store';

const log = logger('cost');

export interface CostServiceOptions {
  /** `cost-history.json` in the data folder. */
  file: string;
  /** The fingerprint of the key in use (never the key), or null without one. */
  keyId(): Promise<string | null>;
  /** The key's counters read now from the service. */
  readCounts(): Promise<Partial<Record<Counter, number>>>;
  /** Every job this process knows (to see which were in flight). */
  jobs(): Promise<readonly JobSummary[]>;
}

export function createCostService(o: CostServiceOptions) {
  const store = createCostStore(o.file);
  const listeners = new Set<() => void>();

  return {
    /**
     * Learns from a finished job: reads the counters again and keeps the difference when it can
     * be trusted. Answers the sample kept, or null.
     */
    async learn(job: JobSummary): Promise<number | null> {
      const facts = kindFacts(job.kind);
      const counter = facts.counter;
      if (job.state !== 'done' || !counter || facts.spends !== 'one' || !job.countsBefore)
        return null;
      const before = job.countsBefore.counts[counter];
      if (before === undefined) return null;
      const keyId = await o.keyId();
      if (!keyId) return null;
      const after = (await o.readCounts())[counter];
      const afterAt = new Date().toISOString();
      if (after === undefined) return null;
      const sample = costSample({
        job,
        counter,
        before,
        beforeAt: job.countsBefore.readAt,
        after,
        afterAt,
        others: await o.jobs(),
      });
      log.debug('cost sample', { kind: job.kind, counter, sample });
      if (sample === null) return null;
      await store.record(keyId, entryName(job.kind, job.meta.model ?? null), counter, sample);
      for (const l of listeners) l();
      return sample;
    },

    /** Called after each sample kept; returns the unsubscribe function. */
    onLearned(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** What a job of this kind and model usually spends with this key; null usual: not known yet. */
    async estimate(kind: JobKind, model: string | null): Promise<CostEstimate | null> {
      const counter = kindFacts(kind).counter;
      if (!counter) return null;
      return store.estimate(await o.keyId(), entryName(kind, model), counter);
    },
  };
}
export type CostService = ReturnType<typeof createCostService>;
