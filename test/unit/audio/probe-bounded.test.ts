/**
 * The probe reads headers and bounded regions, never a whole MP3 or Ogg file: lengths of large
 * virtual files (bytes made on demand, never held) measured from a few hundred KB of reads.
 */
import { describe, expect, it } from 'vitest';
import { mpegLength } from '../../../src/main/services/audio/probe/mpeg';
import { oggDurationMs } from '../../../src/main/services/audio/probe/ogg';

/** An MPEG 1 Layer III frame header at 44.1 kHz, stereo: 128 kbps = 417 bytes, 160 = 522. */
const FRAME = {
  128: { header: [0xff, 0xfb, 0x90, 0x00], bytes: 417 },
  160: { header: [0xff, 0xfb, 0xa0, 0x00], bytes: 522 },
} as const;

/**
 * A virtual MP3 of `size` bytes: an optional Xing frame (declaring `xing.frames` and
 * `xing.bytes`), then frames whose bit rates repeat `pattern`. Reads are counted.
 */
function virtualMp3(
  size: number,
  pattern: ReadonlyArray<128 | 160>,
  xing?: { frames: number; bytes: number },
) {
  const period = pattern.reduce((n, k) => n + FRAME[k].bytes, 0);
  const xingFrame = Buffer.alloc(xing ? FRAME[128].bytes : 0);
  if (xing) {
    xingFrame.set(FRAME[128].header, 0);
    xingFrame.write('Xing', 36, 'latin1');
    xingFrame.writeUInt32BE(3, 40);
    xingFrame.writeUInt32BE(xing.frames, 44);
    xingFrame.writeUInt32BE(xing.bytes, 48);
  }
  const byteAt = (p: number): number => {
    if (p < xingFrame.length) return xingFrame[p]!;
    let within = (p - xingFrame.length) % period;
    for (const k of pattern) {
      if (within < FRAME[k].bytes) return within < 4 ? FRAME[k].header[within]! : 0;
      within -= FRAME[k].bytes;
    }
    return 0;
  };
  const stats = { bytesRead: 0 };
  const read = (into: Buffer, position: number): Promise<number> => {
    const n = Math.max(0, Math.min(into.length, size - position));
    for (let i = 0; i < n; i++) into[i] = byteAt(position + i);
    stats.bytesRead += n;
    return Promise.resolve(n);
  };
  return { read, stats, period, headerBytes: xingFrame.length };
}

const MB = 1024 * 1024;
const SPF = 1152;
const msOf = (frames: number) => (frames * SPF * 1000) / 44_100;

describe('an MP3 larger than the exact count is measured from bounded reads', () => {
  it('CBR without a header: exact from a sample of frames and the file size', async () => {
    const size = 300 * MB;
    const f = virtualMp3(size, [128]);
    const got = (await mpegLength(f.read, size))!;
    expect(got.audioFrames).toBe(Math.round(size / 417));
    expect(got.estimated).toBe(false);
    expect(got.truncated).toBe(false);
    expect(f.stats.bytesRead).toBeLessThan(512 * 1024);
    expect(got.bytesRead).toBe(f.stats.bytesRead);
  });

  it('a Xing header is believed when the file holds what it declares', async () => {
    const frames = 400_000;
    const size = 417 + frames * 417;
    const f = virtualMp3(size, [128], { frames, bytes: size });
    const got = (await mpegLength(f.read, size))!;
    expect(got.audioFrames).toBe(frames);
    expect(got.truncated).toBe(false);
    expect(f.stats.bytesRead).toBeLessThan(256 * 1024);
  });

  it('a small file (1.5 MB) with a Xing header is measured from it, not read whole', async () => {
    // most MP3s of a found folder are under the exact-count size: each was read whole (twice)
    const frames = 3_600;
    const size = 417 + frames * 417;
    const f = virtualMp3(size, [128], { frames, bytes: size });
    const got = (await mpegLength(f.read, size))!;
    expect(got.audioFrames).toBe(frames);
    expect(got.estimated).toBe(false);
    expect(f.stats.bytesRead).toBeLessThan(256 * 1024);
  });

  it('a small cut file with a Xing header is counted whole: exact, and truncated', async () => {
    const frames = 3_600;
    const whole = 417 + frames * 417;
    const size = 417 + 2_000 * 417;
    const f = virtualMp3(size, [128], { frames, bytes: whole });
    const got = (await mpegLength(f.read, size))!;
    expect(got.audioFrames).toBe(2_000);
    expect(got.truncated).toBe(true);
    expect(got.estimated).toBe(false);
  });

  it('a cut file with a Xing header measures what it holds and says it is truncated', async () => {
    const frames = 400_000;
    const whole = 417 + frames * 417;
    const size = Math.floor(whole * 0.4);
    const f = virtualMp3(size, [128], { frames, bytes: whole });
    const got = (await mpegLength(f.read, size))!;
    expect(got.truncated).toBe(true);
    expect(Math.abs(msOf(got.audioFrames) - msOf(frames * 0.4))).toBeLessThan(1000);
    expect(f.stats.bytesRead).toBeLessThan(256 * 1024);
  });

  it('VBR without a header: an estimate within 1 %, flagged as one', async () => {
    const size = 200 * MB;
    const f = virtualMp3(size, [128, 160, 160]);
    const got = (await mpegLength(f.read, size))!;
    const truth = (size / f.period) * 3;
    expect(got.estimated).toBe(true);
    expect(Math.abs(got.audioFrames - truth) / truth).toBeLessThan(0.01);
    expect(f.stats.bytesRead).toBeLessThan(512 * 1024);
  });
});

/** A minimal Ogg page: capture pattern, version 0, flags, granule, one segment of `body`. */
function oggPage(granule: bigint, body: Buffer, flags = 0): Buffer {
  const h = Buffer.alloc(28);
  h.write('OggS', 0, 'latin1');
  h[5] = flags;
  h.writeBigInt64LE(granule, 6);
  h[26] = 1;
  h[27] = body.length;
  return Buffer.concat([h, body]);
}

describe('an Ogg stream is measured from its last page', () => {
  it('reads the tail (and the head for Opus) only', async () => {
    const opusHead = Buffer.alloc(19);
    opusHead.write('OpusHead', 0, 'latin1');
    opusHead[8] = 1;
    opusHead[9] = 2;
    opusHead.writeUInt16LE(312, 10);
    const first = oggPage(0n, opusHead, 2);
    const last = oggPage(BigInt(48_000 * 3600 + 312), Buffer.alloc(200, 7), 4);
    const size = 500 * MB;
    let bytesRead = 0;
    const read = (into: Buffer, position: number): Promise<number> => {
      const n = Math.max(0, Math.min(into.length, size - position));
      for (let i = 0; i < n; i++) {
        const p = position + i;
        into[i] =
          p < first.length
            ? first[p]!
            : p >= size - last.length
              ? last[p - (size - last.length)]!
              : 0x55;
      }
      bytesRead += n;
      return Promise.resolve(n);
    };
    expect(await oggDurationMs(read, size, 'opus', 48_000)).toBe(3_600_000);
    expect(await oggDurationMs(read, size, 'ogg', 44_100)).toBe(
      Math.round(((48_000 * 3600 + 312) * 1000) / 44_100),
    );
    expect(bytesRead).toBeLessThan(200 * 1024);
  });
});
