/**
 * One submitter per job kind, beside the composition root: `Record<JobKind, Submitter>`, so a kind
 * added to the registry (`shared/domain/job-kinds.ts`) without a submitter fails to compile. Each
 * entry is the feature's own submission path, fed the job's recorded intent — the same function
 * the first submission went through, with its checks (files, links measured, the song to extend),
 * upload progress, job record and sidecar. Retry is always the user's choice (`jobs:retry`).
 */
import { kindFacts, type JobKind } from '@shared/domain/job-kinds';
import type { Job } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import { coverSubmitters } from './covers';
import { videoSubmitters } from './videos';
import type { Submitter } from './jobs';
import type { JobsHost } from './jobs-host';
import { songSubmitters } from './songs';
import { voiceSubmitters } from './voices';

export interface SubmitterDeps {
  songs: Parameters<typeof songSubmitters>[0];
  voices: Parameters<typeof voiceSubmitters>[0];
  covers: Parameters<typeof coverSubmitters>[0];
  videos: Parameters<typeof videoSubmitters>[0];
}

/**
 * Each feature declares its kinds' submitters beside their first submission (`songSubmitters`
 * in songs/service.ts…); a kind no feature declares fails to compile here.
 */
export function createSubmitters(deps: SubmitterDeps): Record<JobKind, Submitter> {
  return {
    ...songSubmitters(deps.songs),
    ...voiceSubmitters(deps.voices),
    ...coverSubmitters(deps.covers),
    ...videoSubmitters(deps.videos),
    import: () => {
      throw appError('invalid_argument', 'errors:oldImport');
    },
  };
}

/** A NEW submission of a failed, cancelled or interrupted job's intent (the user asked). */
export async function retryJob(
  host: Pick<JobsHost, 'runtime'>,
  submitters: Record<JobKind, Submitter>,
  jobId: string,
): Promise<Job> {
  const { jobs } = await host.runtime();
  const job = jobs.get(jobId);
  if (!job) throw appError('not_found', 'errors:jobGone');
  if (job.state !== 'failed' && job.state !== 'cancelled' && job.state !== 'interrupted')
    throw appError('busy', 'errors:retryStates');
  if (kindFacts(job.kind).retry === 'none')
    throw appError('invalid_argument', 'errors:notResendable');
  return submitters[job.kind](job.request);
}
