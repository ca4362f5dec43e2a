import { isFinalJobState, type Job, type JobOutput } from '@shared/domain/jobs';
import { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';
import type { Library } from '../library/library';
import { logger } from '../log';
import {
  adoptCandidate,
  claimedSpeakers,
  cloneCandidates,
  isReconcilable,
  rejectCandidates,
  withCandidates,
  type ClonesPort,
} from './reconcile';

const log = logger('jobs');

/**
 * What the user can do to a job that is not moving or whose result went missing — check again,
 * download again, and answer an interrupted clone's candidates — on top of the jobs service's
 * store. None of them ever submits anything: only an explicit Retry does.
 */
export interface ActionDeps {
  get(id: string): Job | undefined;
  list(): readonly Job[];
  update(id: string, change: (job: Job) => Job | null): Promise<Job | undefined>;
  clones(): Partial<ClonesPort>;
  library: Library;
  now(): number;
  /** Polls the service now (ignoring backoff) and starts any saving that is due. */
  pollNow(): Promise<void>;
  /** Forgets a job's download attempts and stops its current one (it is about to start over). */
  restartSaving(id: string): Promise<void>;
}

/** After a failed clone list, the automatic look waits this long before trying again. */
const RECONCILE_RETRY_MS = 60_000;

export function createJobActions(deps: ActionDeps) {
  let nextAutoAtMs = 0;

  function require(id: string): Job {
    const job = deps.get(id);
    if (!job) throw appError('not_found', 'errors:jobs.notListed');
    return job;
  }

  /** Looks through the clone list for the given interrupted clones; answers whether it could. */
  async function lookForClones(jobs: readonly Job[]): Promise<boolean> {
    const list = deps.clones().voices?.listClones;
    if (jobs.length === 0 || !list) return false;
    const clones = await list();
    const at = new Date(deps.now()).toISOString();
    for (const job of jobs) {
      const found = cloneCandidates(job, clones, claimedSpeakers(deps.list(), job.id));
      await deps.update(job.id, (j) => withCandidates(j, found, at));
    }
    return true;
  }

  /** Which outputs of a job "Download again" fetches. */
  function againOf(job: Job): (o: JobOutput) => boolean {
    return (o) =>
      o.libraryKind !== null &&
      o.mediaUrl !== null &&
      (o.status === 'complete' ||
        // failed while saving (an older version failed jobs on local errors), not by the service
        (o.status === 'failed' && job.error?.code !== 'in_band' && !o.failReason) ||
        (o.status === 'saved' && !(o.libraryItemId && deps.library.get(o.libraryItemId))));
  }

  /** Whether "Download again" has something to fetch for this job now. */
  function canRedownload(job: Job): boolean {
    const finalOrSaving = isFinalJobState(job.state) || job.state === 'downloading';
    return finalOrSaving && job.outputs.some(againOf(job));
  }

  /** Whether a result is missing that the creator did not move to the trash themselves. */
  function hasLost(job: Job): boolean {
    const again = againOf(job);
    return canRedownload(job) && job.outputs.some((o) => again(o) && !o.trashed);
  }

  return {
    canRedownload,
    hasLost,

    /** Once per interrupted clone (the lock holder, each tick): look for the voice it may have made. */
    async reconcileDue(): Promise<void> {
      if (deps.now() < nextAutoAtMs) return;
      const due = deps.list().filter((j) => isReconcilable(j) && j.candidatesCheckedAt === null);
      try {
        await lookForClones(due);
      } catch (e) {
        nextAutoAtMs = deps.now() + RECONCILE_RETRY_MS;
        log.warn('the clone list could not be read to reconcile interrupted clones', e);
      }
    },

    /**
     * Check again: asks the service now. An active job is polled at once; an interrupted clone
     * has the clone list looked through again. The job records when it was checked.
     */
    async checkAgain(id: string): Promise<Job> {
      const job = require(id);
      const at = new Date(deps.now()).toISOString();
      if (isReconcilable(job)) {
        if (!(await lookForClones([job])))
          // English only: an invariant (every runtime that reconciles clones can list them)
          throw new AppError('internal', 'The clone list cannot be read here.');
      } else if (isFinalJobState(job.state)) {
        throw appError('busy', 'errors:jobs.nothingToCheck');
      } else {
        await deps.pollNow();
      }
      return (await deps.update(id, (j) => ({ ...j, checkedAt: at }))) ?? job;
    },

    async adopt(id: string, serviceId: string): Promise<Job> {
      require(id);
      const next = await deps.update(id, (j) => adoptCandidate(j, serviceId));
      if (!next) throw appError('not_found', 'errors:jobs.notListed');
      log.info('interrupted clone reconciled by the user', { job: id, speaker: serviceId });
      return next;
    },

    async rejectCandidates(id: string): Promise<Job> {
      require(id);
      const next = await deps.update(id, rejectCandidates);
      if (!next) throw appError('not_found', 'errors:jobs.notListed');
      return next;
    },

    /**
     * Downloads a job's results again from the recorded media URLs (never a new submission):
     * each output whose library item is gone, that failed while saving, or that a stalled save
     * holds, is fetched and saved anew.
     */
    async redownload(id: string): Promise<Job> {
      const job = require(id);
      if (!isFinalJobState(job.state) && job.state !== 'downloading')
        throw appError('busy', 'errors:jobs.stillRunning');
      if (!canRedownload(job))
        throw appError('invalid_argument', 'errors:jobs.nothingToRedownload');
      await deps.restartSaving(id);
      const again = againOf(job);
      const next = await deps.update(id, (j) => ({
        ...j,
        state: 'downloading',
        error: null,
        finishedAt: null,
        waiting: null,
        movedAt: new Date(deps.now()).toISOString(),
        outputs: j.outputs.map((o) =>
          again(o)
            ? {
                ...o,
                status: 'complete',
                failReason: null,
                failReasonKey: null,
                receivedBytes: 0,
                trashed: false,
              }
            : o,
        ),
      }));
      void deps.pollNow();
      return next ?? job;
    },
  };
}
