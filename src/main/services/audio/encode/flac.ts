/**
 * FLAC encoder: STREAMINFO (with the MD5 of the samples), any metadata blocks given
 * (VORBIS_COMMENT, PICTURE from ../tags), then frames of 4096 samples (flac-frame.ts).
 * Lossless: a 16-bit source decoded to float and written at 16 bits comes back bit-exact.
 *
 *   const bytes = await encodeFlac(pcm, { bitDepth: 16, blocks: [vorbisComment] });
 */
import { createHash } from 'node:crypto';
import { AppError } from '@shared/errors';
import { BitWriter } from './bits';
import { frameFormat, writeFrame } from './flac-frame';
import { checkPcm, quantise } from './samples';
import type { EncodeOptions, PcmAudio } from './types';
import { pcmFrames } from './types';

export const FLAC_BLOCK_SIZE = 4096;

/** A metadata block after STREAMINFO: its type (4 VORBIS_COMMENT, 6 PICTURE, 1 PADDING) and body. */
export interface FlacBlock {
  type: number;
  body: Uint8Array;
}

export interface FlacOptions extends Pick<EncodeOptions, 'bitDepth' | 'signal' | 'onProgress'> {
  blocks?: FlacBlock[];
}

/** Lets the worker read an abort between frames, a few times a second. */
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function blockHeader(last: boolean, type: number, length: number): Uint8Array {
  if (length >= 1 << 24)
    throw new AppError('internal', 'A tag is too large for a FLAC file.', { detail: `${length}` });
  return Uint8Array.of((last ? 0x80 : 0) | type, length >> 16, (length >> 8) & 0xff, length & 0xff);
}

function streamInfo(
  pcm: PcmAudio,
  bits: number,
  frameBytes: { min: number; max: number },
  md5: Uint8Array,
): Uint8Array {
  const w = new BitWriter(34);
  w.write(FLAC_BLOCK_SIZE, 16);
  w.write(FLAC_BLOCK_SIZE, 16);
  w.write(frameBytes.min, 24);
  w.write(frameBytes.max, 24);
  w.write(pcm.sampleRate, 20);
  w.write(pcm.channels.length - 1, 3);
  w.write(bits - 1, 5);
  const total = pcmFrames(pcm);
  w.write(Math.floor(total / 2 ** 32), 4);
  w.write(total % 2 ** 32, 32);
  w.writeBytes(md5);
  return w.bytes().slice();
}

/** The block's samples, interleaved little-endian, as STREAMINFO's MD5 is taken over. */
function interleaved(block: Int32Array[], bits: number): Uint8Array {
  const bytesPer = bits / 8;
  const n = block[0]!.length;
  const out = new Uint8Array(n * block.length * bytesPer);
  let at = 0;
  for (let i = 0; i < n; i++)
    for (const c of block) {
      const v = c[i]!;
      out[at++] = v & 0xff;
      out[at++] = (v >> 8) & 0xff;
      if (bytesPer === 3) out[at++] = (v >> 16) & 0xff;
    }
  return out;
}

export async function encodeFlac(pcm: PcmAudio, options: FlacOptions = {}): Promise<Uint8Array> {
  checkPcm(pcm, 8);
  const bits = options.bitDepth ?? 16;
  const { signal, onProgress } = options;
  const total = pcmFrames(pcm);
  const format = frameFormat(pcm.sampleRate, bits);
  const frames = new BitWriter(Math.max(1024, total * pcm.channels.length));
  const md5 = createHash('md5');
  const frameBytes = { min: Infinity, max: 0 };
  let lastYield = Date.now();
  for (let start = 0, n = 0; start < total; start += FLAC_BLOCK_SIZE, n++) {
    const end = Math.min(total, start + FLAC_BLOCK_SIZE);
    const block = pcm.channels.map((c) => quantise(c, bits, start, end));
    md5.update(interleaved(block, bits));
    const bytes = writeFrame(frames, block, n, format);
    frameBytes.min = Math.min(frameBytes.min, bytes);
    frameBytes.max = Math.max(frameBytes.max, bytes);
    if (Date.now() - lastYield > 100) {
      onProgress?.(end / total);
      await yieldToLoop();
      lastYield = Date.now();
      if (signal?.aborted) throw new AppError('cancelled', 'Cancelled.');
    }
  }
  if (frameBytes.max === 0) frameBytes.min = 0;
  const info = streamInfo(pcm, bits, frameBytes, new Uint8Array(md5.digest()));
  const blocks = [{ type: 0, body: info }, ...(options.blocks ?? [])];
  const headerBytes = 4 + blocks.reduce((sum, b) => sum + 4 + b.body.length, 0);
  const out = new Uint8Array(headerBytes + frames.length);
  out.set([0x66, 0x4c, 0x61, 0x43]); // fLaC
  let at = 4;
  blocks.forEach((b, i) => {
    out.set(blockHeader(i === blocks.length - 1, b.type, b.body.length), at);
    out.set(b.body, at + 4);
    at += 4 + b.body.length;
  });
  out.set(frames.bytes(), at);
  onProgress?.(1);
  return out;
}
