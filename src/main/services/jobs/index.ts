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
