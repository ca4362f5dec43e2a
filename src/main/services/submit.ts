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
import type { CoversService } from './covers';
import type { VideosService } from './videos';
import type { JobsHost } from './jobs-host';
import type { SongsService } from './songs';
import type { VoicesService } from './voices';

/** Sends a job's recorded intent (its `request`) through the kind's one submission path. */
export type Submitter = (request: Record<string, unknown>) => Promise<Job>;

export interface SubmitterDeps {
  songs: Pick<SongsService, 'submitAgain' | 'importAgain'>;
  voices: Pick<VoicesService, 'speakAgain' | 'cloneAgain'>;
  covers: Pick<CoversService, 'coverAgain' | 'trainAgain'>;
  videos: Pick<VideosService, 'singingAgain' | 'subtitlesAgain'>;
}

export function createSubmitters(deps: SubmitterDeps): Record<JobKind, Submitter> {
  return {
    'song-v2': (r) => deps.songs.submitAgain('song-v2', r),
    'song-v1': (r) => deps.songs.submitAgain('song-v1', r),
    tts: (r) => deps.voices.speakAgain(r),
    clone: (r) => deps.voices.cloneAgain(r),
    cover: (r) => deps.covers.coverAgain(r),
    'custom-singer': (r) => deps.covers.trainAgain(r),
    'singing-video': (r) => deps.videos.singingAgain(r),
    'subtitle-video': (r) => deps.videos.subtitlesAgain(r),
    'history-import': (r) => deps.songs.importAgain(r),
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
