import {
  isFinalJobState,
  type Job,
  type JobOutput,
  type KnownCounts,
  type Tracking,
} from '@shared/domain/jobs';
import { kindFacts } from '@shared/domain/job-kinds';
import type { LibraryKind } from '@shared/domain/library';
import { logger } from '../log';
import {
  capOutputs,
  createJobRecord,
  failJob,
  keyedFailReason,
  output,
  settle,
  type NewJob,
} from './records';
import { appError } from '@shared/app-error';
import type { JobStore } from './store';

const log = logger('jobs');

/** What a submission call produced: the outputs to track or download, and the raw answer. */
export interface SubmitResult {
  outputs: JobOutput[];
  raw?: unknown;
  meta?: Record<string, string | null>;
}

export interface SubmissionDeps {
  store: JobStore;
  update(id: string, change: (job: Job) => Job | null): Promise<Job | undefined>;
  emitJob(job: Job): void;
  /** Shared with saving and the ticker: each running call or save is aborted through its own. */
  controllers: Map<string, AbortController>;
  /** The synchronous calls running in this process (the ticker and close wait on them). */
  pendingCalls: Set<Promise<void>>;
  beforeSubmit?: (() => Promise<KnownCounts | null | void>) | undefined;
  /** Polls at once (a job was submitted, tracked or answered). */
  pollSoon(): void;
}

const settling = (s: Job['state']): boolean => s === 'submitted' || s === 'running';

function cancelledJob(j: Job): Job {
  return {
    ...j,
    state: 'cancelled',
    finishedAt: new Date().toISOString(),
    error: { code: 'cancelled', message: 'Cancelled.', key: 'errors:cancelled' },
  };
}

/**
 * How work enters and leaves tracking: a submission recorded before its call is sent, ids the
 * service already gave, and cancelling (which aborts the call or stops waiting for the rest).
 */
export function createSubmission(deps: SubmissionDeps) {
  const { store, update, emitJob, controllers, pendingCalls } = deps;

  /** Persists the job as `pending` BEFORE anything is sent, then runs `call` in the background. */
  async function submit(
    n: NewJob,
    call: (signal: AbortSignal) => Promise<SubmitResult>,
  ): Promise<Job> {
    // what it answers (the key's counters as last known) is recorded with the job: the renderer
    // shows what a submission spent without a key-info round trip before it sends
    const countsBefore = (await deps.beforeSubmit?.()) ?? null;
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
      deps.pollSoon();
    })();
    pendingCalls.add(done);
    void done.finally(() => pendingCalls.delete(done));
    return job;
  }

  /** Starts tracking ids the service already gave (a song made elsewhere, the CLI's `track`). */
  async function track(n: {
    kind: Job['kind'];
    tracking: Tracking;
    ids: string[];
    label: string;
    libraryKind?: LibraryKind | null;
  }): Promise<Job> {
    const cap = kindFacts(n.kind).maxOutputs;
    if (n.ids.length > cap)
      throw appError('invalid_argument', 'errors:jobs.followMax', { max: cap });
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
    deps.pollSoon();
    return saved;
  }

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
                  ? { ...o, status: 'failed', ...keyedFailReason('errors:jobs.cancelledRest') }
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

  return { submit, track, cancel };
}
