/**
 * A found M4A's sample tables are served to music-metadata renamed `free` (mp4-tables.ts), and
 * only when its media header gives the length and it has no chapter track.
 */
import { describe, expect, it } from 'vitest';
import { withoutTables } from '../../../src/main/services/audio/probe/mp4-tables';

const box = (type: string, ...body: Buffer[]): Buffer => {
  const content = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + content.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
};
const mdhd = (scale: number, length: number): Buffer => {
  const b = Buffer.alloc(24);
  b.writeUInt32BE(scale, 12);
  b.writeUInt32BE(length, 16);
  return box('mdhd', b);
};
const file = (media: Buffer, extra: Buffer[] = []): Buffer =>
  Buffer.concat([
    box('ftyp', Buffer.from('M4A \0\0\0\0')),
    box('mdat', Buffer.alloc(64)),
    box(
      'moov',
      box(
        'trak',
        ...extra,
        box(
          'mdia',
          media,
          box('minf', box('stbl', box('stsd', Buffer.alloc(8)), box('stsz', Buffer.alloc(40)))),
        ),
      ),
    ),
  ]);

async function served(f: Buffer): Promise<string> {
  const range = async (start: number, end: number): Promise<ArrayBuffer> =>
    new Uint8Array(f.subarray(start, end)).buffer;
  const masked = await withoutTables(range, f.length);
  return Buffer.from(await masked(0, f.length)).toString('latin1');
}

describe('withoutTables', () => {
  it('renames the sample tables, keeping the sample description', async () => {
    const text = await served(file(mdhd(44_100, 441_000)));
    expect(text).not.toContain('stsz');
    expect(text).toContain('stsd');
    expect(text).toContain('free');
  });

  it('hides nothing without a length in the media header, or with a chapter track', async () => {
    expect(await served(file(mdhd(0, 441_000)))).toContain('stsz');
    expect(await served(file(mdhd(44_100, 0)))).toContain('stsz');
    expect(
      await served(file(mdhd(44_100, 441_000), [box('tref', box('chap', Buffer.alloc(4)))])),
    ).toContain('stsz');
  });
});
