import { patternSource, type ByteSource } from './source';

/**
 * Silent MPEG-1 Layer III: 48 kHz, 32 kbit/s, mono, no CRC. Each frame is 96 bytes
 * (144 × 32000 / 48000) and holds 1152 samples = 24 ms, so durations are exact multiples of 24 ms.
 * A frame is its 4-byte header, 17 bytes of side information and main data, all zero: decoders
 * read part2_3_length = 0 and global_gain = 0 and produce silence.
 */
export const MP3_SAMPLE_RATE = 48_000;
export const MP3_BITRATE = 32_000;
export const MP3_SAMPLES_PER_FRAME = 1152;
export const MP3_FRAME_BYTES = (144 * MP3_BITRATE) / MP3_SAMPLE_RATE;
export const MP3_FRAME_MS = (MP3_SAMPLES_PER_FRAME * 1000) / MP3_SAMPLE_RATE;

function silentFrame(): Buffer {
  const frame = Buffer.alloc(MP3_FRAME_BYTES);
  frame[0] = 0xff; // sync
  frame[1] = 0xfb; // sync, MPEG-1 (11), Layer III (01), no CRC (1)
  frame[2] = (0b0001 << 4) | (0b01 << 2); // bitrate index 1 (32 kbit/s), 48 kHz, no padding
  frame[3] = (0b11 << 6) | (1 << 2); // mono, original
  return frame;
}

const FRAME = silentFrame();

export function mp3FrameCount(durationMs: number): number {
  return Math.max(1, Math.round(durationMs / MP3_FRAME_MS));
}

/** The duration an MP3 of `durationMs` really has (whole frames). */
export function mp3DurationMs(durationMs: number): number {
  return mp3FrameCount(durationMs) * MP3_FRAME_MS;
}

export function mp3Silence(durationMs: number): ByteSource {
  return patternSource(
    Buffer.alloc(0),
    FRAME,
    mp3FrameCount(durationMs) * MP3_FRAME_BYTES,
    'audio/mpeg',
  );
}

/** The first `frames` frames of a song (for audio that is still streaming). */
export function mp3Frames(frames: number): Buffer {
  const out = Buffer.alloc(frames * MP3_FRAME_BYTES);
  for (let i = 0; i < frames; i++) FRAME.copy(out, i * MP3_FRAME_BYTES);
  return out;
}
