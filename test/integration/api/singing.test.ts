import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caught, logged, useEmulator } from './harness';

const h = useEmulator();
const audio = (seconds: number): string => `${h.emu.mediaUrl}/media/tone.mp3?seconds=${seconds}`;
const photo = (): string => `${h.emu.mediaUrl}/media/photo.png`;

describe('singing-photo videos', () => {
  it('generates a video that downloads as an MP4', async () => {
    const r = await h.client.singing.generate({ audioUrl: audio(10), imageUrl: photo() });
    expect(logged(h.emu, '/v1/singing/generate')[0]?.json).toEqual({
      audio_url: audio(10),
      image_url: photo(),
    });
    expect(r.videoUrl?.startsWith(h.emu.mediaUrl)).toBe(true);
    const dest = join(h.dir, 'v.mp4');
    await h.client.download(r.videoUrl!, dest);
    expect((await readFile(dest)).subarray(4, 8).toString()).toBe('ftyp');
  });

  it.each(['video_url', 'url', 'video', 'nested'])(
    'finds the video in the %s shape',
    async (singing) => {
      h.emu.configure({ shapes: { singing } });
      const r = await h.client.singing.generate({ audioUrl: audio(5), imageUrl: photo() });
      expect(r.videoUrl).toMatch(/\/media\/video\/.+\.mp4$/);
    },
  );

  it('an answer with neither a video nor a task id is a clear bad_response', async () => {
    h.emu.configure({ shapes: { singing: 'none' } });
    const e = await caught(h.client.singing.generate({ audioUrl: audio(5), imageUrl: photo() }));
    expect(e.code).toBe('bad_response');
    expect(e.raw).toMatchObject({ data: { job: 'accepted' } });
  });

  it('audio outside 2–30 s: refused before sending when measured, in-band by the service otherwise', async () => {
    const local = await caught(
      h.client.singing.generate({ audioUrl: audio(40), imageUrl: photo(), audioDurationS: 40 }),
    );
    expect(local.fields?.audioUrl).toMatch(/2 to 30 seconds/);
    expect(logged(h.emu, '/v1/singing/generate')).toHaveLength(0);
    const remote = await caught(
      h.client.singing.generate({ audioUrl: audio(40), imageUrl: photo() }),
    );
    expect(remote.code).toBe('in_band');
    expect(remote.message).toMatch(/between 2 and 30 seconds/);
  });

  it('no credits left names key_singing_credits', async () => {
    h.emu.setCounter('key_singing_credits', 0);
    const e = await caught(h.client.singing.generate({ audioUrl: audio(5), imageUrl: photo() }));
    expect(e).toMatchObject({ code: 'entitlement', counter: 'key_singing_credits' });
  });

  it('an injected 422 maps audio_url to audioUrl', async () => {
    h.emu.inject({ path: '/v1/singing/generate', kind: 'http422' });
    const e = await caught(h.client.singing.generate({ audioUrl: audio(5), imageUrl: photo() }));
    expect(e.fields).toEqual({ audioUrl: 'Value error, audio_url is not acceptable' });
  });

  it('a generation that outlives the deadline times out (the POST is not retried)', async () => {
    h.emu.inject({ path: '/v1/singing/generate', kind: 'timeout' });
    const e = await caught(
      h.client.singing.generate({ audioUrl: audio(5), imageUrl: photo() }, { timeoutMs: 250 }),
    );
    expect(e.code).toBe('timeout');
    expect(logged(h.emu, '/v1/singing/generate')).toHaveLength(1);
  });

  it('an abort cancels a long generation', async () => {
    h.emu.inject({ path: '/v1/singing/generate', kind: 'timeout' });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    expect(
      (
        await caught(
          h.client.singing.generate(
            { audioUrl: audio(5), imageUrl: photo() },
            { signal: ctl.signal },
          ),
        )
      ).code,
    ).toBe('cancelled');
  });
});

describe('subtitle videos', () => {
  it.each(['video_url', 'url', 'video', 'nested'])(
    'answers a video (%s shape)',
    async (subtitles) => {
      h.emu.configure({ shapes: { subtitles } });
      const r = await h.client.singing.subtitlesVideo({
        videoUrl: `${h.emu.mediaUrl}/media/video/x.mp4`,
      });
      expect(r.videoUrl).toMatch(/\/media\/video\/.+\.mp4$/);
      expect(logged(h.emu, '/v1/singing/generate-subtitles-video')[0]?.json).toEqual({
        video_url: `${h.emu.mediaUrl}/media/video/x.mp4`,
      });
    },
  );

  it('in-band and entitlement failures', async () => {
    h.emu.inject({ path: '/v1/singing/generate-subtitles-video', kind: 'in_band' });
    expect(
      (await caught(h.client.singing.subtitlesVideo({ videoUrl: 'https://v.example/a.mp4' }))).code,
    ).toBe('in_band');
    h.emu.inject({ path: '/v1/singing/generate-subtitles-video', kind: 'entitlement' });
    expect(
      await caught(h.client.singing.subtitlesVideo({ videoUrl: 'https://v.example/a.mp4' })),
    ).toMatchObject({ code: 'entitlement', counter: 'key_singing_credits' });
  });
});
