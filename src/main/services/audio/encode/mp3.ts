/**
 * MP3 encoder: constant bit rate with lamejs (a pure-JS port of LAME, LGPL-3.0), mono or stereo
 * (more channels keep the first two), at the MPEG sample rates only. Slow (about 20× real time),
 * so it runs in the worker thread; it yields between chunks so an abort is heard. The output
 * starts with LAME's info frame (mp3-info.ts) so decoders trim the encoder delay and padding.
 *
 *   const bytes = await encodeMp3(pcm, { kbps: 192, onProgress });
 */
import type * as Lame from '@breezystack/lamejs';
import { appError } from '@shared/app-error';
import { mpegFrameAt } from '../probe/mpeg';
import { concatBytes } from './types';
import { crc16Arc } from './bits';
import { infoFrame } from './mp3-info';
import { checkPcm, quantise } from './samples';
import type { EncodeOptions, PcmAudio } from './types';
import { pcmFrames } from './types';

export const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];
export const MP3_BIT_RATES = [64, 96, 128, 160, 192, 224, 256, 320];
export const DEFAULT_MP3_KBPS = 192;
const CHUNK_FRAMES = 1152 * 32;

/**
 * lamejs is ESM-only (its CommonJS entry is a browser script that exports nothing), so it is
 * imported dynamically: the bundles inline it, and under tsx (the worker from source) Node
 * resolves the ESM build.
 */
const lame = (): Promise<typeof Lame> => import('@breezystack/lamejs');

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const toInt16 = (c: Float32Array, from: number, to: number): Int16Array =>
  Int16Array.from(quantise(c, 16, from, to));

/** Refuses a rate or bit rate the MP3 encoder cannot write. */
function checkMp3(sampleRate: number, kbps: number): void {
  if (!MP3_SAMPLE_RATES.includes(sampleRate) || !MP3_BIT_RATES.includes(kbps))
    throw appError(
      'validation',
      'errors:audio.mp3Rate',
      {},
      { detail: `${sampleRate} Hz, ${kbps} kbit/s` },
    );
}

/**
 * MP3 frames as the samples come (mono or the first two channels): `push` answers the whole
 * frames lamejs has made of them, `end` the rest; `info()` is then LAME's info frame for the
 * file's head (frame count, bytes, the music CRC, kept as the frames pass), and `infoBytes()` its
 * size, known from the first frame on, so a writer can leave room for it. Holds one chunk.
 */
export class Mp3FrameStream {
  private carry: Uint8Array = new Uint8Array(0);
  private header: Uint8Array | null = null;
  private frames = 0;
  private audioBytes = 0;
  private crc = 0;
  /** Frames (samples per channel) given so far. */
  samples = 0;

  private constructor(
    private readonly encoder: InstanceType<typeof Lame.Mp3Encoder>,
    private readonly stereo: boolean,
    readonly kbps: number,
  ) {}

  static async open(sampleRate: number, channels: number, kbps = DEFAULT_MP3_KBPS) {
    checkMp3(sampleRate, kbps);
    const { Mp3Encoder } = await lame();
    const stereo = channels >= 2;
    return new Mp3FrameStream(new Mp3Encoder(stereo ? 2 : 1, sampleRate, kbps), stereo, kbps);
  }

  push(channels: Float32Array[], frames: number): Uint8Array {
    const parts: Uint8Array[] = [];
    for (let from = 0; from < frames; from += CHUNK_FRAMES) {
      const to = Math.min(frames, from + CHUNK_FRAMES);
      const l = toInt16(channels[0]!, from, to);
      parts.push(
        this.stereo
          ? this.encoder.encodeBuffer(l, toInt16(channels[1]!, from, to))
          : this.encoder.encodeBuffer(l),
      );
    }
    this.samples += frames;
    return this.frameBytes(parts, false);
  }

  end(): Uint8Array {
    return this.frameBytes([this.encoder.flush()], true);
  }

  /** Whole frames of what lamejs gave (with what was held back), counted into the info frame. */
  private frameBytes(parts: Uint8Array[], atEnd: boolean): Uint8Array {
    const b = concatBytes([this.carry, ...parts]);
    let at = 0;
    while (at + 4 <= b.length) {
      const f = mpegFrameAt(b, at);
      if (!f) {
        at += 1; // junk between frames (lamejs writes none)
        continue;
      }
      if (at + f.frameBytes > b.length) break;
      this.header ??= b.slice(at, at + 4);
      this.frames += 1;
      this.audioBytes += f.frameBytes;
      this.crc = crc16Arc(b.subarray(at, at + f.frameBytes), this.crc);
      at += f.frameBytes;
    }
    const whole = b.slice(0, at);
    this.carry = atEnd ? new Uint8Array(0) : b.slice(at);
    return whole;
  }

  /** The info frame's size (known once a frame was made; 0 before, and for no audio). */
  infoBytes(): number {
    return this.header ? this.info().length : 0;
  }

  /** LAME's info frame for the frames made so far; empty when there were none. */
  info(): Uint8Array {
    if (!this.header) return new Uint8Array(0);
    return infoFrame({
      header: this.header,
      frames: this.frames,
      audioBytes: this.audioBytes,
      samples: this.samples,
      kbps: this.kbps,
      musicCrc: this.crc,
    });
  }
}

export async function encodeMp3(
  pcm: PcmAudio,
  options: Pick<EncodeOptions, 'kbps' | 'signal' | 'onProgress'> = {},
): Promise<Uint8Array> {
  checkPcm(pcm, 8);
  const { signal, onProgress } = options;
  const stream = await Mp3FrameStream.open(pcm.sampleRate, pcm.channels.length, options.kbps);
  const total = pcmFrames(pcm);
  const parts: Uint8Array[] = [];
  let lastReport = Date.now();
  for (let from = 0; from < total; from += CHUNK_FRAMES) {
    const to = Math.min(total, from + CHUNK_FRAMES);
    parts.push(
      stream.push(
        pcm.channels.map((c) => c.subarray(from, to)),
        to - from,
      ),
    );
    await yieldToLoop();
    if (signal?.aborted) throw appError('cancelled', 'errors:cancelled');
    if (Date.now() - lastReport > 200) {
      onProgress?.(to / total);
      lastReport = Date.now();
    }
  }
  parts.push(stream.end());
  onProgress?.(1);
  return concatBytes([stream.info(), ...parts]);
}
