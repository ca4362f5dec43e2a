/**
 * The song submitters (`song-v2`, `song-v1`): validate (nothing is recorded for a form error),
 * record a `pending` job, send in the background. The Create form, the CLI and Retry all come
 * here: Retry hands the recorded request (the intent: prompt, model, lyrics, the extended song's
 * service id) back to the same function, which checks it again.
 */
import type { Job } from '@shared/domain/jobs';
import type { Song } from '@shared/domain/service';
import {
  MusicV1RulesSchema,
  SongRulesSchema,
  refuseInput,
  type MusicV1Input,
  type SubmitSongInput,
} from '@shared/domain/service-inputs';
import { DEFAULT_MODEL_VERSION } from '@shared/domain/service-limits';
import type { JobsService } from '../jobs';
import { outputFromSong } from '../jobs/records';
import type { Library } from '../library/library';

type Opts = { signal?: AbortSignal };

export interface SongSubmitClient {
  songs: {
    submit(input: SubmitSongInput, opts?: Opts): Promise<Song[]>;
    generateV1(input: MusicV1Input, opts?: Opts): Promise<Song[]>;
  };
}

const excerpt = (s: string, n = 48): string =>
  s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s;
const asRecord = (v: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(v)) as Record<string, unknown>;

export function createSongSubmitters(
  jobs: Pick<JobsService, 'submit'>,
  client: () => SongSubmitClient,
  library?: Pick<Library, 'findByServiceId'>,
) {
  return {
    /** `tags`: extra job meta (a batch's `batch_id` / `batch_slot`), never part of the request. */
    songV2(input: SubmitSongInput, tags: Record<string, string> = {}): Promise<Job> {
      refuseInput(SongRulesSchema, input);
      const parent = input.extend ? library?.findByServiceId(input.extend.songId) : undefined;
      return jobs.submit(
        {
          kind: 'song-v2',
          synchronous: false,
          tracking: 'v2-query',
          request: asRecord(input),
          label: input.title || excerpt(input.prompt),
          meta: {
            ...tags,
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

    songV1(input: MusicV1Input, tags: Record<string, string> = {}): Promise<Job> {
      refuseInput(MusicV1RulesSchema, input);
      return jobs.submit(
        {
          kind: 'song-v1',
          synchronous: true,
          request: asRecord(input),
          label: input.title || excerpt(input.prompt),
          meta: { ...tags, prompt: input.prompt, model: 'v1' },
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
  };
}
