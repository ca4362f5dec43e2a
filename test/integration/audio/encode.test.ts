/**
 * The encoders against ffmpeg (and the reference `flac -t`, which checks every CRC and the MD5):
 * FLAC is bit-exact at 16 and 24 bits, WAV too, MP3 decodes to exactly the samples given (the
 * info frame's delay and padding honoured) and sounds like the source. Real recordings from the
 * corpus, plus the edge cases a FLAC encoder gets wrong (silence, noise, tiny and odd lengths).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeAudio,
  encodeFlac,
  encodeMp3,
  encodeWav,
  openPcmWriter,
  pcmTransfer,
  type PcmAudio,
} from '../../../src/main/services/audio/encode';
import { createWorkerClient } from '../../../src/main/services/worker/client';
import type { WorkerTasks } from '../../../src/main/services/worker-tasks/registry';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';
import { ffmpegInts, ffprobeAudio, toFloat } from '../../support/ffmpeg-pcm';

let corpus: AudioCorpus;
const dir = mkdtempSync(join(tmpdir(), 'cadenza-encode-'));
beforeAll(async () => {
  corpus = await ensureAudioCorpus();
}, 300_000);

const corpusPath = (name: string): string => corpus.files.find((f) => f.name === name)!.path;

/** A corpus file as the PCM an encoder takes, with its integer samples. */
function source(name: string, bits: 16 | 24 = 16): { pcm: PcmAudio; ints: Int32Array[] } {
  const { sampleRate, channels: ints } = ffmpegInts(corpusPath(name), bits);
  return { pcm: { sampleRate, channels: ints.map((c) => toFloat(c, bits)) }, ints };
}

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** ffmpeg's decode of `path` at `bits`, per channel. */
const decoded = (path: string, bits: 16 | 24): Int32Array[] => ffmpegInts(path, bits).channels;

const flacTest = (path: string): void => {
  execFileSync('flac', ['--test', '--silent', path]); // throws on a CRC or MD5 mismatch
};

function expectSame(a: Int32Array[], b: Int32Array[], label: string): void {
  expect(a.length, label).toBe(b.length);
  a.forEach((c, ch) => {
    expect(c.length, label).toBe(b[ch]!.length);
    const firstDiff = c.findIndex((v, i) => v !== b[ch]![i]);
    expect(firstDiff, `${label} channel ${ch}`).toBe(-1);
  });
}

describe('FLAC', () => {
  it('is bit-exact at 16 bits on a 30 s stereo recording, smaller than WAV, and passes flac --test', async () => {
    const { pcm, ints } = source('wav-pcm16.wav');
    const bytes = await encodeFlac(pcm);
    const path = write('pcm16.flac', bytes);
    flacTest(path);
    expectSame(decoded(path, 16), ints, 'stereo 16');
    expect(bytes.length).toBeLessThan(ints[0]!.length * 4 * 0.75);
    const s = ffprobeAudio(path);
    expect([s.codec_name, s.sample_rate, s.channels]).toEqual(['flac', '44100', 2]);
  });

  it('is bit-exact at 24 bits, 48 kHz', async () => {
    const { pcm, ints } = source('flac-24-art.flac', 24);
    const path = write('s24.flac', await encodeFlac(pcm, { bitDepth: 24 }));
    flacTest(path);
    expect(ffprobeAudio(path).bits_per_raw_sample).toBe('24');
    expectSame(decoded(path, 24), ints, 'stereo 24');
  });

  it('is bit-exact on mono 22.05 kHz (a rate coded in the frame header)', async () => {
    const { pcm, ints } = source('wav-u8-mono.wav');
    const path = write('mono.flac', await encodeFlac(pcm));
    flacTest(path);
    expectSame(decoded(path, 16), ints, 'mono');
  });

  it('codes silence, full-scale noise (verbatim), tiny and odd lengths and an odd rate losslessly', async () => {
    let seed = 7;
    const noise = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
    const cases: Array<[string, PcmAudio]> = [
      [
        'silence',
        { sampleRate: 44100, channels: [new Float32Array(10_000), new Float32Array(10_000)] },
      ],
      ['noise', { sampleRate: 48000, channels: [Float32Array.from({ length: 9000 }, noise)] }],
      ['tiny', { sampleRate: 44100, channels: [Float32Array.of(0.5, -0.25, 0.125)] }],
      [
        'one block + 1',
        {
          sampleRate: 37800,
          channels: [Float32Array.from({ length: 4097 }, (_, i) => Math.sin(i / 9) * 0.8)],
        },
      ],
      ['clipping', { sampleRate: 44100, channels: [Float32Array.of(1.5, -1.5, 1, -1, 0.99999)] }],
    ];
    for (const [label, pcm] of cases) {
      const bytes = await encodeFlac(pcm);
      const path = write(`${label}.flac`, bytes);
      flacTest(path);
      // noise does not predict: verbatim subframes, never more than the raw samples plus headers
      if (label === 'noise') expect(bytes.length).toBeLessThan(9000 * 2 + 3 * 20 + 42);
      const want = pcm.channels.map((c) =>
        Int32Array.from(c, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32768)))),
      );
      expectSame(decoded(path, 16), want, label);
    }
  });
});

describe('WAV', () => {
  it('writes 16- and 24-bit PCM that ffmpeg reads back exactly', async () => {
    const s16 = source('wav-pcm16.wav');
    const p16 = write('out16.wav', await encodeAudio(s16.pcm, 'wav'));
    expect(ffprobeAudio(p16).codec_name).toBe('pcm_s16le');
    expectSame(decoded(p16, 16), s16.ints, 'wav 16');
    const s24 = source('flac-24-art.flac', 24);
    const p24 = write('out24.wav', await encodeAudio(s24.pcm, 'wav', { bitDepth: 24 }));
    expect(ffprobeAudio(p24).codec_name).toBe('pcm_s24le');
    expectSame(decoded(p24, 24), s24.ints, 'wav 24');
  });
});

/** Signal-to-noise ratio in dB of `got` against `want` (same length). */
function snr(want: Int32Array, got: Int32Array): number {
  let signal = 0;
  let noise = 0;
  for (let i = 0; i < want.length; i++) {
    signal += want[i]! ** 2;
    noise += (want[i]! - got[i]!) ** 2;
  }
  return 10 * Math.log10(signal / noise);
}

describe('MP3', () => {
  it('decodes to exactly the source length, lined up, at a sane SNR (stereo 44.1 kHz)', async () => {
    const { pcm, ints } = source('wav-s24-extensible.wav'); // the 10 s clip
    const progress: number[] = [];
    const bytes = await encodeMp3(pcm, { kbps: 192, onProgress: (f) => progress.push(f) });
    const path = write('clip.mp3', bytes);
    const back = decoded(path, 16);
    expect(back[0]!.length).toBe(ints[0]!.length); // within ±1 frame is the promise; the tag makes it exact
    expect(snr(ints[0]!, back[0]!)).toBeGreaterThan(20);
    expect(snr(ints[1]!, back[1]!)).toBeGreaterThan(20);
    expect(progress.at(-1)).toBe(1);
    const s = ffprobeAudio(path);
    expect([s.codec_name, s.sample_rate, s.channels]).toEqual(['mp3', '44100', 2]);
  });

  it('writes MPEG-2 mono at 22.05 kHz and 64 kbit/s', async () => {
    const { pcm, ints } = source('wav-u8-mono.wav');
    const path = write('mono.mp3', await encodeMp3(pcm, { kbps: 64 }));
    const back = decoded(path, 16);
    expect(Math.abs(back[0]!.length - ints[0]!.length)).toBeLessThanOrEqual(576);
    expect(snr(ints[0]!, back[0]!.subarray(0, ints[0]!.length))).toBeGreaterThan(10);
  });

  it('refuses a sample rate MP3 has not, and stops when aborted', async () => {
    const odd = { sampleRate: 37800, channels: [new Float32Array(1000)] };
    await expect(encodeMp3(odd)).rejects.toMatchObject({ code: 'validation' });
    const controller = new AbortController();
    controller.abort();
    const long = { sampleRate: 44100, channels: [new Float32Array(44100 * 5)] };
    await expect(encodeMp3(long, { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
  });
});

describe('the streaming writer (trim, whole song and export write as they decode)', () => {
  it('writes the very bytes the whole-buffer encoders make, fed in uneven chunks', async () => {
    const { pcm } = source('wav-s24-extensible.wav');
    const frames = pcm.channels[0]!.length;
    const tags = { riffChunks: [{ id: 'LIST', body: new Uint8Array([1, 2, 3]) }] };
    const blocks = [{ type: 4, body: new Uint8Array(9) }];
    const prefix = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
    const cases = [
      ['wav', encodeWav(pcm, { bitDepth: 24, chunks: tags.riffChunks })],
      ['flac', await encodeFlac(pcm, { bitDepth: 16, blocks })],
      ['mp3', await encodeMp3(pcm, { kbps: 128 })],
    ] as const;
    for (const [format, whole] of cases) {
      const path = join(dir, `streamed.${format}`);
      const out = await openPcmWriter(path, {
        format,
        sampleRate: pcm.sampleRate,
        channels: 2,
        bitDepth: format === 'wav' ? 24 : 16,
        kbps: 128,
        riffChunks: tags.riffChunks,
        flacBlocks: blocks,
        prefix,
      });
      // chunks that never line up with FLAC blocks or MP3 frames
      for (let at = 0, n = 1; at < frames; at += n, n = (n * 7 + 1000) % 50_000) {
        const to = Math.min(frames, at + n);
        await out.write(
          pcm.channels.map((c) => c.slice(at, to)),
          to - at,
        );
      }
      const { bytes } = await out.finish();
      const file = new Uint8Array(readFileSync(path));
      const expected = format === 'mp3' ? Buffer.concat([prefix, whole]) : whole;
      expect(bytes, format).toBe(expected.length);
      expect(Buffer.compare(file, expected), format).toBe(0);
    }
    flacTest(join(dir, 'streamed.flac'));
  });
});

describe('the audio.encode worker task', () => {
  it('encodes in the worker thread with progress, the PCM moved there and the bytes back', async () => {
    const worker = createWorkerClient<WorkerTasks>({
      entry: join(__dirname, '../../../src/main/services/worker-tasks/entry.ts'),
    });
    try {
      const { pcm, ints } = source('wav-u8-mono.wav');
      const seen: number[] = [];
      const bytes = await worker.run(
        'audio.encode',
        { pcm, format: 'flac' },
        { transfer: pcmTransfer(pcm), onProgress: (f) => seen.push(f) },
      );
      expect(pcm.channels[0]!.length).toBe(0); // moved, not copied
      expect(seen.at(-1)).toBe(1);
      expectSame(decoded(write('worker.flac', bytes), 16), ints, 'worker');
    } finally {
      await worker.close();
    }
  });
});
