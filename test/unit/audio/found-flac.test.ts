/**
 * A found FLAC file read without music-metadata (found-flac.ts): its length from STREAMINFO, its
 * comments, and what it leaves to the full probe. The file is made in memory.
 */
import { describe, expect, it } from 'vitest';
import { plainFlac } from '../../../src/main/services/audio/probe/found-flac';

const le32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

function block(type: number, body: Buffer, last: boolean): Buffer {
  const head = Buffer.alloc(4);
  head[0] = type | (last ? 0x80 : 0);
  head.writeUIntBE(body.length, 1, 3);
  return Buffer.concat([head, body]);
}

function flacFile(comments: string[], tail = Buffer.alloc(4096)): Buffer {
  const info = Buffer.alloc(34);
  // 44,100 Hz (20 bits), stereo, 16 bits, 441,000 samples: 10 s
  info.writeUIntBE((44_100 << 4) | (1 << 1), 10, 3);
  info[13] = 0xf0; // 16 bits per sample (the low nibble: the samples' top bits, 0)
  info.writeUInt32BE(441_000, 14);
  const vorbis = Buffer.concat([
    le32(3),
    Buffer.from('abc'),
    le32(comments.length),
    ...comments.flatMap((c) => [le32(Buffer.byteLength(c)), Buffer.from(c)]),
  ]);
  return Buffer.concat([Buffer.from('fLaC'), block(0, info, false), block(4, vorbis, true), tail]);
}

function found(file: Buffer) {
  const range = async (start: number, end: number): Promise<ArrayBuffer> =>
    new Uint8Array(file.subarray(start, end)).buffer;
  return plainFlac({ range }, file.length, 'CADENZA_RECIPE');
}

describe('plainFlac', () => {
  it('reads the length and the comments', async () => {
    expect(
      await found(flacFile(['TITLE=Harbour', 'genre=Folk', 'CADENZA_RECIPE={"v":1}'])),
    ).toEqual({
      durationMs: 10_000,
      title: 'Harbour',
      genre: ['Folk'],
      lyrics: null,
      hasArt: false,
      userText: '{"v":1}',
    });
  });

  it('leaves to the full probe what it does not read', async () => {
    const v1 = Buffer.concat([Buffer.alloc(4096), Buffer.from('TAG'), Buffer.alloc(125)]);
    expect(await found(flacFile(['TITLE=a'], v1))).toBeNull(); // an ID3v1 tag at the end
    expect(await found(flacFile(['TITLE=a', 'TITLE=b']))).toBeNull();
    expect(await found(Buffer.concat([Buffer.from('ID3'), flacFile([])]))).toBeNull();
  });
});
