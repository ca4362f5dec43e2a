/**
 * A found Opus file read without music-metadata (found-ogg.ts): its comments as music-metadata
 * maps them, its front cover, the private field asked for and its length; and what it leaves to
 * the full probe. The file is made in memory: an OpusHead page, an OpusTags page, then pages of
 * (empty) audio, the last one ending the stream.
 */
import { describe, expect, it } from 'vitest';
import { plainOgg } from '../../../src/main/services/audio/probe/found-ogg';
import { readFromBytes } from '../../../src/main/services/audio/probe/riff';

function page(sequence: number, type: number, granule: bigint, packet: Uint8Array): Buffer {
  const lacing: number[] = [];
  for (let n = packet.length; ; n -= 255) {
    lacing.push(Math.min(255, n));
    if (n < 255) break;
  }
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head[5] = type;
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(7, 14);
  head.writeUInt32LE(sequence, 18);
  head[26] = lacing.length;
  return Buffer.concat([head, Buffer.from(lacing), packet]);
}

const le32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const be32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const picture = (type: number, data: Buffer): string =>
  Buffer.concat([
    be32(type),
    be32(10),
    Buffer.from('image/jpeg'),
    be32(0),
    Buffer.alloc(16),
    be32(data.length),
    data,
  ]).toString('base64');

/** A packet over pages of at most 255 full segments each (the pages after the first continue it). */
function pagesOf(first: number, packet: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, n = first; ; at += 255 * 255, n++) {
    const piece = packet.subarray(at, at + 255 * 255);
    if (piece.length === 255 * 255 && at + piece.length < packet.length) {
      const head = page(n, at === 0 ? 0 : 1, -1n, Buffer.alloc(0)).subarray(0, 27);
      head[26] = 255;
      out.push(Buffer.concat([head, Buffer.alloc(255, 255), piece]));
    } else {
      out.push(page(n, at === 0 ? 0 : 1, 0n, piece));
      return out;
    }
  }
}

function opusFile(comments: string[], pages = 30): Buffer {
  const head = Buffer.concat([
    Buffer.from('OpusHead'),
    Buffer.from([1, 2]),
    Buffer.from([0x38, 0x01]),
    le32(48_000),
    Buffer.alloc(3),
  ]);
  const tags = Buffer.concat([
    Buffer.from('OpusTags'),
    le32(3),
    Buffer.from('abc'),
    le32(comments.length),
    ...comments.flatMap((c) => [le32(Buffer.byteLength(c)), Buffer.from(c)]),
  ]);
  const out = [page(0, 2, 0n, head), ...pagesOf(1, tags)];
  for (let i = out.length; i < pages; i++)
    out.push(page(i, i === pages - 1 ? 4 : 0, BigInt(312 + (i - 1) * 48_000), Buffer.alloc(100)));
  return Buffer.concat(out);
}

function found(file: Buffer) {
  const range = async (start: number, end: number): Promise<ArrayBuffer> =>
    new Uint8Array(file.subarray(start, end)).buffer;
  return plainOgg({ range, readAt: readFromBytes(file) }, file.length, 'CADENZA_RECIPE');
}

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xdb]);

describe('plainOgg', () => {
  it('reads the comments, the front cover, the private field and the length', async () => {
    const file = opusFile([
      'title= Harbour ',
      'GENRE=Ambient',
      'unsyncedlyrics=la la',
      `METADATA_BLOCK_PICTURE=${picture(4, Buffer.from([1, 2, 3]))}`,
      `METADATA_BLOCK_PICTURE=${picture(3, jpeg)}`,
      'cadenza_recipe={"v":1}',
    ]);
    expect(await found(file)).toEqual({
      durationMs: 28_000,
      title: 'Harbour',
      genre: ['Ambient'],
      lyrics: 'la la',
      hasArt: false, // a JPEG states no size in its first bytes: left out as the full probe does
      userText: '{"v":1}',
    });
  });

  it('leaves to the full probe what it does not read', async () => {
    expect(await found(opusFile(['TITLE=a', 'TITLE=b']))).toBeNull();
    expect(await found(opusFile(['GENRE=a', 'STYLE=b']))).toBeNull();
    expect(await found(opusFile(['LYRICS=[00:01.00]la']))).toBeNull();
    expect(await found(opusFile(['COVERART=abcd']))).toBeNull();
    expect(await found(opusFile(['METADATA_BLOCK_PICTURE=not base64!']))).toBeNull();
    // music-metadata reads a short stream to its end and measures it itself
    expect(await found(opusFile(['TITLE=a'], 10))).toBeNull();
  });

  it('reads a field repeated for every few bytes of its comments in linear time (a hostile file)', async () => {
    // 60,000 empty fields over six pages: each was a copy of all before it (1.8 billion copies)
    const file = opusFile(
      Array.from({ length: 60_000 }, () => 'X='),
      40,
    );
    expect(file.length).toBeGreaterThan(350_000);
    expect(await found(file)).toMatchObject({ title: null, genre: [], lyrics: null });
  });
});
