/**
 * songs:* — create (V2, V1 quick mode, extensions), write lyrics, play a song job's output, list
 * library songs (to extend and compare takes), and the service's history with import.
 */
import { summarizeJob } from '@shared/domain/jobs';
import { AppError } from '@shared/errors';
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
      if (!job || !isSongJob(job))
        throw new AppError('not_found', 'That song job is no longer listed.');
      const output = job.outputs[index];
      if (!output) throw new AppError('not_found', 'That song is not part of the job.');
      const saved = output.libraryItemId ? rt.library.get(output.libraryItemId) : undefined;
      if (saved) return { url: libraryMediaUrl(saved.file) };
      if (output.status === 'failed')
        throw new AppError('not_found', output.failReason ?? 'This song failed.');
      if (!output.mediaUrl || output.status === 'queued')
        throw new AppError(
          'not_found',
          'Nothing to play yet: the service has not started this song.',
        );
      const id = await mediaCache.cacheRemote(output.mediaUrl);
      return { url: cacheMediaUrl(id) };
    },
    history: () => songs.history(),
    async importHistory(_ctx, songIds) {
      return toJobView(summarizeJob(await songs.importHistory(songIds)));
    },
  };
}
