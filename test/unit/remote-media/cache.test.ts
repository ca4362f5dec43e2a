import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMediaCache, type MediaCache } from '../../../src/main/services/remote-media/cache';
import {
  cacheMediaUrl,
  createMediaHandler,
} from '../../../src/main/services/media-protocol/handler';

const audio = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 13) % 256));
let server: Server;
let base: string;
let root: string;
let cache: MediaCache;
let seenHeaders: IncomingHttpHeaders[];
let release: () => void;

async function read(stream: Readable | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (stream) for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

beforeEach(async () => {
  seenHeaders = [];
  const gate = new Promise<void>((r) => (release = r));
  server = createServer((req, res) => {
    seenHeaders.push(req.headers);
    if (req.url === '/missing.mp3') {
      res.writeHead(404).end();
      return;
    }
    // a song still being generated: the first half now, the rest when released
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    res.write(audio.subarray(0, audio.length / 2));
    void gate.then(() => res.end(audio.subarray(audio.length / 2)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = await mkdtemp(join(tmpdir(), 'cadenza-cache-'));
  cache = createMediaCache({ dir: join(root, 'media-cache') });
  await cache.open();
});

afterEach(async () => {
  release();
  await cache.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(root, { recursive: true, force: true });
});

describe('remote media cache', () => {
  it('serves a streaming song while it is still arriving, then all of it', async () => {
    const id = await cache.cacheRemote(`${base}/stream/song.mp3`);
    expect(seenHeaders[0]?.['x-api-key']).toBeUndefined();
    const handler = createMediaHandler({
      roots: () => ({ cache: cache.dir }),
      cache,
      growWaitMs: 200,
    });
    await cache.waitForBytes(id, audio.length / 2, 2000);

    // asked while half of it is there: the answer follows the song as it arrives, to its end
    // (Chromium takes a custom scheme's Content-Length as where the song ends, so none is given)
    const live = await handler.handle({
      url: cacheMediaUrl(id),
      headers: { range: 'bytes=0-' },
    });
    expect(live.status).toBe(206);
    expect(live.headers['Content-Type']).toBe('audio/mpeg');
    expect(live.headers['Content-Length']).toBeUndefined();
    expect(live.headers['Content-Range']).toBeUndefined();
    const reading = read(live.body);
    await new Promise((r) => setTimeout(r, 100)); // longer than nothing, shorter than a stall
    release();
    expect((await reading).equals(audio)).toBe(true);

    await cache.whenComplete(id);
    const full = await handler.handle({
      url: cacheMediaUrl(id),
      headers: { range: 'bytes=1000-1999' },
    });
    expect(full.headers['Content-Range']).toBe(`bytes 1000-1999/${audio.length}`);
    expect((await read(full.body)).equals(audio.subarray(1000, 2000))).toBe(true);
    // the same URL is fetched once
    expect(await cache.cacheRemote(`${base}/stream/song.mp3`)).toBe(id);
    expect(seenHeaders).toHaveLength(1);
  });

  it('ends the answer for a growing song where its stream stalls, and from a later start too', async () => {
    const id = await cache.cacheRemote(`${base}/stream/song.mp3`);
    const handler = createMediaHandler({
      roots: () => ({ cache: cache.dir }),
      cache,
      growWaitMs: 100,
      liveStallMs: 150,
    });
    await cache.waitForBytes(id, audio.length / 2, 2000);
    const half = audio.length / 2;
    const stalled = await handler.handle({
      url: cacheMediaUrl(id),
      headers: { range: 'bytes=0-' },
    });
    expect((await read(stalled.body)).equals(audio.subarray(0, half))).toBe(true);
    const later = await handler.handle({
      url: cacheMediaUrl(id),
      headers: { range: 'bytes=1000-' },
    });
    expect(later.status).toBe(206);
    expect((await read(later.body)).equals(audio.subarray(1000, half))).toBe(true);
  });

  it('keeps complete entries across restarts and drops interrupted ones', async () => {
    const done = await cache.cacheRemote(`${base}/a.mp3`);
    release();
    await cache.whenComplete(done);
    await cache.close();
    const again = createMediaCache({ dir: cache.dir });
    await again.open();
    expect(again.describe(done)).toMatchObject({
      complete: true,
      bytes: audio.length,
      contentType: 'audio/mpeg',
    });
    expect((await readdir(cache.dir)).sort()).toEqual([`${done}.json`, `${done}.media`]);
  });

  it('refuses non-http URLs and reports failed fetches', async () => {
    await expect(cache.cacheRemote('file:///etc/passwd')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(cache.cacheRemote(`${base}/missing.mp3`)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
