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

/**
 * `cutPcm` then `applyFades`, as the samples come: `push` takes the source's chunks in order and
 * answers the region's samples that are final (faded), `end` the rest. A sample is held back
 * until its gains are known: until the fade in's length is (the region has reached it, or the
 * source ended) and while it may fall in the fade out (within its length of the newest sample).
 * So at most a fade's length plus a chunk is held — 60 s × 2 × 48 kHz stereo at most, ~46 MB —
 * whatever the file's length; the output is sample for sample what the whole-buffer functions give.
 */
export class TrimStream {
  private readonly from: number;
  private readonly to: number;
  private readonly fadeInN: number;
  private readonly fadeOutN: number;
  /** Source frames seen; region frames kept. */
  private seen = 0;
  private kept = 0;
  /** Region frames not yet answered: held[c][0] is region frame `heldStart`. */
  private held: Float32Array[] = [];
  private heldLength = 0;
  private heldStart = 0;

  private readonly curve: FadeCurve;

  constructor(
    readonly sampleRate: number,
    private readonly channels: number,
    region: { startMs: number; endMs: number } & Fades,
  ) {
    this.curve = region.fadeCurve;
    this.from = Math.max(0, frameAt(region.startMs, sampleRate));
    this.to = Math.max(this.from, frameAt(region.endMs, sampleRate));
    this.fadeInN = frameAt(region.fadeInMs, sampleRate);
    this.fadeOutN = frameAt(region.fadeOutMs, sampleRate);
  }

  /** Every frame of the region has come: the decoder may stop. */
  get done(): boolean {
    return this.seen >= this.to;
  }

  /** Source frames seen so far. */
  get framesSeen(): number {
    return this.seen;
  }

  /** Region frames kept so far. */
  get framesKept(): number {
    return this.kept;
  }

  push(source: Float32Array[], frames: number): Float32Array[] | null {
    const a = Math.max(this.from, this.seen);
    const b = Math.min(this.to, this.seen + frames);
    if (b > a) this.hold(source, a - this.seen, b - a);
    this.seen += frames;
    // the fade in's gains are known once the region holds its length; a complete region is
    // answered by `end`, which knows its length
    if (this.kept < this.fadeInN || this.done) return null;
    return this.answer(this.kept - this.fadeOutN, this.fadeInN, 0);
  }

  /** The source has ended (or the region is complete): the rest, faded out. */
  end(): Float32Array[] | null {
    const total = this.kept;
    return this.answer(total, Math.min(total, this.fadeInN), Math.min(total, this.fadeOutN));
  }

  private hold(source: Float32Array[], at: number, n: number): void {
    if (this.held.length === 0 || this.heldLength + n > this.held[0]!.length) {
      const room = Math.max(this.heldLength + n, this.fadeInN, this.fadeOutN, 4096) * 1.5;
      this.held = Array.from({ length: this.channels }, (_, c) => {
        const bigger = new Float32Array(Math.ceil(room));
        if (this.held[c]) bigger.set(this.held[c]!.subarray(0, this.heldLength));
        return bigger;
      });
    }
    this.held.forEach((h, c) =>
      h.set((source[c] ?? source[0]!).subarray(at, at + n), this.heldLength),
    );
    this.heldLength += n;
    this.kept += n;
  }

  /** Answers held frames before region frame `upTo`, with the fades (lengths 0: none). */
  private answer(upTo: number, fadeIn: number, fadeOut: number): Float32Array[] | null {
    const n = Math.min(this.heldLength, upTo - this.heldStart);
    if (n <= 0) return null;
    const total = this.kept;
    const out = this.held.map((h) => h.slice(0, n));
    for (let i = 0; i < n; i++) {
      const k = this.heldStart + i;
      const gIn = k < fadeIn ? fadeGain(this.curve, k / fadeIn) : 1;
      const j = k - (total - fadeOut);
      const gOut = fadeOut > 0 && j >= 0 ? fadeGain(this.curve, (fadeOut - 1 - j) / fadeOut) : 1;
      if (gIn !== 1) for (const c of out) c[i]! *= gIn;
      if (gOut !== 1) for (const c of out) c[i]! *= gOut;
    }
    this.held.forEach((h) => h.copyWithin(0, n, this.heldLength));
    this.heldLength -= n;
    this.heldStart += n;
    return out;
  }
}
