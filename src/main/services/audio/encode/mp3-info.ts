/**
 * The silent first frame LAME writes before the audio of an MP3 it encodes: a Xing "Info" header
 * (frame and byte counts, a seek table) and the LAME extension, whose encoder delay and padding
 * let decoders (ffmpeg, browsers, music-metadata) drop the priming and trailing samples, so the
 * file decodes to exactly the samples given. lamejs leaves this frame out; mp3.ts adds it.
 */
import { mpegFrameAt } from '../probe/mpeg';
import { crc16Arc } from './bits';

/** LAME's encoder delay (the decoder adds its own 529). */
const LAME_ENCODER_DELAY = 576;

export interface InfoFacts {
  /** The first audio frame's four header bytes. */
  header: Uint8Array;
  /** Audio frames (the info frame excluded) and their bytes. */
  frames: number;
  audioBytes: number;
  /** Samples per channel the audio holds (before delay and padding). */
  samples: number;
  kbps: number;
  /** CRC-16/ARC of the audio frames (the LAME tag's "music CRC"). */
  musicCrc: number;
}

const XING_BYTES = 4 + 4 + 4 + 4 + 100 + 4;
const LAME_BYTES = 36;

export function infoFrame(facts: InfoFacts): Uint8Array {
  const h = Uint8Array.from(facts.header.subarray(0, 4));
  h[1]! |= 1; // no CRC
  h[2]! &= ~0x02; // no padding slot
  const first = mpegFrameAt(h, 0);
  if (!first) throw new Error('not an MPEG audio header');
  const side = first.mpeg1 ? (first.channels === 1 ? 17 : 32) : first.channels === 1 ? 9 : 17;
  const needed = 4 + side + XING_BYTES + LAME_BYTES;
  // the stream's own bit rate when the tag fits in such a frame, else the next that is big enough
  const own = h[2]! >> 4;
  let size = first.frameBytes;
  for (let index = own; size < needed && index < 15; index++) {
    h[2] = (h[2]! & 0x0f) | (index << 4);
    size = mpegFrameAt(h, 0)?.frameBytes ?? 0;
  }
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(h);
  let at = 4 + side;
  const ascii = (s: string): void => {
    for (const ch of s) out[at++] = ch.charCodeAt(0);
  };
  const total = size + facts.audioBytes;
  ascii('Info');
  view.setUint32(at, 0x0f); // frames, bytes, TOC, quality present
  view.setUint32(at + 4, facts.frames);
  view.setUint32(at + 8, total);
  at += 12;
  for (let i = 0; i < 100; i++) out[at++] = Math.floor((i * 256) / 100);
  view.setUint32(at, 0); // quality
  at += 4;
  const lameStart = at;
  ascii('LAME3.100');
  out[at++] = 0x01; // tag revision 0, constant bit rate
  at += 1 + 4 + 2 + 2 + 1; // lowpass, peak, radio and audiophile gain, flags: unknown
  out[at++] = Math.min(255, facts.kbps);
  const padding = Math.max(
    0,
    facts.frames * first.samplesPerFrame - LAME_ENCODER_DELAY - facts.samples,
  );
  out[at++] = LAME_ENCODER_DELAY >> 4;
  out[at++] = ((LAME_ENCODER_DELAY & 0x0f) << 4) | ((padding >> 8) & 0x0f);
  out[at++] = padding & 0xff;
  at += 1 + 1 + 2; // misc, MP3 gain, preset
  view.setUint32(at, total);
  at += 4;
  view.setUint16(at, facts.musicCrc);
  at += 2;
  view.setUint16(at, crc16Arc(out.subarray(0, at)));
  if (at + 2 - lameStart !== LAME_BYTES) throw new Error('LAME tag layout');
  return out;
}
