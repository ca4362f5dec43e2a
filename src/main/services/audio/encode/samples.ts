/**
 * Float samples to integers, the way ffmpeg converts them (scale by 2^(bits−1), round to the
 * nearest, clip), so a 16-bit source decoded to float and written back at 16 bits is bit-exact.
 * No dither: exports of 16-bit material stay lossless, and the rounding noise of a float source
 * sits at −96 dBFS.
 */
import { appError } from '@shared/app-error';
import type { BitDepth, PcmAudio } from './types';

export function quantise(samples: Float32Array, bits: BitDepth, from = 0, to = samples.length) {
  const scale = 2 ** (bits - 1);
  const max = scale - 1;
  const out = new Int32Array(to - from);
  for (let i = from; i < to; i++) {
    const v = Math.round(samples[i]! * scale);
    out[i - from] = v > max ? max : v < -scale ? -scale : v;
  }
  return out;
}

/** Refuses PCM the encoders cannot write (no channels, ragged channels, a silly rate). */
export function checkPcm(pcm: PcmAudio, maxChannels = 8): void {
  const { channels, sampleRate } = pcm;
  const ok =
    channels.length > 0 &&
    channels.length <= maxChannels &&
    channels.every((c) => c.length === channels[0]!.length) &&
    Number.isInteger(sampleRate) &&
    sampleRate >= 1000 &&
    sampleRate <= 655350;
  if (!ok)
    throw appError(
      'internal',
      'errors:audio.unwritable',
      {},
      { detail: `pcm ${channels.length} channels, ${sampleRate} Hz` },
    );
}
