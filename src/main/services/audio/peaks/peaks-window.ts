/**
 * Waveform peaks of a part of a file at any zoom: the trim editor asks for the window it shows
 * when the cached peaks (50 a second) are coarser than its bars. The file is streamed once through
 * the audio engine's decoder (decodeChunks, as decodePcm reads it: the very samples a trim cuts,
 * MP3 encoder delay dropped) into fine peaks (one per millisecond), kept for the last few files in the worker's memory (about
 * 240 KB a minute), so scrolling and zooming after the first request answer at once.
 *
 *   const bars = await windowPeaks('/music/x.mp3', { fromMs: 5000, toMs: 7000, bars: 400 });
 */
import { promises as fs } from 'node:fs';
import { decodeChunks } from '../decode/stream';
import { probeFile } from '../probe';

/** Fine peaks a second. */
const FINE_PEAKS_PER_SECOND = 1000;
/** The first allocation follows the header's length only up to an hour (a header may lie). */
const MAX_INITIAL_PEAKS = 3600 * FINE_PEAKS_PER_SECOND;
/** Files whose fine peaks are kept. */
const KEPT = 3;

export interface PeaksWindow {
  fromMs: number;
  toMs: number;
  bars: number;
}

const kept = new Map<string, Promise<Float32Array | null>>();

/**
 * One peak (largest absolute sample of every channel) per millisecond of the file, streamed chunk
 * by chunk: memory is the peaks (4 bytes a millisecond, 14 MB for an hour), never the samples.
 */
async function finePeaks(path: string, signal?: AbortSignal): Promise<Float32Array | null> {
  const probe = await probeFile(path);
  if (!probe) return null;
  let out = new Float32Array(
    Math.min(
      MAX_INITIAL_PEAKS,
      Math.ceil(((probe.durationMs ?? 0) * FINE_PEAKS_PER_SECOND) / 1000) + 16,
    ),
  );
  let frame = 0;
  let last = -1;
  const decoder = await decodeChunks(
    path,
    probe,
    (c) => {
      const perPeak = (c.sampleRate ?? probe.sampleRate ?? 44_100) / FINE_PEAKS_PER_SECOND;
      const lastPeak = Math.floor((frame + c.frames - 1) / perPeak);
      if (lastPeak >= out.length) {
        const bigger = new Float32Array(Math.max(lastPeak + 1, Math.ceil(out.length * 1.5)));
        bigger.set(out);
        out = bigger;
      }
      for (const ch of c.channels)
        for (let i = 0; i < c.frames; i++) {
          const p = Math.floor((frame + i) / perPeak);
          const v = Math.abs(ch[i]!);
          if (v > out[p]!) out[p] = v;
        }
      frame += c.frames;
      last = Math.max(last, lastPeak);
    },
    signal,
  );
  if (!decoder || frame === 0) return null;
  return out.slice(0, last + 1);
}

async function cachedFinePeaks(path: string, signal?: AbortSignal): Promise<Float32Array | null> {
  const st = await fs.stat(path);
  const key = `${path}\0${st.mtimeMs}\0${st.size}`;
  let peaks = kept.get(key);
  if (peaks)
    kept.delete(key); // re-inserted below as the most recent
  else peaks = finePeaks(path, signal);
  kept.set(key, peaks);
  peaks.catch(() => kept.delete(key));
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return peaks;
}

/** `bars` peak maxima (0..1) of [fromMs, toMs) of the file; null when it cannot be decoded. */
export async function windowPeaks(
  path: string,
  window: PeaksWindow,
  signal?: AbortSignal,
): Promise<number[] | null> {
  const fine = await cachedFinePeaks(path, signal);
  if (!fine) return null;
  const msPerFine = 1000 / FINE_PEAKS_PER_SECOND;
  const span = window.toMs - window.fromMs;
  const out = new Array<number>(window.bars);
  for (let b = 0; b < window.bars; b++) {
    const from = Math.floor((window.fromMs + (b * span) / window.bars) / msPerFine);
    const to = Math.max(
      from + 1,
      Math.ceil((window.fromMs + ((b + 1) * span) / window.bars) / msPerFine),
    );
    let m = 0;
    for (let i = from; i < to && i < fine.length; i++) m = Math.max(m, fine[i]!);
    out[b] = Math.min(1, Math.round(m * 1000) / 1000);
  }
  return out;
}
