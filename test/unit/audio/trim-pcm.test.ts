import { describe, expect, it } from 'vitest';
import { TrimRequestSchema } from '@shared/domain/trim';
import { formatTimeMs, parseTimeMs } from '@shared/time';
import {
  applyFades,
  cutPcm,
  fadeGain,
  frameAt,
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
