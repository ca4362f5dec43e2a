/**
 * Waveform peaks from the WASM decoders (and WAV read by hand) against samples decoded by ffmpeg,
 * an independent decoder, on the real recordings of the corpus.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks } from '../../../src/main/services/audio/peaks/peaks';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';

function audioStream(path: string): { rate: number; channels: number } {
  const out = JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-select_streams', 'a:0', '-show_streams', '-of', 'json', path],
      {
        encoding: 'utf8',
      },
    ),
  ) as { streams: Array<{ sample_rate: string; channels: number }> };
  return { rate: Number(out.streams[0]!.sample_rate), channels: out.streams[0]!.channels };
}

/** ffmpeg's decode (float, every channel), as peaks of `framesPerPeak` frames. */
function ffmpegPeaks(path: string, channels: number, framesPerPeak: number): number[] {
  const pcm = execFileSync(
    'ffmpeg',
    ['-v', 'quiet', '-i', path, '-f', 'f32le', '-ac', String(channels), '-'],
    {
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  const s = new Float32Array(pcm.buffer, pcm.byteOffset, pcm.length / 4);
  const out: number[] = [];
  const step = framesPerPeak * channels;
  for (let i = 0; i < s.length; i += step) {
    let m = 0;
    for (let j = i; j < Math.min(s.length, i + step); j++) m = Math.max(m, Math.abs(s[j]!));
    out.push(m);
  }
  return out;
}

let corpus: AudioCorpus;
beforeAll(async () => {
  corpus = await ensureAudioCorpus();
}, 300_000);

describe('decodePeaks on the corpus', () => {
  it('matches ffmpeg-decoded samples for MP3, WAV, FLAC, Vorbis and Opus', async () => {
    let checked = 0;
    for (const f of corpus.files) {
      if (f.format === 'm4a' || f.name === 'ten-minutes.wav') continue;
      const p = await decodePeaks(f.path);
      expect(p, f.name).not.toBeNull();
      const { rate, channels } = audioStream(f.path);
      const ref = ffmpegPeaks(f.path, channels, Math.round(p!.secondsPerPeak * rate));
      // decoders may differ by an encoder delay (a slice or two) and a frame at the end
      expect(Math.abs(p!.peaks.length - ref.length), f.name).toBeLessThanOrEqual(3);
      let close = 0;
      p!.peaks.forEach((v, i) => {
        const near = ref.slice(Math.max(0, i - 2), i + 3);
        if (near.some((r) => Math.abs(r - v) <= 0.03 + 0.05 * r)) close++;
      });
      expect(close / p!.peaks.length, f.name).toBeGreaterThan(0.97);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  }, 240_000);

  it('draws a 128 kbit/s MP3 of sines at 0.05, 0.2 and 0.9 at those heights', async () => {
    const f = corpus.files.find((x) => x.name === 'mp3-sines.mp3')!;
    const p = (await decodePeaks(f.path))!;
    const at = (s: number) => p.peaks[Math.round(s / p.secondsPerPeak)]!;
    expect(at(1)).toBeCloseTo(0.05, 1);
    expect(Math.abs(at(1) - 0.05)).toBeLessThan(0.01);
    expect(Math.abs(at(3) - 0.2)).toBeLessThan(0.02);
    expect(Math.abs(at(5) - 0.9)).toBeLessThan(0.05);
  });

  it('gives no waveform for AAC (not decoded)', async () => {
    for (const f of corpus.files.filter((x) => x.format === 'm4a'))
      expect(await decodePeaks(f.path), f.name).toBeNull();
  });
});
