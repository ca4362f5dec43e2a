/**
 * MP3 encoder: constant bit rate with lamejs (a pure-JS port of LAME, LGPL-3.0), mono or stereo
 * (more channels keep the first two), at the MPEG sample rates only. Slow (about 20× real time),
 * so it runs in the worker thread; it yields between chunks so an abort is heard. The output
 * starts with LAME's info frame (mp3-info.ts) so decoders trim the encoder delay and padding.
 *
 *   const bytes = await encodeMp3(pcm, { kbps: 192, onProgress });
 */
import type * as Lame from '@breezystack/lamejs';
import { AppError } from '@shared/errors';
import { countFrames, firstFrame } from '../probe/mpeg';
import { concatBytes } from './types';
import { crc16Arc } from './bits';
import { infoFrame } from './mp3-info';
import { checkPcm, quantise } from './samples';
import type { EncodeOptions, PcmAudio } from './types';
import { pcmFrames } from './types';

export const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];
export const MP3_BIT_RATES = [64, 96, 128, 160, 192, 224, 256, 320];
export const DEFAULT_MP3_KBPS = 192;
const CHUNK_FRAMES = 1152 * 32;

/**
 * lamejs is ESM-only (its CommonJS entry is a browser script that exports nothing), so it is
 * imported dynamically: the bundles inline it, and under tsx (the worker from source) Node
 * resolves the ESM build.
 */
const lame = (): Promise<typeof Lame> => import('@breezystack/lamejs');

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const toInt16 = (c: Float32Array, from: number, to: number): Int16Array =>
  Int16Array.from(quantise(c, 16, from, to));

export async function encodeMp3(
  pcm: PcmAudio,
  options: Pick<EncodeOptions, 'kbps' | 'signal' | 'onProgress'> = {},
): Promise<Uint8Array> {
  checkPcm(pcm, 8);
  const kbps = options.kbps ?? DEFAULT_MP3_KBPS;
  if (!MP3_SAMPLE_RATES.includes(pcm.sampleRate) || !MP3_BIT_RATES.includes(kbps))
    throw new AppError('validation', 'MP3 cannot be written at this sample rate or bit rate.', {
      detail: `${pcm.sampleRate} Hz, ${kbps} kbit/s`,
    });
  const { signal, onProgress } = options;
  const [left, right] = pcm.channels as [Float32Array, Float32Array | undefined];
  const { Mp3Encoder } = await lame();
  const encoder = new Mp3Encoder(right ? 2 : 1, pcm.sampleRate, kbps);
  const total = pcmFrames(pcm);
  const parts: Uint8Array[] = [];
  let lastReport = Date.now();
  for (let from = 0; from < total; from += CHUNK_FRAMES) {
    const to = Math.min(total, from + CHUNK_FRAMES);
    const l = toInt16(left, from, to);
    parts.push(right ? encoder.encodeBuffer(l, toInt16(right, from, to)) : encoder.encodeBuffer(l));
    await yieldToLoop();
    if (signal?.aborted) throw new AppError('cancelled', 'Cancelled.');
    if (Date.now() - lastReport > 200) {
      onProgress?.(to / total);
      lastReport = Date.now();
    }
  }
  parts.push(encoder.flush());
  const audio = concatBytes(parts);
  const start = firstFrame(audio);
  const count = start >= 0 ? countFrames(audio, start) : null;
  if (!count) return audio; // nothing was encoded (no samples)
  const frames = audio.subarray(start, start + count.audioBytes);
  const info = infoFrame({
    header: frames.subarray(0, 4),
    frames: count.frames,
    audioBytes: frames.length,
    samples: total,
    kbps,
    musicCrc: crc16Arc(frames),
  });
  onProgress?.(1);
  return concatBytes([info, frames]);
}
