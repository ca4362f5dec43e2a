import { watch, type FSWatcher } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  isFinalJobState,
  summarizeJob,
  type Job,
  type JobOutput,
  type JobSummary,
  type KnownCounts,
  type Tracking,
} from '@shared/domain/jobs';
import { AppError, type AppErrorShape } from '@shared/errors';
import { TypedEmitter } from '../ground/events';
import type { Library } from '../library/library';
import type { LibraryKind } from '@shared/domain/library';
import { DataLock, pidAlive } from './lock';
import { Poller, type PollAnswer, type PollClient } from './poller';
import { kindFacts } from '@shared/domain/job-kinds';
import {
  capOutputs,
  createJobRecord,
  output,
  failJob,
  interruptJob,
  mergeSongIntoOutput,
  mergeTrainingIntoOutput,
  settle,
  thisOwner,
  type NewJob,
} from './records';
import { createJobActions } from './actions';
import { createSaving } from './saving';
import type { ClonesPort } from './reconcile';
import type { DownloadPort } from './saver';
import { JobStore } from './store';
import { logger } from '../log';

const log = logger('jobs');

/** The service client: polling and downloads; the clone list when interrupted clones are reconciled. */
export type JobsClient = PollClient & DownloadPort & Partial<ClonesPort>;

export interface JobsEvents extends Record<string, unknown> {
  'job-updated': JobSummary;
  'job-finished': JobSummary;
  /** A batched poll failed; it is retried after `retryInMs` (exponential backoff). */
  'poll-failed': { tracking: Tracking; error: AppErrorShape; retryInMs: number };
  /** This process started or stopped polling and downloading (the lock). */
  'lock-changed': { held: boolean; holder: string | null };
}

export interface JobsServiceOptions {
  dataDir: string;
  library: Library;
  /** The service client to use now (the base URL or key may change while running). */
  client: () => JobsClient;
  pollIntervalMs?: number;
  maxBackoffMs?: number;
  downloadConcurrency?: number;
  /** "app" or "cli": who holds the lock, for messages. */
  holder?: string;
  lockStaleMs?: number;
  /** Backoff while a local fault lasts: first retry after `min`, doubling up to `max` (ms). */
  localFaultRetryMs?: { min: number; max: number };
  /**
   * Runs before a submission is recorded; throwing refuses it without a job (the app's own
   * refusals, such as "add your key first", never become failed jobs). It answers the key's
   * counters as last known, recorded on the job as `countsBefore`.
   */
  beforeSubmit?: () => Promise<KnownCounts | null | void>;
  /** The clock movement is stamped with (tests move it; what "stalled" is measured against). */
  now?: () => number;
}

/** What a submission call produced: the outputs to track or download, and the raw answer. */
export interface SubmitResult {
  outputs: JobOutput[];
  raw?: unknown;
  meta?: Record<string, string | null>;
}

export function createJobsService(options: JobsServiceOptions) {
  const store = new JobStore(join(options.dataDir, 'jobs'));
  const emitter = new TypedEmitter<JobsEvents>();
  const intervalMs = options.pollIntervalMs ?? 5000;
  const poller = new Poller({ intervalMs, maxBackoffMs: options.maxBackoffMs ?? 60_000 });
  const lock = new DataLock({
    dir: options.dataDir,
    holder: options.holder ?? 'app',
    staleMs: options.lockStaleMs,
    onLost: () => {
      emitter.emit('lock-changed', { held: false, holder: null });
      wake(); // follow the new holder's records
    },
  });
  const controllers = new Map<string, AbortController>();
  const finishedSeen = new Set<string>();
  const pendingCalls = new Set<Promise<void>>();
  const pollAbort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let closed = false;
  /** No tick is scheduled: this process holds the lock and no job needs polling or saving. */
  let idle = false;
  let jobsWatcher: FSWatcher | undefined;
  const now = options.now ?? Date.now;
  const movedNow = (): string => new Date(now()).toISOString();

  /** A job as it leaves the service: with whether Download again has something to fetch. */
  const summary = (job: Job): JobSummary => ({
    ...summarizeJob(job),
    redownloadable: actions.canRedownload(job),
  });

  function emitJob(job: Job): void {
    if (!isFinalJobState(job.state)) wake();
    const out = summary(job);
    emitter.emit('job-updated', out);
    if (isFinalJobState(job.state) && !finishedSeen.has(job.id)) {
      finishedSeen.add(job.id);
      emitter.emit('job-finished', out);
    }
  }

  // a result removed from the library can now be downloaded again: say so to whoever shows it
  const offLibrary = options.library.on('changed', (change) => {
    if (change.removed.length === 0) return;
    const gone = new Set(change.removed);
    for (const job of store.list())
      if (
        isFinalJobState(job.state) &&
        job.outputs.some((o) => o.libraryItemId && gone.has(o.libraryItemId))
      )
        emitter.emit('job-updated', summary(job));
  });

  async function update(id: string, change: (job: Job) => Job | null): Promise<Job | undefined> {
    const before = store.get(id);
    const job = await store.update(id, change);
    if (job && job !== before) emitJob(job);
    return job;
  }

  const saving = createSaving({
    library: options.library,
    client: () => options.client(),
    get: (id) => store.get(id),
    update,
    progress: (job) => emitter.emit('job-updated', summary(job)),
    controllers,
    now,
    retryBackoffMs: (count) => poller.backoffMs(count),
    localFaultRetryMs: options.localFaultRetryMs,
    closed: () => closed,
  });

  /** A pending (or synchronous running) job whose process is gone may have been charged. */
  function orphaned(job: Job): boolean {
    if (!(job.state === 'pending' || (job.synchronous && job.state === 'running'))) return false;
    if (!job.owner) return true;
    if (job.owner.pid === process.pid && job.owner.host === hostname())
      return !controllers.has(job.id);
    if (job.owner.host === hostname()) return !pidAlive(job.owner.pid);
    return Date.now() - Date.parse(job.updatedAt) > 24 * 3600_000;
  }

  async function recover(): Promise<void> {
    for (const job of store.list())
      if (orphaned(job)) await update(job.id, (j) => (orphaned(j) ? interruptJob(j) : null));
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
      await update(job.id, (j) =>
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
        await options.library.repair();
        emitter.emit('lock-changed', { held: true, holder: options.holder ?? 'app' });
      }
    }
    const { changed } = await store.refresh();
    for (const job of changed) emitJob(job);
    if (!lock.held) return; // another process polls and downloads; we only follow its records
    await recover();
    await actions.reconcileDue();
    const client = options.client();
    await poller.poll(
      client,
      store.list(),
      applyAnswer,
      (tracking, error, retryInMs) => emitter.emit('poll-failed', { tracking, error, retryInMs }),
      { force, signal: pollAbort.signal },
    );
    const limit = options.downloadConcurrency ?? 2;
    for (const job of store.list()) {
      if (saving.count() >= limit) break;
      if (job.state === 'downloading') saving.start(job);
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
    saving.busy() || pendingCalls.size > 0 || store.list().some((j) => !isFinalJobState(j.state));

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
      Math.min(intervalMs, 1000),
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
      jobsWatcher = watch(join(options.dataDir, 'jobs'), () => wake());
      jobsWatcher.on('error', () => undefined);
    } catch {
      jobsWatcher = undefined; // no folder to watch: keep ticking instead
      idle = false;
      timer = setTimeout(() => void runTick().finally(schedule), Math.min(intervalMs, 1000));
    }
  }

  /** Persists the job as `pending` BEFORE anything is sent, then runs `call` in the background. */
  async function submit(
    n: NewJob,
    call: (signal: AbortSignal) => Promise<SubmitResult>,
  ): Promise<Job> {
    // what it answers (the key's counters as last known) is recorded with the job: the renderer
    // shows what a submission spent without a key-info round trip before it sends
    const countsBefore = (await options.beforeSubmit?.()) ?? null;
    // the controller is registered before the record exists on disk, so a concurrent tick's
    // recover() never mistakes the new pending job for an orphan of a dead process
    const record = { ...createJobRecord(n), countsBefore };
    const ctl = new AbortController();
    controllers.set(record.id, ctl);
    const job = await store.save(record).catch((e: unknown) => {
      controllers.delete(record.id);
      throw e;
    });
    emitJob(job);
    const done = (async () => {
      if (n.synchronous)
        await update(job.id, (j) =>
          j.state === 'pending' ? { ...j, state: 'running', progress: 0.05 } : null,
        );
      try {
        const res = await call(ctl.signal);
        const { kept, ignored, warning } = capOutputs(n.kind, res.outputs);
        if (ignored > 0)
          log.warn(
            'the service answered more results than one submission yields; the rest ignored',
            {
              jobId: job.id,
              kind: n.kind,
              answered: res.outputs.length,
              kept: kept.length,
            },
          );
        const serviceIds = kept.flatMap((o) => (o.serviceId ? [o.serviceId] : []));
        await update(job.id, (j) => {
          const recorded = {
            ...j,
            serviceIds,
            outputs: kept,
            ignoredOutputs: ignored,
            warnings: warning ? [...j.warnings, warning].slice(-8) : j.warnings,
            lastResponse: res.raw,
            meta: { ...j.meta, ...res.meta },
            owner: null,
          };
          if (j.state === 'cancelled') return recorded; // keep what the service made, stay cancelled
          return settle({ ...recorded, state: 'submitted', submittedAt: new Date().toISOString() });
        });
      } catch (e) {
        // an aborted call was cancelled, not failed; it never leaves a running record without an
        // owner (that would read as an orphan and be marked interrupted)
        await update(job.id, (j) =>
          j.state === 'cancelled'
            ? { ...j, owner: null }
            : ctl.signal.aborted
              ? { ...cancelledJob(j), owner: null }
              : failJob(j, e),
        );
      } finally {
        controllers.delete(job.id);
      }
      void runTick(true);
    })();
    pendingCalls.add(done);
    void done.finally(() => pendingCalls.delete(done));
    return job;
  }
  function cancelledJob(j: Job): Job {
    return {
      ...j,
      state: 'cancelled',
      finishedAt: new Date().toISOString(),
      error: { code: 'cancelled', message: 'Cancelled.' },
    };
  }

  const settling = (s: Job['state']): boolean => s === 'submitted' || s === 'running';
  const CANCELLED_REST = 'Cancelled before the service finished it.';

  async function cancel(id: string): Promise<Job | undefined> {
    // results the service has finished are paid for: cancelling stops waiting for the rest and
    // still saves those into the library (the job ends done, saying what was cancelled)
    const current = store.get(id);
    const ready = current?.outputs.some((o) => o.status === 'complete' && o.mediaUrl);
    if (current && ready && settling(current.state))
      return update(id, (j) =>
        settling(j.state)
          ? settle({
              ...j,
              outputs: j.outputs.map((o) =>
                o.status === 'queued' || o.status === 'streaming'
                  ? { ...o, status: 'failed', failReason: CANCELLED_REST }
                  : o,
              ),
            })
          : null,
      );
    // abort at once (an upload must stop now); the call's error handler and this update both
    // record `cancelled`, and updates of one job are serialised by the store
    controllers.get(id)?.abort();
    return update(id, (j) => (isFinalJobState(j.state) ? null : cancelledJob(j)));
  }

  function waitFor(id: string, timeoutMs = 0): Promise<Job> {
    return new Promise((resolve, reject) => {
      const current = store.get(id);
      if (current && isFinalJobState(current.state)) return resolve(current);
      let timeout: NodeJS.Timeout | undefined;
      const off = emitter.on('job-finished', (j) => {
        if (j.id !== id) return;
        off();
        clearTimeout(timeout);
        resolve(store.get(id) ?? (j as Job));
      });
      if (timeoutMs > 0) {
        timeout = setTimeout(() => {
          off();
          reject(new AppError('timeout', 'The job did not finish in time.'));
        }, timeoutMs);
      }
    });
  }

  const actions = createJobActions({
    get: (id) => store.get(id),
    list: () => store.list(),
    update,
    clones: () => options.client(),
    library: options.library,
    now,
    pollNow: () => runTick(true).finally(schedule),
    async restartSaving(id) {
      await saving.restart(id);
      finishedSeen.delete(id);
    },
  });

  return {
    on: <K extends keyof JobsEvents>(name: K, listener: (p: JobsEvents[K]) => void) =>
      emitter.on(name, listener),
    async open(): Promise<void> {
      await store.open();
      for (const job of store.list()) if (isFinalJobState(job.state)) finishedSeen.add(job.id);
      await runTick(true);
      schedule();
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      jobsWatcher?.close();
      pollAbort.abort();
      saving.abortAll();
      await ticking;
      await saving.settled();
      // a synchronous call can take minutes: give it a moment, then leave it; if this process
      // exits before it answers, the next start marks the job interrupted
      await Promise.race([
        Promise.allSettled([...pendingCalls]),
        new Promise((r) => setTimeout(r, 2000).unref()),
      ]);
      await lock.release();
      offLibrary();
      emitter.removeAll();
    },
    list: (): JobSummary[] => store.list().map(summary),
    /** Records this version shows as unknown and never changes (newer schema, unknown kind/state). */
    foreign: () => store.foreign(),
    get: (id: string): Job | undefined => store.get(id),
    /** Whether this process holds the lock (polls and downloads). */
    isPolling: (): boolean => lock.held,
    lockHolder: () => lock.holder(),
    /** Polls now (a "refresh" button; tests). */
    pollNow: (): Promise<void> => runTick(true),
    submit,
    /** Starts tracking ids the service already gave (a song made elsewhere, the CLI's `track`). */
    async track(n: {
      kind: Job['kind'];
      tracking: Tracking;
      ids: string[];
      label: string;
      libraryKind?: LibraryKind | null;
    }): Promise<Job> {
      const cap = kindFacts(n.kind).maxOutputs;
      if (n.ids.length > cap)
        throw new AppError(
          'invalid_argument',
          `Choose at most ${cap.toLocaleString('en-US')} songs to follow at a time.`,
        );
      const job = createJobRecord({
        kind: n.kind,
        synchronous: false,
        tracking: n.tracking,
        request: { ids: n.ids, tracking: n.tracking },
        label: n.label,
      });
      const outputs = n.ids.map((id) =>
        output({
          serviceId: id,
          status: 'queued',
          libraryKind: n.libraryKind === undefined ? 'song' : n.libraryKind,
        }),
      );
      const saved = await store.save(
        settle({
          ...job,
          owner: null,
          state: 'submitted',
          submittedAt: job.createdAt,
          serviceIds: n.ids,
          outputs,
        }),
      );
      emitJob(saved);
      void runTick(true);
      return saved;
    },
    cancel,
    redownload: (id: string): Promise<Job> => actions.redownload(id),
    /** Whether "Download again" has something to fetch for this job now. */
    canRedownload: (job: Job): boolean => actions.canRedownload(job),
    checkAgain: (id: string): Promise<Job> => actions.checkAgain(id),
    /** An interrupted clone: the user says this voice is the one it made. */
    adoptCandidate: (id: string, serviceId: string): Promise<Job> => actions.adopt(id, serviceId),
    /** An interrupted clone: the user says none of the voices offered is theirs. */
    rejectCandidates: (id: string): Promise<Job> => actions.rejectCandidates(id),
    now,
    /** Forgets a finished job's record (its library items stay). */
    async remove(id: string): Promise<void> {
      const job = store.get(id);
      if (job && !isFinalJobState(job.state))
        throw new AppError('busy', 'Cancel the job before removing it.');
      await store.remove(id);
    },
    waitFor,
    owner: thisOwner,
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
