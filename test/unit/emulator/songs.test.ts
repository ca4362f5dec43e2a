import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index';
import { api, bytesOf, parseMp3, type Json } from './helpers';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ stepMs: 60 });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.reset();
  emu.configure({ stepMs: STEP_MS, songDurationMs: 6000 });
});

const submit = (json: Record<string, unknown>) => api(emu.url, '/v2/submit', { json });

const STEP_MS = 1000;

async function statusNow(songId: string): Promise<Json> {
  return (await api(emu.url, `/v2/query?song_id=${songId}`)).body.data[0];
}

/** Moves the emulator clock one step at a time, collecting the distinct statuses /v2/query answers. */
async function statusesOf(songId: string): Promise<string[]> {
  const seen: string[] = [];
  for (let step = 0; step <= 4; step++) {
    const item = await statusNow(songId);
    if (seen.at(-1) !== item.status) seen.push(item.status);
    emu.advance(STEP_MS);
  }
  return seen;
}

describe('emulator songs (V2)', () => {
  it('submits two songs whose status moves queued → stream → complete (spec vocabulary)', async () => {
    const { status, body } = await submit({
      is_auto: 1,
      prompt: 'dreamy synthwave, neon rain',
      model_version: 'v4.5',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 200, message: 'Success' });
    expect(body.data).toHaveLength(2);
    const item = body.data[0];
    expect(item).toMatchObject({
      status: 'queued',
      audio_duration: -1,
      tags: 'dreamy synthwave, neon rain',
    });
    expect(item.audio.startsWith(`${emu.url}/media/stream/`)).toBe(true);
    expect(item.image.startsWith(`${emu.mediaUrl}/media/image/`)).toBe(true);
    expect(item.title).not.toBe('');
    expect(item.lyric).toContain('[Verse]');
    expect(await statusesOf(item.song_id)).toEqual(['queued', 'stream', 'complete']);
    const done = await api(
      emu.url,
      `/v2/query?song_id=${body.data.map((d: Json) => d.song_id).join(',')}`,
    );
    expect(done.body.data).toHaveLength(2);
    expect(done.body.data[0].audio_duration).toBe(6000);
    expect(done.body.data[0].title).toBe(item.title);
  });

  it('speaks the logged vocabulary and blanks title/lyric in /v2/query', async () => {
    emu.configure({ vocabulary: 'logged' });
    const { body } = await submit({
      is_auto: 0,
      prompt: 'folk',
      title: 'River Song',
      lyrics: '[Verse]\nla la',
      model_version: 'v3.5',
    });
    expect(body.data[0]).toMatchObject({
      title: 'River Song',
      lyric: '[Verse]\nla la',
      status: 'PENDING',
    });
    expect(await statusesOf(body.data[0].song_id)).toEqual(['PENDING', 'RUNNING', 'FINISHED']);
    const q = await api(emu.url, `/v2/query?song_id=${body.data[0].song_id}`);
    expect(q.body.data[0]).toMatchObject({
      title: '',
      lyric: '',
      status: 'FINISHED',
      audio_duration: 6000,
    });
  });

  it('fails songs whose prompt carries the fail marker, in V2 and V3 terms', async () => {
    const { body } = await submit({ is_auto: 1, prompt: 'broken #fail' });
    const id = body.data[0].song_id;
    expect((await statusesOf(id)).at(-1)).toBe('error');
    const taskId = emu.songs().find((s) => s.songId === id)!.taskId;
    const tasks = await api(emu.url, `/v3/music/tasks?ids=${taskId}`);
    expect(tasks.body[0]).toMatchObject({ status: 3, fail_code: 1001 });
    expect(tasks.body[0].fail_reason).not.toBe('');
  });

  it('answers data: {} for unknown ids and 422 without song_id', async () => {
    expect((await api(emu.url, '/v2/query?song_id=nope')).body).toEqual({
      status: 200,
      message: 'Success',
      data: {},
    });
    const missing = await api(emu.url, '/v2/query');
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(['query', 'song_id']);
  });

  it('streams partial audio while generating, then redirects to the final MP3 on the media origin', async () => {
    emu.configure({ stepMs: 150 });
    const { body } = await submit({ is_auto: 1, prompt: 'ambient' });
    const res = await fetch(body.data[0].audio); // held open until generation ends
    expect(res.status).toBe(200);
    const chunks: Buffer[] = [];
    const statesWhileReceiving = new Set<string>();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(Buffer.from(chunk));
      statesWhileReceiving.add(emu.songs().find((s) => s.songId === body.data[0].song_id)!.state);
    }
    expect(statesWhileReceiving.has('stream')).toBe(true); // audio arrived before the song was done
    expect(parseMp3(Buffer.concat(chunks)).durationMs).toBe(6000);
    const redirect = await fetch(body.data[0].audio, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location.startsWith(`${emu.mediaUrl}/media/song/`)).toBe(true);
    const final = await bytesOf(location);
    expect(final.headers.get('content-type')).toBe('audio/mpeg');
    expect(parseMp3(final.bytes).durationMs).toBe(6000);
  });

  it('reports integer V3 statuses 1 → 4 → 2 → 0 by task id, song_id blank until streaming, and lists every song without ids', async () => {
    const { body } = await submit({ is_auto: 1, prompt: 'jazz' });
    const id = body.data[0].song_id;
    const taskId = emu.songs().find((s) => s.songId === id)!.taskId;
    expect(taskId).toMatch(/^\d+$/);
    expect(taskId).not.toBe(id);
    expect((await api(emu.url, `/v3/music/tasks?ids=${id}`)).body).toEqual([]);
    const seen: number[] = [];
    for (let step = 0; step <= 4; step++) {
      const t = (await api(emu.url, `/v3/music/tasks?ids=${taskId}`)).body[0];
      expect(t.id).toBe(taskId);
      if (seen.at(-1) !== t.status) seen.push(t.status);
      expect(t.song_id).toBe(t.status === 4 || t.status === 1 ? '' : id);
      if (t.status === 4 || t.status === 1) expect(t.audio_url).toBe('');
      if (t.status === 2) expect(t.audio_url).toContain('/media/stream/');
      if (t.status === 0) expect(t.audio_url).toContain(`${emu.mediaUrl}/media/song/`);
      emu.advance(STEP_MS);
    }
    expect(seen).toEqual([1, 4, 2, 0]);
    const all = await api(emu.url, '/v3/music/tasks');
    expect(all.body).toHaveLength(2);
    emu.configure({ tasksWrapped: true });
    const wrapped = await api(emu.url, `/v3/music/tasks?ids=${taskId}`);
    expect(wrapped.body.data[0]).toMatchObject({
      id: taskId,
      song_id: id,
      status: 0,
      duration: 6000,
    });
  });

  it('extends a finished song in custom mode and refuses continue_at 0 or beyond its duration', async () => {
    const parent = (await submit({ is_auto: 1, prompt: 'rock' })).body.data[0];
    await statusesOf(parent.song_id);
    const zero = await submit({
      is_auto: 0,
      prompt: 'rock',
      continue_song_id: parent.song_id,
      continue_at: 0,
    });
    expect(zero.status).toBe(422);
    expect(zero.body.detail[0].loc).toEqual(['body', 'continue_at']);
    const beyond = await submit({
      is_auto: 0,
      prompt: 'rock',
      continue_song_id: parent.song_id,
      continue_at: 6.5,
    });
    expect(beyond.status).toBe(422);
    const good = await submit({
      is_auto: 0,
      prompt: 'rock',
      continue_song_id: parent.song_id,
      continue_at: 4,
    });
    expect(good.status).toBe(200);
    const child = emu.songs().find((s) => s.songId === good.body.data[0].song_id)!;
    expect(child).toMatchObject({ parentSongId: parent.song_id, continueAtS: 4 });
    // Spec rule 1: in description mode the extension fields are ignored (a new, unrelated song).
    const auto = await submit({
      is_auto: 1,
      prompt: 'rock',
      continue_song_id: parent.song_id,
      continue_at: 0,
    });
    expect(auto.status).toBe(200);
    expect(
      emu.songs().find((s) => s.songId === auto.body.data[0].song_id)!.parentSongId,
    ).toBeUndefined();
  });

  it('answers 422 pydantic bodies for the spec limits', async () => {
    const r = await submit({ is_auto: 0, prompt: '', title: 'x'.repeat(81), model_version: 'v9' });
    expect(r.status).toBe(422);
    const locs = r.body.detail.map((d: Json) => d.loc.join('.'));
    expect(locs).toEqual(['body.prompt', 'body.title', 'body.model_version']);
    expect(r.body.detail[0]).toMatchObject({ type: 'string_too_short', ctx: { min_length: 1 } });
    const long = await submit({ is_auto: 1, prompt: 'p'.repeat(181) });
    expect(long.body.detail[0]).toMatchObject({
      loc: ['body', 'prompt'],
      type: 'string_too_long',
      ctx: { max_length: 180 },
    });
    const lyrics = await submit({
      is_auto: 0,
      prompt: 'pop',
      model_version: 'v3.0',
      lyrics: 'word '.repeat(1001),
    });
    expect(lyrics.body.detail[0].loc).toEqual(['body', 'lyrics']);
    expect((await api(emu.url, '/v2/submit', { method: 'POST' })).status).toBe(422);
  });
});

describe('emulator songs (V1 and lyrics)', () => {
  it('/v1/music waits, then returns two finished songs with doubly escaped lyric newlines', async () => {
    emu.configure({ stepMs: 60 });
    const started = Date.now();
    const { body } = await api(emu.url, '/v1/music', {
      json: { is_auto: 0, prompt: 'soul', title: 'Late Train', lyrics: 'line one\nline two' },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      title: 'Late Train',
      lyric: 'line one\\nline two',
      tags: 'soul',
    });
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'audio_file',
      'image_file',
      'item_uuid',
      'lyric',
      'tags',
      'title',
    ]);
    const audio = await bytesOf(body.data[0].audio_file);
    expect(parseMp3(audio.bytes).durationMs).toBe(6000);
    const failed = await api(emu.url, '/v1/music', { json: { is_auto: 1, prompt: 'x #fail' } });
    expect(failed.body.data).toEqual({});
  });

  it('/v1/lyrics answers text with section tags and a title', async () => {
    const { body } = await api(emu.url, '/v1/lyrics', { json: { prompt: 'a song about autumn' } });
    expect(body.data.text).toMatch(/\[Verse\][\s\S]*\[Chorus\]/);
    expect(body.data.title).toBe('Autumn');
  });
});
