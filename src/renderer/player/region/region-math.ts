/**
 * The region editor's arithmetic, in milliseconds: the visible window of the waveform (zoom and
 * scroll), positions ↔ times, handle moves that keep a region valid, and the peaks of a window.
 * Pure functions, so the component stays about drawing and input.
 */
import { TRIM_MIN_LENGTH_MS } from '@shared/domain/trim-limits';

export interface Region {
  startMs: number;
  endMs: number;
}

/** The part of the audio drawn: from `fromMs`, `spanMs` long. */
export interface View {
  fromMs: number;
  spanMs: number;
}

/** Zooming in stops when this much is drawn. */
export const MIN_SPAN_MS = 500;
export const ZOOM_STEP = 2;
/** Arrow keys move a handle this much; with Shift, BIG_STEP_MS. */
export const STEP_MS = 10;
export const BIG_STEP_MS = 1000;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

export const wholeView = (durationMs: number): View => ({ fromMs: 0, spanMs: durationMs });

/** The view scrolled to start near `fromMs`, kept inside the audio. */
export function scrollTo(view: View, fromMs: number, durationMs: number): View {
  return { ...view, fromMs: clamp(Math.round(fromMs), 0, Math.max(0, durationMs - view.spanMs)) };
}

/**
 * The view zoomed by `factor` (>1 zooms in) keeping `anchorMs` at the same place on screen;
 * between the whole audio and MIN_SPAN_MS.
 */
export function zoomView(view: View, factor: number, anchorMs: number, durationMs: number): View {
  const minSpan = Math.min(MIN_SPAN_MS, durationMs);
  const spanMs = clamp(Math.round(view.spanMs / factor), minSpan, durationMs);
  const at = view.spanMs > 0 ? (anchorMs - view.fromMs) / view.spanMs : 0;
  return scrollTo({ fromMs: 0, spanMs }, anchorMs - at * spanMs, durationMs);
}

/** How many times the whole audio is magnified ("2×"). */
export const zoomLevel = (view: View, durationMs: number): number =>
  view.spanMs > 0 ? durationMs / view.spanMs : 1;

/** The view scrolled just enough to show `ms` (a handle moved off screen follows). */
export function reveal(view: View, ms: number, durationMs: number): View {
  if (ms < view.fromMs) return scrollTo(view, ms, durationMs);
  if (ms > view.fromMs + view.spanMs) return scrollTo(view, ms - view.spanMs, durationMs);
  return view;
}

/** The time under a point `fraction` (0..1) across the view, whole milliseconds. */
export const msAt = (view: View, fraction: number): number =>
  Math.round(view.fromMs + clamp(fraction, 0, 1) * view.spanMs);

/** Where `ms` is across the view, as a fraction (outside 0..1 when off screen). */
export const fractionOf = (view: View, ms: number): number =>
  view.spanMs > 0 ? (ms - view.fromMs) / view.spanMs : 0;

/** The region with one handle moved to `ms`, kept in the audio and at least the minimum long. */
export function moveHandle(
  region: Region,
  handle: 'start' | 'end',
  ms: number,
  durationMs: number,
): Region {
  const min = Math.min(TRIM_MIN_LENGTH_MS, durationMs);
  if (handle === 'start')
    return { ...region, startMs: clamp(Math.round(ms), 0, region.endMs - min) };
  return { ...region, endMs: clamp(Math.round(ms), region.startMs + min, durationMs) };
}

/** A region dragged from `a` to `b` (either order), kept in the audio and at least the minimum. */
export function spanRegion(a: number, b: number, durationMs: number): Region {
  const min = Math.min(TRIM_MIN_LENGTH_MS, durationMs);
  let startMs = clamp(Math.round(Math.min(a, b)), 0, durationMs);
  let endMs = clamp(Math.round(Math.max(a, b)), 0, durationMs);
  if (endMs - startMs < min) {
    endMs = Math.min(durationMs, startMs + min);
    startMs = endMs - min;
  }
  return { startMs, endMs };
}

/**
 * `bars` peak maxima of the view from peaks of `secondsPerPeak` each (a bar narrower than a peak
 * repeats it); empty when there are no peaks.
 */
export function peaksInView(
  peaks: readonly number[],
  secondsPerPeak: number,
  view: View,
  bars: number,
): number[] {
  if (peaks.length === 0 || bars <= 0 || view.spanMs <= 0) return [];
  const msPerPeak = secondsPerPeak * 1000;
  const out = new Array<number>(bars).fill(0);
  for (let b = 0; b < bars; b++) {
    const from = Math.floor((view.fromMs + (b * view.spanMs) / bars) / msPerPeak);
    const to = Math.max(
      from + 1,
      Math.ceil((view.fromMs + ((b + 1) * view.spanMs) / bars) / msPerPeak),
    );
    let m = 0;
    for (let i = from; i < to && i < peaks.length; i++) m = Math.max(m, peaks[i] ?? 0);
    out[b] = m;
  }
  return out;
}
