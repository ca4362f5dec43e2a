/**
 * Encoders from decoded PCM to file bytes: WAV (16/24-bit), FLAC (16/24-bit, lossless, own
 * encoder) and MP3 (lamejs, CBR). Plain functions usable anywhere; the app and the CLI run them in
 * the worker (task `audio.encode`, tasks.ts) because MP3 takes seconds per minute of audio.
 *
 *   const bytes = await encodeAudio(pcm, 'flac', { bitDepth: 16 });
 */
import { encodeFlac, type FlacBlock } from './flac';
import { encodeMp3 } from './mp3';
import type { EncodeFormat, EncodeOptions, PcmAudio } from './types';
import { encodeWav, type RiffChunk } from './wav';

export { encodeFlac, FLAC_BLOCK_SIZE, type FlacBlock } from './flac';
export { openPcmWriter, type PcmWriter, type PcmWriterOptions } from './writer';
export { encodeMp3, DEFAULT_MP3_KBPS, MP3_BIT_RATES, MP3_SAMPLE_RATES } from './mp3';
export { encodeWav, type RiffChunk } from './wav';
export { ENCODE_FORMATS, pcmFrames, pcmTransfer } from './types';
export type { BitDepth, EncodeFormat, EncodeOptions, PcmAudio } from './types';

export interface EncodeExtras {
  /** WAV: chunks after the audio (LIST/INFO, `id3 `). */
  riffChunks?: RiffChunk[];
  /** FLAC: metadata blocks after STREAMINFO (VORBIS_COMMENT, PICTURE). */
  flacBlocks?: FlacBlock[];
}

export async function encodeAudio(
  pcm: PcmAudio,
  format: EncodeFormat,
  options: EncodeOptions & EncodeExtras = {},
): Promise<Uint8Array> {
  switch (format) {
    case 'wav':
      return encodeWav(pcm, { bitDepth: options.bitDepth, chunks: options.riffChunks });
    case 'flac':
      return encodeFlac(pcm, { ...options, blocks: options.flacBlocks });
    case 'mp3':
      return encodeMp3(pcm, options);
  }
}
