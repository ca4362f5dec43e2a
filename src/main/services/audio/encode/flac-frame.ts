/**
 * One FLAC frame: header (fixed block size, frame number, CRC-8), one subframe per channel
 * (CONSTANT, FIXED order 0–4 with Rice residuals, or VERBATIM when prediction does not pay),
 * and the CRC-16 footer. Stereo is written as left/right, left/side, side/right or mid/side,
 * whichever the residual estimate says is smallest.
 */
import { crc16, crc8, type BitWriter } from './bits';
import { bestFixedOrder, fixedResidual, planRice, writeRice } from './flac-residual';

export interface FrameFormat {
  bitsPerSample: number;
  sampleRateCode: number;
  /** Written after the header when the rate code asks for it (12: kHz, 13: Hz, 14: 10 Hz). */
  sampleRateTail: number;
}

const SAMPLE_RATE_CODES: Record<number, number> = {
  88200: 1,
  176400: 2,
  192000: 3,
  8000: 4,
  16000: 5,
  22050: 6,
  24000: 7,
  32000: 8,
  44100: 9,
  48000: 10,
  96000: 11,
};
const SAMPLE_SIZE_CODES: Record<number, number> = { 8: 1, 12: 2, 16: 4, 20: 5, 24: 6 };

export function frameFormat(sampleRate: number, bitsPerSample: number): FrameFormat {
  const code = SAMPLE_RATE_CODES[sampleRate];
  if (code) return { bitsPerSample, sampleRateCode: code, sampleRateTail: 0 };
  if (sampleRate < 65536) return { bitsPerSample, sampleRateCode: 13, sampleRateTail: sampleRate };
  if (sampleRate % 10 === 0 && sampleRate / 10 < 65536)
    return { bitsPerSample, sampleRateCode: 14, sampleRateTail: sampleRate / 10 };
  return { bitsPerSample, sampleRateCode: 0, sampleRateTail: 0 }; // from STREAMINFO
}

function blockSizeCode(n: number): number {
  if (n === 192) return 1;
  for (let k = 2; k <= 5; k++) if (n === 576 << (k - 2)) return k;
  for (let k = 8; k <= 15; k++) if (n === 256 << (k - 8)) return k;
  return n <= 256 ? 6 : 7;
}

/** FLAC's "UTF-8" coding of the frame number. */
function writeUtf8(w: BitWriter, v: number): void {
  if (v < 0x80) return w.write(v, 8);
  const bytes: number[] = [];
  let limit = 0x3f; // payload bits that fit in the first byte shrink as bytes are added
  while (v > limit) {
    bytes.unshift(0x80 | (v & 0x3f));
    v = Math.floor(v / 64);
    limit >>= 1;
  }
  const lead = (0xff << (7 - bytes.length)) & 0xff;
  w.write(lead | v, 8);
  for (const b of bytes) w.write(b, 8);
}

interface Subframe {
  samples: Int32Array;
  bits: number;
  kind: 'constant' | 'fixed' | 'verbatim';
  order: number;
  /** Estimated size in bits. */
  cost: number;
  write(w: BitWriter): void;
}

function planSubframe(x: Int32Array, bits: number): Subframe {
  const n = x.length;
  const base = { samples: x, bits };
  if (x.every((v) => v === x[0]))
    return {
      ...base,
      kind: 'constant',
      order: 0,
      cost: 8 + bits,
      write: (w) => {
        w.write(0, 8);
        w.writeSigned(x[0]!, bits);
      },
    };
  const verbatim: Subframe = {
    ...base,
    kind: 'verbatim',
    order: 0,
    cost: 8 + n * bits,
    write: (w) => {
      w.write(0b00000010, 8);
      for (let i = 0; i < n; i++) w.writeSigned(x[i]!, bits);
    },
  };
  const order = Math.min(bestFixedOrder(x), n - 1);
  const plan = planRice(fixedResidual(x, order), n, order);
  const cost = 8 + order * bits + plan.bits;
  if (cost >= verbatim.cost) return verbatim;
  return {
    ...base,
    kind: 'fixed',
    order,
    cost,
    write: (w) => {
      w.write((0b001000 | order) << 1, 8);
      for (let i = 0; i < order; i++) w.writeSigned(x[i]!, bits);
      writeRice(w, plan, n, order);
    },
  };
}

/** Channel assignment (0–7 independent, 8 left/side, 9 side/right, 10 mid/side) and subframes. */
function planChannels(channels: Int32Array[], bits: number): { code: number; subs: Subframe[] } {
  const independent = channels.map((c) => planSubframe(c, bits));
  if (channels.length !== 2) return { code: channels.length - 1, subs: independent };
  const [l, r] = channels as [Int32Array, Int32Array];
  const n = l.length;
  const mid = new Int32Array(n);
  const side = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    mid[i] = (l[i]! + r[i]!) >> 1;
    side[i] = l[i]! - r[i]!;
  }
  const [L, R] = independent as [Subframe, Subframe];
  const M = planSubframe(mid, bits);
  const S = planSubframe(side, bits + 1);
  const options = [
    { code: 1, subs: [L, R] },
    { code: 8, subs: [L, S] },
    { code: 9, subs: [S, R] },
    { code: 10, subs: [M, S] },
  ];
  const size = (o: { subs: Subframe[] }): number => o.subs[0]!.cost + o.subs[1]!.cost;
  return options.reduce((a, b) => (size(b) < size(a) ? b : a));
}

/** Appends one frame of `channels` (each the block's samples) to `w`; returns its byte length. */
export function writeFrame(
  w: BitWriter,
  channels: Int32Array[],
  frameNumber: number,
  format: FrameFormat,
): number {
  const start = w.length;
  const n = channels[0]!.length;
  const bits = format.bitsPerSample;
  const { code, subs } = planChannels(channels, bits);
  const sizeCode = blockSizeCode(n);
  w.write(0xfff8, 16); // sync, reserved, fixed block size
  w.write(sizeCode, 4);
  w.write(format.sampleRateCode, 4);
  w.write(code, 4);
  w.write(SAMPLE_SIZE_CODES[bits] ?? 0, 3);
  w.write(0, 1);
  writeUtf8(w, frameNumber);
  if (sizeCode === 6) w.write(n - 1, 8);
  if (sizeCode === 7) w.write(n - 1, 16);
  if (format.sampleRateCode === 12) w.write(format.sampleRateTail, 8);
  if (format.sampleRateCode === 13 || format.sampleRateCode === 14)
    w.write(format.sampleRateTail, 16);
  w.write(crc8(w.bytes(start)), 8);
  for (const s of subs) s.write(w);
  w.align();
  w.write(crc16(w.bytes(start)), 16);
  return w.length - start;
}
