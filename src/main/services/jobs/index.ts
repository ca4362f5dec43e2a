/**
 * Jobs: persistent tracking of remote work (plain Node). The shell and the CLI wire it as:
 *
 *   const library = createLibrary({ dir, indexFile: join(dataDir, 'library-index.json') });
 *   await library.open();
 *   const jobs = createJobsService({ dataDir, library, client: () => core.client() });
 *   jobs.on('job-updated', send); jobs.on('job-finished', notify);
 *   await jobs.open();                       // takes the lock if free, resumes, polls
 *   const job = await jobs.submit({ kind: 'song-v2', … }, (signal) => send(signal)); // feature services
 *   const done = await jobs.waitFor(job.id);
 */
import type { JobKind } from '@shared/domain/job-kinds';
import type { Job } from '@shared/domain/jobs';

/** Sends a job's recorded intent (its `request`) through its kind's one submission path. */
export type Submitter = (request: Record<string, unknown>) => Promise<Job>;
/** What a feature service hands to services/submit.ts: a submitter for each kind it sends. */
export type KindSubmitters = Partial<Record<JobKind, Submitter>>;

export {
  createJobsService,
  type JobsService,
  type JobsServiceOptions,
  type JobsEvents,
  type JobsClient,
  type SubmitResult,
} from './service';
export { DataLock, pidAlive, type LockInfo } from './lock';
export { JobStore } from './store';
export { Poller, activeIds, type PollClient } from './poller';
