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
 * Runs in the worker (task `audio.decode`, see audio/tasks.ts); `decodeInWorker` in audio/index.ts
 * is how main and the CLI call it. A plain function, so tests and benches call it directly.
 */
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

  add(data: Float32Array[], frames: number): void {
    if (frames <= 0 || data.length === 0) return;
    const n = Math.min(frames, this.limit - this.length);
    if (this.channels.length === 0)
      this.channels = data
        .slice(0, this.keep ?? data.length)
        .map(() => new Float32Array(Math.max(this.capacity, n)));
    if (this.length + n > this.channels[0]!.length) {
      const grown = Math.max(this.length + n, Math.ceil(this.channels[0]!.length * 1.5));
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
  const probe = options.probe ?? (await probeFile(path));
  if (!probe || !isDecodedFormat(probe.format)) return null;
  // the header's rate, for sizing (Opus decodes at 48 kHz whatever the header says)
  const nominal = probe.format === 'opus' ? 48_000 : (probe.sampleRate ?? 44_100);
  const limit =
    options.maxMs === undefined
      ? Infinity
      : Math.max(0, Math.round((options.maxMs * nominal) / 1000));
  const expected = Math.ceil(((probe.durationMs ?? 0) * nominal) / 1000) + 4608;
  const out = new PcmBuilder(Math.min(limit, expected), limit, probe.channels);
  const rates: number[] = [];
  const decoder = await decodeChunks(
    path,
    probe,
    (c) => {
      if (c.frames > 0 && c.sampleRate) rates.push(c.sampleRate);
      out.add(c.channels, c.frames);
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
