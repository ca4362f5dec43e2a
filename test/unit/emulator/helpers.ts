import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const KEY = 'test-key-0000';

/** Parsed JSON in tests: assertions check its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function api(
  base: string,
  path: string,
  init: {
    method?: string;
    json?: unknown;
    body?: FormData;
    key?: string | null;
    signal?: AbortSignal;
  } = {},
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {};
  if (init.key !== null) headers['x-api-key'] = init.key ?? KEY;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    ...(init.signal ? { signal: init.signal } : {}),
  });
  const text = await res.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    // plain text
  }
  return { status: res.status, body };
}

export async function bytesOf(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Reads a RIFF/WAVE header independently of the generator. */
export function parseWav(b: Buffer): {
  sampleRate: number;
  channels: number;
  bits: number;
  dataBytes: number;
  durationMs: number;
} {
  if (b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not RIFF/WAVE');
  if (b.readUInt32LE(4) !== b.length - 8) throw new Error('RIFF size does not match the file');
  let off = 12;
  let fmt: { channels: number; sampleRate: number; bits: number } | undefined;
  while (off + 8 <= b.length) {
    const id = b.toString('ascii', off, off + 4);
    const size = b.readUInt32LE(off + 4);
    if (id === 'fmt ') {
      if (b.readUInt16LE(off + 8) !== 1) throw new Error('not PCM');
      fmt = {
        channels: b.readUInt16LE(off + 10),
        sampleRate: b.readUInt32LE(off + 12),
        bits: b.readUInt16LE(off + 22),
      };
    }
    if (id === 'data') {
      if (!fmt) throw new Error('data before fmt');
      if (off + 8 + size !== b.length) throw new Error('data size does not match the file');
      const frameBytes = (fmt.bits / 8) * fmt.channels;
      return { ...fmt, dataBytes: size, durationMs: (size / frameBytes / fmt.sampleRate) * 1000 };
    }
    off += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_RATES = [44100, 48000, 32000];

/** Walks MPEG-1 Layer III frames from the first byte to the last; throws on any bad header. */
export function parseMp3(b: Buffer): { frames: number; sampleRate: number; durationMs: number } {
  let off = 0;
  let frames = 0;
  let sampleRate = 0;
  while (off < b.length) {
    if (off + 4 > b.length) throw new Error(`truncated header at ${off}`);
    const h = b.readUInt32BE(off);
    if (h >>> 21 !== 0x7ff) throw new Error(`no frame sync at ${off}`);
    if (((h >>> 19) & 3) !== 3 || ((h >>> 17) & 3) !== 1) throw new Error('not MPEG-1 Layer III');
    const kbps = MPEG1_L3_KBPS[(h >>> 12) & 0xf];
    const rate = MPEG1_RATES[(h >>> 10) & 3];
    if (!kbps || !rate) throw new Error(`bad bitrate/sample rate at ${off}`);
    const padding = (h >>> 9) & 1;
    const size = Math.floor((144 * kbps * 1000) / rate) + padding;
    if (off + size > b.length) throw new Error(`truncated frame at ${off}`);
    sampleRate = rate;
    frames += 1;
    off += size;
  }
  return { frames, sampleRate, durationMs: (frames * 1152 * 1000) / sampleRate };
}

export function hasTool(name: string): boolean {
  try {
    execFileSync(name, ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** ffprobe's view of some bytes: format duration (s) and first stream's codec. */
export function ffprobe(
  bytes: Buffer,
  ext: string,
): Promise<{ durationS: number; codec: string; formatName: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'emu-probe-'));
  const file = join(dir, `probe.${ext}`);
  writeFileSync(file, bytes);
  return new Promise((resolve, reject) => {
    execFile(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'format=duration,format_name:stream=codec_name',
        '-of',
        'json',
        file,
      ],
      (err, stdout) => {
        if (err) return reject(err);
        const j = JSON.parse(stdout) as {
          format: { duration?: string; format_name: string };
          streams: { codec_name: string }[];
        };
        resolve({
          durationS: Number(j.format.duration ?? NaN),
          codec: j.streams[0]?.codec_name ?? '',
          formatName: j.format.format_name,
        });
      },
    );
  });
}

/** Decodes every frame with ffmpeg; resolves to ffmpeg's error output ('' when clean). */
export function ffmpegDecodeErrors(bytes: Buffer, ext: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'emu-decode-'));
  const file = join(dir, `in.${ext}`);
  writeFileSync(file, bytes);
  return new Promise((resolve) => {
    execFile('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], (err, _out, stderr) => {
      resolve(err ? `exit: ${err.message}\n${stderr}` : stderr);
    });
  });
}
