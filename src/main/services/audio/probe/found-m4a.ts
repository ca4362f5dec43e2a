/**
 * A found M4A read without music-metadata when it is plain (issue 30): its top-level boxes and
 * its `moov` through the probe's windows, its length from the one audio track's media header
 * (`mdhd`: duration over time scale, as music-metadata measures it), its iTunes tags (`ilst`:
 * ©nam, ©gen, ©lyr, covr) as music-metadata maps them. Null for anything else — a second track,
 * fragments, a chapter list, a QuickTime `keys` table, tags in the track, a genre given by number
 * (`gnre`), a tag given twice or not as UTF-8 text, time-stamped lyrics — and the full probe reads
 * it.
 */
import type { FoundProbe } from './found-mp3';
import { MAX_TAG_BYTES, pictureOverCaps } from './picture';
import type { ReadRange } from './reads';

/** Top-level boxes a plain M4A holds (anything else, e.g. `moof`, goes to the full probe). */
const TOP = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide']);
const MAX_TOP_BOXES = 64;
/** How music-metadata tells lyrics with time stamps (LRC), which it reads otherwise. */
const LRC_STAMP = /\[(\d{2}):(\d{2})\.(\d{2,3})]/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const UINT32_MAX = 0xffffffff;

interface Found {
  rate: number;
  scale: number;
  duration: number;
  audioTracks: number;
  title?: string;
  genre?: string;
  lyrics?: string;
  pictures: Uint8Array[];
}

/** A box in `b` at `at`: its type, where its body starts and where it ends; null: malformed. */
function boxIn(
  b: Buffer,
  at: number,
  end: number,
): { type: string; body: number; to: number } | null {
  if (at + 8 > end) return null;
  let size = b.readUInt32BE(at);
  let body = at + 8;
  if (size === 1) {
    if (at + 16 > end) return null;
    size = Number(b.readBigUInt64BE(at + 8));
    body = at + 16;
  }
  if (size < body - at || at + size > end) return null;
  return { type: b.toString('latin1', at + 4, at + 8), body, to: at + size };
}

/** The boxes from `from` to `to`, each handed to `each` (false: not plain). */
function eachBox(
  b: Buffer,
  from: number,
  to: number,
  each: (type: string, body: number, end: number) => boolean,
): boolean {
  for (let at = from; at < to;) {
    const box = boxIn(b, at, to);
    if (!box || !each(box.type, box.body, box.to)) return false;
    at = box.to;
  }
  return true;
}

const CONTAINERS = new Set(['mdia', 'minf', 'stbl']);

/** An audio track: its media header and sample description; false for anything else. */
function track(b: Buffer, from: number, to: number, f: Found): boolean {
  let handler = '';
  let scale = 0;
  let duration = 0;
  let rate = 0;
  const walk = (type: string, body: number, end: number): boolean => {
    if (type === 'tref' || type === 'udta' || type === 'meta') return false;
    if (CONTAINERS.has(type)) return eachBox(b, body, end, walk);
    if (type === 'hdlr' && end - body >= 12) handler = b.toString('latin1', body + 8, body + 12);
    else if (type === 'mdhd') {
      const v1 = b[body] === 1;
      if (end - body < (v1 ? 32 : 24)) return false;
      scale = b.readUInt32BE(body + (v1 ? 20 : 12));
      duration = v1 ? Number(b.readBigUInt64BE(body + 24)) : b.readUInt32BE(body + 16);
    } else if (type === 'stsd') {
      // one sample description: mp4a or alac, its rate (16.16) at 32 bytes into the entry
      if (end - body < 8 + 36 || b.readUInt32BE(body + 4) !== 1) return false;
      if (b.readUInt16BE(body + 8 + 16) !== 0) return false; // QuickTime's sound entry v1/v2
      const format = b.toString('latin1', body + 12, body + 16);
      if (format !== 'mp4a' && format !== 'alac') return false;
      rate = b.readUInt32BE(body + 8 + 32) >>> 16;
    }
    return true;
  };
  if (!eachBox(b, from, to, walk)) return false;
  if (handler !== 'soun' || scale === 0 || rate === 0) return false;
  if (duration === 0 || duration === UINT32_MAX || duration >= 2 ** 53) return false;
  Object.assign(f, { scale, duration, rate, audioTracks: f.audioTracks + 1 });
  return true;
}

/** The one UTF-8 `data` value of a tag item, or null. */
function textOf(b: Buffer, from: number, to: number): string | null {
  const values: string[] = [];
  const plain = eachBox(b, from, to, (type, body, end) => {
    // type set 0, type 1 (UTF-8), then a locale
    if (type !== 'data' || end - body < 8 || b.readUInt32BE(body) !== 1) return false;
    try {
      values.push(utf8.decode(b.subarray(body + 8, end)));
    } catch {
      return false;
    }
    return true;
  });
  return plain && values.length === 1 ? values[0]! : null;
}

/** The item list: the tags music-metadata maps to a title, genre, lyrics and pictures. */
function items(b: Buffer, from: number, to: number, f: Found): boolean {
  const seen = new Set<string>();
  return eachBox(b, from, to, (type, body, end) => {
    if (type === 'gnre') return false;
    const key =
      type === '\xa9nam'
        ? 'title'
        : type === '\xa9gen'
          ? 'genre'
          : type === '\xa9lyr'
            ? 'lyrics'
            : null;
    if (key) {
      if (seen.has(key)) return false;
      seen.add(key);
      const value = textOf(b, body, end);
      if (value === null) return false;
      f[key] = value;
      return true;
    }
    if (type !== 'covr') return true;
    return eachBox(b, body, end, (t, at, stop) => {
      // JPEG (13) or PNG (14), type set 0
      if (t !== 'data' || stop - at < 8) return false;
      const kind = b.readUInt32BE(at);
      if ((kind !== 13 && kind !== 14) || stop - at === 8) return false;
      f.pictures.push(b.subarray(at + 8, stop));
      return true;
    });
  });
}

/** `udta` → `meta` (a full box, its handler first) → `ilst`. */
function userData(b: Buffer, from: number, to: number, f: Found): boolean {
  return eachBox(b, from, to, (type, body, end) => {
    if (type === 'free' || type === 'skip') return true;
    if (type !== 'meta' || end - body < 12 || b.toString('latin1', body + 8, body + 12) !== 'hdlr')
      return false;
    return eachBox(b, body + 4, end, (t, at, stop) => {
      if (t === 'hdlr' || t === 'free' || t === 'skip') return true;
      return t === 'ilst' && items(b, at, stop, f);
    });
  });
}

export async function plainM4a(
  reads: { range: ReadRange },
  size: number,
  userText: string | null,
): Promise<FoundProbe | null> {
  const { range } = reads;
  if (userText !== null || size < 16) return null;
  let moov: { at: number; to: number } | null = null;
  for (let n = 0, at = 0; at < size; n++) {
    const head = Buffer.from(await range(at, Math.min(size, at + 16)));
    if (n >= MAX_TOP_BOXES || head.length < 8) return null;
    // only the header was read: the box's end is checked against the file's size
    let length = head.readUInt32BE(0);
    if (length === 1 && head.length === 16) length = Number(head.readBigUInt64BE(8));
    if (length < 8 || at + length > size) return null;
    const type = head.toString('latin1', 4, 8);
    if (!TOP.has(type) || (n === 0) !== (type === 'ftyp')) return null;
    if (type === 'moov') {
      if (moov) return null;
      moov = { at, to: at + length };
    }
    at += length;
  }
  if (!moov || moov.to - moov.at > MAX_TAG_BYTES) return null;
  const b = Buffer.from(await range(moov.at, moov.to));
  const f: Found = { rate: 0, scale: 0, duration: 0, audioTracks: 0, pictures: [] };
  const top = boxIn(b, 0, b.length);
  if (!top) return null;
  const plain = eachBox(b, top.body, top.to, (type, body, end) => {
    if (type === 'trak') return track(b, body, end, f);
    if (type === 'udta') return userData(b, body, end, f);
    return type === 'mvhd' || type === 'iods' || type === 'free' || type === 'skip';
  });
  if (!plain || f.audioTracks !== 1) return null;
  if (f.lyrics !== undefined && LRC_STAMP.test(f.lyrics)) return null;
  const picture = f.pictures[0];
  return {
    durationMs: Math.round((f.duration / f.scale) * 1000),
    title: f.title?.trim() || null,
    genre: f.genre?.trim() ? [f.genre.trim()] : [],
    lyrics: f.lyrics?.trim() || null,
    hasArt: picture !== undefined && pictureOverCaps(picture) === null,
    userText: null,
  };
}
