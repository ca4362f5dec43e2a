/**
 * Does an extension's audio begin with its parent's opening? The service does not document
 * whether an extension's file holds only the new part or the whole song (the parent up to
 * `continue_at`, then the new part), so the whole-song renderer asks the audio:
 *
 *   const s = extensionShape(parent, ext, continueAtFrames);
 *   // { shape: 'whole', lagFrames: -1105, similarity: 0.98 }  ext[i + lag] ≈ parent[i]
 *
 * The openings are compared over the first min(continue_at, 6 s): the best alignment within
 * ±MAX_LAG frames (the two files may carry different encoder delays) is found on a 4× decimated
 * mix of the channels, refined at full rate, and scored by normalised correlation over the window.
 * A score of at least WHOLE_THRESHOLD means the extension repeats the opening ("whole"). When
 * either opening is silence, or the window is too short to say, the answer is "new" with a null
 * similarity: nothing is dropped that could be new audio.
 */
import type { PcmAudio } from '../encode/types';

export type ExtensionShape = 'new' | 'whole';

export interface ShapeReport {
  shape: ExtensionShape;
  /** ext frame = parent frame + lagFrames (0 for "new"). */
  lagFrames: number;
  /** Normalised correlation of the aligned openings (−1..1); null when it could not be measured. */
  similarity: number | null;
}

const WHOLE_THRESHOLD = 0.7;
const WINDOW_S = 6;
const SEARCH_S = 2;
const MIN_WINDOW_S = 0.5;
/** About three MP3 frames at 44.1/48 kHz: more than any encoder delay difference. */
const MAX_LAG = 3456;
const DECIMATE = 4;
/** −80 dBFS: below this an opening is silence. */
const SILENCE_RMS = 1e-4;

/** The channels' mean over [0, length). */
function monoMix(pcm: PcmAudio, length: number): Float32Array {
  const n = Math.min(length, pcm.channels[0]?.length ?? 0);
  const out = new Float32Array(n);
  const k = 1 / pcm.channels.length;
  for (const c of pcm.channels) for (let i = 0; i < n; i++) out[i]! += c[i]! * k;
  return out;
}

/** Σ a[i]·b[i+lag] / √(Σa²·Σb²) over i in [from, to) where both exist; null when either is silent. */
function correlation(
  a: Float32Array,
  b: Float32Array,
  lag: number,
  from: number,
  to: number,
): number | null {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  const start = Math.max(from, -lag);
  const end = Math.min(to, a.length, b.length - lag);
  for (let i = start; i < end; i++) {
    const x = a[i]!;
    const y = b[i + lag]!;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  const n = Math.max(1, end - start);
  if (Math.sqrt(aa / n) < SILENCE_RMS || Math.sqrt(bb / n) < SILENCE_RMS) return null;
  return ab / Math.sqrt(aa * bb);
}

function decimate(x: Float32Array): Float32Array {
  const out = new Float32Array(Math.floor(x.length / DECIMATE));
  for (let i = 0; i < out.length; i++) {
    let s = 0;
    for (let j = 0; j < DECIMATE; j++) s += x[i * DECIMATE + j]!;
    out[i] = s / DECIMATE;
  }
  return out;
}

/** The lag in [−maxLag, maxLag] where b best matches a over [0, length) (by raw dot product). */
function bestLag(a: Float32Array, b: Float32Array, maxLag: number, length: number, around = 0) {
  let best = around;
  let bestScore = -Infinity;
  for (let lag = around - maxLag; lag <= around + maxLag; lag++) {
    let s = 0;
    const end = Math.min(length, a.length, b.length - lag);
    for (let i = Math.max(0, -lag); i < end; i++) s += a[i]! * b[i + lag]!;
    if (s > bestScore) {
      bestScore = s;
      best = lag;
    }
  }
  return best;
}

export function extensionShape(
  parent: PcmAudio,
  ext: PcmAudio,
  continueAtFrames: number,
): ShapeReport {
  const rate = parent.sampleRate;
  const window = Math.min(continueAtFrames, Math.round(WINDOW_S * rate));
  const none: ShapeReport = { shape: 'new', lagFrames: 0, similarity: null };
  if (window < MIN_WINDOW_S * rate) return none;
  const a = monoMix(parent, window + MAX_LAG);
  const b = monoMix(ext, window + 2 * MAX_LAG);
  if (a.length < window || b.length < window) return none;
  const search = Math.min(window, Math.round(SEARCH_S * rate));
  const coarse =
    bestLag(decimate(a), decimate(b), Math.ceil(MAX_LAG / DECIMATE), search / DECIMATE) * DECIMATE;
  const lag = bestLag(a, b, DECIMATE + 2, search, coarse);
  const similarity = correlation(a, b, lag, 0, window);
  if (similarity === null) return none;
  return similarity >= WHOLE_THRESHOLD
    ? { shape: 'whole', lagFrames: lag, similarity }
    : { shape: 'new', lagFrames: 0, similarity };
}
