import { join } from 'node:path';
import {
  isFinalJobState,
  summarizeJob,
  type Job,
  type JobSummary,
  type KnownCounts,
  type Tracking,
} from '@shared/domain/jobs';
import type { AppErrorShape } from '@shared/errors';
import { appError } from '@shared/app-error';
import { TypedEmitter } from '../ground/events';
import type { Library } from '../library/library';
import { DataLock } from './lock';
import { Poller, type PollClient } from './poller';
import { thisOwner } from './records';
import { createJobActions } from './actions';
import { createSaving } from './saving';
import type { ClonesPort } from './reconcile';
import type { DownloadPort } from './saver';
import { JobStore } from './store';
import { createSubmission } from './submission';
import { createTicker } from './ticker';

export type { SubmitResult } from './submission';

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

export function createJobsService(options: JobsServiceOptions) {
  const jobsDir = join(options.dataDir, 'jobs');
  const store = new JobStore(jobsDir);
  const emitter = new TypedEmitter<JobsEvents>();
  const holder = options.holder ?? 'app';
  const poller = new Poller({
    intervalMs: options.pollIntervalMs ?? 5000,
    maxBackoffMs: options.maxBackoffMs ?? 60_000,
  });
  const lock = new DataLock({
    dir: options.dataDir,
    holder,
    staleMs: options.lockStaleMs,
    onLost: () => {
      emitter.emit('lock-changed', { held: false, holder: null });
      ticker.wake(); // follow the new holder's records
    },
  });
  const controllers = new Map<string, AbortController>();
  const finishedSeen = new Set<string>();
  const pendingCalls = new Set<Promise<void>>();
  const now = options.now ?? Date.now;

  /** A job as it leaves the service: with whether Download again has something to fetch. */
  const summary = (job: Job): JobSummary => ({
    ...summarizeJob(job),
    redownloadable: actions.canRedownload(job),
    lost: actions.hasLost(job),
  });

  function emitJob(job: Job): void {
    if (!isFinalJobState(job.state)) ticker.wake();
    const out = summary(job);
    emitter.emit('job-updated', out);
    if (isFinalJobState(job.state) && !finishedSeen.has(job.id)) {
      finishedSeen.add(job.id);
      emitter.emit('job-finished', out);
    }
  }

  // a result removed from the library can now be downloaded again, and one that came back (a
  // moved file re-linked, a drive plugged in again) no longer can: say so to whoever shows it
  const offLibrary = options.library.on('changed', (change) => {
    if (change.removed.length === 0 && change.added.length === 0) return;
    const touched = new Set([...change.removed, ...change.added]);
    for (const job of store.list())
      if (
        isFinalJobState(job.state) &&
        job.outputs.some((o) => o.libraryItemId && touched.has(o.libraryItemId))
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
    closed: () => ticker.closed(),
  });

  const ticker = createTicker({
    store,
    lock,
    poller,
    library: options.library,
    saving,
    client: () => options.client(),
    update,
    emitJob,
    lockTaken: () => emitter.emit('lock-changed', { held: true, holder }),
    pollFailed: (tracking, error, retryInMs) =>
      emitter.emit('poll-failed', { tracking, error, retryInMs }),
    reconcileDue: () => actions.reconcileDue(),
    controllers,
    pendingCalls,
    jobsDir,
    intervalMs: options.pollIntervalMs ?? 5000,
    downloadConcurrency: options.downloadConcurrency ?? 2,
    now,
  });
  const runTick = ticker.runTick;

  const { submit, track, cancel } = createSubmission({
    store,
    update,
    emitJob,
    controllers,
    pendingCalls,
    beforeSubmit: options.beforeSubmit,
    pollSoon: () => void runTick(true),
  });

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
          reject(appError('timeout', 'errors:jobs.timedOut'));
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
    pollNow: () => runTick(true).finally(ticker.schedule),
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
      ticker.schedule();
    },
    async close(): Promise<void> {
      const ticking = ticker.stop();
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
    track,
    cancel,
    redownload: (id: string): Promise<Job> => actions.redownload(id),
    /** A job as the app shows it: whether Download again has something, whether a result is lost. */
    summary,
    /**
     * The creator is moving these library items to the trash (or, `trashed` false, the move
     * failed): the outputs that became them are marked, so a result deleted on purpose is never
     * reported as lost. Call before the move, so the library's change finds the mark.
     */
    async markTrashed(itemIds: readonly string[], trashed = true): Promise<void> {
      const ids = new Set(itemIds);
      const made = (o: Job['outputs'][number]) =>
        o.libraryItemId !== null && ids.has(o.libraryItemId);
      for (const job of store.list()) {
        if (!job.outputs.some((o) => made(o) && o.trashed !== trashed)) continue;
        await update(job.id, (j) => ({
          ...j,
          outputs: j.outputs.map((o) => (made(o) ? { ...o, trashed } : o)),
        }));
      }
    },
    checkAgain: (id: string): Promise<Job> => actions.checkAgain(id),
    /** An interrupted clone: the user says this voice is the one it made. */
    adoptCandidate: (id: string, serviceId: string): Promise<Job> => actions.adopt(id, serviceId),
    /** An interrupted clone: the user says none of the voices offered is theirs. */
    rejectCandidates: (id: string): Promise<Job> => actions.rejectCandidates(id),
    now,
    /** Forgets a finished job's record (its library items stay). */
    async remove(id: string): Promise<void> {
      const job = store.get(id);
      if (job && !isFinalJobState(job.state)) throw appError('busy', 'errors:jobs.cancelFirst');
      await store.remove(id);
    },
    waitFor,
    owner: thisOwner,
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
