/**
 * Trim and fade end to end through the built CLI (`cadenza library trim`, the worker's
 * `audio.trim`), checked against ffmpeg's decode (an independent decoder) of the source and the
 * result: boundaries to the sample (so to the millisecond), fades on the samples, the format
 * family kept, the sidecar naming source and region, and the source left byte for byte as it was.
 * Sources are Debian-packaged recordings (alsa-utils' voices and noise) re-encoded with ffmpeg/lame.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCli, createSandbox, runCli, type CliSandbox } from '../cli/run-cli';
import { ffmpegPcm, ffprobeStream, type RefPcm } from '../../support/ffmpeg-pcm';

const ALSA = '/usr/share/sounds/alsa';
const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const frameAt = (ms: number, rate: number): number => Math.round((ms * rate) / 1000);

let box: CliSandbox;
beforeAll(async () => {
  await buildCli();
}, 120_000);
beforeEach(() => {
  box = createSandbox();
  mkdirSync(box.libraryDir, { recursive: true });
});
afterEach(() => box.dispose());

/** ~5.8 s of real recordings, stereo (the voice left, the noise right), as `name` in the library. */
function source(name: string, encode: string[]): string {
  const out = join(box.libraryDir, name);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-i', join(ALSA, 'Front_Center.wav'),
    '-i', join(ALSA, 'Noise.wav'),
    '-i', join(ALSA, 'Rear_Right.wav'),
    '-i', join(ALSA, 'Side_Left.wav'),
    '-filter_complex',
    '[0][1][2][3]concat=n=4:v=0:a=1,asplit[a][b];[b]areverse[r];[a][r]join=inputs=2:channel_layout=stereo',
    ...encode,
    out,
  ]); // prettier-ignore
  return out;
}

async function trim(ref: string, ...args: string[]) {
  const r = await runCli(['library', 'trim', ref, ...args, '--json'], {
    env: box.env,
    timeoutMs: 60_000,
  });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const made = JSON.parse(r.stdout) as {
    id: string;
    file: string;
    title: string;
    kind: string;
    lyrics: string | null;
    duration_ms: number;
    trimmed_from: Record<string, unknown>;
  };
  return { ...made, path: join(box.libraryDir, made.file) };
}

/** The largest difference between `got` and `want` from frame `offset` on, over every channel. */
function maxDiff(got: RefPcm, want: RefPcm, offset: number, gain = (_i: number) => 1): number {
  let worst = 0;
  got.channels.forEach((g, c) => {
    const w = want.channels[c]!;
    for (let i = 0; i < g.length; i++)
      worst = Math.max(worst, Math.abs(g[i]! - w[offset + i]! * gain(i)));
  });
  return worst;
}

describe('cadenza library trim', () => {
  it('WAV → WAV: cut at the sample of each millisecond boundary; the source is unchanged', async () => {
    const src = source('voices.wav', ['-ar', '44100', '-c:a', 'pcm_s16le']);
    const before = sha(src);
    const made = await trim('voices.wav', '--start', '0:01.250', '--end', '0:04.125');
    expect(made.file).toBe('voices (trimmed).wav');
    expect(sha(src)).toBe(before);
    expect(readdirSync(box.libraryDir).filter((n) => n.startsWith('voices.wav'))).toEqual([
      'voices.wav',
    ]);

    const want = ffmpegPcm(src);
    const got = ffmpegPcm(made.path);
    expect(ffprobeStream(made.path)).toEqual({ sampleRate: 44_100, channels: 2 });
    const from = frameAt(1250, 44_100);
    expect(got.channels[0]!.length).toBe(frameAt(4125, 44_100) - from);
    // every sample is the source's (16 bit in, 16 bit out: exact)
    expect(maxDiff(got, want, from)).toBe(0);
    // one sample off would not pass: the recording changes from sample to sample
    expect(maxDiff(got, want, from + 1)).toBeGreaterThan(0.01);
    expect(maxDiff(got, want, from - 1)).toBeGreaterThan(0.01);
    expect(made.duration_ms).toBe(2875);
    expect(made.trimmed_from).toMatchObject({
      source_title: 'voices',
      start_ms: 1250,
      end_ms: 4125,
      fade_in_ms: 0,
      fade_out_ms: 0,
    });
  });

  it('FLAC → FLAC (24 bit, 48 kHz) with equal-power fades checked on the samples', async () => {
    const src = source('noise.flac', ['-ar', '48000', '-c:a', 'flac', '-sample_fmt', 's32']);
    expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=bits_per_raw_sample', '-of', 'csv=p=0', src], { encoding: 'utf8' }).trim()).toBe('24'); // prettier-ignore
    const before = sha(src);
    const made = await trim(
      'noise.flac',
      '--start', '0.5',
      '--end', '0:05.000',
      '--fade-in', '0.5',
      '--fade-out', '1',
      '--curve', 'equal-power',
    ); // prettier-ignore
    expect(made.file).toBe('noise (trimmed).flac');
    expect(sha(src)).toBe(before);
    expect(ffprobeStream(made.path)).toEqual({ sampleRate: 48_000, channels: 2 });
    const want = ffmpegPcm(src);
    const got = ffmpegPcm(made.path);
    const from = frameAt(500, 48_000);
    const n = got.channels[0]!.length;
    expect(n).toBe(frameAt(5000, 48_000) - from);
    const fadeIn = frameAt(500, 48_000);
    const fadeOut = frameAt(1000, 48_000);
    const gain = (i: number): number =>
      i < fadeIn
        ? Math.sin(((i / fadeIn) * Math.PI) / 2)
        : i >= n - fadeOut
          ? Math.sin((((n - 1 - i) / fadeOut) * Math.PI) / 2)
          : 1;
    // 24-bit quantisation of the faded samples: half a step
    expect(maxDiff(got, want, from, gain)).toBeLessThan(1.5 / 2 ** 23);
    expect(got.channels[0]![0]).toBe(0);
    expect(got.channels[1]![n - 1]).toBe(0);
    // without the fades the samples would differ
    expect(maxDiff(got, want, from)).toBeGreaterThan(0.01);
    expect(made.trimmed_from).toMatchObject({
      fade_in_ms: 500,
      fade_out_ms: 1000,
      fade_curve: 'equal-power',
    });
  });

  it('MP3 → MP3: an item with a sidecar keeps its kind and lyrics; its files stay as they were', async () => {
    const src = source('take.mp3', ['-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '192k']);
    const sidecarPath = `${src}.json`;
    writeFileSync(
      sidecarPath,
      JSON.stringify({
        schema_version: 1,
        id: 'itm_trimsourcetake0001',
        kind: 'song',
        title: 'Take one',
        lyrics: '[Verse]\nNight drive',
        prompt: 'synthwave',
        created_at: '2025-03-14T09:00:00.000Z',
      }),
    );
    const before = [sha(src), sha(sidecarPath)];
    const made = await trim(
      'itm_trimsourcetake0001',
      '--start',
      '1',
      '--end',
      '4.5',
      '--title',
      'Chorus',
    );
    expect([sha(src), sha(sidecarPath)]).toEqual(before);
    expect(made).toMatchObject({
      file: 'Chorus.mp3',
      kind: 'song',
      lyrics: '[Verse]\nNight drive',
    });
    expect(made.trimmed_from).toMatchObject({
      source_id: 'itm_trimsourcetake0001',
      start_ms: 1000,
    });
    const codec = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', made.path], { encoding: 'utf8' }).trim(); // prettier-ignore
    expect(codec).toBe('mp3');

    // lossy: find where the result lines up with the source by correlation
    const want = ffmpegPcm(src).channels[0]!;
    const got = ffmpegPcm(made.path).channels[0]!;
    const from = frameAt(1000, 44_100);
    const expected = frameAt(4500, 44_100) - from;
    let best = { lag: 0, score: -Infinity };
    for (let lag = -1200; lag <= 1200; lag++) {
      let dot = 0;
      for (let i = 2000; i < 46_100; i++) dot += (got[i] ?? 0) * (want[from + lag + i] ?? 0);
      if (dot > best.score) best = { lag, score: dot };
    }
    // within a millisecond of the boundary asked for and of the length (the encoder writes a LAME
    // info frame, so decoders drop its delay and padding)
    expect(Math.abs(best.lag)).toBeLessThanOrEqual(44);
    expect(Math.abs(got.length - expected)).toBeLessThanOrEqual(44);
  });

  it('refuses a region past the end and a missing item, and saves nothing', async () => {
    source('short.wav', ['-c:a', 'pcm_s16le']);
    const late = await runCli(
      ['library', 'trim', 'short.wav', '--start', '9:00', '--end', '9:10'],
      {
        env: box.env,
      },
    );
    expect(late.code).not.toBe(0);
    expect(late.stderr).toMatch(/^cadenza: The region starts after the end of the audio\.\n$/);
    const missing = await runCli(['library', 'trim', 'nothing.wav', '--start', '0'], {
      env: box.env,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no item 'nothing\.wav'/);
    const bad = await runCli(['library', 'trim', 'short.wav', '--start', 'soon'], { env: box.env });
    expect(bad.code).toBe(2);
    expect(readdirSync(box.libraryDir).filter((n) => !n.startsWith('.'))).toEqual(['short.wav']);
  });
});
