import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMediaHandler,
  libraryMediaUrl,
} from '../../../src/main/services/media-protocol/handler';

let root: string;
let library: string;
const body = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));

async function read(stream: Readable | null): Promise<Buffer> {
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-media-'));
  library = join(root, 'Library');
  await mkdir(join(library, 'Albums'), { recursive: true });
  await writeFile(join(library, 'Song one.mp3'), body);
  await writeFile(join(library, 'Song one.mp3.json'), '{"schema_version":1}');
  await writeFile(join(library, 'Albums', 'Cover.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(join(library, '.cadenza-tmp-abc.part'), body);
  await writeFile(join(root, 'secret.mp3'), 'outside the library');
  await symlink(join(root, 'secret.mp3'), join(library, 'escape.mp3'));
  await symlink(root, join(library, 'outdir'));
  await symlink(join(library, 'Song one.mp3'), join(library, 'alias.mp3'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const handler = () => createMediaHandler({ roots: () => ({ library }) });
const get = (url: string, headers: Record<string, string> = {}) =>
  handler().handle({ url, headers });

describe('media handler: ranges', () => {
  it('answers Range: bytes=1000-1999 with 206 and exactly those 1,000 bytes', async () => {
    const res = await get(libraryMediaUrl('Song one.mp3'), { range: 'bytes=1000-1999' });
    expect(res.status).toBe(206);
    expect(res.headers['Content-Range']).toBe('bytes 1000-1999/5000');
    expect(res.headers['Content-Length']).toBe('1000');
    expect(res.headers['Content-Type']).toBe('audio/mpeg');
    const got = await read(res.body);
    expect(got.length).toBe(1000);
    expect(got.equals(body.subarray(1000, 2000))).toBe(true);
  });

  it('serves the whole file with 200 and Accept-Ranges when no range is asked', async () => {
    const res = await get(libraryMediaUrl('Song one.mp3'));
    expect(res.status).toBe(200);
    expect(res.headers['Accept-Ranges']).toBe('bytes');
    expect(res.headers['Content-Length']).toBe('5000');
    expect((await read(res.body)).equals(body)).toBe(true);
  });

  it('handles suffix and open-ended ranges, clamps the end, and answers 416 past the end', async () => {
    const suffix = await get(libraryMediaUrl('Song one.mp3'), { Range: 'bytes=-500' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers['Content-Range']).toBe('bytes 4500-4999/5000');
    expect((await read(suffix.body)).equals(body.subarray(4500))).toBe(true);

    const open = await get(libraryMediaUrl('Song one.mp3'), { range: 'bytes=4990-' });
    expect(open.headers['Content-Range']).toBe('bytes 4990-4999/5000');
    expect((await read(open.body)).length).toBe(10);

    const clamped = await get(libraryMediaUrl('Song one.mp3'), { range: 'bytes=4000-999999' });
    expect(clamped.headers['Content-Range']).toBe('bytes 4000-4999/5000');

    const past = await get(libraryMediaUrl('Song one.mp3'), { range: 'bytes=5000-' });
    expect(past.status).toBe(416);
    expect(past.headers['Content-Range']).toBe('bytes */5000');
    expect(past.body).toBeNull();

    const multi = await get(libraryMediaUrl('Song one.mp3'), { range: 'bytes=0-1,5-6' });
    expect(multi.status).toBe(200);
  });

  it('answers HEAD without a body and gives images their type', async () => {
    const res = await handler().handle({
      url: libraryMediaUrl('Albums/Cover.png'),
      method: 'HEAD',
      headers: {},
    });
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe('image/png');
    expect(res.headers['Content-Length']).toBe('4');
    expect(res.body).toBeNull();
  });
});

describe('media handler: confinement', () => {
  it.each([
    ['cadenza-media://library/../secret.mp3'],
    ['cadenza-media://library/Albums/../../secret.mp3'],
    ['cadenza-media://library/%2e%2e/secret.mp3'],
    ['cadenza-media://library/%2E%2E%2Fsecret.mp3'],
    ['cadenza-media://library/..%2fsecret.mp3'],
    ['cadenza-media://library/..%5csecret.mp3'],
    ['cadenza-media://library/%2fetc%2fpasswd'],
    ['cadenza-media://library//etc/passwd'],
    ['cadenza-media://library/.cadenza-tmp-abc.part'],
  ])('refuses %s with 403', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(403);
    expect(res.body).toBeNull();
  });

  it('refuses symlinks that lead outside the library, file or folder', async () => {
    expect((await get(libraryMediaUrl('escape.mp3'))).status).toBe(403);
    expect((await get(libraryMediaUrl('outdir/secret.mp3'))).status).toBe(403);
  });

  it('serves a symlink that stays inside the library', async () => {
    const res = await get(libraryMediaUrl('alias.mp3'), { range: 'bytes=0-9' });
    expect(res.status).toBe(206);
    expect((await read(res.body)).equals(body.subarray(0, 10))).toBe(true);
  });

  it('refuses sidecars and other non-media files, unknown hosts and missing files', async () => {
    expect((await get(libraryMediaUrl('Song one.mp3.json'))).status).toBe(403);
    expect((await get('cadenza-media://elsewhere/Song%20one.mp3')).status).toBe(404);
    expect((await get(libraryMediaUrl('Nope.mp3'))).status).toBe(404);
    expect((await get('file:///etc/passwd')).status).toBe(400);
    expect(
      (
        await handler().handle({
          url: libraryMediaUrl('Song one.mp3'),
          method: 'POST',
          headers: {},
        })
      ).status,
    ).toBe(405);
  });

  it('decodes encoded names inside the library', async () => {
    const res = await get('cadenza-media://library/Song%20one.mp3', { range: 'bytes=0-0' });
    expect(res.status).toBe(206);
  });
});

describe('media handler: a folder swapped for a symlink between the check and the open', () => {
  it('refuses to serve what the swap points at (the opened file must be the confined one)', async () => {
    const { rename } = await import('node:fs/promises');
    await mkdir(join(library, 'Swap'), { recursive: true });
    await writeFile(join(library, 'Swap', 'take.mp3'), body);
    await mkdir(join(root, 'elsewhere'), { recursive: true });
    await writeFile(join(root, 'elsewhere', 'take.mp3'), 'SECRET outside the library');

    let swapped = false;
    const racing = createMediaHandler({
      roots: () => ({ library }),
      beforeOpen: async () => {
        await rename(join(library, 'Swap'), join(library, 'Swap.real'));
        await symlink(join(root, 'elsewhere'), join(library, 'Swap'));
        swapped = true;
      },
    });
    const res = await racing.handle({ url: libraryMediaUrl('Swap/take.mp3'), headers: {} });
    expect(swapped).toBe(true);
    const served = await read(res.body);
    expect(served.toString()).not.toContain('SECRET');
    expect(res.status).toBe(403);
  });
});

describe('media handler: a file swapped for a FIFO between the check and the open', () => {
  it('answers at once instead of waiting in open() for a writer (issue 26, point 2)', async () => {
    const { execFileSync } = await import('node:child_process');
    const { open, unlink } = await import('node:fs/promises');
    await writeFile(join(library, 'Piped.mp3'), body);
    const fifo = join(library, 'Piped.mp3');
    let unblock: (() => Promise<void>) | undefined;
    const racing = createMediaHandler({
      roots: () => ({ library }),
      beforeOpen: async () => {
        await unlink(fifo);
        execFileSync('mkfifo', [fifo]);
        // only for a failing run: opening the FIFO for writing releases a blocked reader
        unblock = async () => (await open(fifo, 'r+')).close();
      },
    });
    const answer = racing.handle({ url: libraryMediaUrl('Piped.mp3'), headers: {} });
    const timedOut = Symbol('hung');
    const res = await Promise.race([
      answer,
      new Promise<typeof timedOut>((r) => setTimeout(() => r(timedOut), 3000)),
    ]);
    if (res === timedOut) await unblock?.();
    expect(res, 'the request hung on the FIFO').not.toBe(timedOut);
    if (res !== timedOut) expect([403, 404]).toContain(res.status);
  });
});
