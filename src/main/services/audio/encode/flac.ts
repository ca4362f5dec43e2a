/**
 * FLAC encoder: STREAMINFO (with the MD5 of the samples), any metadata blocks given
 * (VORBIS_COMMENT, PICTURE from ../tags), then frames of 4096 samples (flac-frame.ts).
 * Lossless: a 16-bit source decoded to float and written at 16 bits comes back bit-exact.
 *
 *   const bytes = await encodeFlac(pcm, { bitDepth: 16, blocks: [vorbisComment] });
 */
import { createHash } from 'node:crypto';
import { appError } from '@shared/app-error';
import { BitWriter } from './bits';
import { frameFormat, writeFrame } from './flac-frame';
import { checkPcm, quantise } from './samples';
import type { BitDepth, EncodeOptions, PcmAudio } from './types';
import { concatBytes, pcmFrames } from './types';

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

export function blockHeader(last: boolean, type: number, length: number): Uint8Array {
  if (length >= 1 << 24)
    throw appError('internal', 'errors:audio.flacTagTooLarge', {}, { detail: `${length}` });
  return Uint8Array.of((last ? 0x80 : 0) | type, length >> 16, (length >> 8) & 0xff, length & 0xff);
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

/**
 * FLAC frames as the samples come: `push` holds samples until a block of 4096 is complete and
 * answers the bytes of the frames it completed; `end` writes the last, shorter block; then
 * `streamInfo()` is the STREAMINFO body (length, frame sizes, MD5) for the file's head. Holds one
 * block, whatever the length: what the streaming writer (writer.ts) and `encodeFlac` share.
 */
export class FlacFrameStream {
  private readonly held: Float32Array[];
  private heldFrames = 0;
  private frameNumber = 0;
  private readonly md5 = createHash('md5');
  private readonly frameBytes = { min: Infinity, max: 0 };
  private readonly format: ReturnType<typeof frameFormat>;
  /** Frames (samples per channel) encoded so far. */
  total = 0;

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
    readonly bits: BitDepth,
  ) {
    this.format = frameFormat(sampleRate, bits);
    this.held = Array.from({ length: channels }, () => new Float32Array(FLAC_BLOCK_SIZE));
  }

  push(channels: Float32Array[], frames: number): Uint8Array {
    const w = new BitWriter(Math.max(1024, frames * this.channels * 2));
    for (let from = 0; from < frames;) {
      const take = Math.min(FLAC_BLOCK_SIZE - this.heldFrames, frames - from);
      this.held.forEach((h, c) => h.set(channels[c]!.subarray(from, from + take), this.heldFrames));
      this.heldFrames += take;
      from += take;
      if (this.heldFrames === FLAC_BLOCK_SIZE) this.frame(w);
    }
    return w.bytes().slice();
  }

  end(): Uint8Array {
    const w = new BitWriter(1024 + this.heldFrames * this.channels * 4);
    if (this.heldFrames > 0) this.frame(w);
    return w.bytes().slice();
  }

  private frame(w: BitWriter): void {
    const n = this.heldFrames;
    const block = this.held.map((c) => quantise(c, this.bits, 0, n));
    this.md5.update(interleaved(block, this.bits));
    const bytes = writeFrame(w, block, this.frameNumber++, this.format);
    this.frameBytes.min = Math.min(this.frameBytes.min, bytes);
    this.frameBytes.max = Math.max(this.frameBytes.max, bytes);
    this.total += n;
    this.heldFrames = 0;
  }

  /** STREAMINFO's body; complete after `end`. */
  streamInfo(): Uint8Array {
    const w = new BitWriter(34);
    const none = this.frameBytes.max === 0;
    w.write(FLAC_BLOCK_SIZE, 16);
    w.write(FLAC_BLOCK_SIZE, 16);
    w.write(none ? 0 : this.frameBytes.min, 24);
    w.write(this.frameBytes.max, 24);
    w.write(this.sampleRate, 20);
    w.write(this.channels - 1, 3);
    w.write(this.bits - 1, 5);
    w.write(Math.floor(this.total / 2 ** 32), 4);
    w.write(this.total % 2 ** 32, 32);
    w.writeBytes(new Uint8Array(this.md5.copy().digest()));
    return w.bytes().slice();
  }
}

/** `fLaC`, STREAMINFO (`info`) and the other metadata blocks: the head of a FLAC file. */
export function flacHead(info: Uint8Array, blocks: FlacBlock[] = []): Uint8Array {
  const all = [{ type: 0, body: info }, ...blocks];
  const out = new Uint8Array(4 + all.reduce((sum, b) => sum + 4 + b.body.length, 0));
  out.set([0x66, 0x4c, 0x61, 0x43]); // fLaC
  let at = 4;
  all.forEach((b, i) => {
    out.set(blockHeader(i === all.length - 1, b.type, b.body.length), at);
    out.set(b.body, at + 4);
    at += 4 + b.body.length;
  });
  return out;
}

/** Where STREAMINFO's body starts in a file `flacHead` began (after `fLaC` and its header). */
export const STREAMINFO_AT = 8;

export async function encodeFlac(pcm: PcmAudio, options: FlacOptions = {}): Promise<Uint8Array> {
  checkPcm(pcm, 8);
  const bits = options.bitDepth ?? 16;
  const { signal, onProgress } = options;
  const total = pcmFrames(pcm);
  const stream = new FlacFrameStream(pcm.sampleRate, pcm.channels.length, bits);
  const parts: Uint8Array[] = [];
  const step = FLAC_BLOCK_SIZE * 16;
  let lastYield = Date.now();
  for (let start = 0; start < total; start += step) {
    const end = Math.min(total, start + step);
    parts.push(
      stream.push(
        pcm.channels.map((c) => c.subarray(start, end)),
        end - start,
      ),
    );
    if (Date.now() - lastYield > 100) {
      onProgress?.(end / total);
      await yieldToLoop();
      lastYield = Date.now();
      if (signal?.aborted) throw appError('cancelled', 'errors:cancelled');
    }
  }
  parts.push(stream.end());
  const head = flacHead(stream.streamInfo(), options.blocks);
  onProgress?.(1);
  return concatBytes([head, ...parts]);
}
