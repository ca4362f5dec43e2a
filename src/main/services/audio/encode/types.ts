/**
 * Decoded audio as the encoders take it: one Float32Array per channel, samples in −1..1 (values
 * outside are clipped when quantised), every channel the same length.
 */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array[];
}

export const ENCODE_FORMATS = ['mp3', 'wav', 'flac'] as const;
export type EncodeFormat = (typeof ENCODE_FORMATS)[number];

/** Integer sample sizes WAV and FLAC are written at. */
export type BitDepth = 16 | 24;

export interface EncodeOptions {
  /** WAV and FLAC: bits per sample (16 by default). */
  bitDepth?: BitDepth;
  /** MP3: constant bit rate in kbit/s (192 by default). */
  kbps?: number;
  /** Aborting stops a long encode between blocks. */
  signal?: AbortSignal;
  /** 0..1 as the encode proceeds (MP3 and FLAC, a few times a second at most). */
  onProgress?: (fraction: number) => void;
}

/** Frames (samples per channel) in a PCM value; 0 with no channels. */
export const pcmFrames = (pcm: PcmAudio): number => pcm.channels[0]?.length ?? 0;

/** The buffers to list in a worker call's `transfer` so the PCM moves instead of being copied. */
export const pcmTransfer = (pcm: PcmAudio): ArrayBuffer[] =>
  pcm.channels.map((c) => c.buffer as ArrayBuffer);

/** The parts one after another, in one new buffer. */
export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
