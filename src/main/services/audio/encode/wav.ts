/**
 * RIFF/WAVE writer: 16- or 24-bit integer PCM (WAVE_FORMAT_PCM, or WAVE_FORMAT_EXTENSIBLE above two
 * channels), with extra chunks (LIST/INFO, `id3 `) after the data.
 *
 *   const bytes = encodeWav(pcm, { bitDepth: 24, chunks: [infoChunk] });
 */
import { checkPcm, quantise } from './samples';
import type { BitDepth, PcmAudio } from './types';
import { pcmFrames } from './types';

/** A chunk to append: its four-character id and body (padded to even length here). */
export interface RiffChunk {
  id: string;
  body: Uint8Array;
}

const chunkBytes = (c: RiffChunk): number => 8 + c.body.length + (c.body.length & 1);

/**
 * The RIFF header, `fmt ` and the `data` chunk's header of a WAV of `dataBytes` of samples; the
 * RIFF length counts the samples only (a writer with chunks after them sets it).
 */
export function wavHead(f: {
  sampleRate: number;
  channels: number;
  bits: BitDepth;
  dataBytes: number;
}): Uint8Array {
  const blockAlign = f.channels * (f.bits / 8);
  const extensible = f.channels > 2;
  const fmtBytes = extensible ? 40 : 16;
  const out = new Uint8Array(12 + 8 + fmtBytes + 8);
  const view = new DataView(out.buffer);
  let at = 0;
  const ascii = (s: string): void => {
    for (let i = 0; i < 4; i++) out[at++] = s.charCodeAt(i);
  };
  const u32 = (v: number): void => {
    view.setUint32(at, v, true);
    at += 4;
  };
  const u16 = (v: number): void => {
    view.setUint16(at, v, true);
    at += 2;
  };
  ascii('RIFF');
  u32(out.length - 8 + f.dataBytes + (f.dataBytes & 1));
  ascii('WAVE');
  ascii('fmt ');
  u32(fmtBytes);
  u16(extensible ? 0xfffe : 1);
  u16(f.channels);
  u32(f.sampleRate);
  u32(f.sampleRate * blockAlign);
  u16(blockAlign);
  u16(f.bits);
  if (extensible) {
    u16(22);
    u16(f.bits); // valid bits
    u32(0); // channel mask: unassigned
    // KSDATAFORMAT_SUBTYPE_PCM {00000001-0000-0010-8000-00aa00389b71}
    out.set([1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71], at);
    at += 16;
  }
  ascii('data');
  u32(f.dataBytes);
  return out;
}

export function encodeWav(
  pcm: PcmAudio,
  options: { bitDepth?: BitDepth; chunks?: RiffChunk[] } = {},
): Uint8Array {
  checkPcm(pcm, 18);
  const bits = options.bitDepth ?? 16;
  const extra = options.chunks ?? [];
  const channels = pcm.channels.length;
  const frames = pcmFrames(pcm);
  const dataBytes = frames * channels * (bits / 8);
  const head = wavHead({ sampleRate: pcm.sampleRate, channels, bits, dataBytes });
  const total =
    head.length + dataBytes + (dataBytes & 1) + extra.reduce((n, c) => n + chunkBytes(c), 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(head);
  view.setUint32(4, total - 8, true);
  let at = head.length;
  const ints = pcm.channels.map((c) => quantise(c, bits));
  for (let i = 0; i < frames; i++)
    for (let ch = 0; ch < channels; ch++) {
      const v = ints[ch]![i]!;
      out[at++] = v & 0xff;
      out[at++] = (v >> 8) & 0xff;
      if (bits === 24) out[at++] = (v >> 16) & 0xff;
    }
  if (dataBytes & 1) at += 1;
  for (const c of extra) {
    for (let i = 0; i < 4; i++) out[at++] = c.id.charCodeAt(i);
    view.setUint32(at, c.body.length, true);
    at += 4;
    out.set(c.body, at);
    at += c.body.length + (c.body.length & 1);
  }
  return out;
}
