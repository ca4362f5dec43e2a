/**
 * Trim and fade on decoded samples: the region [startMs, endMs) of the source is kept, cut at the
 * sample nearest each boundary (frame = round(ms × rate / 1000), so a boundary is exact to the
 * sample and within half a sample of the millisecond asked for), then faded in and out.
 *
 *   const kept = cutPcm(pcm, 5250, 70000);
 *   applyFades(kept, { fadeInMs: 500, fadeOutMs: 2000, fadeCurve: 'equal-power' });
 *
 * Fades: the gain of a fade in is g(i / n) for its frame i of n (the first sample is silent, the
 * region after it is untouched); a fade out mirrors it, ending on a silent last sample. Linear:
 * g(t) = t; equal-power: g(t) = sin(t·π/2) (constant power when two such fades cross).
 * Plain functions over Float32Array channels: no decoder, no encoder, no file.
 */
import type { FadeCurve } from '@shared/domain/trim';

/** Decoded audio: one Float32Array per channel, all the same length. */
export interface Pcm {
  sampleRate: number;
  channels: Float32Array[];
}

/** The frame a time falls on (nearest sample). */
export const frameAt = (ms: number, sampleRate: number): number =>
  Math.round((ms * sampleRate) / 1000);

export const framesOf = (pcm: Pcm): number => pcm.channels[0]?.length ?? 0;

/** The samples of [startMs, endMs), clamped to the audio; copies (the source is left as it is). */
export function cutPcm(pcm: Pcm, startMs: number, endMs: number): Pcm {
  const total = framesOf(pcm);
  const from = Math.min(total, Math.max(0, frameAt(startMs, pcm.sampleRate)));
  const to = Math.min(total, Math.max(from, frameAt(endMs, pcm.sampleRate)));
  return { sampleRate: pcm.sampleRate, channels: pcm.channels.map((c) => c.slice(from, to)) };
}

/** The gain at t in 0..1 of a rising fade. */
export function fadeGain(curve: FadeCurve, t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return curve === 'equal-power' ? Math.sin((x * Math.PI) / 2) : x;
}

export interface Fades {
  fadeInMs: number;
  fadeOutMs: number;
  fadeCurve: FadeCurve;
}

/** Fades `pcm` in and out in place (fades longer than the audio are shortened to fit it). */
export function applyFades(pcm: Pcm, fades: Fades): void {
  const total = framesOf(pcm);
  const fadeIn = Math.min(total, frameAt(fades.fadeInMs, pcm.sampleRate));
  const fadeOut = Math.min(total, frameAt(fades.fadeOutMs, pcm.sampleRate));
  for (let i = 0; i < fadeIn; i++) {
    const g = fadeGain(fades.fadeCurve, i / fadeIn);
    for (const c of pcm.channels) c[i]! *= g;
  }
  for (let j = 0; j < fadeOut; j++) {
    const g = fadeGain(fades.fadeCurve, (fadeOut - 1 - j) / fadeOut);
    const at = total - fadeOut + j;
    for (const c of pcm.channels) c[at]! *= g;
  }
}
