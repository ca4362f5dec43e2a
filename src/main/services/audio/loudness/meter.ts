/**
 * Integrated loudness (ITU-R BS.1770-4, as EBU R128 uses it) and true peak of float PCM, fed in
 * chunks of any size:
 *
 *   const meter = new LoudnessMeter(48_000, 2);
 *   meter.add([left, right], frames);            // as often as the decoder delivers
 *   meter.result();   // { integratedLufs, truePeakDb, samplePeakDb, durationS }
 *
 * Each channel goes through the K-weighting pre-filter (a high shelf, ~+4 dB above 1.5 kHz) and
 * the RLB high-pass (~38 Hz), both derived from their analogue prototypes for the stream's own
 * sample rate by the bilinear transform, so 22.05, 44.1, 48 or 96 kHz all weigh alike. The mean
 * square of every 100 ms is kept; gating blocks are 400 ms long every 100 ms (75 % overlap),
 * weighted by channel (surrounds 1.41, LFE 0), gated at −70 LUFS and then 10 LU below the
 * loudness of the blocks that passed. True peak is the largest sample of a 4× oversampled copy
 * (polyphase windowed-sinc interpolation, BS.1770-4 Annex 2), sample peak the largest sample.
 */

/** One biquad section (direct form I coefficients, a0 = 1). */
interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The K-weighting filter's two stages at `rate` Hz. */
function kWeighting(rate: number): [Biquad, Biquad] {
  // stage 1: the head's acoustic effect, a high shelf
  const f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  const q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / rate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // stage 2: the revised low-frequency B-curve, a second-order high-pass
  const f1 = 38.13547087602444;
  const q1 = 0.5003270373238773;
  k = Math.tan((Math.PI * f1) / rate);
  a0 = 1 + k / q1 + k * k;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q1 + k * k) / a0,
  };
  return [shelf, highPass];
}

/** BS.1770 channel weights for the usual layouts (L R C LFE Ls Rs); LFE counts for nothing. */
function channelWeights(channels: number): number[] {
  if (channels === 6) return [1, 1, 1, 0, 1.41, 1.41];
  if (channels === 5) return [1, 1, 1, 1.41, 1.41];
  return Array.from({ length: channels }, () => 1);
}

const OVERSAMPLE = 4;
const TAPS_PER_PHASE = 12;

/** Polyphase interpolation filter: phase p holds the taps producing output 4m + p. */
function interpolationPhases(): Float64Array[] {
  const n = OVERSAMPLE * TAPS_PER_PHASE;
  const centre = (n - 1) / 2;
  const phases = Array.from({ length: OVERSAMPLE }, () => new Float64Array(TAPS_PER_PHASE));
  for (let i = 0; i < n; i++) {
    const t = (i - centre) / OVERSAMPLE;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    // Blackman window over the whole prototype
    const w =
      0.42 -
      0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n) +
      0.08 * Math.cos((4 * Math.PI * (i + 0.5)) / n);
    phases[i % OVERSAMPLE]![Math.floor(i / OVERSAMPLE)] = sinc * w;
  }
  // each phase passes DC unchanged
  for (const p of phases) {
    let sum = 0;
    for (const v of p) sum += v;
    for (let j = 0; j < p.length; j++) p[j]! /= sum;
  }
  return phases;
}

const PHASES = interpolationPhases();

/** The largest sum of absolute taps of any phase: how far an interpolated value can overshoot. */
const MAX_GAIN = Math.max(...PHASES.map((p) => p.reduce((sum, v) => sum + Math.abs(v), 0)));

/** Per channel: filter state and the last samples for the interpolator. */
interface ChannelState {
  weight: number;
  // stage 1 and stage 2 history (x[n-1], x[n-2], y[n-1], y[n-2])
  s1x1: number;
  s1x2: number;
  s1y1: number;
  s1y2: number;
  s2y1: number;
  s2y2: number;
  s2x1: number;
  s2x2: number;
  /** Ring of the last TAPS_PER_PHASE samples (true peak). */
  ring: Float64Array;
  ringAt: number;
  /** Samples in a row below truePeak / MAX_GAIN (the interpolator may skip them). */
  quiet: number;
}

export interface LoudnessResult {
  /** Gated integrated loudness in LUFS; null when nothing passes the gate (silence, < 400 ms). */
  integratedLufs: number | null;
  /** Largest sample of the 4× oversampled signal, dBTP (−Infinity for digital silence). */
  truePeakDb: number;
  /** Largest sample, dBFS. */
  samplePeakDb: number;
  durationS: number;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const lufsOf = (meanSquare: number): number => -0.691 + 10 * Math.log10(meanSquare);

export class LoudnessMeter {
  private readonly stages: [Biquad, Biquad];
  private readonly state: ChannelState[];
  /** Weighted sum of squares of each finished 100 ms sub-block, and its length in frames. */
  private readonly subEnergy: number[] = [];
  private readonly subFrames: number[] = [];
  /** Mean square (weighted, summed over channels) of every full 400 ms block. */
  private readonly blocks: number[] = [];
  private current = 0;
  private framesInSub = 0;
  private framesSeen = 0;
  private samplePeak = 0;
  private truePeak = 0;

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    if (!(sampleRate > 0) || channels < 1) throw new Error('A meter needs a rate and channels.');
    this.stages = kWeighting(sampleRate);
    const weights = channelWeights(channels);
    this.state = weights.map((weight) => ({
      weight,
      s1x1: 0,
      s1x2: 0,
      s1y1: 0,
      s1y2: 0,
      s2y1: 0,
      s2y2: 0,
      s2x1: 0,
      s2x2: 0,
      ring: new Float64Array(TAPS_PER_PHASE),
      ringAt: 0,
      quiet: 0,
    }));
  }

  /** Frames at which the sub-block that holds frame `n` ends (boundaries at round(k·rate/10)). */
  private subEnd(): number {
    const k = this.subFrames.length + 1;
    return Math.round((k * this.sampleRate) / 10);
  }

  add(data: readonly Float32Array[], frames: number): void {
    if (data.length < this.channels) throw new Error('Fewer channels than the meter was made for.');
    let at = 0;
    while (at < frames) {
      const end = this.subEnd();
      const take = Math.min(frames - at, end - this.framesSeen);
      for (let c = 0; c < this.channels; c++) {
        const s = this.state[c]!;
        const sum = this.filterSegment(s, data[c]!, at, at + take);
        this.current += s.weight * sum;
        this.peaks(s, data[c]!, at, at + take);
      }
      at += take;
      this.framesSeen += take;
      this.framesInSub += take;
      if (this.framesSeen === end) this.closeSub();
    }
  }

  /** Runs both filter stages over x[from..to), answers the sum of squares of the output. */
  private filterSegment(s: ChannelState, x: Float32Array, from: number, to: number): number {
    const [a, b] = this.stages;
    let { s1x1, s1x2, s1y1, s1y2, s2x1, s2x2, s2y1, s2y2 } = s;
    let sum = 0;
    for (let i = from; i < to; i++) {
      const x0 = x[i]!;
      const y1 = a.b0 * x0 + a.b1 * s1x1 + a.b2 * s1x2 - a.a1 * s1y1 - a.a2 * s1y2;
      s1x2 = s1x1;
      s1x1 = x0;
      s1y2 = s1y1;
      s1y1 = y1;
      const y2 = y1 - 2 * s2x1 + s2x2 - b.a1 * s2y1 - b.a2 * s2y2;
      s2x2 = s2x1;
      s2x1 = y1;
      s2y2 = s2y1;
      s2y1 = y2;
      sum += y2 * y2;
    }
    Object.assign(s, { s1x1, s1x2, s1y1, s1y2, s2x1, s2x2, s2y1, s2y2 });
    return sum;
  }

  /**
   * Sample peak, and true peak where it could matter: an interpolated value is at most the largest
   * sample of its window times the filter's largest absolute tap sum (MAX_GAIN), so while the last
   * TAPS_PER_PHASE samples all stay below truePeak / MAX_GAIN the interpolation is skipped.
   */
  private peaks(s: ChannelState, x: Float32Array, from: number, to: number): void {
    const ring = s.ring;
    let at = s.ringAt;
    let quiet = s.quiet;
    let limit = this.truePeak / MAX_GAIN;
    for (let i = from; i < to; i++) {
      const v = x[i]!;
      const mag = v < 0 ? -v : v;
      if (mag > this.samplePeak) this.samplePeak = mag;
      ring[at] = v;
      at = at + 1 === TAPS_PER_PHASE ? 0 : at + 1;
      if (mag > limit) quiet = 0;
      else if (++quiet >= TAPS_PER_PHASE) continue;
      for (const phase of PHASES) {
        let y = 0;
        // ring[at] is now the oldest sample; phase[0] weighs the newest
        for (let k = 0, j = at - 1; k < TAPS_PER_PHASE; k++, j--)
          y += phase[k]! * ring[j < 0 ? j + TAPS_PER_PHASE : j]!;
        const m = y < 0 ? -y : y;
        if (m > this.truePeak) {
          this.truePeak = m;
          limit = m / MAX_GAIN;
        }
      }
    }
    s.ringAt = at;
    s.quiet = quiet;
  }

  private closeSub(): void {
    this.subEnergy.push(this.current);
    this.subFrames.push(this.framesInSub);
    this.current = 0;
    this.framesInSub = 0;
    const n = this.subEnergy.length;
    if (n < 4) return;
    let energy = 0;
    let count = 0;
    for (let i = n - 4; i < n; i++) {
      energy += this.subEnergy[i]!;
      count += this.subFrames[i]!;
    }
    this.blocks.push(energy / count);
  }

  result(): LoudnessResult {
    const absolute = this.blocks.filter((z) => z > 0 && lufsOf(z) > ABSOLUTE_GATE_LUFS);
    let integratedLufs: number | null = null;
    if (absolute.length > 0) {
      const threshold = lufsOf(mean(absolute)) + RELATIVE_GATE_LU;
      const gated = absolute.filter((z) => lufsOf(z) > threshold);
      if (gated.length > 0) integratedLufs = lufsOf(mean(gated));
    }
    const db = (v: number): number => (v > 0 ? 20 * Math.log10(v) : Number.NEGATIVE_INFINITY);
    return {
      integratedLufs,
      truePeakDb: db(Math.max(this.truePeak, this.samplePeak)),
      samplePeakDb: db(this.samplePeak),
      durationS: this.framesSeen / this.sampleRate,
    };
  }
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
