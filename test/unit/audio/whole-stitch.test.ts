/**
 * The whole-song stitcher on generated PCM: shape detection (whole / new / silence), the encoder
 * delay either way, the length rule (parts minus one crossfade per seam) and conforming parts of
 * another rate or channel count.
 */
import { describe, expect, it } from 'vitest';
import { extensionShape } from '../../../src/main/services/audio/whole/shape';
import { conform, WholeSong } from '../../../src/main/services/audio/whole/stitch';
import { Resampler, StitchStream } from '../../../src/main/services/audio/whole/stitch-stream';
import type { PcmAudio } from '../../../src/main/services/audio/encode/types';
import { melody, TONE_RATE as R } from '../../emulator/media/song-audio';

const mono = (c: Float32Array) => ({ sampleRate: R, channels: [c] });
const cat = (...parts: Float32Array[]): Float32Array => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('extensionShape', () => {
  const song = melody('song', 10 * R);
  const fresh = melody('ext', 8 * R);

  it('finds the parent opening in a "whole" extension, with the encoder delay difference', () => {
    for (const delay of [0, 1105, -700]) {
      const head =
        delay >= 0
          ? cat(new Float32Array(delay), song.subarray(0, 6 * R))
          : song.subarray(-delay, 6 * R);
      const s = extensionShape(mono(song), mono(cat(head, fresh)), 6 * R);
      expect(s.shape).toBe('whole');
      expect(s.lagFrames).toBe(delay);
      expect(s.similarity).toBeGreaterThan(0.99);
    }
  });

  it('calls an extension of new audio "new", and silence unmeasurable (nothing dropped)', () => {
    expect(extensionShape(mono(song), mono(fresh), 6 * R)).toMatchObject({ shape: 'new' });
    const quiet = new Float32Array(10 * R);
    expect(extensionShape(mono(quiet), mono(quiet), 6 * R)).toEqual({
      shape: 'new',
      lagFrames: 0,
      similarity: null,
    });
  });
});

describe('WholeSong', () => {
  const song = melody('a', 10 * R);
  const ext1 = melody('b', 9 * R);
  const ext2 = melody('c', 7 * R);
  const fade = 0.03 * R;

  it('joins a three-part chain of new parts: length is the parts minus the crossfades', () => {
    const w = new WholeSong(mono(song));
    w.extend(mono(ext1), 4000);
    w.extend(mono(ext2), 5000);
    const out = w.pcm.channels[0]!;
    expect(out.length).toBe(4 * R + 5 * R + 7 * R - 2 * fade);
    expect(out[2 * R]).toBe(song[2 * R]);
    expect(out[4 * R + 2 * R]).toBe(ext1[2 * R + fade]);
    expect(out.at(-1)).toBe(ext2.at(-1));
    expect(w.seams.map((s) => s.shape)).toEqual(['new', 'new']);
  });

  it('never doubles the start of "whole" extensions, down the chain', () => {
    const whole1 = cat(song.subarray(0, 4 * R), ext1);
    const whole2 = cat(whole1.subarray(0, 6 * R), ext2);
    const w = new WholeSong(mono(song));
    w.extend(mono(whole1), 4000);
    w.extend(mono(whole2), 6000);
    const out = w.pcm.channels[0]!;
    expect(w.seams.map((s) => s.shape)).toEqual(['whole', 'whole']);
    expect(out.length).toBe(6 * R + 7 * R - 2 * fade);
    expect(out[5 * R - fade]).toBe(ext1[R]);
    expect(out.at(-1)).toBe(ext2.at(-1));
  });

  it('crossfades: no step at the seam larger than the melodies’ own', () => {
    const w = new WholeSong(mono(song));
    w.extend(mono(ext1), 4000);
    const out = w.pcm.channels[0]!;
    let step = 0;
    for (let i = 4 * R - 2 * fade; i < 4 * R + fade; i++)
      step = Math.max(step, Math.abs(out[i]! - out[i - 1]!));
    expect(step).toBeLessThan(0.3 * 2 * Math.PI * (880 / R) * 1.05);
  });

  it('conforms a part of another rate and channel count to the song’s', () => {
    const half = new Float32Array(R / 2).map((_, i) => Math.sin(i / 10));
    const c = conform({ sampleRate: R / 2, channels: [half] }, R, 2);
    expect(c.channels).toHaveLength(2);
    expect(c.channels[0]!.length).toBe(R);
    expect(c.channels[1]![200]).toBeCloseTo(Math.sin(10), 5);
  });
});

describe('StitchStream (the whole song as the samples come)', () => {
  /** The stream's song for the same parts WholeSong joins, fed in chunks of `size`. */
  function streamed(parts: PcmAudio[], atMs: number[], size: number) {
    const rate = parts[0]!.sampleRate;
    const n = parts[0]!.channels.length;
    const s = new StitchStream(rate, n, 30);
    const conformed = parts.map((p) => conform(p, rate, n));
    const out: Float32Array[][] = [];
    conformed.forEach((part, i) => {
      const at = (ms: number): number => Math.round((ms * rate) / 1000);
      const shape = i === 0 ? undefined : extensionShape(conformed[i - 1]!, part, at(atMs[i]!));
      const newFrom = shape?.shape === 'whole' ? Math.max(0, at(atMs[i]!) + shape.lagFrames) : 0;
      s.beginPart({ newFrom, cutAt: i + 1 < parts.length ? at(atMs[i + 1]!) : Infinity, shape });
      const total = part.channels[0]!.length;
      for (let from = 0; from < total; from += size) {
        const k = Math.min(size, total - from);
        const o = s.push(
          part.channels.map((c) => c.slice(from, from + k)),
          k,
        );
        if (o) out.push(o);
      }
      const o = s.endPart();
      if (o) out.push(o);
    });
    out.push(s.end());
    return {
      channels: Array.from({ length: n }, (_, c) => cat(...out.map((o) => o[c]!))),
      seams: s.seams,
      length: s.length,
    };
  }

  it('gives sample for sample the song WholeSong gives, for new and whole extensions', () => {
    const song = melody('a', 10 * R);
    const ext1 = melody('b', 9 * R);
    const ext2 = melody('c', 7 * R);
    const chains: Array<{ parts: PcmAudio[]; atMs: number[] }> = [
      { parts: [mono(song), mono(ext1), mono(ext2)], atMs: [0, 4000, 5000] },
      {
        parts: [mono(song), mono(cat(song.subarray(0, 4 * R), ext1)), mono(ext2)],
        atMs: [0, 4000, 6000],
      },
      // an extension at another rate, stereo root, an extension shorter than the crossfade
      {
        parts: [
          { sampleRate: R, channels: [song, melody('d', 10 * R)] },
          conform(mono(ext1), R * 2, 1),
          mono(ext2.subarray(0, 10)),
        ],
        atMs: [0, 3000, 2500],
      },
    ];
    for (const chain of chains) {
      const { parts, atMs } = chain;
      const w = new WholeSong(parts[0]!);
      parts.slice(1).forEach((p, i) => w.extend(p, atMs[i + 1]!));
      for (const size of [1000, 4096 * 3 + 7]) {
        const got = streamed(parts, atMs, size);
        expect(got.length, `chain ${chains.indexOf(chain)} size ${size}`).toBe(
          w.pcm.channels[0]!.length,
        );
        got.channels.forEach((c, ch) => {
          const want = w.pcm.channels[ch]!;
          expect(c.length).toBe(want.length);
          expect(c.findIndex((v, i) => v !== want[i])).toBe(-1);
        });
        expect(got.seams).toEqual(w.seams);
      }
    }
  });

  it('resamples as the samples come exactly as conform does on the whole', () => {
    const x = melody('r', 3 * R);
    for (const [from, to] of [
      [R, 44_100],
      [44_100, R],
      [48_000, 44_100],
    ] as const) {
      const whole = conform({ sampleRate: from, channels: [x] }, to, 1).channels[0]!;
      const r = new Resampler(from, to);
      const parts: Float32Array[] = [];
      for (let at = 0; at < x.length; at += 1234)
        parts.push(r.push([x.slice(at, at + 1234)], Math.min(1234, x.length - at))[0]!);
      parts.push(r.end()[0]!);
      const got = cat(...parts);
      expect(got.length).toBe(whole.length);
      expect(got.findIndex((v, i) => v !== whole[i])).toBe(-1);
    }
  });
});
