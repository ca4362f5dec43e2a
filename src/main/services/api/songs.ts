import {
  mergeSong,
  LyricsResultSchema,
  type LyricsResult,
  type Song,
} from '@shared/domain/service';
import {
  refuseInput,
  LyricsPromptSchema,
  MusicV1RulesSchema,
  SongRulesSchema,
  type MusicV1Input,
  type SubmitSongInput,
} from '@shared/domain/service-inputs';
import { DEFAULT_MODEL_VERSION, QUERY_BATCH_SIZE } from '@shared/domain/service-limits';
import { badResponse, type CallContext } from './errors';
import { isObject, pickStr, realNewlines } from '../ground/lenient';
import { recordList, songFromV1, songFromV2, songFromV3 } from './song-records';
import type { Transport } from './transport';

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface SongsApi {
  /** POST /v2/submit: two songs, usually still in progress; poll them with `query`. */
  submit(input: SubmitSongInput, opts?: CallOptions): Promise<Song[]>;
  /**
   * GET /v2/query for any number of ids (batched). `known` songs supply text the answer leaves
   * empty. Ids the service does not answer about are missing from the result.
   */
  query(ids: readonly string[], opts?: CallOptions & { known?: readonly Song[] }): Promise<Song[]>;
  /** POST /v1/music (synchronous, long): two finished songs. */
  generateV1(input: MusicV1Input, opts?: CallOptions): Promise<Song[]>;
  /** GET /v3/music/tasks for any number of ids (batched). */
  tasks(ids: readonly string[], opts?: CallOptions & { known?: readonly Song[] }): Promise<Song[]>;
  /**
   * GET /v3/music/tasks without ids: the key's song history, as far as the service lists it (a
   * deployment that needs ids answers an empty list or a 422, which becomes an AppError).
   */
  history(opts?: CallOptions): Promise<Song[]>;
  /** POST /v1/lyrics: lyrics and a title from a short idea. */
  lyrics(prompt: string, opts?: CallOptions): Promise<LyricsResult>;
}

/** Input field names of the song forms, by the service's field names (for 422 details). */
const SONG_FIELDS: Record<string, string> = {
  model_version: 'modelVersion',
  continue_at: 'continueAtS',
  continue_song_id: 'extend',
  is_auto: 'mode',
};

/** The JSON body /v2/submit gets. An extension always goes in custom mode (spec rule 1). */
export function submitBody(input: SubmitSongInput): Record<string, unknown> {
  const modelVersion = input.modelVersion ?? DEFAULT_MODEL_VERSION;
  const custom = input.mode === 'custom' || input.extend !== undefined;
  if (!custom) return { is_auto: 1, prompt: input.prompt, model_version: modelVersion };
  const body: Record<string, unknown> = {
    is_auto: 0,
    prompt: input.prompt,
    model_version: modelVersion,
    instrumental: input.instrumental ? 1 : 0,
  };
  if (input.title !== undefined && input.title !== '') body.title = input.title;
  if (!input.instrumental && input.lyrics !== undefined && input.lyrics !== '')
    body.lyrics = input.lyrics;
  if (input.extend) {
    body.continue_song_id = input.extend.songId;
    body.continue_at = input.extend.continueAtS;
  }
  return body;
}

export function musicV1Body(input: MusicV1Input): Record<string, unknown> {
  if (input.mode === 'auto') return { is_auto: 1, prompt: input.prompt };
  const body: Record<string, unknown> = {
    is_auto: 0,
    prompt: input.prompt,
    instrumental: input.instrumental ? 1 : 0,
  };
  if (input.title) body.title = input.title;
  if (!input.instrumental && input.lyrics) body.lyrics = input.lyrics;
  return body;
}

function chunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ''))];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += QUERY_BATCH_SIZE)
    out.push(unique.slice(i, i + QUERY_BATCH_SIZE));
  return out;
}

function mergeKnown(songs: Song[], known: readonly Song[] | undefined): Song[] {
  if (!known?.length) return songs;
  const byId = new Map(known.map((s) => [s.id, s]));
  return songs.map((s) => mergeSong(byId.get(s.id), s));
}

export function createSongsApi(t: Transport, longTimeoutMs: number): SongsApi {
  const submitCtx: CallContext = {
    action: 'create the song',
    counter: 'key_music_counts',
    fieldNames: SONG_FIELDS,
    mayCharge: true,
  };
  const queryCtx: CallContext = { action: 'check on the song' };

  async function pollBatched(
    ids: readonly string[],
    path: string,
    param: string,
    fromRecord: (r: unknown) => Song | undefined,
    opts: CallOptions & { known?: readonly Song[] },
  ) {
    const found: Song[] = [];
    for (const batch of chunks(ids)) {
      const spec = {
        method: 'GET' as const,
        path,
        query: { [param]: batch.join(',') },
        signal: opts.signal,
        ctx: queryCtx,
      };
      // Enveloped or not (/v3 answers a bare array or {data: [...]}); an in-band failure throws.
      const { data } = await t.enveloped(spec);
      const wanted = new Set(batch);
      for (const rec of recordList(data)) {
        const song = fromRecord(rec);
        if (song && wanted.has(song.id)) found.push(song);
      }
    }
    return mergeKnown(found, opts.known);
  }

  return {
    async submit(input, opts = {}) {
      refuseInput(SongRulesSchema, input);
      const { data, body, key } = await t.enveloped({
        method: 'POST',
        path: '/v2/submit',
        json: submitBody(input),
        signal: opts.signal,
        timeoutMs: opts.timeoutMs,
        ctx: submitCtx,
      });
      const songs = recordList(data)
        .map(songFromV2)
        .filter((s): s is Song => s !== undefined);
      if (songs.length === 0) throw badResponse(submitCtx, 'no songs in it', body, key);
      return songs;
    },

    query(ids, opts = {}) {
      return pollBatched(ids, '/v2/query', 'song_id', songFromV2, opts);
    },

    tasks(ids, opts = {}) {
      return pollBatched(ids, '/v3/music/tasks', 'ids', songFromV3, opts);
    },

    async history(opts = {}) {
      const { data } = await t.enveloped({
        method: 'GET',
        path: '/v3/music/tasks',
        signal: opts.signal,
        timeoutMs: opts.timeoutMs,
        ctx: { action: 'list your songs on the service' },
      });
      return recordList(data)
        .map(songFromV3)
        .filter((s): s is Song => s !== undefined);
    },

    async generateV1(input, opts = {}) {
      refuseInput(MusicV1RulesSchema, input);
      const ctx: CallContext = { ...submitCtx, fieldNames: {} };
      const { data, body, key } = await t.enveloped({
        method: 'POST',
        path: '/v1/music',
        json: musicV1Body(input),
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? longTimeoutMs,
        ctx,
      });
      const songs = recordList(data)
        .map(songFromV1)
        .filter((s): s is Song => s !== undefined);
      // A failed /v1/music answers `data: {}`.
      if (songs.length === 0)
        throw badResponse(ctx, 'no songs in it; the generation failed', body, key);
      return songs;
    },

    async lyrics(prompt, opts = {}) {
      refuseInput(LyricsPromptSchema, { prompt: prompt });
      const ctx: CallContext = { action: 'write the lyrics' };
      const { data, body, key } = await t.enveloped({
        method: 'POST',
        path: '/v1/lyrics',
        json: { prompt },
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? longTimeoutMs,
        ctx,
      });
      const rec = isObject(data) ? data : undefined;
      const text = rec
        ? pickStr(rec, 'text', 'lyrics', 'lyric')
        : typeof data === 'string'
          ? data
          : undefined;
      if (!text) throw badResponse(ctx, 'no lyrics in it', body, key);
      return LyricsResultSchema.parse({
        title: (rec && pickStr(rec, 'title')) ?? '',
        lyrics: realNewlines(text),
      });
    },
  };
}
