/**
 * Waveform peaks of library items, computed once and cached in the data folder keyed by item id
 * and the media file's mtime (a file changed outside the app gets new peaks). WAV (PCM 8/16/24/32
 * bit, float 32) is decoded exactly; MP3 is approximated per frame from its side information
 * (global gain of the loudest granule, silence where no bits are coded) without decoding it.
 * Other formats have no waveform.
 */
import { promises as fs } from 'node:fs';
import { extname, join } from 'node:path';
import { z } from 'zod';
import { writeJsonAtomic } from './atomic';

export const DEFAULT_BUCKETS = 800;
const MAX_BUCKETS = 2000;
const CHUNK_BYTES = 1 << 20;

const CachedSchema = z.object({ peaks: z.array(z.number().min(0).max(1)).min(1).max(MAX_BUCKETS) });

export interface WaveformSubject {
  id: string;
  modifiedAtMs: number;
}

export interface WaveformStore {
  /** Cached peaks, else computed from a WAV or MP3 file (and cached), else null. */
  get(item: WaveformSubject, mediaPath: string): Promise<number[] | null>;
  /** Caches peaks (replacing older entries of the item). */
  put(item: WaveformSubject, peaks: number[]): Promise<void>;
}

interface WavFormat {
  format: number; // 1 PCM, 3 IEEE float, 0xfffe extensible
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
}

/** Finds the fmt and data chunks of a RIFF/WAVE file; null when it is not one we can read. */
export async function readWavFormat(path: string): Promise<WavFormat | null> {
  const fh = await fs.open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(12);
    await fh.read(head, 0, 12, 0);
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
      return null;
    let pos = 12;
    let fmt: Omit<WavFormat, 'dataOffset' | 'dataBytes'> | null = null;
    const chunk = Buffer.alloc(8);
    while (pos + 8 <= size) {
      await fh.read(chunk, 0, 8, pos);
      const id = chunk.toString('ascii', 0, 4);
      const len = chunk.readUInt32LE(4);
      if (id === 'fmt ') {
        const body = Buffer.alloc(Math.min(len, 40));
        await fh.read(body, 0, body.length, pos + 8);
        let format = body.readUInt16LE(0);
        if (format === 0xfffe && body.length >= 26) format = body.readUInt16LE(24);
        fmt = { format, channels: body.readUInt16LE(2), bitsPerSample: body.readUInt16LE(14) };
      } else if (id === 'data') {
        if (!fmt) return null;
        // a header written while streaming may claim more (or 0xffffffff) bytes than the file has
        return { ...fmt, dataOffset: pos + 8, dataBytes: Math.min(len, size - pos - 8) };
      }
      pos += 8 + len + (len % 2);
    }
    return null;
  } finally {
    await fh.close();
  }
}

function sampleReader(f: WavFormat): ((b: Buffer, at: number) => number) | null {
  if (f.format === 1 && f.bitsPerSample === 16) return (b, at) => b.readInt16LE(at) / 32768;
  if (f.format === 1 && f.bitsPerSample === 8) return (b, at) => ((b[at] ?? 128) - 128) / 128;
  if (f.format === 1 && f.bitsPerSample === 24) return (b, at) => b.readIntLE(at, 3) / 8388608;
  if (f.format === 1 && f.bitsPerSample === 32) return (b, at) => b.readInt32LE(at) / 2147483648;
  if (f.format === 3 && f.bitsPerSample === 32) return (b, at) => b.readFloatLE(at);
  return null;
}

/** Peak absolute amplitude (0..1) of each of `buckets` equal slices of a WAV file's samples. */
export async function wavPeaks(path: string, buckets = DEFAULT_BUCKETS): Promise<number[] | null> {
  const f = await readWavFormat(path);
  if (!f || f.channels < 1) return null;
  const read = sampleReader(f);
  if (!read) return null;
  const bytesPerSample = f.bitsPerSample / 8;
  const frameBytes = bytesPerSample * f.channels;
  const frames = Math.floor(f.dataBytes / frameBytes);
  if (frames === 0) return null;
  const n = Math.max(1, Math.min(buckets, MAX_BUCKETS, frames));
  const peaks = new Array<number>(n).fill(0);
  const fh = await fs.open(path, 'r');
  try {
    const chunkFrames = Math.max(1, Math.floor(CHUNK_BYTES / frameBytes));
    const buf = Buffer.alloc(chunkFrames * frameBytes);
    for (let frame = 0; frame < frames; frame += chunkFrames) {
      const count = Math.min(chunkFrames, frames - frame);
      const { bytesRead } = await fh.read(
        buf,
        0,
        count * frameBytes,
        f.dataOffset + frame * frameBytes,
      );
      const got = Math.floor(bytesRead / frameBytes);
      for (let i = 0; i < got; i += 1) {
        const bucket = Math.min(n - 1, Math.floor(((frame + i) * n) / frames));
        let peak = peaks[bucket] ?? 0;
        for (let c = 0; c < f.channels; c += 1) {
          const v = Math.abs(read(buf, i * frameBytes + c * bytesPerSample));
          if (v > peak) peak = v;
        }
        peaks[bucket] = peak;
      }
      if (got < count) break;
    }
  } finally {
    await fh.close();
  }
  return peaks.map((p) => Math.min(1, Math.round(p * 1000) / 1000));
}

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES = [44100, 48000, 32000];

/** Reads `n` bits starting at bit `at` of `b` (big-endian bit order). */
function bits(b: Buffer, at: number, n: number): number {
  let v = 0;
  for (let i = 0; i < n; i += 1) {
    const bit = at + i;
    v = (v << 1) | (((b[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
  }
  return v;
}

/** A loudness estimate per MP3 frame (Layer III, MPEG 1/2/2.5), from its side information. */
export function mp3FrameLevels(file: Buffer): number[] {
  let pos = 0;
  if (file.toString('latin1', 0, 3) === 'ID3' && file.length >= 10) {
    pos =
      10 +
      (((file[6] ?? 0) & 0x7f) << 21) +
      (((file[7] ?? 0) & 0x7f) << 14) +
      (((file[8] ?? 0) & 0x7f) << 7) +
      ((file[9] ?? 0) & 0x7f);
  }
  const levels: number[] = [];
  while (pos + 4 <= file.length) {
    const h = file.readUInt32BE(pos);
    const version = (h >>> 19) & 3; // 3 = MPEG 1, 2 = MPEG 2, 0 = MPEG 2.5
    const layer = (h >>> 17) & 3; // 1 = Layer III
    const bitrateIndex = (h >>> 12) & 15;
    const rateIndex = (h >>> 10) & 3;
    if (
      (h & 0xffe00000) >>> 0 !== 0xffe00000 ||
      version === 1 ||
      layer !== 1 ||
      bitrateIndex === 0 ||
      bitrateIndex === 15 ||
      rateIndex === 3
    ) {
      pos += 1; // not a frame header here: resynchronise
      continue;
    }
    const v1 = version === 3;
    const rate = (MP3_RATES[rateIndex] ?? 44100) / (v1 ? 1 : version === 2 ? 2 : 4);
    const kbps = (v1 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[bitrateIndex] ?? 0;
    const size = Math.floor(((v1 ? 144 : 72) * kbps * 1000) / rate) + ((h >>> 9) & 1);
    const channels = ((h >>> 6) & 3) === 3 ? 1 : 2;
    const side = file.subarray(pos + 4 + ((h >>> 16) & 1 ? 0 : 2), pos + size);
    // bits before the first granule's fields: main_data_begin, private bits, scfsi (MPEG 1 only)
    let at = v1 ? 9 + (channels === 1 ? 5 : 3) + 4 * channels : 8 + channels;
    let best = 0;
    for (let g = 0; g < (v1 ? 2 : 1); g += 1) {
      for (let c = 0; c < channels; c += 1) {
        const part23 = bits(side, at, 12);
        const gain = bits(side, at + 21, 8);
        if (part23 > 0) best = Math.max(best, 2 ** ((gain - 210) / 4));
        at += v1 ? 59 : 63;
      }
    }
    levels.push(best);
    pos += Math.max(size, 1);
  }
  return levels;
}

/** Per-bucket peaks (0..1, relative to the loudest frame) of an MP3 file, or null if none found. */
export async function mp3Peaks(path: string, buckets = DEFAULT_BUCKETS): Promise<number[] | null> {
  const levels = mp3FrameLevels(await fs.readFile(path));
  if (levels.length === 0) return null;
  const n = Math.max(1, Math.min(buckets, MAX_BUCKETS, levels.length));
  const peaks = new Array<number>(n).fill(0);
  levels.forEach((level, i) => {
    const b = Math.min(n - 1, Math.floor((i * n) / levels.length));
    peaks[b] = Math.max(peaks[b] ?? 0, level);
  });
  const max = Math.max(...peaks);
  return peaks.map((p) => (max > 0 ? Math.round((p / max) * 1000) / 1000 : 0));
}

const DECODERS: Record<string, (path: string, buckets?: number) => Promise<number[] | null>> = {
  '.wav': wavPeaks,
  '.mp3': mp3Peaks,
};

export function createWaveformStore(options: { dir: string; buckets?: number }): WaveformStore {
  const fileOf = (item: WaveformSubject): string =>
    join(options.dir, `${item.id}-${Math.round(item.modifiedAtMs)}.json`);
  const computing = new Map<string, Promise<number[] | null>>();

  async function readCached(item: WaveformSubject): Promise<number[] | null> {
    try {
      const parsed = CachedSchema.safeParse(JSON.parse(await fs.readFile(fileOf(item), 'utf8')));
      return parsed.success ? parsed.data.peaks : null;
    } catch {
      return null;
    }
  }

  async function put(item: WaveformSubject, peaks: number[]): Promise<void> {
    const checked = CachedSchema.parse({ peaks });
    await fs.mkdir(options.dir, { recursive: true });
    // older caches of the same item (an earlier mtime) are no longer needed
    const stale = (await fs.readdir(options.dir).catch(() => [] as string[])).filter((n) =>
      n.startsWith(`${item.id}-`),
    );
    await Promise.all(stale.map((n) => fs.rm(join(options.dir, n), { force: true })));
    await writeJsonAtomic(fileOf(item), checked);
  }

  return {
    async get(item, mediaPath) {
      const cached = await readCached(item);
      if (cached) return cached;
      const decode = DECODERS[extname(mediaPath).toLowerCase()];
      if (!decode) return null;
      const key = fileOf(item);
      let running = computing.get(key);
      if (!running) {
        running = (async () => {
          const peaks = await decode(mediaPath, options.buckets).catch(() => null);
          if (peaks) await put(item, peaks).catch(() => undefined);
          return peaks;
        })().finally(() => computing.delete(key));
        computing.set(key, running);
      }
      return running;
    },
    put,
  };
}
