/**
 * A valid FLAC of `seconds` of digital silence in the fewest bytes the format allows: frames of
 * 65,535 samples whose subframes are CONSTANT (one 16-bit value each). An hour of 44.1 kHz stereo
 * is about 45 KB on disk and 1.27 GB as float samples — the file of issue 26 that crash-looped the
 * app's start-up loudness pass. Written frame by frame, so making it costs nothing.
 */
import { crc16, crc8 } from '../../src/main/services/audio/encode/bits';

const BLOCK = 65_535;

/** FLAC's "UTF-8" coding of a frame number (up to 2^31). */
function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  if (n < 0x800) return [0xc0 | (n >> 6), 0x80 | (n & 0x3f)];
  if (n < 0x10000) return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
  return [0xf0 | (n >> 18), 0x80 | ((n >> 12) & 0x3f), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
}

function streamInfo(sampleRate: number, channels: number, totalSamples: number): Buffer {
  const b = Buffer.alloc(34);
  b.writeUInt16BE(BLOCK, 0); // min block size
  b.writeUInt16BE(BLOCK, 2); // max block size
  // min/max frame size 0: unknown
  // 20 bits rate, 3 bits channels-1, 5 bits bps-1, 36 bits total samples
  const bps = 16;
  const high = Math.floor(totalSamples / 2 ** 32);
  b[10] = (sampleRate >> 12) & 0xff;
  b[11] = (sampleRate >> 4) & 0xff;
  b[12] = ((sampleRate & 0x0f) << 4) | ((channels - 1) << 1) | ((bps - 1) >> 4);
  b[13] = (((bps - 1) & 0x0f) << 4) | (high & 0x0f);
  b.writeUInt32BE(totalSamples % 2 ** 32, 14);
  // MD5 all zero: "not computed"
  return b;
}

/** `totalSamples` overrides what STREAMINFO claims (a header that lies about its length). */
export function silentFlac(
  seconds: number,
  opts: { sampleRate?: 44_100 | 48_000; channels?: 1 | 2; claimedSamples?: number } = {},
): Buffer {
  const sampleRate = opts.sampleRate ?? 44_100;
  const channels = opts.channels ?? 2;
  const total = Math.round(seconds * sampleRate);
  const parts: Buffer[] = [
    Buffer.from('fLaC'),
    Buffer.from([0x80, 0, 0, 34]), // last metadata block: STREAMINFO, 34 bytes
    streamInfo(sampleRate, channels, opts.claimedSamples ?? total),
  ];
  const rateCode = sampleRate === 44_100 ? 0x9 : 0xa;
  const channelCode = channels - 1; // independent channels
  for (let frame = 0, done = 0; done < total; frame++) {
    const size = Math.min(BLOCK, total - done);
    const header = Buffer.from([
      0xff,
      0xf8, // sync, fixed block size
      (0x7 << 4) | rateCode, // block size: 16 bits at the end of the header
      (channelCode << 4) | (0x4 << 1), // 16 bits per sample
      ...utf8Number(frame),
      (size - 1) >> 8,
      (size - 1) & 0xff,
    ]);
    const withCrc = Buffer.concat([header, Buffer.from([crc8(header)])]);
    // one CONSTANT subframe per channel: a zero padding bit, type 000000, no wasted bits, value 0
    const subframes = Buffer.alloc(3 * channels);
    const body = Buffer.concat([withCrc, subframes]);
    const crc = crc16(body);
    parts.push(body, Buffer.from([crc >> 8, crc & 0xff]));
    done += size;
  }
  return Buffer.concat(parts);
}
