/**
 * songs:* — create (V2, V1 quick mode, extensions), write lyrics, play a song job's output, list
 * library songs (to extend and compare takes), and the service's history with import.
 */
import { summarizeJob } from '@shared/domain/jobs';
import { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';
import { toJobView } from '@shared/ipc/jobs';
import type { Core } from '../../services/core';
import { cacheMediaUrl, libraryMediaUrl } from '../../services/media-protocol/handler';
import { isSongJob } from '../../services/songs';
import type { NamespaceHandlers } from '../ipc';

export function songsHandlers({
  songs,
  jobsHost,
  mediaCache,
}: Pick<Core, 'songs' | 'jobsHost' | 'mediaCache'>): NamespaceHandlers<'songs'> {
  return {
    async create(_ctx, request) {
      return toJobView(summarizeJob(await songs.create(request)));
    },
    writeLyrics: (_ctx, prompt) => songs.writeLyrics(prompt),
    async preview(_ctx, jobId, index) {
      const rt = await jobsHost.runtime();
      const job = rt.jobs.get(jobId);
      if (!job || !isSongJob(job)) throw appError('not_found', 'errors:songs.jobNotListed');
      const output = job.outputs[index];
      if (!output) throw appError('not_found', 'errors:songs.notInJob');
      const saved = output.libraryItemId ? rt.library.get(output.libraryItemId) : undefined;
      if (saved) return { url: libraryMediaUrl(saved.file) };
      if (output.status === 'failed')
        throw output.failReason
          ? // the output's own reason: keyed when Cadenza wrote it (failReasonKey), else the
            // service's words as they came
            new AppError('not_found', output.failReason, {
              ...(output.failReasonKey
                ? { key: output.failReasonKey.key, params: output.failReasonKey.params ?? {} }
                : {}),
            })
          : appError('not_found', 'errors:songs.failed');
      if (!output.mediaUrl || output.status === 'queued')
        throw appError('not_found', 'errors:songs.notStarted');
      const id = await mediaCache.cacheRemote(output.mediaUrl);
      return { url: cacheMediaUrl(id) };
    },
    history: () => songs.history(),
    async importHistory(_ctx, songIds) {
      return toJobView(summarizeJob(await songs.importHistory(songIds)));
    },
  };
}
