import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Song } from '@shared/domain/service';
import { caught, KEY, logged, until, useEmulator } from './harness';

const h = useEmulator();

async function finished(ids: string[], known: Song[], api: 'v2' | 'v3' = 'v2'): Promise<Song[]> {
  return until(async () => {
    const now =
      api === 'v2'
        ? await h.client.songs.query(ids, { known })
        : await h.client.songs.tasks(ids, { known });
    return now.length === ids.length &&
      now.every((s) => s.status === 'complete' || s.status === 'failed')
      ? now
      : undefined;
  });
}

describe.each(['spec', 'logged'] as const)('V2 submit and query, %s vocabulary', (vocabulary) => {
  it('two songs go from in progress to complete with duration, keeping title and lyrics', async () => {
    h.emu.configure({ vocabulary });
    const submitted = await h.client.songs.submit({
      mode: 'custom',
      prompt: 'dreamy synthwave',
      title: 'Night Drive',
      lyrics: 'neon lights\nempty roads',
      modelVersion: 'v4.0',
    });
    expect(submitted).toHaveLength(2);
    expect(submitted.every((s) => s.status === 'queued' || s.status === 'streaming')).toBe(true);
    expect(submitted[0]).toMatchObject({
      title: 'Night Drive',
      lyrics: 'neon lights\nempty roads',
      api: 'v2',
    });
    const ids = submitted.map((s) => s.id);
    const seenStatuses = new Set<string>();
    const done = await until(async () => {
      const now = await h.client.songs.query(ids, { known: submitted });
      now.forEach((s) => seenStatuses.add(s.status));
      return now.every((s) => s.status === 'complete') ? now : undefined;
    });
    expect(seenStatuses.has('streaming') || seenStatuses.has('queued')).toBe(true);
    const expectedMs = h.emu.songs().find((s) => s.songId === ids[0])?.durationMs;
    expect(done[0]?.durationMs).toBe(expectedMs);
    expect(done.map((s) => s.title)).toEqual(['Night Drive', 'Night Drive']);
    expect(done[0]?.lyrics).toBe('neon lights\nempty roads');
    // One batched request per poll.
    expect(logged(h.emu, '/v2/query').every((e) => e.query.song_id === ids.join(','))).toBe(true);
  });

  it('a failing song ends failed', async () => {
    h.emu.configure({ vocabulary });
    const [a, b] = await h.client.songs.submit({ mode: 'auto', prompt: 'broken #fail' });
    const done = await finished([a!.id, b!.id], [a!, b!]);
    expect(done.map((s) => s.status)).toEqual(['failed', 'failed']);
  });
});

describe('requests', () => {
  it('auto mode sends only prompt and model_version; an extension goes in custom mode', async () => {
    const [parent] = await h.client.songs.submit({
      mode: 'auto',
      prompt: 'calm piano',
      title: 'ignored',
    });
    expect(logged(h.emu, '/v2/submit')[0]?.json).toEqual({
      is_auto: 1,
      prompt: 'calm piano',
      model_version: 'v4.5-plus', // the default model (5e95a51)
    });
    const [done] = await finished([parent!.id], [parent!]);
    const ext = await h.client.songs.submit({
      mode: 'auto',
      prompt: 'calm piano',
      extend: { songId: parent!.id, continueAtS: 1, songDurationMs: done!.durationMs },
    });
    expect(ext).toHaveLength(2);
    expect(logged(h.emu, '/v2/submit')[1]?.json).toMatchObject({
      is_auto: 0,
      continue_song_id: parent!.id,
      continue_at: 1,
    });
    expect(h.emu.songs().find((s) => s.songId === ext[0]!.id)?.parentSongId).toBe(parent!.id);
  });

  it('the service 422 on continue_at maps to the continueAtS field', async () => {
    const [parent] = await h.client.songs.submit({ mode: 'auto', prompt: 'calm piano' });
    await finished([parent!.id], [parent!]);
    // The client does not know the duration here, so the service's own check answers.
    const e = await caught(
      h.client.songs.submit({
        mode: 'custom',
        prompt: 'x',
        extend: { songId: parent!.id, continueAtS: 9999 },
      }),
    );
    expect(e.code).toBe('validation');
    expect(e.httpStatus).toBe(422);
    expect(Object.keys(e.fields ?? {})).toContain('continueAtS');
  });

  it('client-side limits stop a request before it is sent', async () => {
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'p'.repeat(181) }));
    expect(e.fields?.prompt).toMatch(/180/);
    expect(logged(h.emu, '/v2/submit')).toHaveLength(0);
  });
});

describe('V1 music, V3 tasks, lyrics', () => {
  it('/v1/music answers two complete songs with real line breaks in the lyrics', async () => {
    const songs = await h.client.songs.generateV1({
      mode: 'custom',
      prompt: 'folk',
      title: 'Harbour',
      lyrics: 'first line\nsecond line',
    });
    expect(songs).toHaveLength(2);
    expect(songs[0]).toMatchObject({
      api: 'v1',
      status: 'complete',
      title: 'Harbour',
      lyrics: 'first line\nsecond line',
    });
    expect(songs[0]?.audioUrl?.startsWith(h.emu.mediaUrl)).toBe(true);
  });

  it('a failed /v1/music (data: {}) is a clear bad_response keeping the raw answer', async () => {
    const e = await caught(h.client.songs.generateV1({ mode: 'auto', prompt: 'nothing #fail' }));
    expect(e.code).toBe('bad_response');
    expect(e.raw).toMatchObject({ status: 200, data: {} });
  });

  it.each([false, true])(
    '/v3/music/tasks (wrapped: %s) reports integer statuses as song states',
    async (tasksWrapped) => {
      h.emu.configure({ tasksWrapped });
      const [a, b] = await h.client.songs.submit({
        mode: 'custom',
        prompt: 'jazz',
        title: 'Blue',
        lyrics: 'la la',
      });
      const taskOf = (songId: string) => h.emu.songs().find((s) => s.songId === songId)!.taskId;
      const [ta, tb] = [taskOf(a!.id), taskOf(b!.id)];
      expect(ta).not.toBe(a!.id);
      const done = await finished([ta, tb], [], 'v3');
      expect(done.map((s) => s.status)).toEqual(['complete', 'complete']);
      // keyed by the task id; the song's own id is its own field
      expect(done[0]).toMatchObject({
        api: 'v3',
        id: ta,
        songId: a!.id,
        title: 'Blue',
        tags: 'jazz',
      });
      expect(done[0]?.durationMs).toBeGreaterThan(0);
      expect(logged(h.emu, '/v3/music/tasks').at(-1)?.query.ids).toBe(`${ta},${tb}`);
    },
  );

  it('/v1/lyrics answers title and text', async () => {
    const r = await h.client.songs.lyrics('a lighthouse keeper');
    expect(r.lyrics.length).toBeGreaterThan(0);
    expect(r.title.length).toBeGreaterThan(0);
    expect(r.lyrics).not.toContain('\\n');
  });

  it('/v2/query with unknown ids (data: {}) answers no songs', async () => {
    expect(await h.client.songs.query(['nope-1', 'nope-2'])).toEqual([]);
  });
});

describe('failures', () => {
  it('an exhausted music counter names key_music_counts, for V2 and V1', async () => {
    h.emu.setCounter('key_music_counts', 0);
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('entitlement');
    expect(e.counter).toBe('key_music_counts');
    expect(e.message).toMatch(/no songs left/);
    expect(
      (await caught(h.client.songs.generateV1({ mode: 'auto', prompt: 'lofi' }))).counter,
    ).toBe('key_music_counts');
  });

  it('in-band failure carries the service message', async () => {
    h.emu.inject({ path: '/v2/submit', kind: 'in_band' });
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('in_band');
    expect(e.message).toContain('Service busy, please try again later');
  });

  it('injected 422 on submit names the prompt field', async () => {
    h.emu.inject({ path: '/v2/submit', kind: 'http422' });
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.fields).toEqual({ prompt: 'Value error, prompt is not acceptable' });
  });

  it('a 5xx on the GET query is retried; on the POST submit it is not', async () => {
    const [a] = await h.client.songs.submit({ mode: 'auto', prompt: 'lofi' });
    h.emu.inject({ path: '/v2/query', kind: 'http500', times: 2 });
    const now = await h.client.songs.query([a!.id]);
    expect(now).toHaveLength(1);
    expect(logged(h.emu, '/v2/query')).toHaveLength(3);
    h.emu.inject({ path: '/v2/submit', kind: 'http500', times: 5 });
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('server');
    expect(logged(h.emu, '/v2/submit')).toHaveLength(2); // the first submit and the failed one, once
  });

  it('a reset connection: the GET is retried, the POST fails as network', async () => {
    h.emu.inject({ path: '/v3/music/tasks', kind: 'reset', times: 1 });
    expect(await h.client.songs.tasks(['x'])).toEqual([]);
    expect(logged(h.emu, '/v3/music/tasks')).toHaveLength(2);
    h.emu.inject({ path: '/v2/submit', kind: 'reset' });
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('network');
    expect(logged(h.emu, '/v2/submit')).toHaveLength(1);
  });

  it('a refused connection sent nothing: no charge warning, no code in the words', async () => {
    // a port nobody listens on: bound for a moment, then closed
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise((r) => server.close(r));
    const e = await caught(
      h.makeClient({ baseUrl: `http://127.0.0.1:${port}` }).songs.submit({
        mode: 'auto',
        prompt: 'lofi',
      }),
    );
    expect(e.code).toBe('network');
    // the network works, only the service is down: it says so and names the host it asked
    expect(e.message).toMatch(
      new RegExp(`^The service at 127\\.0\\.0\\.1:${port} isn't answering, so Cadenza could not`),
    );
    expect(e.message).not.toMatch(/internet connection|charged|ECONN|\/v2\//);
    expect(e.key).toBe('errors:service.hostDown');
    expect(e.params).toEqual({ host: `127.0.0.1:${port}` });
    // the code and the endpoint are kept for the log
    expect(e.detail).toBe('ECONNREFUSED POST /v2/submit');
  });

  it('a name that cannot be looked up (no network, no DNS) says to check the internet connection', async () => {
    // .invalid never resolves (RFC 2606): the same failure as no network at all
    const e = await caught(
      h.makeClient({ baseUrl: 'http://cadenza-offline.invalid' }).songs.submit({
        mode: 'auto',
        prompt: 'lofi',
      }),
    );
    expect(e.code).toBe('network');
    expect(e.message).toMatch(/couldn't reach the service.*Check your internet connection\./);
    expect(e.message).not.toMatch(/isn't answering|charged/);
    expect(e.key).toBe('errors:service.network');
    expect(e.detail).toMatch(/^(ENOTFOUND|EAI_AGAIN) POST \/v2\/submit$/);
  });

  it('a connection cut after the request was sent may have been charged', async () => {
    h.emu.inject({ path: '/v2/submit', kind: 'reset' });
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('network');
    expect(e.message).toMatch(/may have been charged/);
    expect(e.message).not.toMatch(/ECONN|\/v2\//);
    expect(logged(h.emu, '/v2/submit')).toHaveLength(1);
  });

  it('a service that never answers times out', async () => {
    h.emu.inject({ path: '/v2/submit', kind: 'timeout' });
    const e = await caught(
      h.makeClient({ timeoutMs: 300 }).songs.submit({ mode: 'auto', prompt: 'lofi' }),
    );
    expect(e.code).toBe('timeout');
    expect(e.message).toMatch(/may have been charged/);
  });

  it('empty_data on submit is a bad_response', async () => {
    h.emu.inject({ path: '/v2/submit', kind: 'empty_data' });
    expect((await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lofi' }))).code).toBe(
      'bad_response',
    );
  });
});

describe('downloading songs', () => {
  it('the audio URL (service origin, redirecting to the media origin) lands as a whole MP3, never with the key', async () => {
    const [a] = await h.client.songs.submit({ mode: 'auto', prompt: 'lofi' });
    const [done] = await finished([a!.id], [a!]);
    const dest = join(h.dir, 'song.mp3');
    const r = await h.client.download(done!.audioUrl!, dest);
    const bytes = await readFile(dest);
    expect(r.bytes).toBe(bytes.length);
    expect(r.contentType).toMatch(/audio\/mpeg/);
    expect(bytes[0] === 0xff || bytes.subarray(0, 3).toString() === 'ID3').toBe(true);
    const media = h.emu.log.filter((e) => e.origin === 'media');
    expect(media.length).toBeGreaterThan(0);
    expect(
      h.emu.log
        .filter((e) => e.path.startsWith('/media/'))
        .every((e) => e.headers['x-api-key'] === undefined),
    ).toBe(true);
    expect(JSON.stringify(media)).not.toContain(KEY);
  });

  it('an abort while the song still streams leaves no partial file', async () => {
    h.emu.configure({ stepMs: 400 });
    const [a] = await h.client.songs.submit({ mode: 'auto', prompt: 'lofi' });
    const ctl = new AbortController();
    let got = 0;
    const dest = join(h.dir, 'partial.mp3');
    const e = await caught(
      h.client.download(a!.audioUrl!, dest, {
        signal: ctl.signal,
        onProgress: (p) => ((got = p.bytesReceived), ctl.abort()),
      }),
    );
    expect(e.code).toBe('cancelled');
    expect(got).toBeGreaterThan(0);
    expect(await readdir(h.dir)).toEqual([]);
  });
});
