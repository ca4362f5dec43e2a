import type { StoreApi } from 'zustand';
import type { KnownCounts } from '@shared/domain/jobs';
import type { AppErrorShape } from '@shared/errors';
import type { JobResult, JobView } from '@shared/ipc/jobs';
import { call } from '../bridge';

/** A job a panel's store started, and what became of it. */
export interface TrackedJob {
  jobId: string;
  state: JobView['state'];
  error: AppErrorShape | null;
  result: JobResult | null;
  /** Upload progress (covers of files). */
  bytesSent: number;
  totalBytes: number;
  /** The key's counts main recorded when the job was sent (what "changed" compares with). */
  countsBefore?: KnownCounts | null;
}

export const isFinal = (s: JobView['state']): boolean =>
  s === 'done' || s === 'failed' || s === 'cancelled' || s === 'interrupted';

export const tracked = (jobId: string, state: JobView['state'], totalBytes = 0): TrackedJob => ({
  jobId,
  state,
  error: null,
  result: null,
  bytesSent: 0,
  totalBytes,
});

const STATE_RANK: Record<JobView['state'], number> = {
  pending: 0,
  submitted: 1,
  running: 2,
  downloading: 3,
  done: 4,
  failed: 4,
  cancelled: 4,
  interrupted: 4,
};
const RECENT_JOBS_MAX = 50;

/**
 * A store's job slots (the cover card, the training card, the two video cards): each holds the
 * job it started, kept current from `jobUpdated`/`jobFinished`; a finished job's files come from
 * `jobs.openResult`.
 *
 * Job updates can arrive before the call that started the job has answered (a quick service, a
 * training task accepted at once): the latest view of each recent job is kept, and applied when
 * the answer names the job — otherwise the panel would stay on "Sending…".
 */
export function jobSlots<Slot extends string, S extends Record<Slot, TrackedJob | null>>(
  store: StoreApi<S>,
  slots: readonly Slot[],
  /** Called after each update has been applied to the slots. */
  afterUpdate: (job: JobView) => void = () => {},
) {
  const recentJobs = new Map<string, JobView>();
  const put = (slot: Slot, t: TrackedJob, extra: Partial<S> = {}): void =>
    store.setState({ ...extra, [slot]: t } as unknown as Partial<S>);

  function remember(job: JobView): void {
    recentJobs.delete(job.id);
    recentJobs.set(job.id, job);
    if (recentJobs.size > RECENT_JOBS_MAX) recentJobs.delete(recentJobs.keys().next().value!);
  }

  async function onJob(job: JobView): Promise<void> {
    remember(job);
    for (const slot of slots) {
      const t = store.getState()[slot];
      if (!t || t.jobId !== job.id) continue;
      put(slot, { ...t, state: job.state, error: job.error, countsBefore: job.countsBefore });
      if (job.state === 'done' && job.resultItemIds.length > 0 && !t.result) {
        const r = await call((api) => api.jobs.openResult(job.id));
        const now = store.getState()[slot];
        if (r.ok && now?.jobId === job.id) put(slot, { ...now, result: r.value });
      }
    }
    afterUpdate(job);
  }

  /** Starts following a job in a slot, catching up with updates that came before its answer. */
  function follow(slot: Slot, view: JobView, totalBytes = 0, extra: Partial<S> = {}): void {
    put(slot, tracked(view.id, view.state, totalBytes), extra);
    const seen = recentJobs.get(view.id);
    if (
      seen &&
      (seen.updatedAt > view.updatedAt || STATE_RANK[seen.state] > STATE_RANK[view.state])
    )
      void onJob(seen);
  }

  return { onJob, follow, forget: () => recentJobs.clear() };
}
