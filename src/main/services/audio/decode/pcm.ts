/**
 * A library audio file decoded to PCM: every channel as 32-bit float samples (−1..1) at the
 * file's own rate. MP3, WAV (integer 8/16/24/32 bit, float 32/64 bit, extensible), FLAC, Ogg
 * Vorbis and Opus (always 48 kHz); AAC and video are not decoded (null).
 *
 *   const pcm = await decodePcm('/music/take.mp3');   // { sampleRate, channels, durationMs }
 *
 * MP3 timing (what a stitched seam relies on), the same as ffmpeg's decode sample for sample:
 * - a LAME/Xing "Info" tag's encoder delay and end padding are dropped (mpg123's gapless mode,
 *   which also drops the decoder's own 529-sample delay); so a LAME-encoded file decodes to
 *   exactly the samples that were encoded;
 * - a VBRI header frame (Fraunhofer) is cut out before decoding: it is an info frame, not audio
 *   (mpg123 would decode it as 1152 samples of silence); its delay field is not applied;
 * - a file without such a tag keeps the encoder's delay (about 1105 samples of near-silence at the
 *   start for LAME): nothing in the file says how long it is;
 * - a file cut short loses its last, incomplete frame (ffmpeg zero-fills it: one frame longer).
 *
 * Runs in the worker (task `audio.decode`, see audio/tasks.ts); the whole-song render reads a
 * part's opening with it. A plain function, so tests and benches call it directly.
 */
import { appError } from '@shared/app-error';
import type { AppError } from '@shared/errors';
import { probeFile, type MediaProbe } from '../probe';
import { isDecodedFormat, type DecoderName } from './decoders';
import { decodeChunks } from './stream';

export interface Pcm {
  sampleRate: number;
  /** One array per channel, all the same length (frames). */
  channels: Float32Array[];
  /** frames / sampleRate, in milliseconds (not rounded). */
  durationMs: number;
  decoder: DecoderName;
}

export interface DecodeOptions {
  signal?: AbortSignal;
  /** The file's probe when the caller has it already. */
  probe?: MediaProbe;
  /** Decode only the first `maxMs` milliseconds (e.g. to compare openings). */
  maxMs?: number;
}

/**
 * The most samples one whole decode may hold: 256 MiB of float samples, about 12 minutes of
 * stereo 44.1 kHz (within the audio worker's 512 MiB limit). Trims, whole songs, exports,
 * loudness and waveform peaks stream and have no such limit (they decode whole only an opening);
 * a header's claimed length is never allocated beyond it.
 */
export const MAX_DECODED_PCM_BYTES = 256 * 1024 * 1024;

/** Whole decodes run one at a time per thread (a queue). */
const wholeDecodes = { running: 0, waiting: [] as Array<() => void> };

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (wholeDecodes.running > 0)
    await new Promise<void>((resolve) => wholeDecodes.waiting.push(resolve));
  wholeDecodes.running += 1;
  try {
    return await work();
  } finally {
    wholeDecodes.running -= 1;
    wholeDecodes.waiting.shift()?.();
  }
}

/** The audio is longer than a whole decode may hold. */
function tooLong(channels: number, rate: number): AppError {
  const minutes = Math.floor(MAX_DECODED_PCM_BYTES / (4 * Math.max(1, channels) * rate * 60));
  return appError('validation', 'errors:audioTooLong', { minutes });
}

/** Growable per-channel sample store: one allocation per channel in the usual case. */
class PcmBuilder {
  channels: Float32Array[] = [];
  length = 0;
  constructor(
    private capacity: number,
    private readonly limit: number,
    /** Channels to keep (mpg123 always gives two, a mono file's twice). */
    private readonly keep: number | null,
  ) {}

  get full(): boolean {
    return this.length >= this.limit;
  }

  add(data: Float32Array[], frames: number, rate: number): void {
    if (frames <= 0 || data.length === 0) return;
    const n = Math.min(frames, this.limit - this.length);
    const count = Math.min(this.keep ?? data.length, data.length);
    const maxFrames = Math.floor(MAX_DECODED_PCM_BYTES / (4 * count));
    if (this.length + n > maxFrames) throw tooLong(count, rate);
    if (this.channels.length === 0)
      this.channels = data
        .slice(0, count)
        .map(() => new Float32Array(Math.min(maxFrames, Math.max(this.capacity, n))));
    if (this.length + n > this.channels[0]!.length) {
      const grown = Math.min(
        maxFrames,
        Math.max(this.length + n, Math.ceil(this.channels[0]!.length * 1.5)),
      );
      this.channels = this.channels.map((c) => {
        const bigger = new Float32Array(grown);
        bigger.set(c.subarray(0, this.length));
        return bigger;
      });
    }
    this.channels.forEach((c, i) => c.set((data[i] ?? data[0]!).subarray(0, n), this.length));
    this.length += n;
  }

  /** The samples, as arrays of exactly `length` frames (a copy only when much was over-allocated). */
  finish(): Float32Array[] {
    return this.channels.map((c) =>
      c.length - this.length > 4096 ? c.slice(0, this.length) : c.subarray(0, this.length),
    );
  }
}

/**
 * Decodes an audio file to PCM; null when the probe cannot read it or no decoder here handles
 * its format (AAC, video) or its WAV layout. Throws on read errors and when aborted.
 */
export async function decodePcm(path: string, options: DecodeOptions = {}): Promise<Pcm | null> {
  // a short opening (maxMs) is small: it does not wait behind a whole song
  const short = options.maxMs !== undefined && options.maxMs <= 60_000;
  return short ? decodeNow(path, options) : inTurn(() => decodeNow(path, options));
}

async function decodeNow(path: string, options: DecodeOptions): Promise<Pcm | null> {
  const probe = options.probe ?? (await probeFile(path));
  if (!probe || !isDecodedFormat(probe.format)) return null;
  // the header's rate, for sizing (Opus decodes at 48 kHz whatever the header says)
  const nominal = probe.format === 'opus' ? 48_000 : (probe.sampleRate ?? 44_100);
  const limit =
    options.maxMs === undefined
      ? Infinity
      : Math.max(0, Math.round((options.maxMs * nominal) / 1000));
  const expected = Math.ceil(((probe.durationMs ?? 0) * nominal) / 1000) + 4608;
  // a length over the ceiling is refused before anything is allocated (a FLAC's header may
  // claim up to 2^36 - 1 samples; an honest hour-long file is measured by streaming instead)
  const channels = probe.channels ?? 2;
  if (
    options.maxMs === undefined &&
    ((probe.durationMs ?? 0) * nominal * channels * 4) / 1000 > MAX_DECODED_PCM_BYTES
  )
    throw tooLong(channels, nominal);
  // a header may claim any length (a FLAC's 36-bit sample count): the first allocation believes
  // it up to ten minutes, and the store grows, within MAX_DECODED_PCM_BYTES, with what decodes
  const believed = Math.min(expected, 600 * nominal);
  const out = new PcmBuilder(Math.min(limit, believed), limit, probe.channels);
  const rates: number[] = [];
  const decoder = await decodeChunks(
    path,
    probe,
    (c) => {
      if (c.frames > 0 && c.sampleRate) rates.push(c.sampleRate);
      out.add(c.channels, c.frames, c.sampleRate ?? nominal);
      return !out.full;
    },
    options.signal,
  );
  if (!decoder || out.channels.length === 0) return null;
  const sampleRate = rates[0] ?? nominal;
  return {
    sampleRate,
    channels: out.finish(),
    durationMs: (out.length / sampleRate) * 1000,
    decoder,
  };
}
