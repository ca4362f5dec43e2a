/**
 * decodePcm (the WASM decoders, WAV read by hand) against ffmpeg's decode, an independent
 * decoder, sample for sample: the corpus's real recordings and generated sines; and the worker
 * task that runs it off main's event loop.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePcm } from '../../../src/main/services/audio/decode/pcm';
import { createWorkerClient } from '../../../src/main/services/worker';
import type { WorkerTasks } from '../../../src/main/services/worker-tasks/registry';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';
import { ffmpegPcm, maxDiff } from '../../support/ffmpeg-pcm';

let corpus: AudioCorpus;
const tmp = mkdtempSync(join(tmpdir(), 'cadenza-pcm-'));
beforeAll(async () => {
  corpus = await ensureAudioCorpus();
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Largest sample difference allowed per decoder (different decoders of lossy codecs round apart). */
const TOLERANCE = { wav: 1e-7, flac: 1e-4, mpg123: 1e-4, vorbis: 1e-4, opus: 5e-3 } as const;

describe('decodePcm on the corpus', () => {
  it('gives ffmpeg’s samples for MP3, WAV, FLAC, Vorbis and Opus', async () => {
    let checked = 0;
    for (const f of corpus.files) {
      if (f.format === 'm4a') continue;
      const pcm = await decodePcm(f.path);
      expect(pcm, f.name).not.toBeNull();
      const ref = ffmpegPcm(f.path);
      expect(pcm!.sampleRate, f.name).toBe(ref.sampleRate);
      expect(pcm!.channels.length, f.name).toBe(ref.channels.length);
      const frames = pcm!.channels[0]!.length;
      const refFrames = ref.channels[0]!.length;
      // a truncated MP3's last, incomplete frame: ffmpeg zero-fills it, mpg123 drops it
      if (f.name === 'mp3-truncated.mp3') expect(refFrames - frames).toBe(1152);
      else expect(frames, f.name).toBe(refFrames);
      expect(pcm!.durationMs).toBeCloseTo((frames / pcm!.sampleRate) * 1000, 6);
      pcm!.channels.forEach((c, i) => {
        expect(c.length).toBe(frames);
        expect(maxDiff(c, ref.channels[i]!), `${f.name} ch${i}`).toBeLessThan(
          TOLERANCE[pcm!.decoder],
        );
      });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(24);
  }, 240_000);

  it('drops a LAME tag’s encoder delay and padding: a 2 s sine decodes to 2 s, in phase', async () => {
    const wav = join(tmp, 'sine.wav');
    const mp3 = join(tmp, 'sine.mp3');
    execFileSync('sox', [
      '-n',
      '-r',
      '44100',
      '-c',
      '1',
      '-b',
      '16',
      wav,
      'synth',
      '2',
      'sine',
      '441',
      'vol',
      '0.5',
    ]);
    execFileSync('lame', ['--quiet', '-b', '192', wav, mp3]);
    const pcm = (await decodePcm(mp3))!;
    expect(pcm.channels).toHaveLength(1);
    expect(pcm.channels[0]!.length).toBe(88_200);
    expect(pcm.durationMs).toBe(2000);
    // in phase with the source: 441 Hz at 44.1 kHz is 100 samples a period
    const s = pcm.channels[0]!;
    for (const i of [10_025, 50_050, 80_075]) {
      const want = 0.5 * Math.sin((2 * Math.PI * i) / 100);
      expect(Math.abs(s[i]! - want), `sample ${i}`).toBeLessThan(0.02);
    }
  });

  it('reads 24-bit and 64-bit float WAVs and FLAC of a generated sine exactly', async () => {
    for (const [name, codec] of [
      ['s24.wav', ['-c:a', 'pcm_s24le']],
      ['f64.wav', ['-c:a', 'pcm_f64le']],
      ['s24.flac', ['-sample_fmt', 's32', '-c:a', 'flac']],
    ] as const) {
      const path = join(tmp, name);
      execFileSync('ffmpeg', [
        ...[
          '-v',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=1000:sample_rate=48000:duration=1.5',
        ],
        ...['-ac', '2', ...codec, path],
      ]);
      const pcm = (await decodePcm(path))!;
      const ref = ffmpegPcm(path);
      expect(pcm.sampleRate, name).toBe(48_000);
      expect(pcm.channels[0]!.length, name).toBe(72_000);
      expect(maxDiff(pcm.channels[1]!, ref.channels[1]!), name).toBeLessThan(1e-6);
    }
  });

  it('decodes only the opening when asked (maxMs)', async () => {
    const f = corpus.files.find((x) => x.name === 'flac-16.flac')!;
    const pcm = (await decodePcm(f.path, { maxMs: 2500 }))!;
    expect(pcm.channels[0]!.length).toBe(110_250);
    const ref = ffmpegPcm(f.path);
    expect(maxDiff(pcm.channels[0]!, ref.channels[0]!)).toBeLessThan(1e-4);
  });

  it('gives null for AAC (no decoder here)', async () => {
    const f = corpus.files.find((x) => x.format === 'm4a')!;
    expect(await decodePcm(f.path)).toBeNull();
  });
});

describe('the audio.decode worker task', () => {
  it('decodes in the worker thread and moves the samples to the caller', async () => {
    const worker = createWorkerClient<WorkerTasks>();
    try {
      const f = corpus.files.find((x) => x.name === 'mp3-vbr-xing.mp3')!;
      const pcm = (await worker.run('audio.decode', { path: f.path }))!;
      const local = (await decodePcm(f.path))!;
      expect(pcm.sampleRate).toBe(44_100);
      expect(pcm.channels.map((c) => c.length)).toEqual(local.channels.map((c) => c.length));
      expect(maxDiff(pcm.channels[0]!, local.channels[0]!)).toBe(0);
      const none = await worker.run('audio.decode', {
        path: corpus.files.find((x) => x.format === 'm4a')!.path,
      });
      expect(none).toBeNull();
    } finally {
      await worker.close();
    }
  }, 60_000);
});
