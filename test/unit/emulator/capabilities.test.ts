import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index';
import { api, bytesOf, parseWav, type Json } from './helpers';

const STEP_MS = 1000;
let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.reset();
  emu.configure({ stepMs: STEP_MS });
});

describe('emulator voices and key info', () => {
  it('lists ~12 voices with the real field names, media on the media origin', async () => {
    emu.configure({ stepMs: 5 });
    const { body } = await api(emu.url, '/v1/voices_list');
    const voices = body.Voice as Json[];
    expect(voices.length).toBeGreaterThanOrEqual(12);
    expect(new Set(voices.map((v) => v.Languagename)).size).toBeGreaterThanOrEqual(5);
    for (const v of voices) {
      expect(v.speaker).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(v.classnamearray.split(';').length).toBeGreaterThanOrEqual(3);
      expect(v.urllist.startsWith(`${emu.mediaUrl}/`)).toBe(true);
      expect(v.avatar_url).toMatch(new RegExp(`^${emu.mediaUrl}/.*\\.png$`));
    }
    for (const flag of ['isFree', 'isvip', 'voiceisnew', 'trending']) {
      expect(
        voices.some((v) => v[flag] === true),
        flag,
      ).toBe(true);
      expect(
        voices.some((v) => v[flag] === false),
        flag,
      ).toBe(true);
    }
    const sample = parseWav((await bytesOf(voices[0].urllist)).bytes);
    expect(sample.durationMs).toBe(3000);
    emu.configure({ shapes: { voices: 'camel' } });
    const camel = (await api(emu.url, '/v1/voices_list')).body.Voice[0];
    expect(camel).toMatchObject({
      languageName: 'English',
      classNameArray: 'Female;Young;Narration',
    });
  });

  it('makes TTS WAVs whose length follows the text, and checks emotions and speakers', async () => {
    emu.configure({ stepMs: 5 });
    const speaker = (await api(emu.url, '/v1/voices_list')).body.Voice[0].speaker;
    const short = await api(emu.url, '/v1/text2speech', {
      json: { text: 'Hi', speaker, emotion: 'Cheerful' },
    });
    const long = await api(emu.url, '/v1/text2speech', {
      json: { text: 'A much longer sentence to read.', speaker },
    });
    expect(Object.keys(short.body.data).sort()).toEqual(['name', 'oss_url', 'speaker', 'type']);
    const a = parseWav((await bytesOf(short.body.data.oss_url)).bytes);
    const b = parseWav((await bytesOf(long.body.data.oss_url)).bytes);
    expect(a.durationMs).toBe(300 + 60 * 2);
    expect(b.durationMs).toBe(300 + 60 * 31);
    const bad = await api(emu.url, '/v1/text2speech', {
      json: { text: 'x', speaker, emotion: 'Bored' },
    });
    expect(bad.body.detail[0].loc).toEqual(['body', 'emotion']);
    const tooLong = await api(emu.url, '/v1/text2speech', {
      json: { text: 'x'.repeat(501), speaker },
    });
    expect(tooLong.body.detail[0]).toMatchObject({
      loc: ['body', 'text'],
      type: 'string_too_long',
    });
    const unknown = await api(emu.url, '/v1/text2speech', {
      json: { text: 'x', speaker: 'nobody' },
    });
    expect(unknown.body).toMatchObject({ status: 400, message: 'speaker not exist' });
  });

  it('answers key info flat, with every counter and the key itself', async () => {
    const { body } = await api(emu.url, '/v1/get_api_key_info');
    expect(body.status).toBeUndefined();
    expect(body).toMatchObject({
      x_api_key: 'test-key-0000',
      key_status: 0,
      key_music_counts: 50,
      key_words_counts: 10000,
    });
    expect(body.key_created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it('answers the clone result in every configured shape', async () => {
    emu.configure({ stepMs: 5 });
    const expected: Record<string, (b: Json) => string> = {
      data_speaker: (b) => b.data.speaker,
      data_speaker_id: (b) => b.data.speaker_id,
      speaker: (b) => b.speaker,
      speaker_id: (b) => b.speaker_id,
    };
    for (const [shape, pick] of Object.entries(expected)) {
      emu.configure({ shapes: { clone: shape } });
      const form = new FormData();
      form.set('name', shape);
      form.append('audio', new Blob([new Uint8Array(4096)]), 'a.wav');
      const speaker = pick((await api(emu.url, '/v1/clone', { body: form })).body);
      expect(emu.cloneVoices().map((c) => c.speaker)).toContain(speaker);
    }
  });
});

describe('emulator covers and custom singers', () => {
  const coverForm = (fields: Record<string, string>): FormData => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return form;
  };

  it('answers the cover audio URL under each configured name (and none for "none")', async () => {
    emu.configure({ stepMs: 5 });
    const singers = (await api(emu.url, '/v1/singers')).body.Singers as {
      singer_name: string;
      singer_id: number;
    }[];
    expect(Number.isInteger(singers[0]!.singer_id)).toBe(true);
    const where: Record<string, (d: Json) => unknown> = {
      audio_url: (d) => d.audio_url,
      audio: (d) => d.audio,
      oss_url: (d) => d.oss_url,
      url: (d) => d.url,
      nested: (d) => d.result.audio_url,
    };
    for (const [shape, pick] of Object.entries(where)) {
      emu.configure({ shapes: { cover: shape } });
      const r = await api(emu.url, '/v1/cover', {
        body: coverForm({
          singer_id: String(singers[0]!.singer_id),
          video_site_url: 'https://video.example/watch?v=1',
          file: '',
        }),
      });
      const url = pick(r.body.data) as string;
      expect(url, shape).toMatch(new RegExp(`^${emu.mediaUrl}/media/cover/.*\\.mp3$`));
      expect((await bytesOf(url)).headers.get('content-type')).toBe('audio/mpeg');
    }
    emu.configure({ shapes: { cover: 'none' } });
    const none = await api(emu.url, '/v1/cover', {
      body: coverForm({ singer_id: '101', youtube_url: 'https://video.example/x' }),
    });
    expect(JSON.stringify(none.body.data)).not.toContain('http');
    expect(emu.counters().key_cover_counts).toBe(20 - 6);
  });

  it('trains a custom singer: http(s) urls only, pending → running → success, then usable in a cover', async () => {
    const bad = await api(emu.url, '/v1/cover/generate-custom-singer', {
      json: { urls: ['file:///etc/passwd'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'urls', 0]);
    const short = await api(emu.url, '/v1/cover/generate-custom-singer', {
      json: { urls: [`${emu.mediaUrl}/media/tone.mp3?seconds=120`] },
    });
    expect(short.body.status).toBe(400);
    const urls = [
      `${emu.mediaUrl}/media/tone.mp3?seconds=200`,
      `${emu.mediaUrl}/media/tone.wav?seconds=200`,
    ];
    const r = await api(emu.url, '/v1/cover/generate-custom-singer', { json: { urls } });
    const taskId = r.body.data.task_id as string;
    const statuses: string[] = [];
    for (let step = 0; step <= 4; step++) {
      const tasks = (await api(emu.url, `/v1/cover/generate-custom-singer/tasks?task_id=${taskId}`))
        .body as Json[];
      if (statuses.at(-1) !== tasks[0].status) statuses.push(tasks[0].status);
      if (step === 0) {
        const early = await api(emu.url, '/v1/cover', {
          body: coverForm({
            singer_id: taskId,
            is_custom_singer: 'true',
            video_site_url: 'https://v.example/1',
          }),
        });
        expect(early.body.status).toBe(400);
      }
      emu.advance(STEP_MS);
    }
    expect(statuses).toEqual(['pending', 'running', 'success']);
    emu.configure({ stepMs: 5 });
    const cover = await api(emu.url, '/v1/cover', {
      body: coverForm({
        singer_id: taskId,
        is_custom_singer: 'true',
        video_site_url: 'https://v.example/1',
      }),
    });
    expect(cover.body.data.audio_url).toContain('/media/cover/');
    emu.configure({ shapes: { tasks: 'envelope' } });
    expect((await api(emu.url, '/v1/cover/generate-custom-singer/tasks')).body.data[0]).toEqual({
      id: taskId,
      status: 'success',
    });
  });

  it('answers the training task id in each configured shape', async () => {
    const urls = ['https://files.example/a.mp3'];
    emu.setCounter('key_vc_counts', 4);
    const where: Record<string, (d: Json) => unknown> = {
      task_id: (d) => d.task_id,
      id: (d) => d.id,
      string: (d) => d,
      nested: (d) => d.task.id,
    };
    for (const [shape, pick] of Object.entries(where)) {
      emu.configure({ shapes: { customSinger: shape } });
      const r = await api(emu.url, '/v1/cover/generate-custom-singer', { json: { urls } });
      expect(pick(r.body.data), shape).toMatch(/^[0-9a-f-]{36}$/);
    }
    const spent = await api(emu.url, '/v1/cover/generate-custom-singer', { json: { urls } });
    expect(spent.body).toEqual({ status: 400015, message: 'Insufficient account balance' });
  });
});

describe('emulator singing videos', () => {
  it('answers an MP4 URL under each configured shape, and checks audio length where it can', async () => {
    emu.configure({ stepMs: 5 });
    const body = {
      audio_url: `${emu.mediaUrl}/media/tone.wav?seconds=12`,
      image_url: `${emu.mediaUrl}/media/photo.png`,
    };
    const where: Record<string, (d: Json) => unknown> = {
      video_url: (d) => d.video_url,
      url: (d) => d.url,
      nested: (d) => d.result.video,
    };
    for (const [shape, pick] of Object.entries(where)) {
      emu.configure({ shapes: { singing: shape, subtitles: shape } });
      const a = await api(emu.url, '/v1/singing/generate', { json: body });
      const b = await api(emu.url, '/v1/singing/generate-subtitles-video', {
        json: { video_url: 'https://v.example/clip.mp4' },
      });
      for (const r of [a, b]) {
        const url = pick(r.body.data) as string;
        expect(url, shape).toMatch(new RegExp(`^${emu.mediaUrl}/media/video/.*\\.mp4$`));
      }
    }
    emu.configure({ shapes: { singing: 'video_url' } });
    const video = await bytesOf(
      where.video_url!(
        (await api(emu.url, '/v1/singing/generate', { json: body })).body.data,
      ) as string,
    );
    expect(video.bytes.toString('latin1', 4, 8)).toBe('ftyp');
    emu.configure({ shapes: { singing: 'none' } });
    const none = await api(emu.url, '/v1/singing/generate', { json: body });
    expect(JSON.stringify(none.body.data)).not.toContain('http');
    const tooLong = await api(emu.url, '/v1/singing/generate', {
      json: { ...body, audio_url: `${emu.mediaUrl}/media/tone.wav?seconds=31` },
    });
    expect(tooLong.body.status).toBe(400);
    const missing = await api(emu.url, '/v1/singing/generate', {
      json: { audio_url: body.audio_url },
    });
    expect(missing.body.detail[0].loc).toEqual(['body', 'image_url']);
  });
});
