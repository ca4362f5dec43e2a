/**
 * Waveform peaks from decoded audio: the file is decoded chunk by chunk (audio/decode/stream.ts:
 * WASM decoders that run in plain Node on every platform — mpg123-decoder for MP3,
 * @wasm-audio-decoders/flac, @wasm-audio-decoders/ogg-vorbis, ogg-opus-decoder — or WAV read by
 * hand on the probe's format facts). AAC (M4A) and video are not decoded: they have no waveform.
 *
 *   const peaks = await decodePeaks('/music/song.flac');   // { peaks: [0..1], secondsPerPeak }
 *
 * Peaks are the largest absolute sample (all channels) of each slice, PEAKS_PER_SECOND slices a
 * second (at most MAX_PEAKS), so a view can reduce them to any width and zoom into any part.
 * Runs in the worker (task `media.peaks`); plain functions, so tests and benches call them too.
 */
import { MAX_WAVEFORM_PEAKS } from '@shared/ipc/analysis';
import { isDecodedFormat, type DecoderName } from '../decode/decoders';
import { decodeChunks } from '../decode/stream';
import { probeFile, type MediaProbe } from '../probe';

const PEAKS_PER_SECOND = 50;
const MAX_PEAKS = MAX_WAVEFORM_PEAKS;

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
  const decoder = await decodeChunks(
    path,
    probe,
    (c) => out.addChannels(c.channels, c.frames),
    options.signal,
  );
  if (!decoder) return null;
  const peaks = out.finish();
  return peaks.length > 0 ? { peaks, secondsPerPeak, decoder } : null;
}
