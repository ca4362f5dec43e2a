import type { Job } from '@shared/domain/jobs';
import { AppError } from '@shared/errors';
import type { Library } from '../library/library';
import { logger } from '../log';
import { faultBackoffMs, localFault, waitingJob } from './faults';
import { failJob, settle } from './records';
import { saveOutputs, type DownloadPort } from './saver';

const log = logger('jobs');

/** Download failures (network, the media server) tried again before the job fails. */
const DOWNLOAD_RETRIES = 4;
/** While bytes arrive, the job's movement is written down at most this often. */
const MOVED_WRITE_EVERY_MS = 30_000;

export interface SavingDeps {
  library: Library;
  client: () => DownloadPort;
  get(id: string): Job | undefined;
  update(id: string, change: (job: Job) => Job | null): Promise<Job | undefined>;
  /** A job with bytes arriving (not persisted on every chunk): shown, not written. */
  progress(job: Job): void;
  /** Shared with submissions and cancel: a running save is aborted through its controller. */
  controllers: Map<string, AbortController>;
  now(): number;
  /** Backoff before the next try after `count` download failures. */
  retryBackoffMs(count: number): number;
  /** Backoff while a local fault lasts: first retry after `min`, doubling up to `max` (ms). */
  localFaultRetryMs?: { min: number; max: number } | undefined;
  closed(): boolean;
}

/**
 * Saving finished results into the library, one run per job: retried with backoff on download
 * failures, paused (the job visibly `waiting`) while a fault on this computer lasts, and failed
 * only when the media server keeps refusing. Every step that goes through is movement: the job is
 * not "stalled" while it saves.
 */
export function createSaving(deps: SavingDeps) {
  const running = new Map<string, Promise<void>>();
  const failures = new Map<string, { count: number; nextAtMs: number }>();
  /** Attempts so far per job while a local fault (disk full, folder missing…) lasts. */
  const localFaults = new Map<string, number>();
  const movedWritten = new Map<string, number>();
  const faultMinMs = deps.localFaultRetryMs?.min ?? 1000;
  const faultMaxMs = deps.localFaultRetryMs?.max ?? 30_000;
  const iso = (ms: number): string => new Date(ms).toISOString();

  async function onFailure(job: Job, e: unknown): Promise<void> {
    // a fault on this computer pauses the job (visibly) and retries; it never fails it
    const fault = await localFault(e, () => deps.library.present());
    if (fault) {
      const attempt = (localFaults.get(job.id) ?? 0) + 1;
      localFaults.set(job.id, attempt);
      const retryAt = Date.now() + faultBackoffMs(attempt, faultMinMs, faultMaxMs);
      failures.set(job.id, { count: 0, nextAtMs: retryAt });
      log.warn('saving paused by a local fault', { job: job.id, fault, attempt });
      await deps.update(job.id, (j) =>
        j.state === 'downloading' ? waitingJob(j, fault, retryAt) : null,
      );
      return;
    }
    const count = (failures.get(job.id)?.count ?? 0) + 1;
    const permanent = e instanceof AppError && e.code === 'forbidden';
    if (count > DOWNLOAD_RETRIES || permanent) {
      failures.delete(job.id);
      await deps.update(job.id, (j) => (j.state === 'downloading' ? failJob(j, e) : null));
    } else {
      failures.set(job.id, { count, nextAtMs: Date.now() + deps.retryBackoffMs(count) });
    }
  }

  function start(job: Job): void {
    if (running.has(job.id) || deps.closed()) return;
    const failed = failures.get(job.id);
    if (failed && Date.now() < failed.nextAtMs) return;
    const ctl = new AbortController();
    deps.controllers.set(job.id, ctl);
    const run = saveOutputs(
      job.id,
      {
        library: deps.library,
        client: deps.client(),
        // any step of the save that goes through means the fault (if any) has cleared
        update: (id, change) =>
          deps.update(id, (j) => {
            const next = change(j);
            return next ? settle({ ...next, waiting: null, movedAt: iso(deps.now()) }) : null;
          }),
        progress: (id, index, bytesReceived, totalBytes) => {
          const j = deps.get(id);
          if (!j) return;
          const outputs = j.outputs.map((o, i) =>
            i === index ? { ...o, receivedBytes: bytesReceived, totalBytes } : o,
          );
          deps.progress(settle({ ...j, outputs }));
          // bytes arriving are movement: written down now and then, so the save is not "stalled"
          const t = deps.now();
          if (t - (movedWritten.get(id) ?? 0) < MOVED_WRITE_EVERY_MS) return;
          movedWritten.set(id, t);
          void deps.update(id, (x) =>
            x.state === 'downloading' ? { ...x, movedAt: iso(t) } : null,
          );
        },
      },
      ctl.signal,
    )
      .then(() => {
        failures.delete(job.id);
        localFaults.delete(job.id);
      })
      .catch(async (e: unknown) => {
        if (!ctl.signal.aborted) await onFailure(job, e);
      })
      .finally(() => {
        running.delete(job.id);
        movedWritten.delete(job.id);
        if (deps.controllers.get(job.id) === ctl) deps.controllers.delete(job.id);
      });
    running.set(job.id, run);
  }

  return {
    start,
    /** Saves running now. */
    count: (): number => running.size,
    /** Something is saving or waiting to try again. */
    busy: (): boolean => running.size > 0 || failures.size > 0,
    /** Stops a job's save (if any) and forgets its failures: it starts over at the next tick. */
    async restart(id: string): Promise<void> {
      if (running.has(id)) deps.controllers.get(id)?.abort();
      await running.get(id);
      failures.delete(id);
      localFaults.delete(id);
    },
    abortAll(): void {
      for (const id of running.keys()) deps.controllers.get(id)?.abort();
    },
    settled: async (): Promise<void> => {
      await Promise.allSettled([...running.values()]);
    },
  };
}
