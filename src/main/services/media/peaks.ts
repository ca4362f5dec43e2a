/**
 * Waveform peaks from decoded audio: the file is read in chunks and decoded with WASM decoders
 * that run in plain Node on every platform (mpg123-decoder for MP3, @wasm-audio-decoders/flac,
 * @wasm-audio-decoders/ogg-vorbis, ogg-opus-decoder), or read by hand for WAV on the probe's
 * format facts. AAC (M4A) and video are not decoded: they have no waveform.
 *
 *   const peaks = await decodePeaks('/music/song.flac');   // { peaks: [0..1], secondsPerPeak }
 *
 * Peaks are the largest absolute sample (all channels) of each slice, PEAKS_PER_SECOND slices a
 * second (at most MAX_PEAKS), so a view can reduce them to any width and zoom into any part.
 * Runs in the worker (task `media.peaks`); plain functions, so tests and benches call them too.
 */
import { promises as fs } from 'node:fs';
import { MAX_WAVEFORM_PEAKS } from '@shared/ipc/library';
import {
  isDecodedFormat,
  streamDecoderFor,
  wavSampleReader,
  type DecoderName,
} from '../audio/decode/decoders';
import { probeFile, type MediaProbe, type WavLayout } from './probe';

export const PEAKS_PER_SECOND = 50;
export const MAX_PEAKS = MAX_WAVEFORM_PEAKS;
const CHUNK_BYTES = 256 * 1024;

export interface Peaks {
  /** 0..1, one per slice. */
  peaks: number[];
  /** Seconds of audio each peak covers. */
  secondsPerPeak: number;
  /** What decoded it. */
  decoder: DecoderName;
}

/** Collects the peak of every `framesPerPeak` frames, in order, across calls. */
class PeakCollector {
  readonly peaks: number[] = [];
  private current = 0;
  private filled = 0;
  constructor(private readonly framesPerPeak: number) {}

  /** Adds `frames` frames; `sample(frame)` gives the frame's largest absolute value. */
  add(frames: number, sample: (frame: number) => number): void {
    for (let i = 0; i < frames; i++) {
      const v = sample(i);
      if (v > this.current) this.current = v;
      if (++this.filled === this.framesPerPeak) this.push();
    }
  }

  addChannels(channels: Float32Array[], frames: number): void {
    const [a, b] = channels;
    if (channels.length === 1 && a) this.add(frames, (i) => Math.abs(a[i]!));
    else if (channels.length === 2 && a && b)
      this.add(frames, (i) => Math.max(Math.abs(a[i]!), Math.abs(b[i]!)));
    else
      this.add(frames, (i) => {
        let m = 0;
        for (const c of channels) m = Math.max(m, Math.abs(c[i]!));
        return m;
      });
  }

  private push(): void {
    this.peaks.push(Math.min(1, Math.round(this.current * 1000) / 1000));
    this.current = 0;
    this.filled = 0;
  }

  finish(): number[] {
    if (this.filled > 0) this.push();
    return this.peaks;
  }
}

function framesPerPeakFor(probe: MediaProbe): number {
  const rate = probe.sampleRate ?? 44_100;
  const seconds = (probe.durationMs ?? 0) / 1000;
  const count = Math.min(MAX_PEAKS, Math.max(1, Math.round(seconds * PEAKS_PER_SECOND)));
  return Math.max(1, Math.ceil((seconds * rate) / count) || Math.round(rate / PEAKS_PER_SECOND));
}

async function wavPeaks(path: string, w: WavLayout, out: PeakCollector, signal?: AbortSignal) {
  const read = wavSampleReader(w);
  if (!read || w.channels < 1 || w.blockAlign === 0) return false;
  const bytesPerSample = w.bitsPerSample / 8;
  const frameBytes = w.blockAlign;
  const chunkFrames = Math.max(1, Math.floor(CHUNK_BYTES / frameBytes));
  const buf = Buffer.alloc(chunkFrames * frameBytes);
  const total = Math.floor(w.dataBytes / frameBytes);
  const fh = await fs.open(path, 'r');
  try {
    for (let frame = 0; frame < total; frame += chunkFrames) {
      signal?.throwIfAborted();
      const want = Math.min(chunkFrames, total - frame) * frameBytes;
      const { bytesRead } = await fh.read(buf, 0, want, w.dataOffset + frame * frameBytes);
      const got = Math.floor(bytesRead / frameBytes);
      out.add(got, (i) => {
        let m = 0;
        for (let c = 0; c < w.channels; c++) {
          const v = Math.abs(read(buf, i * frameBytes + c * bytesPerSample));
          if (v > m) m = v;
        }
        return m;
      });
      if (got * frameBytes < want) break;
    }
  } finally {
    await fh.close();
  }
  return true;
}

/**
 * Peaks of an audio file from its decoded samples; null when the probe cannot read it or no
 * decoder here handles its format (AAC, video).
 */
export async function decodePeaks(
  path: string,
  options: { signal?: AbortSignal; probe?: MediaProbe } = {},
): Promise<Peaks | null> {
  const probe = options.probe ?? (await probeFile(path));
  if (!probe || !isDecodedFormat(probe.format)) return null;
  const framesPerPeak = framesPerPeakFor(probe);
  const out = new PeakCollector(framesPerPeak);
  // the decoders' output rate (Opus decodes at 48 kHz whatever the header says)
  const rate = probe.format === 'opus' ? 48_000 : (probe.sampleRate ?? 44_100);
  const secondsPerPeak = framesPerPeak / rate;
  if (probe.format === 'wav') {
    if (!probe.wav || !(await wavPeaks(path, probe.wav, out, options.signal))) return null;
    return { peaks: out.finish(), secondsPerPeak, decoder: 'wav' };
  }
  const d = await streamDecoderFor(probe.format);
  const fh = await fs.open(path, 'r');
  try {
    const buf = Buffer.alloc(CHUNK_BYTES);
    for (let pos = 0; ;) {
      options.signal?.throwIfAborted();
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      // the decoders keep references to what they are given: hand each its own copy
      const decoded = await d.decode(Uint8Array.prototype.slice.call(buf, 0, bytesRead));
      out.addChannels(decoded.channelData, decoded.samplesDecoded);
    }
    const rest = await d.flush();
    if (rest) out.addChannels(rest.channelData, rest.samplesDecoded);
  } finally {
    await fh.close();
    d.free();
  }
  const peaks = out.finish();
  return peaks.length > 0 ? { peaks, secondsPerPeak, decoder: d.name } : null;
}
