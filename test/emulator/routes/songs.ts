import { lyricsFromPrompt, titleFromPrompt } from '../catalog';
import { mp3FrameCount, mp3Frames } from '../media/mp3';
import { songMp3 } from '../media/song-audio';
import { delay, exhausted, ok, readJson, sendJson, type Ctx } from '../http';
import { MODEL_LIMITS, SONG_DONE_STEP, type EmulatorState, type SongRecord } from '../state';
import { Validator } from '../validate';
import type { Route } from './route';

export const MODEL_VERSIONS = ['v4.5-plus', 'v4.5', 'v4.0', 'v3.5', 'v3.0'] as const;

/** A prompt containing this marker makes both songs of the submission fail while generating. */
export const FAIL_MARKER = '#fail';

export function streamUrl(state: EmulatorState, song: SongRecord): string {
  return `${state.serviceUrl}/media/stream/${song.songId}.mp3`;
}
export function finalAudioUrl(state: EmulatorState, song: SongRecord): string {
  return `${state.mediaUrl}/media/song/${song.songId}.mp3`;
}
export function imageUrl(state: EmulatorState, song: SongRecord): string {
  return `${state.mediaUrl}/media/image/${song.songId}.png`;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The item `/v2/submit` and `/v2/query` answer. */
export function v2Item(
  state: EmulatorState,
  song: SongRecord,
  fromQuery: boolean,
): Record<string, unknown> {
  const s = state.songState(song);
  const blank = fromQuery && state.config.vocabulary === 'logged';
  return {
    song_id: song.songId,
    title: blank ? '' : song.title,
    lyric: blank ? '' : song.lyric,
    tags: song.tags,
    model_version: song.modelVersion,
    image: imageUrl(state, song),
    audio: streamUrl(state, song),
    audio_duration: s === 'complete' ? song.durationMs : -1,
    status: state.v2Word(s),
  };
}

/**
 * A `/v3/music/tasks` record: `id` is the task id (what `?ids=` takes), `song_id` a different uuid
 * that stays "" while the task is queued or processing (as logged from the real service).
 */
export function v3Item(state: EmulatorState, song: SongRecord): Record<string, unknown> {
  const status = state.v3Status(song);
  const failed = status === 3;
  return {
    id: song.taskId,
    title: song.title,
    style: song.tags,
    duration: status === 0 ? song.durationMs : 0,
    audio_url:
      status === 0 ? finalAudioUrl(state, song) : status === 2 ? streamUrl(state, song) : '',
    cover_url: imageUrl(state, song),
    status,
    song_id: status === 1 || status === 4 ? '' : song.songId,
    lyric: song.lyric,
    fail_code: failed ? 1001 : null,
    fail_reason: failed ? 'Generation failed: the audio could not be produced' : '',
  };
}

function commonSongFields(v: Validator, isAutoRequired: boolean) {
  return {
    isAuto: v.int('is_auto', { required: isAutoRequired, min: 0, max: 1 }),
    prompt: v.str('prompt', { required: true, min: 1, max: 180 }),
    title: v.str('title', { max: 80 }),
    lyrics: v.str('lyrics'),
    instrumental: v.int('instrumental', { min: 0, max: 1 }) ?? 0,
  };
}

async function submitV2(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx);
  if (!body) return;
  const v = new Validator(body);
  const f = commonSongFields(v, true);
  const modelVersion = v.literal('model_version', MODEL_VERSIONS) ?? 'v3.5';
  const continueAtS = v.number('continue_at', { min: 0 });
  const continueSongId = v.str('continue_song_id') ?? '';
  if (v.answer(ctx) || f.prompt === undefined) return;
  const custom = f.isAuto === 0;
  // Rule 1: with is_auto=1 only prompt and model_version are applied.
  const instrumental = custom && f.instrumental === 1;
  const lyricsLimit = MODEL_LIMITS[modelVersion]?.maxLyricsWords ?? 3000;
  if (custom && !instrumental && f.lyrics && wordCount(f.lyrics) > lyricsLimit) {
    v.valueError(
      'lyrics',
      `lyrics must be at most ${lyricsLimit} words for ${modelVersion}`,
      f.lyrics,
    );
  }
  let parent: SongRecord | undefined;
  if (custom && continueSongId !== '') {
    parent = ctx.state.songs.get(continueSongId);
    if (!parent) {
      v.valueError('continue_song_id', 'song not found', continueSongId);
    } else {
      const done = ctx.state.songState(parent) === 'complete';
      const maxS = parent.durationMs / 1000;
      if (!done)
        v.valueError('continue_song_id', 'the song to extend is not complete', continueSongId);
      else if (!continueAtS || continueAtS <= 0 || continueAtS > maxS) {
        v.valueError(
          'continue_at',
          `continue_at must be greater than 0 and at most the song duration (${maxS} s)`,
          continueAtS ?? 0,
        );
      }
    }
  }
  if (v.answer(ctx)) return;
  if (!ctx.state.spend('key_music_counts')) return exhausted(ctx, 'key_music_counts');
  const variants = Array.from({ length: ctx.state.config.songsPerSubmission }, (_, i) => i);
  const items = variants.map((variant) => {
    const song = ctx.state.addSong({
      via: 'v2',
      prompt: f.prompt!,
      title: custom && f.title ? f.title : titleFromPrompt(f.prompt!, variant),
      lyric: instrumental ? '' : custom && f.lyrics ? f.lyrics : lyricsFromPrompt(f.prompt!),
      tags: f.prompt!,
      modelVersion,
      instrumental,
      isAuto: !custom,
      willFail: f.prompt!.toLowerCase().includes(FAIL_MARKER),
      ...(parent ? { parentSongId: parent.songId, continueAtS } : {}),
    });
    return v2Item(ctx.state, song, false);
  });
  ok(ctx, items);
}

function queryV2(ctx: Ctx): void {
  const ids = (ctx.url.searchParams.get('song_id') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ctx.url.searchParams.has('song_id')) {
    sendJson(ctx.res, 422, {
      detail: [{ type: 'missing', loc: ['query', 'song_id'], msg: 'Field required', input: null }],
    });
    return;
  }
  const found = ids
    .map((id) => ctx.state.songs.get(id))
    .filter((s): s is SongRecord => s !== undefined);
  if (found.length === 0) return ok(ctx, {});
  ok(
    ctx,
    found.map((s) => v2Item(ctx.state, s, true)),
  );
}

async function musicV1(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx);
  if (!body) return;
  const v = new Validator(body);
  const f = commonSongFields(v, true);
  if (v.answer(ctx) || f.prompt === undefined) return;
  const custom = f.isAuto === 0;
  const instrumental = custom && f.instrumental === 1;
  if (!ctx.state.spend('key_music_counts')) return exhausted(ctx, 'key_music_counts');
  await delay(ctx.state.config.stepMs);
  if (f.prompt.toLowerCase().includes(FAIL_MARKER)) {
    ctx.state.counters.key_music_counts += 1; // nothing was made
    return ok(ctx, {});
  }
  const variants = Array.from({ length: ctx.state.config.songsPerSubmission }, (_, i) => i);
  const items = variants.map((variant) => {
    const song = ctx.state.addSong({
      via: 'v1',
      prompt: f.prompt!,
      title: custom && f.title ? f.title : titleFromPrompt(f.prompt!, variant),
      lyric: instrumental ? '' : custom && f.lyrics ? f.lyrics : lyricsFromPrompt(f.prompt!),
      tags: f.prompt!,
      modelVersion: 'v3.5',
      instrumental,
      isAuto: !custom,
      willFail: false,
    });
    return {
      item_uuid: song.songId,
      title: song.title,
      // Logged from the real service: newlines doubly escaped (a literal backslash-n).
      lyric: song.lyric.replace(/\n/g, '\\n'),
      tags: song.tags,
      audio_file: finalAudioUrl(ctx.state, song),
      image_file: imageUrl(ctx.state, song),
    };
  });
  ok(ctx, items);
}

function tasksV3(ctx: Ctx): void {
  const raw = ctx.url.searchParams.get('ids') ?? ctx.url.searchParams.get('id') ?? '';
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const all = [...ctx.state.songs.values()];
  const picked = ids.length ? all.filter((s) => ids.includes(s.taskId)) : all;
  const items = picked.map((s) => v3Item(ctx.state, s));
  sendJson(ctx.res, 200, ctx.state.config.tasksWrapped ? { data: items } : items);
}

async function lyrics(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx);
  if (!body) return;
  const v = new Validator(body);
  const prompt = v.str('prompt', { required: true, min: 1, max: 180 });
  if (v.answer(ctx) || prompt === undefined) return;
  ok(ctx, { text: lyricsFromPrompt(prompt), title: titleFromPrompt(prompt) });
}

const STREAM_TICK_MS = 40;

/** Service-origin audio URL: streams frames while generating, then redirects to the final MP3. */
function streamAudio(ctx: Ctx): void {
  const { state, res } = ctx;
  const song = state.songs.get(ctx.params[0] ?? '');
  if (!song) return sendJson(res, 404, { detail: 'Not Found' });
  const redirect = (): void => {
    res.writeHead(302, { location: finalAudioUrl(state, song), 'content-length': '0' });
    res.end();
  };
  if (state.songState(song) === 'complete') return redirect();
  if (state.songState(song) === 'error')
    return sendJson(res, 404, { detail: 'audio not available' });
  if (ctx.req.method === 'HEAD') {
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    res.end();
    return;
  }
  // A growing stream: no Content-Length, frames are written as the song "generates".
  res.writeHead(200, { 'content-type': 'audio/mpeg', 'cache-control': 'no-store' });
  if (state.config.songAudio === 'tones') return streamTones(ctx, song);
  const totalFrames = mp3FrameCount(song.durationMs);
  let sent = 0;
  const tick = (): void => {
    if (res.destroyed) return clearInterval(timer);
    if (state.songState(song) === 'error') {
      clearInterval(timer);
      res.destroy(); // generation failed: the stream breaks off
      return;
    }
    const done = state.songStep(song) >= SONG_DONE_STEP;
    const due = done ? totalFrames : Math.floor(totalFrames * state.songProgress(song));
    if (due > sent) {
      res.write(mp3Frames(due - sent));
      sent = due;
    }
    if (done || sent >= totalFrames) {
      clearInterval(timer);
      res.end();
    }
  };
  const timer = setInterval(tick, STREAM_TICK_MS);
  res.on('close', () => clearInterval(timer));
  tick();
}

/** The melody's MP3 bytes, written as the song "generates" (songAudio 'tones'). */
function streamTones(ctx: Ctx, song: SongRecord): void {
  const { state, res } = ctx;
  let sent = 0;
  const bytes = songMp3(state, song);
  const tick = async (): Promise<void> => {
    const all = await bytes;
    if (res.destroyed) return clearInterval(timer);
    if (state.songState(song) === 'error') {
      clearInterval(timer);
      res.destroy();
      return;
    }
    const done = state.songStep(song) >= SONG_DONE_STEP;
    const due = done ? all.length : Math.floor(all.length * state.songProgress(song));
    if (due > sent) {
      res.write(all.subarray(sent, due));
      sent = due;
    }
    if (done) {
      clearInterval(timer);
      res.end();
    }
  };
  const timer = setInterval(() => void tick().catch(() => res.destroy()), STREAM_TICK_MS);
  res.on('close', () => clearInterval(timer));
  void tick().catch(() => res.destroy());
}

export const songRoutes: Route[] = [
  { method: 'POST', pattern: '/v2/submit', handler: submitV2 },
  { method: 'GET', pattern: '/v2/query', handler: queryV2 },
  { method: 'POST', pattern: '/v1/music', handler: musicV1 },
  { method: 'GET', pattern: '/v3/music/tasks', handler: tasksV3 },
  { method: 'POST', pattern: '/v1/lyrics', handler: lyrics },
  { method: 'GET', pattern: /^\/media\/stream\/([\w-]+)\.mp3$/, handler: streamAudio, auth: false },
];
