import { SongSchema, type Song, type SongStatus } from '@shared/domain/service';
import {
  durationMsFrom,
  int,
  isObject,
  pickStr,
  pickUrl,
  realNewlines,
  str,
  type Json,
} from '../ground/lenient';

/**
 * Song records from /v1/music, /v2/submit + /v2/query and /v3/music/tasks, normalised into one
 * Song shape. Vocabularies per API-NOTES: V2 strings in either the spec's or the logged words,
 * V3 integers.
 */

const V2_IN_PROGRESS = new Set([
  'stream',
  'streaming',
  'running',
  'pending',
  'queued',
  'processing',
  'submitted',
]);
const V2_QUEUED = new Set(['pending', 'queued', 'submitted']);
const V2_DONE = new Set(['complete', 'completed', 'finished', 'success', 'succeeded']);
const V2_FAILED = new Set(['error', 'failed', 'failure', 'fail']);

function v2Status(
  rawStatus: string | undefined,
  durationMs: number | undefined,
  audioUrl: string | undefined,
): SongStatus {
  const s = (rawStatus ?? '').trim().toLowerCase();
  if (V2_FAILED.has(s)) return 'failed';
  if (V2_DONE.has(s) || durationMs !== undefined) return 'complete';
  // The audio URL exists from the start, but plays nothing until the song streams.
  if (V2_QUEUED.has(s)) return 'queued';
  if (V2_IN_PROGRESS.has(s)) return audioUrl ? 'streaming' : 'queued';
  // An unknown word: keep polling; say "streaming" only when there is something to play.
  return audioUrl ? 'streaming' : 'queued';
}

/** V3 integer status: 0 complete, 1 queued, 2 streaming, 4 processing, 3 or negative failed. */
export function v3Status(
  status: number | undefined,
  audioUrl: string | undefined,
  failed: boolean,
): SongStatus {
  if (failed || status === 3 || (status !== undefined && status < 0)) return 'failed';
  if (status === 0) return 'complete';
  if (status === 2) return audioUrl ? 'streaming' : 'queued';
  return audioUrl && status !== 1 && status !== 4 ? 'streaming' : 'queued';
}

function common(obj: Json): Pick<Song, 'title' | 'lyrics' | 'tags'> {
  return {
    title: pickStr(obj, 'title') ?? '',
    lyrics: realNewlines(pickStr(obj, 'lyric', 'lyrics', 'prompt_lyrics') ?? ''),
    tags: pickStr(obj, 'tags', 'style', 'prompt') ?? '',
  };
}

function finish(song: Song): Song | undefined {
  const parsed = SongSchema.safeParse(song);
  return parsed.success ? parsed.data : undefined;
}

function withOptional(song: Song, extra: Partial<Song>): Song {
  for (const [k, v] of Object.entries(extra))
    if (v !== undefined) (song as Record<string, unknown>)[k] = v;
  return song;
}

export function songFromV2(item: unknown): Song | undefined {
  if (!isObject(item)) return undefined;
  const id = pickStr(item, 'song_id', 'songId', 'id');
  if (!id) return undefined;
  const rawStatus = str(item.status);
  const audioUrl = pickUrl(item, 'audio', 'audio_url', 'audioUrl', 'stream_audio_url');
  const durationMs = durationMsFrom(item.audio_duration ?? item.audioDuration ?? item.duration);
  const status = v2Status(rawStatus, durationMs, audioUrl);
  const song: Song = { id, api: 'v2', status, ...common(item) };
  return finish(
    withOptional(song, {
      rawStatus,
      audioUrl,
      imageUrl: pickUrl(item, 'image', 'image_url', 'imageUrl', 'image_file'),
      durationMs,
      failReason:
        status === 'failed' ? pickStr(item, 'fail_reason', 'error_message', 'message') : undefined,
    }),
  );
}

export function songFromV1(item: unknown): Song | undefined {
  if (!isObject(item)) return undefined;
  const audioUrl = pickUrl(item, 'audio_file', 'audio', 'audio_url', 'url');
  const id = pickStr(item, 'item_uuid', 'song_id', 'id', 'uuid') ?? audioUrl;
  if (!id || !audioUrl) return undefined;
  const song: Song = { id, api: 'v1', status: 'complete', ...common(item) };
  return finish(
    withOptional(song, {
      audioUrl,
      imageUrl: pickUrl(item, 'image_file', 'image', 'image_url'),
      durationMs: durationMsFrom(item.duration ?? item.audio_duration),
    }),
  );
}

/** A string field with empty (or blank) values treated as absent. */
const present = (obj: Json, ...names: string[]): string | undefined => {
  for (const n of names) {
    const v = pickStr(obj, n)?.trim();
    if (v) return v;
  }
  return undefined;
};

/**
 * A V3 task record: keyed by `id`, the task id that `?ids=` takes; `song_id` is a different value
 * ("" while the task is processing) kept as `songId`. A record without a task id falls back to its
 * song id.
 */
export function songFromV3(item: unknown): Song | undefined {
  if (!isObject(item)) return undefined;
  const songId = present(item, 'song_id');
  const id = present(item, 'id', 'task_id') ?? songId;
  if (!id) return undefined;
  const audioUrl = pickUrl(item, 'audio_url', 'audioUrl', 'audio');
  const failCode = int(item.fail_code ?? item.failCode);
  const failReason = pickStr(item, 'fail_reason', 'failReason')?.trim() || undefined;
  const statusNum = int(item.status);
  const status = v3Status(statusNum, audioUrl, failCode !== undefined || failReason !== undefined);
  const durationMs = durationMsFrom(item.duration);
  const song: Song = { id, api: 'v3', status, ...common(item) };
  return finish(
    withOptional(song, {
      songId,
      rawStatus: str(item.status),
      audioUrl,
      imageUrl: pickUrl(item, 'cover_url', 'image_url', 'image'),
      durationMs,
      failCode,
      failReason:
        status === 'failed'
          ? (failReason ?? (failCode !== undefined ? `Failure code ${failCode}` : undefined))
          : undefined,
    }),
  );
}

/** The list of records in an answer: a bare array, `data: [...]`, `data: {…one…}` or `{}` (none). */
export function recordList(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (isObject(data)) {
    for (const k of ['data', 'items', 'songs', 'list', 'tasks', 'result']) {
      const v = data[k];
      if (Array.isArray(v)) return v;
    }
    if (Object.keys(data).length > 0) return [data];
  }
  return [];
}
