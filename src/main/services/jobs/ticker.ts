import { watch, type FSWatcher } from 'node:fs';
import { hostname } from 'node:os';
import { isFinalJobState, type Job, type Tracking } from '@shared/domain/jobs';
import type { AppErrorShape } from '@shared/errors';
import type { Library } from '../library/library';
import { logger } from '../log';
import { pidAlive, type DataLock } from './lock';
import type { PollAnswer, PollClient, Poller } from './poller';
import { interruptJob, mergeSongIntoOutput, mergeTrainingIntoOutput, settle } from './records';
import type { createSaving } from './saving';
import type { JobStore } from './store';

const log = logger('jobs');

export interface TickerDeps {
  store: JobStore;
  lock: DataLock;
  poller: Poller;
  library: Library;
  saving: ReturnType<typeof createSaving>;
  client(): PollClient;
  update(id: string, change: (job: Job) => Job | null): Promise<Job | undefined>;
  /** A job read from disk that changed (another process wrote it): shown as any update. */
  emitJob(job: Job): void;
  lockTaken(): void;
  pollFailed(tracking: Tracking, error: AppErrorShape, retryInMs: number): void;
  /** Looks for interrupted clones in the service's list when that is due. */
  reconcileDue(): Promise<void>;
  /** Shared with submissions and saving: a job with a controller has a call running here. */
  controllers: ReadonlyMap<string, AbortController>;
  /** Synchronous calls still running in this process. */
  pendingCalls: ReadonlySet<Promise<void>>;
  jobsDir: string;
  intervalMs: number;
  downloadConcurrency: number;
  now(): number;
}

/**
 * The jobs service's heartbeat: one tick takes the lock when it is free, follows records other
 * processes wrote, marks orphans interrupted, polls the service and starts the saving that is
 * due. Ticks are scheduled only while there is work; an idle holder waits on the jobs folder.
 */
export function createTicker(deps: TickerDeps) {
  const { store, lock } = deps;
  const pollAbort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let closed = false;
  /** No tick is scheduled: this process holds the lock and no job needs polling or saving. */
  let idle = false;
  let jobsWatcher: FSWatcher | undefined;
  const movedNow = (): string => new Date(deps.now()).toISOString();

  /** A pending (or synchronous running) job whose process is gone may have been charged. */
  function orphaned(job: Job): boolean {
    if (!(job.state === 'pending' || (job.synchronous && job.state === 'running'))) return false;
    if (!job.owner) return true;
    if (job.owner.pid === process.pid && job.owner.host === hostname())
      return !deps.controllers.has(job.id);
    if (job.owner.host === hostname()) return !pidAlive(job.owner.pid);
    return Date.now() - Date.parse(job.updatedAt) > 24 * 3600_000;
  }

  async function recover(): Promise<void> {
    for (const job of store.list())
      if (orphaned(job)) await deps.update(job.id, (j) => (orphaned(j) ? interruptJob(j) : null));
  }

  async function applyAnswer(answer: PollAnswer): Promise<void> {
    for (const job of store.list()) {
      if (
        job.tracking !== answer.tracking ||
        (job.state !== 'submitted' && job.state !== 'running')
      )
        continue;
      let changed = false;
      const outputs = job.outputs.map((o) => {
        if (!o.serviceId) return o;
        let next = o;
        if (answer.tracking === 'custom-singer') {
          const task = answer.tasks.find((t) => t.id === o.serviceId);
          if (task) next = mergeTrainingIntoOutput(o, task);
        } else {
          const song = answer.songs.find((s) => s.id === o.serviceId);
          if (song) next = mergeSongIntoOutput(o, song);
        }
        if (JSON.stringify(next) !== JSON.stringify(o)) changed = true;
        return next;
      });
      if (!changed) continue;
      // keep only this job's part of the batched answer, for diagnosis
      const mine = new Set(job.serviceIds);
      const lastResponse =
        answer.tracking === 'custom-singer'
          ? answer.tasks.filter((t) => mine.has(t.id))
          : answer.songs.filter((s) => mine.has(s.id));
      await deps.update(job.id, (j) =>
        j.state === 'submitted' || j.state === 'running'
          ? settle({ ...j, outputs, lastResponse, movedAt: movedNow() })
          : null,
      );
    }
  }

  async function tick(force = false): Promise<void> {
    if (closed) return;
    if (!lock.held) {
      if (await lock.tryAcquire()) {
        // only the lock holder cleans up, and only temps whose owner process is gone
        await store.repair();
        await deps.library.repair();
        deps.lockTaken();
      }
    }
    const { changed } = await store.refresh();
    for (const job of changed) deps.emitJob(job);
    if (!lock.held) return; // another process polls and downloads; we only follow its records
    await recover();
    await deps.reconcileDue();
    await deps.poller.poll(deps.client(), store.list(), applyAnswer, deps.pollFailed, {
      force,
      signal: pollAbort.signal,
    });
    for (const job of store.list()) {
      if (deps.saving.count() >= deps.downloadConcurrency) break;
      if (job.state === 'downloading') deps.saving.start(job);
    }
  }

  function runTick(force = false): Promise<void> {
    if (ticking) return ticking;
    ticking = tick(force)
      .catch((e: unknown) => log.error('jobs tick failed', e))
      .finally(() => {
        ticking = null;
      });
    return ticking;
  }

  const hasWork = (): boolean =>
    deps.saving.busy() ||
    deps.pendingCalls.size > 0 ||
    store.list().some((j) => !isFinalJobState(j.state));

  /**
   * Schedules the next tick, unless there is nothing to do: with the lock held and no active job,
   * main runs no timer at all. A new or changed job wakes it — ours through emitJob, another
   * process's (the CLI writes records while the app holds the lock) through a watcher on the jobs
   * folder. Without the lock the tick keeps running: it follows the holder's records and takes
   * the lock over when the holder goes.
   */
  function schedule(): void {
    if (closed) return;
    clearTimeout(timer);
    if (lock.held && !hasWork()) {
      idle = true;
      watchJobsFolder();
      return;
    }
    idle = false;
    timer = setTimeout(
      () => {
        void runTick().finally(schedule);
      },
      Math.min(deps.intervalMs, 1000),
    );
  }

  function wake(): void {
    if (!idle || closed) return;
    idle = false;
    void runTick().finally(schedule);
  }

  function watchJobsFolder(): void {
    if (jobsWatcher) return;
    try {
      jobsWatcher = watch(deps.jobsDir, () => wake());
      jobsWatcher.on('error', () => undefined);
    } catch {
      jobsWatcher = undefined; // no folder to watch: keep ticking instead
      idle = false;
      timer = setTimeout(() => void runTick().finally(schedule), Math.min(deps.intervalMs, 1000));
    }
  }

  return {
    runTick,
    schedule,
    /** A job changed here: if no tick is scheduled, start one. */
    wake,
    closed: (): boolean => closed,
    /** Stops scheduling and polling; answers the tick in flight. */
    stop(): Promise<void> | null {
      closed = true;
      clearTimeout(timer);
      jobsWatcher?.close();
      pollAbort.abort();
      return ticking;
    },
  };
}
