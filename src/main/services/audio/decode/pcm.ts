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
import * as fs from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { probeFile, type MediaProbe, type WavLayout } from '../../media/probe';
import { firstFrame, id3v2Bytes } from '../../media/probe/mpeg';
import { isDecodedFormat, streamDecoderFor, wavSampleReader, type DecoderName } from './decoders';

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

const CHUNK_BYTES = 256 * 1024;

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

/** Byte range of a VBRI header frame at the start of an MP3, or null. */
async function vbriFrame(fh: FileHandle): Promise<[number, number] | null> {
  const head = Buffer.alloc(10);
  await fh.read(head, 0, 10, 0);
  const from = id3v2Bytes(head);
  const b = Buffer.alloc(8192);
  const { bytesRead } = await fh.read(b, 0, b.length, from);
  const view = b.subarray(0, bytesRead);
  const at = firstFrame(view, 0, 4096);
  if (at < 0 || view.toString('latin1', at + 36, at + 40) !== 'VBRI') return null;
  const next = firstFrame(view, at + 4, 4096);
  return next > at ? [from + at, from + next] : null;
}

async function decodeWav(
  path: string,
  w: WavLayout,
  out: PcmBuilder,
  signal?: AbortSignal,
): Promise<boolean> {
  const read = wavSampleReader(w);
  if (!read || w.channels < 1 || w.blockAlign === 0) return false;
  const bytesPerSample = w.bitsPerSample / 8;
  const frameBytes = w.blockAlign;
  const chunkFrames = Math.max(1, Math.floor(CHUNK_BYTES / frameBytes));
  const buf = Buffer.alloc(chunkFrames * frameBytes);
  const total = Math.floor(w.dataBytes / frameBytes);
  const planes = Array.from({ length: w.channels }, () => new Float32Array(chunkFrames));
  const fh = await fs.open(path, 'r');
  try {
    for (let frame = 0; frame < total && !out.full; frame += chunkFrames) {
      signal?.throwIfAborted();
      const want = Math.min(chunkFrames, total - frame) * frameBytes;
      const { bytesRead } = await fh.read(buf, 0, want, w.dataOffset + frame * frameBytes);
      const got = Math.floor(bytesRead / frameBytes);
      for (let c = 0; c < w.channels; c++) {
        const plane = planes[c]!;
        for (let i = 0, at = c * bytesPerSample; i < got; i++, at += frameBytes)
          plane[i] = read(buf, at);
      }
      out.add(planes, got);
      if (got * frameBytes < want) break;
    }
  } finally {
    await fh.close();
  }
  return true;
}

async function decodeCompressed(
  path: string,
  format: string,
  out: PcmBuilder,
  signal?: AbortSignal,
): Promise<{ name: DecoderName; rate: number | null }> {
  const d = await streamDecoderFor(format);
  let rate: number | null = null;
  const fh = await fs.open(path, 'r');
  try {
    const skip = format === 'mp3' ? await vbriFrame(fh) : null;
    const buf = Buffer.alloc(CHUNK_BYTES);
    for (let pos = 0; !out.full;) {
      signal?.throwIfAborted();
      if (skip && pos === skip[0]) pos = skip[1];
      const want = skip && pos < skip[0] ? Math.min(buf.length, skip[0] - pos) : buf.length;
      const { bytesRead } = await fh.read(buf, 0, want, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      // the decoders keep references to what they are given: hand each its own copy
      const chunk = await d.decode(Uint8Array.prototype.slice.call(buf, 0, bytesRead));
      rate ??= chunk.samplesDecoded > 0 ? (chunk.sampleRate ?? null) : null;
      out.add(chunk.channelData, chunk.samplesDecoded);
    }
    const rest = out.full ? null : await d.flush();
    if (rest) out.add(rest.channelData, rest.samplesDecoded);
  } finally {
    await fh.close();
    d.free();
  }
  return { name: d.name, rate };
}

/**
 * Decodes an audio file to PCM; null when the probe cannot read it or no decoder here handles
 * its format (AAC, video) or its WAV layout. Throws on read errors and when aborted.
 */
export async function decodePcm(path: string, options: DecodeOptions = {}): Promise<Pcm | null> {
  const probe = options.probe ?? (await probeFile(path));
  if (!probe || !isDecodedFormat(probe.format)) return null;
  // Opus decodes at 48 kHz whatever the header says
  const rate = probe.format === 'opus' ? 48_000 : (probe.sampleRate ?? 44_100);
  const limit =
    options.maxMs === undefined ? Infinity : Math.max(0, Math.round((options.maxMs * rate) / 1000));
  const expected = Math.ceil(((probe.durationMs ?? 0) * rate) / 1000) + 4608;
  const out = new PcmBuilder(Math.min(limit, expected), limit, probe.channels);
  let decoder: DecoderName = 'wav';
  let sampleRate = rate;
  if (probe.format === 'wav') {
    if (!probe.wav || !(await decodeWav(path, probe.wav, out, options.signal))) return null;
    sampleRate = probe.wav.sampleRate;
  } else {
    const r = await decodeCompressed(path, probe.format, out, options.signal);
    decoder = r.name;
    sampleRate = r.rate ?? rate;
  }
  if (out.channels.length === 0) return null;
  return {
    sampleRate,
    channels: out.finish(),
    durationMs: (out.length / sampleRate) * 1000,
    decoder,
  };
}
