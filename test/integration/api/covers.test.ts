import { createHash } from 'node:crypto';
import { audioLike } from '../../support/media-fixtures';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caught, logged, until, useEmulator } from './harness';

const h = useEmulator();
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const tone = (seconds: number): string => `${h.emu.mediaUrl}/media/tone.mp3?seconds=${seconds}`;

describe('singers and covers', () => {
  it('lists built-in singers with text ids', async () => {
    const singers = await h.client.covers.singers();
    expect(singers.length).toBeGreaterThan(0);
    expect(singers.every((s) => /^\d+$/.test(s.id) && s.name !== '' && !s.isCustom)).toBe(true);
  });

  it('covers an uploaded file: the service receives the exact bytes and the fields real clients send', async () => {
    const [singer] = await h.client.covers.singers();
    const audio = audioLike('mp3', 250_000);
    await writeFile(join(h.dir, 'my song.mp3'), audio);
    const r = await h.client.covers.create({
      singerId: singer!.id,
      isCustomSinger: false,
      tranSemitones: 3,
      filePath: join(h.dir, 'my song.mp3'),
    });
    const entry = logged(h.emu, '/v1/cover')[0]!;
    expect(entry.multipart?.fields).toMatchObject({
      singer_id: singer!.id,
      video_site_url: '',
      tran: '3',
      is_custom_singer: 'false',
    });
    expect(entry.multipart?.files).toEqual([
      expect.objectContaining({
        field: 'file',
        filename: 'my song.mp3',
        size: audio.length,
        sha256: sha(audio),
      }),
    ]);
    expect(r.audioUrl.startsWith(h.emu.mediaUrl)).toBe(true);
    const dest = join(h.dir, 'cover.mp3');
    await h.client.download(r.audioUrl, dest);
    expect((await readFile(dest)).length).toBeGreaterThan(1000);
  });

  it('covers a video link with an empty file field', async () => {
    const [singer] = await h.client.covers.singers();
    await h.client.covers.create({
      singerId: Number(singer!.id),
      isCustomSinger: false,
      videoSiteUrl: 'https://video.example/watch?v=abc',
    });
    const entry = logged(h.emu, '/v1/cover')[0]!;
    expect(entry.multipart?.fields).toMatchObject({
      video_site_url: 'https://video.example/watch?v=abc',
      file: '',
      tran: '0',
    });
    expect(entry.multipart?.files ?? []).toEqual([]);
  });

  it.each(['audio_url', 'audio', 'oss_url', 'url', 'audio_file', 'nested'])(
    'finds the cover audio in the %s shape',
    async (cover) => {
      h.emu.configure({ shapes: { cover } });
      const [singer] = await h.client.covers.singers();
      const r = await h.client.covers.create({
        singerId: singer!.id,
        isCustomSinger: false,
        videoSiteUrl: 'https://video.example/v',
      });
      expect(r.audioUrl).toMatch(new RegExp(`^${h.emu.mediaUrl}/media/cover/`));
    },
  );

  it('an answer without audio fails clearly and keeps the raw answer', async () => {
    h.emu.configure({ shapes: { cover: 'none' } });
    const [singer] = await h.client.covers.singers();
    const e = await caught(
      h.client.covers.create({
        singerId: singer!.id,
        isCustomSinger: false,
        videoSiteUrl: 'https://video.example/v',
      }),
    );
    expect(e.code).toBe('bad_response');
    expect(e.message).toMatch(/couldn't read the service's answer/);
    expect(e.detail).toMatch(/no audio link/);
    expect(e.raw).toMatchObject({ data: { state: 'done' } });
  });

  it('no covers left names key_cover_counts', async () => {
    h.emu.setCounter('key_cover_counts', 0);
    const [singer] = await h.client.covers.singers();
    const e = await caught(
      h.client.covers.create({
        singerId: singer!.id,
        isCustomSinger: false,
        videoSiteUrl: 'https://video.example/v',
      }),
    );
    expect(e).toMatchObject({ code: 'entitlement', counter: 'key_cover_counts' });
  });

  it('an injected 422 maps singer_id to the singerId field', async () => {
    h.emu.inject({ path: '/v1/cover', kind: 'http422' });
    const e = await caught(
      h.client.covers.create({
        singerId: 1,
        isCustomSinger: false,
        videoSiteUrl: 'https://video.example/v',
      }),
    );
    expect(e.fields).toEqual({ singerId: 'Value error, singer_id is not acceptable' });
  });

  it('a reset during a cover upload is a network error, not retried', async () => {
    h.emu.inject({ path: '/v1/cover', kind: 'reset' });
    await writeFile(join(h.dir, 'a.wav'), audioLike('wav', 2048));
    const e = await caught(
      h.client.covers.create({
        singerId: 1,
        isCustomSinger: false,
        filePath: join(h.dir, 'a.wav'),
      }),
    );
    expect(e.code).toBe('network');
    expect(logged(h.emu, '/v1/cover')).toHaveLength(1);
  });
});

describe('custom singer training', () => {
  it('trains, polls to complete, then covers with the custom singer id sent as a string', async () => {
    const task = await h.client.covers.trainSinger({ urls: [tone(200), tone(200)] });
    expect(task.status).toBe('queued');
    expect(logged(h.emu, '/v1/cover/generate-custom-singer')[0]?.json).toEqual({
      urls: [tone(200), tone(200)],
    });
    const done = await until(async () => {
      const [t] = await h.client.covers.trainingTasks([task.id]);
      return t?.status === 'complete' ? t : undefined;
    });
    expect(done).toMatchObject({ id: task.id, rawStatus: 'success' });
    const r = await h.client.covers.create({
      singerId: task.id,
      isCustomSinger: true,
      videoSiteUrl: 'https://video.example/v',
    });
    expect(r.audioUrl).toContain('/media/cover/');
    expect(logged(h.emu, '/v1/cover')[0]?.multipart?.fields).toMatchObject({
      singer_id: task.id,
      is_custom_singer: 'true',
    });
  });

  it.each(['task_id', 'id', 'string', 'nested'])(
    'reads the task id from the %s shape',
    async (customSinger) => {
      h.emu.configure({ shapes: { customSinger } });
      const task = await h.client.covers.trainSinger({ urls: [tone(400)] });
      const [listed] = await h.client.covers.trainingTasks([task.id]);
      expect(listed?.id).toBe(task.id);
    },
  );

  it('a training answer without an id fails clearly', async () => {
    h.emu.configure({ shapes: { customSinger: 'none' } });
    const e = await caught(h.client.covers.trainSinger({ urls: [tone(400)] }));
    expect(e.code).toBe('bad_response');
    expect(e.raw).toMatchObject({ data: { accepted: true } });
  });

  it.each(['array', 'envelope', 'wrapped'])(
    'reads the task list in the %s shape',
    async (tasks) => {
      h.emu.configure({ shapes: { tasks } });
      const a = await h.client.covers.trainSinger({ urls: [tone(400)] });
      const b = await h.client.covers.trainSinger({ urls: [`${tone(400)}&fail=1`] });
      const all = await until(async () => {
        const list = await h.client.covers.trainingTasks([a.id, b.id]);
        return list.length === 2 &&
          list.every((t) => t.status === 'complete' || t.status === 'failed')
          ? list
          : undefined;
      });
      expect(Object.fromEntries(all.map((t) => [t.id, t.status]))).toEqual({
        [a.id]: 'complete',
        [b.id]: 'failed',
      });
    },
  );

  it('too little training audio is refused by the service in-band', async () => {
    const e = await caught(h.client.covers.trainSinger({ urls: [tone(60)] }));
    expect(e.code).toBe('in_band');
    expect(e.message).toMatch(/5 to 45 minutes/);
  });

  it('a measured duration out of range is refused before sending', async () => {
    const e = await caught(
      h.client.covers.trainSinger({ urls: [tone(60)], totalAudioDurationS: 60 }),
    );
    expect(e.code).toBe('validation');
    expect(logged(h.emu, '/v1/cover/generate-custom-singer')).toHaveLength(0);
  });

  it('training with no conversions left names key_vc_counts', async () => {
    h.emu.setCounter('key_vc_counts', 0);
    const e = await caught(h.client.covers.trainSinger({ urls: [tone(400)] }));
    expect(e).toMatchObject({ code: 'entitlement', counter: 'key_vc_counts' });
  });
});
