/**
 * ffmpeg's decode of a file (an independent decoder) as float PCM, for tests that check samples
 * Cadenza's own decoders or renderers produce.
 *
 *   const ref = ffmpegPcm(path);   // { sampleRate, channels: Float32Array[] }
 */
import { execFileSync } from 'node:child_process';

export interface RefPcm {
  sampleRate: number;
  channels: Float32Array[];
}

export function ffprobeStream(path: string): { sampleRate: number; channels: number } {
  const out = JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-select_streams', 'a:0', '-show_streams', '-of', 'json', path],
      { encoding: 'utf8' },
    ),
  ) as { streams: Array<{ sample_rate: string; channels: number }> };
  return { sampleRate: Number(out.streams[0]!.sample_rate), channels: out.streams[0]!.channels };
}

/**
 * Every channel of the first audio stream, deinterleaved, at the stream's rate. Opus is decoded
 * with libopus (ffmpeg's own Opus decoder is not bit-exact with the reference).
 */
export function ffmpegPcm(path: string): RefPcm {
  const { sampleRate, channels } = ffprobeStream(path);
  const codec = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      path,
    ],
    { encoding: 'utf8' },
  ).trim();
  const decoder = codec === 'opus' ? ['-c:a', 'libopus'] : [];
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'quiet', ...decoder, '-i', path, '-map', 'a:0', '-f', 'f32le', '-'],
    {
      maxBuffer: 1024 * 1024 * 1024,
    },
  );
  const all = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
  const frames = Math.floor(all.length / channels);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let i = 0; i < frames; i++)
    for (let c = 0; c < channels; c++) out[c]![i] = all[i * channels + c]!;
  return { sampleRate, channels: out };
}

/** The largest absolute difference between two sample arrays over their common length. */
export function maxDiff(
  a: Float32Array,
  b: Float32Array,
  from = 0,
  to = Math.min(a.length, b.length),
): number {
  let m = 0;
  for (let i = from; i < to; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    if (d > m) m = d;
  }
  return m;
}

/** What ffprobe says of the first audio stream, as it says it. */
export interface ProbedAudio {
  codec_name: string;
  sample_rate: string;
  channels: number;
  bits_per_raw_sample?: string;
  bits_per_sample?: number;
}

export function ffprobeAudio(path: string): ProbedAudio {
  const out = JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-select_streams', 'a:0', '-show_streams', '-of', 'json', path],
      { encoding: 'utf8' },
    ),
  ) as { streams: ProbedAudio[] };
  return out.streams[0]!;
}

/**
 * ffmpeg's decode as integers of `bits` (16, or 24 read as s32 and shifted down), per channel:
 * for bit-exact checks of lossless output.
 */
export function ffmpegInts(
  path: string,
  bits: 16 | 24 = 16,
): { sampleRate: number; channels: Int32Array[] } {
  const { sampleRate, channels } = ffprobeStream(path);
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-f', bits === 16 ? 's16le' : 's32le', '-'],
    {
      maxBuffer: 1 << 30,
    },
  );
  const bytes = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length);
  const flat = bits === 16 ? new Int16Array(bytes) : new Int32Array(bytes);
  const frames = Math.floor(flat.length / channels);
  const out = Array.from({ length: channels }, (_, ch) => {
    const c = new Int32Array(frames);
    for (let i = 0; i < frames; i++)
      c[i] = bits === 16 ? flat[i * channels + ch]! : flat[i * channels + ch]! >> 8;
    return c;
  });
  return { sampleRate, channels: out };
}

/** Integer samples of `bits` as the floats an encoder takes (the inverse of its quantising). */
export function toFloat(ints: Int32Array, bits: number): Float32Array {
  const scale = 2 ** (bits - 1);
  return Float32Array.from(ints, (v) => v / scale);
}
