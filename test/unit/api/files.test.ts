import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { caught } from '../../support/caught';
import { audioLike as audioBytes } from '../../support/media-fixtures';
import { ok, startServer, type SeenRequest, type TestServer } from './server';

const KEY = 'unit-key-files-77';
let api: TestServer;
let media: TestServer;
let client: ServiceClient;
let dir: string;

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Minimal multipart reader for assertions. */
function parts(req: SeenRequest): { name: string; filename?: string; data: Buffer }[] {
  const ct = String(req.headers['content-type']);
  const boundary = /boundary=(.+)$/.exec(ct)?.[1] ?? '';
  const out: { name: string; filename?: string; data: Buffer }[] = [];
  const delim = Buffer.from(`--${boundary}`);
  let pos = req.body.indexOf(delim);
  while (pos !== -1) {
    const start = pos + delim.length;
    if (req.body.subarray(start, start + 2).toString() === '--') break;
    const next = req.body.indexOf(delim, start);
    const chunk = req.body.subarray(start + 2, next - 2);
    const headEnd = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, headEnd).toString();
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    out.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      data: chunk.subarray(headEnd + 4),
    });
    pos = next;
  }
  return out;
}

beforeEach(async () => {
  api = await startServer();
  media = await startServer();
  client = createServiceClient({ baseUrl: api.url, getKey: async () => KEY, timeoutMs: 5000 });
  dir = await mkdtemp(join(tmpdir(), 'cadenza-api-'));
});
afterEach(async () => {
  await api.close();
  await media.close();
  await rm(dir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('clone streams name, description and every file as `files` parts, byte for byte, with progress', async () => {
    const a = audioBytes('wav', 300_000);
    const b = audioBytes('mp3', 1234);
    await writeFile(join(dir, 'take1.wav'), a);
    await writeFile(join(dir, 'take2.mp3'), b);
    api.handle((_req, res) => ok(res, { speaker_id: 'voice-9' }));
    const progress: number[] = [];
    let total = 0;
    const result = await client.voices.clone(
      {
        name: 'My voice',
        description: 'warm',
        files: [join(dir, 'take1.wav'), join(dir, 'take2.mp3')],
      },
      { onProgress: (p) => (progress.push(p.bytesSent), (total = p.totalBytes)) },
    );
    expect(result.speaker).toBe('voice-9');
    const req = api.seen[0]!;
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(Number(req.headers['content-length'])).toBe(req.body.length);
    const got = parts(req);
    expect(got.map((p) => [p.name, p.filename])).toEqual([
      ['name', undefined],
      ['description', undefined],
      ['files', 'take1.wav'],
      ['files', 'take2.mp3'],
    ]);
    expect(got[0]?.data.toString()).toBe('My voice');
    expect(sha(got[2]!.data)).toBe(sha(a));
    expect(sha(got[3]!.data)).toBe(sha(b));
    expect(progress.at(-1)).toBe(total);
    expect(total).toBe(req.body.length);
    expect(progress.length).toBeGreaterThan(3);
  });

  it('cover with a link sends an empty file field and the link; with a file, the file', async () => {
    api.handle((_req, res) => ok(res, { result: { audio_url: `${media.url}/c.mp3` } }));
    const r = await client.covers.create({
      singerId: 'train-42',
      isCustomSinger: true,
      tranSemitones: -2,
      videoSiteUrl: 'https://video.example/watch?v=1',
    });
    expect(r.audioUrl).toBe(`${media.url}/c.mp3`);
    const linkParts = Object.fromEntries(
      parts(api.seen[0]!).map((p) => [p.name, p.data.toString()]),
    );
    expect(linkParts).toEqual({
      singer_id: 'train-42',
      video_site_url: 'https://video.example/watch?v=1',
      tran: '-2',
      is_custom_singer: 'true',
      file: '',
    });
    const song = audioBytes('mp3', 5000);
    await writeFile(join(dir, 'song.mp3'), song);
    await client.covers.create({
      singerId: 3,
      isCustomSinger: false,
      filePath: join(dir, 'song.mp3'),
    });
    const fileParts = parts(api.seen[1]!);
    expect(fileParts.find((p) => p.name === 'file')?.filename).toBe('song.mp3');
    expect(sha(fileParts.find((p) => p.name === 'file')!.data)).toBe(sha(song));
    expect(fileParts.find((p) => p.name === 'video_site_url')?.data.toString()).toBe('');
  });

  it('checks type and size before sending, and runs the caller hook', async () => {
    await writeFile(join(dir, 'notes.txt'), 'hello');
    await writeFile(join(dir, 'ok.wav'), audioBytes('wav', 10));
    const e = await caught(client.voices.clone({ name: 'x', files: [join(dir, 'notes.txt')] }));
    expect(e.code).toBe('validation');
    expect(e.fields?.files).toMatch(/notes\.txt/);
    const hook = await caught(
      client.voices.clone(
        { name: 'x', files: [join(dir, 'ok.wav')] },
        {
          checkFile: (f) => {
            if (f.sizeBytes < 100)
              throw new AppError('validation', 'too short', { fields: { files: 'too short' } });
          },
        },
      ),
    );
    expect(hook.fields).toEqual({ files: 'too short' });
    expect(api.seen).toHaveLength(0);
  });

  it('cancel during the upload stops it and answers cancelled', async () => {
    await writeFile(join(dir, 'big.wav'), audioBytes('wav', 8 * 1024 * 1024));
    api.handle((_req, res) => ok(res, { speaker: 'never' }));
    const ctl = new AbortController();
    const e = await caught(
      client.voices.clone(
        { name: 'x', files: [join(dir, 'big.wav')] },
        {
          signal: ctl.signal,
          onProgress: (p) => {
            if (p.bytesSent > 512 * 1024) ctl.abort();
          },
        },
      ),
    );
    expect(e.code).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.seen).toHaveLength(0); // the server never saw a complete request
  });
});

describe('downloads', () => {
  it('streams to a temp file and renames it into place', async () => {
    const bytes = randomBytes(200_000);
    media.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': bytes.length });
      res.end(bytes);
    });
    const dest = join(dir, 'song.mp3');
    const seen: number[] = [];
    const r = await client.download(`${media.url}/a.mp3`, dest, {
      onProgress: (p) => seen.push(p.bytesReceived),
    });
    expect(r).toEqual({ bytes: bytes.length, contentType: 'audio/mpeg' });
    expect(sha(await readFile(dest))).toBe(sha(bytes));
    expect(await readdir(dir)).toEqual(['song.mp3']);
    expect(seen.at(-1)).toBe(bytes.length);
  });

  it('an abort mid-download leaves no file at all', async () => {
    media.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 1_000_000 });
      res.write(randomBytes(100_000)); // then stalls
    });
    const ctl = new AbortController();
    const e = await caught(
      client.download(`${media.url}/a.mp3`, join(dir, 'x.mp3'), {
        signal: ctl.signal,
        onProgress: () => ctl.abort(),
      }),
    );
    expect(e.code).toBe('cancelled');
    expect(await readdir(dir)).toEqual([]);
  });

  it('a truncated body, a 404, maxBytes and non-http URLs fail without leaving files', async () => {
    media.handle((req, res, raw) => {
      if (req.path === '/gone') return void (res.writeHead(404), res.end());
      res.writeHead(200, { 'content-length': 50_000 });
      res.write(randomBytes(10_000));
      setTimeout(() => raw.socket.destroy(), 20);
    });
    expect((await caught(client.download(`${media.url}/cut`, join(dir, 'a')))).code).toBe(
      'network',
    );
    expect((await caught(client.download(`${media.url}/gone`, join(dir, 'b')))).code).toBe(
      'not_found',
    );
    expect(
      (await caught(client.download(`${media.url}/big`, join(dir, 'c'), { maxBytes: 1000 }))).code,
    ).toBe('bad_response');
    expect((await caught(client.download('file:///etc/passwd', join(dir, 'd')))).code).toBe(
      'forbidden',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('follows redirects to other hosts without the key', async () => {
    api.handle((_req, res) => {
      res.writeHead(302, { location: `${media.url}/final.mp3` });
      res.end();
    });
    media.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(Buffer.from('abc'));
    });
    await client.download(`${api.url}/media/s.mp3`, join(dir, 's.mp3'));
    expect(api.seen[0]?.headers['x-api-key']).toBeUndefined(); // even the service origin gets no key on a download
    expect(media.seen[0]?.headers['x-api-key']).toBeUndefined();
    expect(await readFile(join(dir, 's.mp3'), 'utf8')).toBe('abc');
  });
});
