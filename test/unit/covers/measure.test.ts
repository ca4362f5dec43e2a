import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { measureUrl, measureUrls } from '../../../src/main/services/covers/measure';

let emu: Emulator;
let local: Server;
let localUrl = '';
const served = new Map<string, { body: Buffer; type: string; ranges: boolean; length: boolean }>();
const localLog: Array<{
  path: string;
  range: string | undefined;
  headers: Record<string, unknown>;
}> = [];

/** A real AAC M4A of `durationS` seconds, `moov` after `mdat` (ffmpeg's default), and its length. */
function lateM4a(durationS: number): { body: Buffer; ffprobeS: number } {
  const dir = mkdtempSync(join(tmpdir(), 'cadenza-m4a-'));
  const path = join(dir, 'late.m4a');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=f=330:d=${durationS}`,
    '-c:a',
    'aac',
    '-b:a',
    '24k',
    path,
  ]);
  const ffprobeS = Number(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path],
      {
        encoding: 'utf8',
      },
    ),
  );
  const body = readFileSync(path);
  rmSync(dir, { recursive: true, force: true });
  return { body, ffprobeS };
}

beforeAll(async () => {
  emu = await startEmulator({ keys: ['measure-key-1234'], stepMs: 20 });
  local = createServer((req, res) => {
    const path = req.url ?? '/';
    localLog.push({ path, range: req.headers.range, headers: { ...req.headers } });
    const f = served.get(path);
    if (!f) {
      res.writeHead(404).end();
      return;
    }
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (m && f.ranges) {
      const start = Number(m[1]);
      const end = Math.min(m[2] ? Number(m[2]) : f.body.length - 1, f.body.length - 1);
      res.writeHead(206, {
        'content-type': f.type,
        'content-range': `bytes ${start}-${end}/${f.body.length}`,
        'content-length': String(end - start + 1),
      });
      res.end(f.body.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, {
      'content-type': f.type,
      ...(f.length ? { 'content-length': String(f.body.length) } : {}),
    });
    res.end(f.body);
  });
  await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
  localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await emu?.close();
  await new Promise((r) => local?.close(r));
});
beforeEach(() => {
  emu.reset();
  localLog.length = 0;
});

describe('measuring a link before spending', () => {
  it('MP3 of 4:59 and of 5:00 from the emulator, reading only the first bytes, with no key or cookie', async () => {
    const [short, exact] = await measureUrls([
      `${emu.mediaUrl}/media/tone.mp3?seconds=299`,
      `${emu.mediaUrl}/media/tone.mp3?seconds=300`,
    ]);
    expect(short).toMatchObject({ format: 'mp3', kind: 'audio', problem: null });
    expect(exact).toMatchObject({ format: 'mp3', kind: 'audio', problem: null, durationS: 300 });
    // 299 s is 12 458 whole 24 ms frames
    expect(short!.durationS).toBeCloseTo(298.992, 3);
    expect(short!.durationS!).toBeLessThan(300);
    expect(exact!.sizeBytes).toBe(12_500 * 96);
    const media = emu.log.filter((e) => e.origin === 'media');
    expect(media).toHaveLength(2);
    for (const e of media) {
      expect(e.headers.range).toMatch(/^bytes=0-\d+$/);
      expect(e.headers['x-api-key']).toBeUndefined();
      expect(e.headers.cookie).toBeUndefined();
    }
    expect(emu.log.filter((e) => e.origin === 'service')).toHaveLength(0);
  });

  it('WAV from its header; a PNG by its size; the emulator MP4 by its mvhd', async () => {
    const wav = await measureUrl(`${emu.mediaUrl}/media/tone.wav?seconds=12`);
    expect(wav).toMatchObject({ format: 'wav', kind: 'audio', durationS: 12, problem: null });
    const png = await measureUrl(`${emu.mediaUrl}/media/photo.png`);
    expect(png.format).toBe('png');
    expect(png.kind).toBe('image');
    expect(png.sizeBytes).toBeGreaterThan(100);
    const video = await measureUrl(`${emu.mediaUrl}/media/video/abc.mp4`);
    expect(video.kind).toBe('video');
    expect(video.durationS).toBeGreaterThan(0.5);
    expect(video.durationS).toBeLessThan(2);
  });

  it('M4A with moov after mdat: follows the boxes with Range requests instead of reading the file', async () => {
    const late = lateM4a(90.5);
    served.set('/late.m4a', { body: late.body, type: 'audio/mp4', ranges: true, length: true });
    const m = await measureUrl(`${localUrl}/late.m4a`);
    expect(m).toMatchObject({ format: 'm4a', kind: 'audio', problem: null });
    expect(Math.abs(m.durationS! - late.ffprobeS)).toBeLessThan(0.03);
    // the start, then the header of the box after mdat, then that box (moov) alone
    const ranges = localLog.map((l) => l.range);
    expect(ranges[0]).toBe('bytes=0-65535');
    expect(ranges).toHaveLength(3);
    const read = ranges.reduce((n, r) => {
      const [from, to] = r!.slice(6).split('-').map(Number);
      return n + (to! - from! + 1);
    }, 0);
    expect(read).toBeLessThan(late.body.length / 2);
  }, 20_000);

  it('a server without Range answers: reads at most the budget, and an MP3 without a length cannot be measured', async () => {
    const mp3 = Buffer.alloc(96 * 5000);
    for (let i = 0; i < 5000; i++) Buffer.from([0xff, 0xfb, 0x14, 0xc4]).copy(mp3, i * 96);
    served.set('/nolen.mp3', { body: mp3, type: 'audio/mpeg', ranges: false, length: false });
    const m = await measureUrl(`${localUrl}/nolen.mp3`, { maxBytes: 64 * 1024 });
    expect(m.durationS).toBeNull();
    expect(m.problem).toMatch(/could not measure.*did not say how large/i);
    served.set('/len.mp3', { body: mp3, type: 'audio/mpeg', ranges: false, length: true });
    const ok = await measureUrl(`${localUrl}/len.mp3`);
    expect(ok.durationS).toBeCloseTo(120, 3); // 5000 frames × 24 ms
  });

  it('refuses what it cannot or may not measure, with a reason', async () => {
    expect((await measureUrl('ftp://example.com/a.mp3')).problem).toMatch(/http/);
    expect((await measureUrl('not a link')).problem).toMatch(/full link/);
    expect((await measureUrl(`${emu.mediaUrl}/media/nothing.mp3`)).problem).toMatch(
      /no file at this link/,
    );
    expect((await measureUrl(`${emu.mediaUrl}/media/big?bytes=100000`)).problem).toMatch(
      /not an MP3, WAV or M4A/,
    );
    const silent = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const t0 = Date.now();
    const slow = await measureUrl(
      `http://127.0.0.1:${(silent.address() as AddressInfo).port}/x.mp3`,
      { timeoutMs: 300 },
    );
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(slow.problem).toMatch(/did not answer within/);
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });
});
