/**
 * An M4A's sample tables hidden from music-metadata when the library lists a found file (issue
 * 30): it parses every entry of them (thousands per track, most of a found M4A's probe and its
 * garbage) for a bit rate and chapters the listing does not show. The length it gives comes from
 * the track's media header, so a file whose header holds it reads the same without them. Their
 * boxes are served renamed `free`, which music-metadata skips. Nothing is hidden in a file with a
 * chapter track or fragments, or whose media header gives no length.
 */
import { boxAt } from './mp4';
import { MAX_TAG_BYTES } from './picture';
import type { ReadRange } from './reads';

const CONTAINERS = new Set(['trak', 'mdia', 'minf', 'stbl']);
const TABLES = new Set(['stsz', 'stco', 'co64', 'stts', 'stsc']);
const FREE = Buffer.from('free', 'latin1');

/** File offsets of the sample tables' type fields, or null (hide nothing). */
async function tablesOf(range: ReadRange, size: number): Promise<number[] | null> {
  let at = 0;
  for (let n = 0; n < 64 && at + 8 <= size; n++) {
    const box = boxAt(new Uint8Array(await range(at, Math.min(size, at + 16))), 0, at, size);
    if (!box) return null;
    if (box.type === 'moov') {
      if (box.size > MAX_TAG_BYTES || at + box.size > size) return null;
      const moov = new Uint8Array(await range(at, at + box.size));
      const out: number[] = [];
      return walk(moov, 8, moov.length, at, out) ? out : null;
    }
    at += box.size;
  }
  return null;
}

/** The boxes of `b` from `from` to `to` (file offset of `b`: `base`); false: hide nothing. */
function walk(b: Uint8Array, from: number, to: number, base: number, out: number[]): boolean {
  for (let rel = from; rel + 8 <= to;) {
    const box = boxAt(b, rel, base);
    if (!box || rel + box.size > to) return false;
    const header =
      b[rel]! === 0 && b[rel + 1]! === 0 && b[rel + 2]! === 0 && b[rel + 3]! === 1 ? 16 : 8;
    if (box.type === 'tref' || box.type === 'mvex' || box.type === 'chpl') return false;
    if (box.type === 'mdhd') {
      const v = b[rel + header]!;
      const view = new DataView(b.buffer, b.byteOffset + rel + header);
      if (box.size < header + (v === 1 ? 32 : 20)) return false;
      const scale = view.getUint32(v === 1 ? 20 : 12);
      const length = v === 1 ? Number(view.getBigUint64(24)) : view.getUint32(16);
      if (scale === 0 || length === 0 || length === 0xffffffff) return false;
    }
    if (TABLES.has(box.type)) out.push(base + rel + 4);
    if (CONTAINERS.has(box.type) && !walk(b, rel + header, rel + box.size, base, out)) return false;
    rel += box.size;
  }
  return true;
}

/** `range` with an M4A's sample tables renamed (the same `range` when nothing is hidden). */
export async function withoutTables(range: ReadRange, size: number): Promise<ReadRange> {
  const head = Buffer.from(await range(0, Math.min(size, 8)));
  if (head.length < 8 || head.toString('latin1', 4, 8) !== 'ftyp') return range;
  const hidden = await tablesOf(range, size).catch(() => null);
  if (!hidden || hidden.length === 0) return range;
  return async (start, end) => {
    const got = await range(start, end);
    let bytes: Uint8Array | null = null;
    for (const at of hidden) {
      if (at + 4 <= start || at >= start + got.byteLength) continue;
      bytes ??= new Uint8Array(got);
      for (let i = 0; i < 4; i++)
        if (at + i >= start && at + i < start + got.byteLength) bytes[at + i - start] = FREE[i]!;
    }
    return got;
  };
}
