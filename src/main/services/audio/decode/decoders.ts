/**
 * The audio decoders Cadenza uses, in one place: WASM builds that run in plain Node on every
 * platform the installers target (no native modules) — mpg123-decoder for MP3,
 * @wasm-audio-decoders/flac, @wasm-audio-decoders/ogg-vorbis and ogg-opus-decoder — behind one
 * streaming shape, and WAV sample readers for the PCM/float layouts the probe reports.
 * Files are read through them chunk by chunk in stream.ts (the PCM decode, the waveform peaks).
 */
import { MPEGDecoder } from 'mpg123-decoder';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { OggOpusDecoder } from 'ogg-opus-decoder';
import type { WavLayout } from '../probe';

export type DecoderName = 'wav' | 'mpg123' | 'flac' | 'vorbis' | 'opus';

/** Formats with a decoder here; the others (AAC, video) are not decoded. */
const DECODED_FORMATS = ['wav', 'mp3', 'flac', 'ogg', 'opus'] as const;

export const isDecodedFormat = (format: string): boolean =>
  (DECODED_FORMATS as readonly string[]).includes(format);

export interface DecodedChunk {
  channelData: Float32Array[];
  samplesDecoded: number;
  /** The rate of these samples (Opus always decodes at 48 kHz). */
  sampleRate?: number;
}

/** Bytes in, samples out; the decoders keep references to what they are given (pass copies). */
export interface StreamDecoder {
  readonly name: Exclude<DecoderName, 'wav'>;
  decode(chunk: Uint8Array): Promise<DecodedChunk>;
  flush(): Promise<DecodedChunk | null>;
  free(): void;
}

/**
 * A ready decoder for a compressed format ('mp3', 'flac', 'ogg' = Vorbis, 'opus').
 * MP3 is decoded gapless: mpg123 reads the LAME/Xing tag's encoder delay and padding and drops
 * them (and its own decoder delay), as ffmpeg does; without a LAME tag nothing is dropped.
 */
export async function streamDecoderFor(format: string): Promise<StreamDecoder> {
  if (format === 'mp3') {
    const d = new MPEGDecoder({ enableGapless: true });
    await d.ready;
    return {
      name: 'mpg123',
      decode: (c) => Promise.resolve(d.decode(c)),
      flush: () => Promise.resolve(null),
      free: () => d.free(),
    };
  }
  if (format === 'flac') {
    const d = new FLACDecoder();
    await d.ready;
    return {
      name: 'flac',
      decode: (c) => d.decode(c),
      flush: () => d.flush(),
      free: () => d.free(),
    };
  }
  if (format === 'ogg') {
    const d = new OggVorbisDecoder();
    await d.ready;
    return {
      name: 'vorbis',
      decode: (c) => d.decode(c),
      flush: () => d.flush(),
      free: () => d.free(),
    };
  }
  if (format !== 'opus') throw new Error(`No decoder for ${format}`);
  const d = new OggOpusDecoder();
  await d.ready;
  return {
    name: 'opus',
    decode: (c) => Promise.resolve(d.decode(c)),
    flush: () => d.flush(),
    free: () => d.free(),
  };
}

/** Reads one sample (−1..1) at byte offset `at`. */
export type SampleReader = (b: Buffer, at: number) => number;

/** The reader for a WAV's sample layout: integer PCM 8/16/24/32 bit, float 32/64 bit. */
export function wavSampleReader(w: WavLayout): SampleReader | null {
  const { encoding: e, bitsPerSample: bits } = w;
  if (e === 1 && bits === 8) return (b, at) => (b[at]! - 128) / 128;
  if (e === 1 && bits === 16) return (b, at) => b.readInt16LE(at) / 32768;
  if (e === 1 && bits === 24) return (b, at) => b.readIntLE(at, 3) / 8388608;
  if (e === 1 && bits === 32) return (b, at) => b.readInt32LE(at) / 2147483648;
  if (e === 3 && bits === 32) return (b, at) => b.readFloatLE(at);
  if (e === 3 && bits === 64) return (b, at) => b.readDoubleLE(at);
  return null;
}
