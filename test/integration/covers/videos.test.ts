import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '@shared/errors';
import { isSingingSource } from '@shared/domain/library-sources';
import { toLibraryItemView } from '@shared/ipc/library';
import { serviceRequests, useCovers } from './harness';

const h = useCovers();
let photos: Server;
let photosUrl = '';

beforeAll(async () => {
  // a PNG of 5 MB and a GIF, for the photo checks
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(5 * 1024 * 1024),
  ]);
  const gif = Buffer.from('GIF89a' + '\0'.repeat(100), 'latin1');
  photos = createServer((req, res) => {
    const body = req.url === '/big.png' ? png : gif;
    res.writeHead(200, { 'content-length': String(body.length) });
    res.end(body);
  });
  await new Promise<void>((r) => photos.listen(0, '127.0.0.1', r));
  photosUrl = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
});
afterAll(async () => {
  photos.closeAllConnections();
  await new Promise((r) => photos.close(r));
});

const audio = (s: number) => ({
  url: `${h.emu.mediaUrl}/media/tone.mp3?seconds=${s}`,
  label: `tone ${s}`,
});
const photo = () => `${h.emu.mediaUrl}/media/photo.png`;

describe('singing-photo videos', () => {
  it('measures the links, sends them with their figures, and the MP4 lands in the library', async () => {
    const check = await h.videos.checkSinging({ audio: audio(12), imageUrl: photo() });
    expect(check.fields).toEqual({});
    expect(check.audio).toMatchObject({ format: 'mp3', durationS: 12 });
    expect(check.image.format).toBe('png');
    const job = await h.videos.singing({ audio: audio(12), imageUrl: photo(), title: 'Portrait' });
    const item = await h.videos.finish(job.id);
    expect(item).toMatchObject({ kind: 'singing-video', title: 'Portrait' });
    expect(item.file.endsWith('.mp4')).toBe(true);
    const bytes = await readFile(h.rt.library.pathOf(item));
    expect(bytes.toString('latin1', 4, 8)).toBe('ftyp');
    expect(serviceRequests(h.emu, '/v1/singing/generate')[0]!.json).toEqual({
      audio_url: audio(12).url,
      image_url: photo(),
    });
  });

  it('refuses before sending: audio over 30 s or under 2 s, a 5 MB photo, a GIF, an unreachable link', async () => {
    const refused = async (a: { url: string; label: string }, img: string) =>
      ((await h.videos.singing({ audio: a, imageUrl: img }).catch((e: unknown) => e)) as AppError)
        .fields ?? {};
    expect((await refused(audio(31), photo())).audioUrl).toBe(
      'The audio must last 2 to 30 seconds (it lasts 31.0 s).',
    );
    expect((await refused(audio(1), photo())).audioUrl).toMatch(/it lasts 1\.0 s/);
    expect((await refused(audio(10), `${photosUrl}/big.png`)).imageUrl).toBe(
      'The photo must be at most 4.7 MB (it is 5.0 MB).',
    );
    expect((await refused(audio(10), `${photosUrl}/a.gif`)).imageUrl).toMatch(/JPG, PNG or JFIF/);
    expect(
      (await refused({ url: `${h.emu.mediaUrl}/media/nope.mp3`, label: 'x' }, photo())).audioUrl,
    ).toMatch(/the server has no file at this link/);
    expect(serviceRequests(h.emu)).toEqual([]);
  });

  for (const shape of ['video_url', 'url', 'video', 'nested']) {
    it(`reads the video answer shape "${shape}" (singing and subtitles)`, async () => {
      h.emu.configure({ shapes: { singing: shape, subtitles: shape } });
      const a = await h.videos.finish(
        (await h.videos.singing({ audio: audio(5), imageUrl: photo() })).id,
      );
      const b = await h.videos.finish(
        (await h.videos.subtitles({ videoUrl: `${h.emu.mediaUrl}/media/video/src.mp4` })).id,
      );
      expect([a.kind, b.kind]).toEqual(['singing-video', 'subtitle-video']);
    });
  }

  it('a subtitle answer that fits nothing: the raw message is shown and kept in the job', async () => {
    h.emu.configure({ shapes: { subtitles: 'none' } });
    const job = await h.videos.subtitles({ videoUrl: 'https://v.example/clip.mp4' });
    const err = (await h.videos.finish(job.id).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('bad_response');
    expect(err.message).toContain('The service said: Success — {"job":"accepted","eta_s":30}');
    expect(h.rt.jobs.get(job.id)!.lastResponse).toMatchObject({ data: { job: 'accepted' } });
  });

  it('offers library audio with a service link of 2–30 s as a singing video source', async () => {
    h.emu.configure({ songDurationMs: 20_000 });
    const short = await h.covers.finish(
      (
        await h.covers.cover({
          source: { kind: 'link', url: 'https://v.example/s' },
          singerId: '101',
          isCustomSinger: false,
          tranSemitones: 0,
        })
      ).id,
    );
    await h.rt.library.updateMeta(short.id, { duration_ms: 20_000 });
    h.emu.configure({ songDurationMs: 60_000 });
    const long = await h.covers.finish(
      (
        await h.covers.cover({
          source: { kind: 'link', url: 'https://v.example/l' },
          singerId: '101',
          isCustomSinger: false,
          tranSemitones: 0,
        })
      ).id,
    );
    await h.rt.library.updateMeta(long.id, { duration_ms: 60_000 });
    // what the renderer's pickers see of each: the service link kept, the length checked
    const offered = [short.id, long.id].filter((id) =>
      isSingingSource(toLibraryItemView(h.rt.library.get(id)!)),
    );
    expect(offered).toEqual([short.id]);
  });
});
