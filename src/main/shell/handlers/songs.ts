/**
 * songs:* — create (V2, V1 quick mode, extensions), write lyrics, play a song job's output, list
 * library songs (to extend and compare takes), and the service's history with import.
 */
import { summarizeJob } from '@shared/domain/jobs';
import { AppError } from '@shared/errors';
import { toJobView } from '@shared/ipc/jobs';
import type { JobsRuntime } from '../../services/core';
import type { MediaCache } from '../../services/media/cache';
import { cacheMediaUrl, libraryMediaUrl } from '../../services/media/handler';
import {
  createSongsService,
  isSongJob,
  type SongsClient,
  type SongsService,
} from '../../services/songs';
import type { NamespaceHandlers } from '../ipc';

export interface SongsHandlerDeps {
  runtime(): Promise<JobsRuntime>;
  client(): SongsClient;
  /** Main's cache of remote media (songs still streaming); previews are unavailable without it. */
  mediaCache?: Pick<MediaCache, 'cacheRemote'>;
}

export function songsHandlers(deps: SongsHandlerDeps): NamespaceHandlers<'songs'> {
  const services = new WeakMap<JobsRuntime, SongsService>();
  const songsOf = async (): Promise<{ rt: JobsRuntime; songs: SongsService }> => {
    const rt = await deps.runtime();
    let songs = services.get(rt);
    if (!songs) {
      songs = createSongsService({
        jobs: rt.jobs,
        submit: rt.submit,
        library: rt.library,
        client: deps.client,
      });
      services.set(rt, songs);
    }
    return { rt, songs };
  };

  return {
    async create(_ctx, request) {
      const { songs } = await songsOf();
      return toJobView(summarizeJob(await songs.create(request)));
    },
    async writeLyrics(_ctx, prompt) {
      const { songs } = await songsOf();
      return songs.writeLyrics(prompt);
    },
    async preview(_ctx, jobId, index) {
      const { rt } = await songsOf();
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
      if (!deps.mediaCache)
        throw new AppError('internal', 'Playing while generating is not available.');
      const id = await deps.mediaCache.cacheRemote(output.mediaUrl);
      return { url: cacheMediaUrl(id) };
    },
    async librarySongs() {
      const { songs } = await songsOf();
      return songs.librarySongs();
    },
    async history() {
      const { songs } = await songsOf();
      return songs.history();
    },
    async importHistory(_ctx, songIds) {
      const { songs } = await songsOf();
      return toJobView(summarizeJob(await songs.importHistory(songIds)));
    },
  };
}
