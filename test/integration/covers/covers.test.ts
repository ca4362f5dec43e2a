import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppError } from '@shared/errors';
import { mp3Frame } from '../../support/media-fixtures';
import { serviceRequests, useCovers } from './harness';

const h = useCovers();
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

async function audioFile(
  name: string,
  bytes = 256 * 1024,
): Promise<{ path: string; bytes: Buffer }> {
  // an ID3 tag and MPEG frames (the probe must find audio), with random payloads
  const frames = Array.from({ length: Math.ceil(bytes / 96) }, () => {
    const f = mp3Frame();
    randomBytes(f.length - 40).copy(f, 40);
    return f;
  });
  const buf = Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), ...frames]);
  const path = join(h.root, name);
  await writeFile(path, buf);
  return { path, bytes: buf };
}

describe('covers', () => {
  it('the built-in singers read last are kept with their time: a restart with the service down still lists them', async () => {
    const first = await h.covers.singers();
    const names = first.singers.filter((s) => !s.custom).map((s) => s.name);
    expect(names.length).toBeGreaterThan(0);
    expect(first.error).toBeNull();
    expect(Date.parse(first.fetchedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // a new start (new services over the same data folder), the service refusing every request
    await h.close();
    await h.open();
    h.emu.inject({ path: '/v1/singers', kind: 'http500', times: 10 });
    const offline = await h.covers.singers();
    expect(offline.error?.code).toBe('server');
    expect(offline.singers.filter((s) => !s.custom).map((s) => s.name)).toEqual(names);
    expect(offline.fetchedAt).toBe(first.fetchedAt);
  });

  it('uploads a local file: the service gets its exact bytes; the cover lands in the library named after the source and singer', async () => {
    const src = await audioFile('Summer Rain.mp3', 2 * 1024 * 1024);
    const { singers } = await h.covers.singers();
    const singer = singers.find((s) => !s.custom)!;
    const progress: number[] = [];
    h.covers.on('upload-progress', (p) => progress.push(p.bytesSent / p.totalBytes));
    const job = await h.covers.cover({
      source: { kind: 'file', path: src.path },
      singerId: singer.id!,
      isCustomSinger: false,
      tranSemitones: -3,
    });
    const item = await h.covers.finish(job.id);
    const [req] = serviceRequests(h.emu, '/v1/cover');
    expect(req!.multipart!.fields).toMatchObject({
      singer_id: singer.id,
      tran: '-3',
      is_custom_singer: 'false',
      video_site_url: '',
    });
    const file = req!.multipart!.files.find((f) => f.field === 'file')!;
    expect(file.sha256).toBe(sha(src.bytes));
    expect(file.filename).toBe('Summer Rain.mp3');
    expect(progress.at(-1)).toBe(1);
    expect(await h.rt.library.full(item)).toMatchObject({
      kind: 'cover',
      title: `Summer Rain (${singer.name} cover)`,
      singer: singer.name,
      prompt: 'Cover of Summer Rain (-3 semitones)',
    });
    const bytes = await readFile(h.rt.library.pathOf(item));
    // the emulator's 30 s cover MP3 after the ID3v2 tag the library writes (title, recipe…)
    expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
    const tagEnd = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
    expect(bytes.length - tagEnd).toBe(Math.round(30_000 / 24) * 96);
    // its length is read from the MP3 (the service gives none), so it can be offered as singing audio
    expect(item.duration_ms).toBe(30_000);
  });

  it('covers a library song (linked as its parent) and a video link', async () => {
    const src = await audioFile('Dawn.mp3');
    const first = await h.covers.finish(
      (
        await h.covers.cover({
          source: { kind: 'file', path: src.path },
          singerId: '101',
          isCustomSinger: false,
          tranSemitones: 0,
        })
      ).id,
    );
    const again = await h.covers.finish(
      (
        await h.covers.cover({
          source: { kind: 'library', itemId: first.id },
          singerId: '102',
          isCustomSinger: false,
          tranSemitones: 5,
        })
      ).id,
    );
    expect(again.parent_id).toBe(first.id);
    const uploaded = serviceRequests(h.emu, '/v1/cover')[1]!.multipart!.files[0]!;
    expect(uploaded.sha256).toBe(sha(await readFile(h.rt.library.pathOf(first))));
    const link = 'https://video.example.com/watch?v=abc';
    const byLink = await h.covers.finish(
      (
        await h.covers.cover({
          source: { kind: 'link', url: link },
          singerId: '101',
          isCustomSinger: false,
          tranSemitones: 0,
        })
      ).id,
    );
    expect((await h.rt.library.full(byLink)).prompt).toBe(`Cover of ${link}`);
    const sent = serviceRequests(h.emu, '/v1/cover')[2]!.multipart!;
    expect(sent.fields).toMatchObject({ video_site_url: link, file: '' });
    expect(sent.files).toEqual([]);
  });

  it('refuses before sending: no source, tran out of range, a non-audio file', async () => {
    const txt = join(h.root, 'notes.txt');
    await writeFile(txt, 'hello');
    const bad = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as AppError,
      );
    const e1 = await bad(
      h.covers.cover({
        source: { kind: 'link', url: '' },
        singerId: '101',
        isCustomSinger: false,
        tranSemitones: 0,
      }),
    );
    expect(e1?.fields?.source).toMatch(/audio file or a video link/);
    const e2 = await bad(
      h.covers.cover({
        source: { kind: 'link', url: 'https://v.example/x' },
        singerId: '101',
        isCustomSinger: false,
        tranSemitones: 13,
      }),
    );
    expect(e2?.fields?.tranSemitones).toMatch(/-12 and 12/);
    const e3 = await bad(
      h.covers.cover({
        source: { kind: 'file', path: txt },
        singerId: '101',
        isCustomSinger: false,
        tranSemitones: 0,
      }),
    );
    expect(e3?.fields?.source).toMatch(/notes\.txt is not one/);
    expect(serviceRequests(h.emu, '/v1/cover')).toEqual([]);
    expect(h.rt.jobs.list()).toEqual([]);
  });

  it('cancel during the call: the job is cancelled and nothing lands in the library', async () => {
    h.emu.inject({ path: '/v1/cover', kind: 'timeout' });
    const src = await audioFile('Slow.mp3');
    const job = await h.covers.cover({
      source: { kind: 'file', path: src.path },
      singerId: '101',
      isCustomSinger: false,
      tranSemitones: 0,
    });
    await new Promise((r) => setTimeout(r, 150));
    const cancelled = await h.covers.cancel(job.id);
    expect(cancelled.state).toBe('cancelled');
    await expect(h.covers.finish(job.id)).rejects.toMatchObject({ code: 'cancelled' });
    expect(h.rt.library.items()).toEqual([]);
  });

  for (const shape of ['audio_url', 'audio', 'oss_url', 'url', 'audio_file', 'nested']) {
    it(`reads the cover answer shape "${shape}"`, async () => {
      h.emu.configure({ shapes: { cover: shape } });
      const item = await h.covers.finish(
        (
          await h.covers.cover({
            source: { kind: 'link', url: 'https://v.example/y' },
            singerId: '101',
            isCustomSinger: false,
            tranSemitones: 0,
          })
        ).id,
      );
      expect(item.kind).toBe('cover');
      expect(item.source_url).toMatch(/\/media\/cover\/.+\.mp3$/);
    });
  }

  it('an answer that fits nothing shows the raw message and keeps it in the job', async () => {
    h.emu.configure({ shapes: { cover: 'none' } });
    const job = await h.covers.cover({
      source: { kind: 'link', url: 'https://v.example/z' },
      singerId: '101',
      isCustomSinger: false,
      tranSemitones: 0,
    });
    const err = (await h.covers.finish(job.id).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('bad_response');
    expect(err.message).toContain(
      'The service said: Success — {"state":"done","note":"cover finished"}',
    );
    const record = JSON.parse(
      await readFile(join(h.dataDir, 'jobs', `${job.id}.json`), 'utf8'),
    ) as { lastResponse: unknown; error: { message: string } };
    expect(record.lastResponse).toMatchObject({ data: { note: 'cover finished' } });
    expect(record.error.message).toContain('cover finished');
    expect(JSON.stringify(record)).not.toContain('covers-int-key');
  });
});
