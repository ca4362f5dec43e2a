/**
 * Songs: the Create form's and the CLI's one entry point. It turns a request into a job through
 * the jobs submitters (so it is persisted before anything is sent, polled, downloaded into the
 * library), applies the spec's rules on the way, and resolves extensions against the library.
 *
 *   const songs = createSongsService({ runtime, events: jobsHost, client: () => core.client() });
 *   const job = await songs.create({ mode: 'custom', prompt: 'city pop', title: 'Neon', lyrics });
 *   const sent = await songs.waitUntilSent(job.id);     // the service answered (or failed)
 *   const items = await songs.finish((await jobs.waitFor(job.id)).id);   // library items
 */
import type { Job, JobSummary } from '@shared/domain/jobs';
import type { LibraryItem } from '@shared/domain/library';
import type { LyricsResult, Song } from '@shared/domain/service';
import type { MusicV1Input, SubmitSongInput } from '@shared/domain/service-inputs';
import { appError } from '@shared/app-error';
import { fieldError } from '@shared/errors';
import { CreateSongRequestSchema, type CreateSongRequest } from '@shared/ipc/songs';
import type { JobsService, KindSubmitters } from '../jobs';
import type { Library } from '../library/library';
import { resolveExtension } from './extension';
import { importFromHistory, listHistory } from './history';
import { createSongSubmitters, type SongSubmitClient } from './submit';

export const SONG_JOB_KINDS: readonly Job['kind'][] = ['song-v2', 'song-v1'];
export const isSongJob = (job: Pick<Job, 'kind'>): boolean => SONG_JOB_KINDS.includes(job.kind);

export interface SongsClient extends SongSubmitClient {
  songs: SongSubmitClient['songs'] & {
    lyrics(prompt: string, opts?: { signal?: AbortSignal }): Promise<LyricsResult>;
    query(ids: readonly string[], opts?: { signal?: AbortSignal }): Promise<Song[]>;
    /** GET /v3/music/tasks without ids (the key's song history). */
    history(opts?: { signal?: AbortSignal }): Promise<Song[]>;
  };
}

/** The library and jobs the songs go through (core's jobs host opens them). */
export interface SongsRuntime {
  jobs: Pick<JobsService, 'get' | 'list' | 'on' | 'cancel' | 'track' | 'submit'>;
  library: Pick<Library, 'get' | 'findByServiceId' | 'updateMeta' | 'items'>;
}

export interface SongsServiceDeps {
  runtime: () => Promise<SongsRuntime>;
  /** Job events that outlive a switch of library folder (core's jobs host). */
  events: { on(name: 'job-finished', listener: (job: JobSummary) => void): () => void };
  client: () => SongsClient;
}

/** Custom mode's own fields, the same for V1, V2 and an extension: an instrumental has no lyrics. */
const customFields = (req: Pick<CreateSongRequest, 'title' | 'lyrics' | 'instrumental'>) => ({
  title: req.title,
  lyrics: req.instrumental ? undefined : req.lyrics,
  instrumental: req.instrumental ?? false,
});

export function createSongsService(deps: SongsServiceDeps) {
  const finishing = new Map<string, Promise<LibraryItem[]>>();
  /** Titles from the last history listing, for the import job's label. */
  const historyTitles = new Map<string, string>();

  /** Items a finished song job saved; an extension's items also name the parent's song id and continue_at. */
  async function finishNow(jobId: string): Promise<LibraryItem[]> {
    const { jobs, library } = await deps.runtime();
    const job = jobs.get(jobId);
    if (!job) throw appError('not_found', 'errors:jobGone');
    const extend =
      typeof job.request.extend === 'object' && job.request.extend
        ? (job.request.extend as { songId?: unknown; continueAtS?: unknown })
        : undefined;
    const parentSongId = extend?.songId;
    const continueAtS = typeof extend?.continueAtS === 'number' ? extend.continueAtS : null;
    const items: LibraryItem[] = [];
    for (const id of job.resultItemIds) {
      let item = library.get(id);
      if (!item) continue;
      if (
        typeof parentSongId === 'string' &&
        (item.service_ids.parent_song_id !== parentSongId ||
          (continueAtS !== null && item.continue_at_s !== continueAtS))
      ) {
        const parent = library.findByServiceId(parentSongId);
        item = await library.updateMeta(id, {
          service_ids: { ...item.service_ids, parent_song_id: parentSongId },
          parent_id: item.parent_id ?? (parent && parent.id !== id ? parent.id : null),
          // where it continues its song (the whole-song renderer reads it)
          ...(continueAtS !== null ? { continue_at_s: continueAtS } : {}),
        });
      }
      items.push(item);
    }
    return items;
  }

  function finish(jobId: string): Promise<LibraryItem[]> {
    let run = finishing.get(jobId);
    if (!run) {
      run = finishNow(jobId).finally(() => finishing.delete(jobId));
      finishing.set(jobId, run);
    }
    return run;
  }

  async function submitters() {
    const { jobs, library } = await deps.runtime();
    return createSongSubmitters(jobs, deps.client, library);
  }

  deps.events.on('job-finished', (j) => {
    if (isSongJob(j) && j.state === 'done' && j.request.extend)
      void finish(j.id).catch(() => undefined);
  });

  return {
    async create(raw: CreateSongRequest): Promise<Job> {
      const parsed = CreateSongRequestSchema.safeParse(raw);
      if (!parsed.success) throw appError('invalid_argument', 'errors:songs.badRequest');
      const req = parsed.data;
      const { library } = await deps.runtime();
      const submit = await submitters();
      if (req.extend) {
        if (req.api === 'v1')
          throw fieldError(
            'api',
            'Quick mode (/v1/music) cannot extend a song; extensions use the V2 interface.',
          );
        const { extend } = await resolveExtension(req.extend, {
          library,
          query: (ids) => deps.client().songs.query(ids),
        });
        // Spec rule 1: with is_auto=1 the extension fields would be ignored, so always custom mode.
        return submit.songV2({
          mode: 'custom',
          prompt: req.prompt,
          modelVersion: req.modelVersion,
          ...customFields(req),
          extend,
        });
      }
      if (req.api === 'v1') {
        const input: MusicV1Input =
          req.mode === 'auto'
            ? { mode: 'auto', prompt: req.prompt }
            : { mode: 'custom', prompt: req.prompt, ...customFields(req) };
        return submit.songV1(input);
      }
      // Spec rules 1 and 3: description mode sends prompt and model only; instrumental drops lyrics.
      const input: SubmitSongInput =
        req.mode === 'auto'
          ? { mode: 'auto', prompt: req.prompt, modelVersion: req.modelVersion }
          : {
              mode: 'custom',
              prompt: req.prompt,
              modelVersion: req.modelVersion,
              ...customFields(req),
            };
      return submit.songV2(input);
    },

    /**
     * Retry of a song job: its recorded request (the intent) through the same submitter. An
     * extension is resolved and checked again (the song still there, the start within it).
     */
    async submitAgain(kind: 'song-v2' | 'song-v1', request: Record<string, unknown>): Promise<Job> {
      const submit = await submitters();
      if (kind === 'song-v1') return submit.songV1(request as unknown as MusicV1Input);
      const input = request as unknown as SubmitSongInput;
      if (!input.extend) return submit.songV2(input);
      const { library } = await deps.runtime();
      const { extend } = await resolveExtension(
        { songId: input.extend.songId, continueAtS: input.extend.continueAtS },
        { library, query: (ids) => deps.client().songs.query(ids) },
      );
      return submit.songV2({ ...input, extend });
    },

    /**
     * A song as a batch sends it (checked by the same submitters), the job's meta carrying the
     * batch's `tags` so a restart finds which slot it was.
     */
    async submitTagged(
      song: { api: 'v1'; input: MusicV1Input } | { api: 'v2'; input: SubmitSongInput },
      tags: Record<string, string>,
    ): Promise<Job> {
      const submit = await submitters();
      return song.api === 'v1' ? submit.songV1(song.input, tags) : submit.songV2(song.input, tags);
    },

    /** Retry of a history import: follows the recorded ids again (nothing is spent). */
    async importAgain(request: Record<string, unknown>): Promise<Job> {
      const ids = Array.isArray(request.ids)
        ? request.ids.filter((x): x is string => typeof x === 'string')
        : [];
      const { library, jobs } = await deps.runtime();
      return importFromHistory(ids, { library, jobs });
    },

    writeLyrics(prompt: string, signal?: AbortSignal): Promise<LyricsResult> {
      return deps.client().songs.lyrics(prompt, { signal });
    },

    /**
     * Resolves once the service answered the submission: the job is no longer `pending` (and, for
     * a synchronous /v1/music call, no longer `running`). A CLI may exit after this without
     * interrupting anything.
     */
    async waitUntilSent(jobId: string): Promise<Job> {
      const sent = (j: Job | JobSummary | undefined): boolean =>
        !!j && j.state !== 'pending' && !(j.synchronous && j.state === 'running');
      const { jobs } = await deps.runtime();
      return new Promise((resolve, reject) => {
        const now = jobs.get(jobId);
        if (!now) return reject(appError('not_found', 'errors:jobGone'));
        if (sent(now)) return resolve(now);
        const off = jobs.on('job-updated', (j) => {
          if (j.id !== jobId || !sent(j)) return;
          off();
          resolve(jobs.get(jobId) ?? (j as Job));
        });
      });
    },

    finish,

    /** Finished songs the service lists (/v3/music/tasks, no ids) that the library lacks. */
    async history() {
      const h = await listHistory({
        library: (await deps.runtime()).library,
        listTasks: () => deps.client().songs.history(),
      });
      for (const s of h.songs) historyTitles.set(s.songId, s.title);
      return h;
    },

    /** One job that downloads those songs into the library through /v3/music/tasks tracking. */
    async importHistory(songIds: readonly string[]): Promise<Job> {
      const { library, jobs } = await deps.runtime();
      return importFromHistory(songIds, {
        library,
        jobs,
        titles: songIds.map((id) => historyTitles.get(id) ?? ''),
      });
    },
  };
}

export type SongsService = ReturnType<typeof createSongsService>;

/** Retry's submitter for each kind this service sends (gathered in services/submit.ts). */
export const songSubmitters = (s: Pick<SongsService, 'submitAgain' | 'importAgain'>) =>
  ({
    'song-v2': (r) => s.submitAgain('song-v2', r),
    'song-v1': (r) => s.submitAgain('song-v1', r),
    'history-import': (r) => s.importAgain(r),
  }) satisfies KindSubmitters;
