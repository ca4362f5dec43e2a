import { describe, expect, it } from 'vitest';
import { TrimRequestSchema } from '@shared/domain/trim';
import { formatTimeMs, parseTimeMs } from '@shared/time';
import {
  applyFades,
  cutPcm,
  fadeGain,
  frameAt,
  TrimStream,
  type Pcm,
} from '../../../src/main/services/audio/render/trim';

/** Two channels where every sample holds its own frame number (left) and its negative (right). */
function ramp(frames: number, sampleRate = 44_100): Pcm {
  const left = new Float32Array(frames).map((_, i) => i);
  const right = new Float32Array(frames).map((_, i) => -i);
  return { sampleRate, channels: [left, right] };
}

describe('cutPcm', () => {
  it('keeps [start, end) cut at the nearest sample, on every channel, and leaves the source alone', () => {
    const pcm = ramp(44_100 * 3);
    const kept = cutPcm(pcm, 1250, 2001);
    expect(frameAt(1250, 44_100)).toBe(55_125);
    expect(kept.channels[0]![0]).toBe(55_125);
    expect(kept.channels[1]![0]).toBe(-55_125);
    // 2001 ms = 88244.1 frames → 88244 is the first frame not kept
    expect(kept.channels[0]!.length).toBe(88_244 - 55_125);
    expect(kept.channels[0]!.at(-1)).toBe(88_243);
    kept.channels[0]![0] = 7;
    expect(pcm.channels[0]![55_125]).toBe(55_125);
  });

  it('is exact to the millisecond at 48 kHz and clamps a region past the end', () => {
    const pcm = ramp(48_000 * 2, 48_000);
    const kept = cutPcm(pcm, 5, 10);
    expect(Array.from(kept.channels[0]!.slice(0, 2))).toEqual([240, 241]);
    expect(kept.channels[0]!.length).toBe(240);
    const tail = cutPcm(pcm, 1500, 9000);
    expect(tail.channels[0]!.length).toBe(24_000);
    expect(cutPcm(pcm, 5000, 6000).channels[0]!.length).toBe(0);
  });
});

describe('applyFades', () => {
  const ones = (frames: number, sampleRate = 1000): Pcm => ({
    sampleRate,
    channels: [new Float32Array(frames).fill(1), new Float32Array(frames).fill(0.5)],
  });

  it('linear: rises from silence over the fade in, falls to silence on the last sample', () => {
    const pcm = ones(1000);
    applyFades(pcm, { fadeInMs: 100, fadeOutMs: 200, fadeCurve: 'linear' });
    const [l, r] = pcm.channels as [Float32Array, Float32Array];
    expect(l[0]).toBe(0);
    expect(l[50]).toBeCloseTo(0.5, 6);
    expect(r[50]).toBeCloseTo(0.25, 6);
    expect(l[99]).toBeCloseTo(0.99, 6);
    expect(l[100]).toBe(1);
    expect(l[799]).toBe(1);
    expect(l[800]).toBeCloseTo(199 / 200, 6);
    expect(l[899]).toBeCloseTo(100 / 200, 6);
    expect(l[999]).toBe(0);
    for (let i = 1; i < 100; i++) expect(l[i]!).toBeGreaterThan(l[i - 1]!);
    for (let i = 801; i < 1000; i++) expect(l[i]!).toBeLessThan(l[i - 1]!);
  });

  it('equal-power: sin(t·π/2), so the midpoint is at −3 dB and power sums to one with its mirror', () => {
    const pcm = ones(1000);
    applyFades(pcm, { fadeInMs: 100, fadeOutMs: 0, fadeCurve: 'equal-power' });
    const l = pcm.channels[0]!;
    expect(l[0]).toBe(0);
    expect(l[50]).toBeCloseTo(Math.SQRT1_2, 6);
    for (let i = 0; i < 100; i++) {
      const t = i / 100;
      expect(fadeGain('equal-power', t) ** 2 + fadeGain('equal-power', 1 - t) ** 2).toBeCloseTo(
        1,
        9,
      );
    }
    expect(l[100]).toBe(1);
  });

  it('no fades leave the samples as they are', () => {
    const pcm = ones(10);
    applyFades(pcm, { fadeInMs: 0, fadeOutMs: 0, fadeCurve: 'linear' });
    expect(Array.from(pcm.channels[0]!)).toEqual(new Array(10).fill(1));
  });
});

describe('times and requests', () => {
  it('reads and writes m:ss.mmm', () => {
    expect(parseTimeMs('0:05.250')).toBe(5250);
    expect(parseTimeMs('1:10')).toBe(70_000);
    expect(parseTimeMs('75.5')).toBe(75_500);
    expect(parseTimeMs(' 1:02:03.5 ')).toBe(3_723_500);
    expect(parseTimeMs('.5')).toBe(500);
    for (const bad of ['', 'soon', '1:60', '1:75:00', '-3', '1:2:3:4', '1,5'])
      expect(parseTimeMs(bad)).toBeNull();
    expect(formatTimeMs(5250)).toBe('0:05.250');
    expect(formatTimeMs(70_000)).toBe('1:10.000');
    expect(formatTimeMs(3_723_500)).toBe('1:02:03.500');
    expect(parseTimeMs(formatTimeMs(64_750))).toBe(64_750);
  });

  it('a request needs 100 ms of region and fades that fit it', () => {
    const base = { startMs: 1000, endMs: 3000, fadeInMs: 0, fadeOutMs: 0, fadeCurve: 'linear' };
    expect(TrimRequestSchema.safeParse(base).success).toBe(true);
    const short = TrimRequestSchema.safeParse({ ...base, endMs: 1050 });
    expect(short.error?.issues[0]?.message).toBe(
      'The end must be at least 100 ms after the start.',
    );
    const fades = TrimRequestSchema.safeParse({ ...base, fadeInMs: 1500, fadeOutMs: 600 });
    expect(fades.error?.issues[0]?.message).toBe('The fades together are longer than the region.');
    expect(TrimRequestSchema.safeParse({ ...base, startMs: 1.5 }).success).toBe(false);
    expect(TrimRequestSchema.safeParse({ ...base, fadeCurve: 'log' }).success).toBe(false);
  });
});

describe('TrimStream (the trim as the samples come)', () => {
  /** The stream's output for `pcm` fed in chunks of the given sizes (cycled). */
  function streamed(pcm: Pcm, region: R, sizes: number[]) {
    const t = new TrimStream(pcm.sampleRate, pcm.channels.length, region);
    const parts: Float32Array[][] = [];
    const total = pcm.channels[0]!.length;
    for (let at = 0, k = 0; at < total && !t.done; k++) {
      const n = Math.min(sizes[k % sizes.length]!, total - at);
      const out = t.push(
        pcm.channels.map((c) => c.slice(at, at + n)),
        n,
      );
      if (out) parts.push(out);
      at += n;
    }
    const rest = t.end();
    if (rest) parts.push(rest);
    return pcm.channels.map((_, c) => {
      const all = new Float32Array(parts.reduce((n, p) => n + p[c]!.length, 0));
      let at = 0;
      for (const p of parts) {
        all.set(p[c]!, at);
        at += p[c]!.length;
      }
      return all;
    });
  }

  const noise = (frames: number): Pcm => ({
    sampleRate: 8000,
    channels: [0, 1].map(() => new Float32Array(frames).map(() => Math.random() * 2 - 1)),
  });

  it('gives sample for sample what cutPcm and applyFades give, however the chunks fall', () => {
    const pcm = noise(8000 * 6);
    const regions: R[] = [
      { startMs: 250, endMs: 5000, fadeInMs: 500, fadeOutMs: 1000, fadeCurve: 'equal-power' },
      { startMs: 0, endMs: 9000, fadeInMs: 0, fadeOutMs: 2500, fadeCurve: 'linear' }, // past the end
      { startMs: 1000, endMs: 1300, fadeInMs: 200, fadeOutMs: 200, fadeCurve: 'linear' }, // fades overlap
      { startMs: 5500, endMs: 8000, fadeInMs: 1000, fadeOutMs: 0, fadeCurve: 'linear' }, // fade longer than what is left
      { startMs: 100, endMs: 4000, fadeInMs: 0, fadeOutMs: 0, fadeCurve: 'linear' },
    ];
    for (const region of regions) {
      const expected = cutPcm(pcm, region.startMs, region.endMs);
      applyFades(expected, region);
      for (const sizes of [[1], [997, 13, 4096], [100_000]]) {
        const got = streamed(pcm, region, sizes);
        got.forEach((c, ch) => {
          const want = expected.channels[ch]!;
          expect(c.length, JSON.stringify(region)).toBe(want.length);
          expect(
            c.findIndex((v, i) => v !== want[i]),
            JSON.stringify({ region, sizes }),
          ).toBe(-1);
        });
      }
    }
  });

  it('holds no more than a fade and a chunk, whatever the length', () => {
    const t = new TrimStream(8000, 1, {
      startMs: 0,
      endMs: 3_600_000,
      fadeInMs: 1000,
      fadeOutMs: 2000,
      fadeCurve: 'linear',
    });
    const chunk = [new Float32Array(4096).fill(0.5)];
    let answered = 0;
    for (let i = 0; i < 2000; i++) answered += t.push(chunk, 4096)?.[0]!.length ?? 0;
    expect(t.framesKept - answered).toBeLessThanOrEqual(2000 * 8 + 4096);
  });
});

type R = {
  startMs: number;
  endMs: number;
  fadeInMs: number;
  fadeOutMs: number;
  fadeCurve: 'linear' | 'equal-power';
};
