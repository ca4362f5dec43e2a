import { basename, extname } from 'node:path';
import type { Job, JobKind } from '@shared/domain/jobs';
import type {
  CoverResult,
  CustomSingerTask,
  Song,
  TtsResult,
  VideoResult,
} from '@shared/domain/service';
import {
  MusicV1RulesSchema,
  SingingRulesSchema,
  SongRulesSchema,
  SubtitlesRulesSchema,
  TrainSingerRulesSchema,
  fieldErrorsOf,
  TtsInputSchema,
  type MusicV1Input,
  type SingingInput,
  type SubmitSongInput,
  type SubtitlesInput,
  type TrainSingerInput,
  type TtsInput,
} from '@shared/domain/service-inputs';
import { DEFAULT_MODEL_VERSION } from '@shared/domain/service-limits';
import { AppError, refuseFields } from '@shared/errors';
import type { Library } from '../library/library';
import { output, outputFromSong, videoOutputs } from './records';
import type { JobsService } from './service';

type Opts = { signal?: AbortSignal };

/** The capabilities submissions use; the real service client satisfies it. */
export interface SubmitClient {
  songs: {
    submit(input: SubmitSongInput, opts?: Opts): Promise<Song[]>;
    generateV1(input: MusicV1Input, opts?: Opts): Promise<Song[]>;
  };
  voices: {
    tts(input: TtsInput, opts?: Opts): Promise<TtsResult>;
  };
  covers: {
    create(
      input: {
        singerId: string | number;
        isCustomSinger: boolean;
        tranSemitones?: number;
        filePath?: string;
        videoSiteUrl?: string;
      },
      opts?: Opts,
    ): Promise<CoverResult>;
    trainSinger(input: TrainSingerInput, opts?: Opts): Promise<CustomSingerTask>;
  };
  singing: {
    generate(input: SingingInput, opts?: Opts): Promise<VideoResult>;
    subtitlesVideo(input: SubtitlesInput, opts?: Opts): Promise<VideoResult>;
  };
}

export type CoverJobInput = Parameters<SubmitClient['covers']['create']>[0] & {
  title?: string;
  singerName?: string;
};
/**
 * Kinds whose submission belongs to a feature service (a clone probes its recordings, reports
 * upload progress and updates the clone catalogue): retry sends them back through it.
 */
export interface Resubmitters {
  clone?: (request: Record<string, unknown>) => Promise<Job>;
}

const excerpt = (s: string, n = 48): string =>
  s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s;
const asRecord = (v: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(v)) as Record<string, unknown>;

/**
 * Typed submissions: each validates its input (nothing is persisted for a form error), persists
 * a `pending` job, and sends the request in the background. `retry` is a new submission of a
 * finished job's request, only ever on the user's request.
 */
export function createSubmitters(
  jobs: JobsService,
  client: () => SubmitClient,
  library?: Library,
  resubmit: Resubmitters = {},
) {
  const api = {
    songV2(input: SubmitSongInput): Promise<Job> {
      refuseFields(fieldErrorsOf(SongRulesSchema, input));
      const parent = input.extend ? library?.findByServiceId(input.extend.songId) : undefined;
      return jobs.submit(
        {
          kind: 'song-v2',
          synchronous: false,
          tracking: 'v2-query',
          request: asRecord(input),
          label: input.title || excerpt(input.prompt),
          meta: {
            prompt: input.prompt,
            model: input.modelVersion ?? DEFAULT_MODEL_VERSION,
            parent_id: parent?.id ?? null,
          },
        },
        async (signal) => {
          const songs = await client().songs.submit(input, { signal });
          return { outputs: songs.map((s) => outputFromSong(s)), raw: songs };
        },
      );
    },

    songV1(input: MusicV1Input): Promise<Job> {
      refuseFields(fieldErrorsOf(MusicV1RulesSchema, input));
      return jobs.submit(
        {
          kind: 'song-v1',
          synchronous: true,
          request: asRecord(input),
          label: input.title || excerpt(input.prompt),
          meta: { prompt: input.prompt, model: 'v1' },
        },
        async (signal) => {
          const songs = await client().songs.generateV1(input, { signal });
          return {
            outputs: songs.map((s) => outputFromSong({ ...s, status: 'complete' })),
            raw: songs,
          };
        },
      );
    },

    tts(input: TtsInput & { voiceName?: string }): Promise<Job> {
      refuseFields(fieldErrorsOf(TtsInputSchema, input));
      const title = excerpt(input.text.replace(/\s+/g, ' ').trim(), 60);
      return jobs.submit(
        {
          kind: 'tts',
          synchronous: true,
          request: asRecord(input),
          label: title,
          meta: {
            voice: input.voiceName ?? input.speaker,
            emotion: input.emotion ?? null,
            prompt: input.text,
          },
        },
        async (signal) => {
          const { voiceName: _v, ...call } = input;
          const res = await client().voices.tts(call, { signal });
          return {
            outputs: [
              output({
                serviceId: null,
                status: 'complete',
                libraryKind: 'tts',
                title,
                lyrics: input.text,
                mediaUrl: res.audioUrl,
              }),
            ],
            raw: res,
          };
        },
      );
    },

    cover(input: CoverJobInput): Promise<Job> {
      const source = input.filePath
        ? basename(input.filePath, extname(input.filePath))
        : (input.videoSiteUrl ?? 'Cover');
      const title = input.title || `${source} (cover)`;
      return jobs.submit(
        {
          kind: 'cover',
          synchronous: true,
          request: asRecord(input),
          label: title,
          meta: { singer: input.singerName ?? String(input.singerId) },
        },
        async (signal) => {
          const { title: _t, singerName: _s, ...call } = input;
          const res = await client().covers.create(call, { signal });
          return {
            outputs: [
              output({
                serviceId: null,
                status: 'complete',
                libraryKind: 'cover',
                title: res.title || title,
                mediaUrl: res.audioUrl,
                coverUrl: res.imageUrl ?? null,
              }),
            ],
            raw: res.raw,
          };
        },
      );
    },

    trainSinger(input: TrainSingerInput & { name?: string }): Promise<Job> {
      refuseFields(fieldErrorsOf(TrainSingerRulesSchema, input));
      return jobs.submit(
        {
          kind: 'custom-singer',
          synchronous: false,
          tracking: 'custom-singer',
          request: asRecord(input),
          label: `Singer: ${input.name ?? 'custom'}`,
        },
        async (signal) => {
          const { name: _n, ...call } = input;
          const task = await client().covers.trainSinger(call, { signal });
          const status =
            task.status === 'complete' ? 'saved' : task.status === 'failed' ? 'failed' : 'queued';
          return {
            outputs: [
              output({ serviceId: task.id, status, libraryKind: null, title: input.name ?? '' }),
            ],
            raw: task.raw,
            meta: { singer: task.id },
          };
        },
      );
    },

    singingVideo(input: SingingInput & { title?: string }): Promise<Job> {
      refuseFields(fieldErrorsOf(SingingRulesSchema, input));
      const title = input.title || 'Singing video';
      return jobs.submit(
        { kind: 'singing-video', synchronous: true, request: asRecord(input), label: title },
        async (signal) => {
          const { title: _t, ...call } = input;
          const res = await client().singing.generate(call, { signal });
          return { outputs: videoOutputs(res, 'singing-video', title), raw: res.raw };
        },
      );
    },

    subtitleVideo(input: SubtitlesInput & { title?: string }): Promise<Job> {
      refuseFields(fieldErrorsOf(SubtitlesRulesSchema, input));
      const title = input.title || 'Subtitle video';
      return jobs.submit(
        { kind: 'subtitle-video', synchronous: true, request: asRecord(input), label: title },
        async (signal) => {
          const { title: _t, ...call } = input;
          const res = await client().singing.subtitlesVideo(call, { signal });
          return { outputs: videoOutputs(res, 'subtitle-video', title), raw: res.raw };
        },
      );
    },

    /** Copies a local audio or video file into the library, as a job so it shows in the list. */
    importFile(path: string, title?: string): Promise<Job> {
      if (!library) throw new AppError('internal', 'No library to import into.');
      const lib = library;
      const label = title || basename(path, extname(path));
      return jobs.submit(
        { kind: 'import', synchronous: true, request: { path, title: label }, label },
        async () => {
          const item = await lib.importFile(path, { title: label });
          return {
            outputs: [
              output({
                serviceId: null,
                status: 'saved',
                libraryKind: item.kind,
                title: label,
                libraryItemId: item.id,
                fileName: item.file,
              }),
            ],
          };
        },
      );
    },
  };

  const byKind: Record<JobKind, (request: Record<string, unknown>) => Promise<Job>> = {
    'song-v2': (r) => api.songV2(r as SubmitSongInput),
    'song-v1': (r) => api.songV1(r as MusicV1Input),
    tts: (r) => api.tts(r as TtsInput),
    cover: (r) => api.cover(r as CoverJobInput),
    clone: (r) => {
      if (!resubmit.clone)
        throw new AppError('internal', 'Voice clones cannot be sent again here.');
      return resubmit.clone(r);
    },
    'custom-singer': (r) => api.trainSinger(r as TrainSingerInput),
    'singing-video': (r) => api.singingVideo(r as SingingInput),
    'subtitle-video': (r) => api.subtitleVideo(r as SubtitlesInput),
    // a history import follows the same ids again (nothing is spent)
    'history-import': (r) =>
      jobs.track({
        kind: 'history-import',
        tracking: 'v3-tasks',
        ids: Array.isArray(r.ids) ? r.ids.filter((x): x is string => typeof x === 'string') : [],
        label: 'Import: songs from the service',
        libraryKind: 'song',
      }),
    import: (r) =>
      api.importFile(String(r.path), typeof r.title === 'string' ? r.title : undefined),
  };

  return {
    ...api,
    /** A NEW submission of a failed, cancelled or interrupted job's request (the user asked). */
    retry(jobId: string): Promise<Job> {
      const job = jobs.get(jobId);
      if (!job) throw new AppError('not_found', 'That job is no longer listed.');
      if (job.state !== 'failed' && job.state !== 'cancelled' && job.state !== 'interrupted') {
        throw new AppError('busy', 'Only a failed, cancelled or interrupted job can be retried.');
      }
      return byKind[job.kind](job.request);
    },
  };
}

export type Submitters = ReturnType<typeof createSubmitters>;
