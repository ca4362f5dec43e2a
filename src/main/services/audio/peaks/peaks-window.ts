/**
 * Waveform peaks of a part of a file at any zoom: the trim editor asks for the window it shows
 * when the cached peaks (50 a second) are coarser than its bars. The file is decoded once with
 * the audio engine's decodePcm — the very samples a trim cuts, MP3 encoder delay dropped — into
 * fine peaks (one per millisecond), kept for the last few files in the worker's memory (about
 * 240 KB a minute), so scrolling and zooming after the first request answer at once.
 *
 *   const bars = await windowPeaks('/music/x.mp3', { fromMs: 5000, toMs: 7000, bars: 400 });
 */
import { promises as fs } from 'node:fs';
import { decodePcm } from '../decode/pcm';

/** Fine peaks a second. */
const FINE_PEAKS_PER_SECOND = 1000;
/** Files whose fine peaks are kept. */
const KEPT = 3;

export interface PeaksWindow {
  fromMs: number;
  toMs: number;
  bars: number;
}

const kept = new Map<string, Promise<Float32Array | null>>();

/** One peak (largest absolute sample of every channel) per millisecond of the file. */
async function finePeaks(path: string, signal?: AbortSignal): Promise<Float32Array | null> {
  const pcm = await decodePcm(path, { signal });
  if (!pcm) return null;
  const frames = pcm.channels[0]?.length ?? 0;
  const perPeak = pcm.sampleRate / FINE_PEAKS_PER_SECOND;
  const out = new Float32Array(Math.ceil(frames / perPeak));
  for (const c of pcm.channels)
    for (let i = 0; i < frames; i++) {
      const p = Math.floor(i / perPeak);
      const v = Math.abs(c[i]!);
      if (v > out[p]!) out[p] = v;
    }
  return out;
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
