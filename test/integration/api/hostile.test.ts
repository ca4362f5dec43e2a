/**
 * The real client and downloader against a hostile service (issue 13, points 1, 2 and 10): every
 * transport fault ends with no crash, and either a complete file or a clear AppError — and never a
 * temp file left behind.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caught, useEmulator } from './harness';

const h = useEmulator();

/** byte i of the emulator's /media/big is i % 251 */
function isBigPattern(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== i % 251) return false;
  return true;
}

// An uncaught exception from a socket event (undici issue 5360) would kill the app's main process.
const crashes: unknown[] = [];
const onCrash = (e: unknown): void => void crashes.push(e);
beforeEach(() => {
  crashes.length = 0;
  process.on('uncaughtException', onCrash);
});
afterEach(() => {
  process.off('uncaughtException', onCrash);
  expect(crashes).toEqual([]);
});

const mediaRequests = (path: string): number =>
  h.emu.log.filter((e) => e.origin === 'media' && e.path === path).length;

describe('Connection: close on every answer', () => {
  it('a slow writer pauses the parser while the server closes: the file is complete, no crash (undici 5360)', async () => {
    h.emu.configure({ connectionClose: true });
    const size = 4 * 1024 * 1024;
    for (let round = 0; round < 4; round++) {
      const dest = join(h.dir, `big-${round}.bin`);
      const r = await h.client.download(`${h.emu.mediaUrl}/media/big?bytes=${size}`, dest, {
        // the test-side slow writer: each chunk waits, so undici's body stream fills and pauses
        onProgress: () => new Promise((resolve) => setTimeout(resolve, 2)),
      });
      expect(r.bytes).toBe(size);
      const bytes = await readFile(dest);
      expect(bytes.length).toBe(size);
      expect(isBigPattern(bytes)).toBe(true);
    }
    expect((await readdir(h.dir)).sort()).toEqual([0, 1, 2, 3].map((i) => `big-${i}.bin`));
    expect(h.emu.log.length).toBeGreaterThanOrEqual(4);
  });

  it('service calls, a song from submit to download, all over closing connections', async () => {
    h.emu.configure({ connectionClose: true });
    const info = await h.client.keyInfo();
    expect(info.key_status).toBe(0);
    const [a] = await h.client.songs.submit({ mode: 'auto', prompt: 'lo-fi rain' });
    h.emu.advance(10_000);
    const [done] = await h.client.songs.query([a!.id]);
    expect(done?.audioUrl).toBeTruthy();
    const dest = join(h.dir, 'song.mp3');
    const r = await h.client.download(done!.audioUrl!, dest);
    expect(r.bytes).toBeGreaterThan(10_000);
    expect(await readdir(h.dir)).toEqual(['song.mp3']);
  });
});

describe('a reset mid-body', () => {
  it('a download is tried again from the start and completes', async () => {
    h.emu.inject({ path: '/media/big', kind: 'reset_mid_body' });
    const dest = join(h.dir, 'a.bin');
    const r = await h.client.download(`${h.emu.mediaUrl}/media/big?bytes=300000`, dest);
    expect(r.bytes).toBe(300_000);
    expect(isBigPattern(await readFile(dest))).toBe(true);
    expect(mediaRequests('/media/big')).toBe(2);
    expect(await readdir(h.dir)).toEqual(['a.bin']);
  });

  it('every try reset: a clear network error and no file', async () => {
    h.emu.inject({ path: '/media/big', kind: 'reset_mid_body', times: 3 });
    const e = await caught(
      h.client.download(`${h.emu.mediaUrl}/media/big?bytes=300000`, join(h.dir, 'a.bin')),
    );
    expect(e.code).toBe('network');
    expect(e.message).toMatch(/connection closed after \d+ of 300000 bytes.*Try again/);
    expect(mediaRequests('/media/big')).toBe(3);
    expect(await readdir(h.dir)).toEqual([]);
  });

  it('a GET service call is retried; a POST is not (one submission, "may have been charged")', async () => {
    h.emu.inject({ path: '/v1/get_api_key_info', kind: 'reset_mid_body' });
    expect((await h.client.keyInfo()).key_status).toBe(0);
    h.emu.inject({ path: '/v2/submit', kind: 'reset_mid_body' });
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lo-fi rain' }));
    expect(e.code).toBe('network');
    expect(e.message).toMatch(/may have been charged/);
    expect(h.emu.log.filter((l) => l.path === '/v2/submit')).toHaveLength(1);
  });
});

describe('a body that does not match its Content-Length', () => {
  it('short: tried again; when every try is short, says how much arrived, and leaves no file', async () => {
    h.emu.inject({ path: '/media/big', kind: 'short_body' });
    const ok = await h.client.download(
      `${h.emu.mediaUrl}/media/big?bytes=200000`,
      join(h.dir, 'ok.bin'),
    );
    expect(ok.bytes).toBe(200_000);
    h.emu.inject({ path: '/media/big', kind: 'short_body', times: 3 });
    const e = await caught(
      h.client.download(`${h.emu.mediaUrl}/media/big?bytes=200000`, join(h.dir, 'b.bin')),
    );
    expect(e.code).toBe('network');
    expect(e.message).toMatch(/connection closed after \d+ of 200000 bytes/);
    expect(await readdir(h.dir)).toEqual(['ok.bin']);
  });

  it('short on a JSON answer: the GET is tried again and succeeds', async () => {
    h.emu.inject({ path: '/v1/voices_list', kind: 'short_body' });
    expect((await h.client.voices.list()).length).toBeGreaterThan(0);
  });

  it('long: exactly the announced bytes are kept, the rest is ignored', async () => {
    h.emu.inject({ path: '/media/big', kind: 'long_body' });
    const dest = join(h.dir, 'c.bin');
    const r = await h.client.download(`${h.emu.mediaUrl}/media/big?bytes=50000`, dest);
    expect(r.bytes).toBe(50_000);
    expect(isBigPattern(await readFile(dest))).toBe(true);
    expect(await readdir(h.dir)).toEqual(['c.bin']);
  });
});

describe('a drip', () => {
  it('a download under the minimum throughput stops with a clear timeout, no file', async () => {
    const client = h.makeClient({
      http: { timeouts: { minBytesPerSecond: 4096, throughputWindowMs: 600 } },
      retry: { attempts: 1 },
    });
    h.emu.configure({ drip: { bytes: 64, everyMs: 50 } }); // ~1.3 KB/s
    h.emu.inject({ path: '/media/big', kind: 'drip' });
    const t0 = Date.now();
    const e = await caught(
      client.download(`${h.emu.mediaUrl}/media/big?bytes=100000`, join(h.dir, 'd.bin')),
    );
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(e.code).toBe('timeout');
    expect(e.message).toMatch(/sent data too slowly \(under 4 KB a second/);
    expect(await readdir(h.dir)).toEqual([]);
  });

  it('the overall deadline ends a download that keeps trickling', async () => {
    h.emu.configure({ drip: { bytes: 2000, everyMs: 50 } }); // fast enough, but never done in time
    h.emu.inject({ path: '/media/big', kind: 'drip' });
    const e = await caught(
      h.client.download(`${h.emu.mediaUrl}/media/big?bytes=1000000`, join(h.dir, 'e.bin'), {
        deadlineMs: 800,
      }),
    );
    expect(e.code).toBe('timeout');
    expect(e.message).toMatch(/took longer than 1 second in all/);
    expect(await readdir(h.dir)).toEqual([]);
  });

  it('a dripping JSON answer ends at the call deadline', async () => {
    const client = h.makeClient({ timeoutMs: 700, retry: { attempts: 1 } });
    h.emu.configure({ drip: { bytes: 1, everyMs: 100 } });
    h.emu.inject({ path: '/v1/voices_list', kind: 'drip' });
    const e = await caught(client.voices.list());
    expect(e.code).toBe('timeout');
    expect(e.message).toMatch(/did not answer in time/);
  });
});

describe('HTML error pages where JSON is expected', () => {
  it('a GET is retried past one; a POST fails once with a readable message, no markup', async () => {
    h.emu.inject({ path: '/v1/voices_list', kind: 'html502' });
    expect((await h.client.voices.list()).length).toBeGreaterThan(0);
    h.emu.inject({ path: '/v2/submit', kind: 'html502' });
    const e = await caught(h.client.songs.submit({ mode: 'auto', prompt: 'lo-fi rain' }));
    expect(e.code).toBe('server');
    expect(e.httpStatus).toBe(502);
    expect(e.message).not.toMatch(/</);
    expect(e.message).toMatch(/The service had a problem and could not/);
    expect(e.detail).toBe('HTTP 502');
    expect(h.emu.log.filter((l) => l.path === '/v2/submit')).toHaveLength(1);
  });

  it('a media link answering an HTML 502 page fails clearly, no file', async () => {
    h.emu.inject({ path: '/media/big', kind: 'html502', times: 3 });
    const e = await caught(
      h.client.download(`${h.emu.mediaUrl}/media/big?bytes=1000`, join(h.dir, 'f.bin')),
    );
    expect(e.code).toBe('server');
    expect(e.message).toMatch(/media server refused the download/);
    expect(e.detail).toBe('HTTP 502');
    expect(await readdir(h.dir)).toEqual([]);
  });
});

describe('huge bodies', () => {
  it('a download over maxBytes is refused by its Content-Length, no file', async () => {
    const e = await caught(
      h.client.download(`${h.emu.mediaUrl}/media/big?bytes=3000000`, join(h.dir, 'g.bin'), {
        maxBytes: 1_000_000,
      }),
    );
    expect(e.code).toBe('bad_response');
    expect(e.message).toMatch(/larger than the 1 MB allowed/);
    expect(await readdir(h.dir)).toEqual([]);
  });
});
