/**
 * Zoomed waveform peaks (audio/peaks/peaks-window.ts) against ffmpeg's decode of the same file: the
 * bars of a 2-second window of an alsa-utils recording, as WAV and as MP3, are the largest
 * absolute samples ffmpeg decodes in each bar's stretch.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowPeaks } from '../../../src/main/services/audio/peaks/peaks-window';
import { ffmpegPcm } from '../../support/ffmpeg-pcm';

const ALSA = '/usr/share/sounds/alsa';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-peaks-window-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recording(name: string, encode: string[], filter = ''): string {
  const out = join(dir, name);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-i', join(ALSA, 'Front_Center.wav'), '-i', join(ALSA, 'Noise.wav'), '-i', join(ALSA, 'Rear_Left.wav'),
    '-filter_complex', `[0][1][2]concat=n=3:v=0:a=1${filter}`,
    '-ar', '44100', ...encode, out,
  ]); // prettier-ignore
  return out;
}

/** The largest |sample| ffmpeg decodes in each of `bars` stretches of [fromMs, toMs). */
function reference(path: string, fromMs: number, toMs: number, bars: number): number[] {
  const pcm = ffmpegPcm(path);
  const at = (ms: number) => Math.floor((ms * pcm.sampleRate) / 1000);
  return Array.from({ length: bars }, (_, b) => {
    let m = 0;
    const from = at(fromMs + ((toMs - fromMs) * b) / bars);
    const to = at(fromMs + ((toMs - fromMs) * (b + 1)) / bars);
    for (const c of pcm.channels) for (let i = from; i < to; i++) m = Math.max(m, Math.abs(c[i]!));
    return m;
  });
}

describe('windowPeaks', () => {
  it.each([
    ['voices.wav', ['-c:a', 'pcm_s16le'], 0.002],
    ['voices.mp3', ['-c:a', 'libmp3lame', '-b:a', '192k'], 0.002],
  ])('%s: 200 bars of 1.2 s – 3.2 s match ffmpeg’s samples', async (name, encode, tolerance) => {
    const path = recording(name, encode as string[]);
    const got = await windowPeaks(path, { fromMs: 1200, toMs: 3200, bars: 200 });
    const want = reference(path, 1200, 3200, 200);
    expect(got).toHaveLength(200);
    // each bar covers 10 ms (ten fine peaks): equal but for rounding to 1/1000 and bar edges
    // falling inside a millisecond
    let close = 0;
    got!.forEach((g, i) => {
      expect(g).toBeLessThanOrEqual(
        Math.max(want[i - 1] ?? 0, want[i]!, want[i + 1] ?? 0) + tolerance,
      );
      if (Math.abs(g - want[i]!) <= tolerance) close++;
    });
    expect(close).toBeGreaterThanOrEqual(190);
    expect(Math.max(...got!)).toBeGreaterThan(0.1);
  });

  it('answers from the kept peaks until the file changes', async () => {
    const path = recording('again.wav', ['-c:a', 'pcm_s16le']);
    const mtime = new Date('2025-03-14T09:00:00.000Z');
    utimesSync(path, mtime, mtime);
    const { size } = statSync(path);
    const first = await windowPeaks(path, { fromMs: 0, toMs: 1000, bars: 100 });
    // quieter, same size; with the same mtime the kept peaks answer, a new mtime decodes again
    recording('again.wav', ['-c:a', 'pcm_s16le'], ',volume=0.25');
    utimesSync(path, mtime, mtime);
    expect(statSync(path).size).toBe(size);
    expect(await windowPeaks(path, { fromMs: 0, toMs: 1000, bars: 100 })).toEqual(first);
    utimesSync(path, new Date(), new Date(mtime.getTime() + 5000));
    const changed = await windowPeaks(path, { fromMs: 0, toMs: 1000, bars: 100 });
    expect(Math.max(...changed!)).toBeCloseTo(Math.max(...first!) / 4, 2);
  });
});
