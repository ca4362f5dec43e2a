/**
 * Small audio files the tests and benches generate on the fly (no media is kept in git): 16-bit
 * PCM WAVs of silence, noise or a tone, and a constant-bitrate MP3 frame. Pure Node, no test
 * runner imports, so unit, integration, e2e specs and benches can all use it.
 */
import { randomBytes } from 'node:crypto';

/** A 16-bit PCM WAV header for `body` at `rate` Hz and `channels`, followed by `body`. */
export function pcmWav(body: Buffer, rate = 16_000, channels = 1): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + body.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels * 2, 28); // byte rate
  h.writeUInt16LE(channels * 2, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(body.length, 40);
  return Buffer.concat([h, body]);
}

/** A mono WAV of `seconds` of silence. */
export function silentWav(seconds: number, rate = 16_000): Buffer {
  return pcmWav(Buffer.alloc(Math.round(seconds * rate) * 2), rate);
}

/** A mono WAV of `seconds` of random noise: every call's bytes differ. */
export function noiseWav(seconds: number, rate = 16_000): Buffer {
  return pcmWav(randomBytes(Math.round(seconds * rate) * 2), rate);
}

/** A mono 8 kHz WAV of `seconds` of a 440 Hz tone (the same bytes every call). */
export function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const frames = Math.round(rate * seconds);
  const data = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i += 1)
    data.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 440) * 12000), i * 2);
  return pcmWav(data, rate);
}

/** One MPEG-1 Layer III frame, 32 kbit/s, 48 kHz, mono: 96 bytes, 24 ms. */
export function mp3Frame(): Buffer {
  const f = Buffer.alloc(96);
  f.set([0xff, 0xfb, 0x14, 0xc0]);
  return f;
}

/**
 * Just enough bytes for a content sniffer to recognise each kind (the magic, then zeros): the
 * files a picker or "open with" test registers without ever decoding them.
 */
export const SNIFFABLE = {
  wav: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from('WAVEfmt '),
    Buffer.alloc(32),
  ]),
  mp3: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(61)]),
  flac: Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(60)]),
} as const;

/**
 * `n` random bytes behind a real audio file's magic: passes the upload rule's content sniff, for
 * tests that check bytes arrive intact rather than decode them.
 */
export function audioLike(kind: 'wav' | 'mp3', n: number): Buffer {
  return Buffer.concat([SNIFFABLE[kind], randomBytes(n)]);
}
