/**
 * Vorbis comments (Ogg Vorbis and Opus, FLAC) as music-metadata maps them for the library's
 * found files (found-ogg.ts, found-flac.ts): TITLE; GENRE or STYLE; LYRICS or UNSYNCEDLYRICS;
 * METADATA_BLOCK_PICTURE; one private field. Null when they are not plain: a field given twice,
 * time-stamped lyrics, an old COVERART picture, text that is not UTF-8, a picture not read here.
 */
import { pictureOverCaps } from './picture';

export interface Picture {
  type: number;
  data: Uint8Array;
}

export interface CommentTags {
  title: string | null;
  genre: string[];
  lyrics: string | null;
  pictures: Picture[];
  userText: string | null;
}

const FRONT_COVER = 3;
/** How music-metadata tells lyrics with time stamps (LRC), which it reads otherwise. */
const LRC_STAMP = /\[(\d{2}):(\d{2})\.(\d{2,3})]/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A FLAC picture structure (a PICTURE block, or a comment's base64): its type and image. */
export function pictureIn(b: Buffer): Picture | null {
  let at = 4;
  const skip = (): boolean => {
    if (at + 4 > b.length) return false;
    at += 4 + b.readUInt32BE(at);
    return at <= b.length;
  };
  if (!skip() || !skip() || at + 20 > b.length) return null; // mime type, description
  const length = b.readUInt32BE(at + 16);
  const data = b.subarray(at + 20, at + 20 + length);
  return data.length === length && length > 0 ? { type: b.readUInt32BE(0), data } : null;
}

/** The comments from `at` (the vendor string's length), or null. */
export function readComments(
  c: Buffer,
  start: number,
  userText: string | null,
): CommentTags | null {
  let at = start;
  if (at + 4 > c.length) return null;
  at += 4 + c.readUInt32LE(at); // the vendor
  if (at + 4 > c.length) return null;
  const count = c.readUInt32LE(at);
  at += 4;
  const found = new Map<string, string[]>();
  for (let i = 0; i < count; i++) {
    if (at + 4 > c.length) return null;
    const length = c.readUInt32LE(at);
    if (at + 4 + length > c.length) return null;
    let text: string;
    try {
      text = utf8.decode(c.subarray(at + 4, at + 4 + length));
    } catch {
      return null;
    }
    at += 4 + length;
    const eq = text.indexOf('=');
    const key = eq < 0 ? '' : text.slice(0, eq).toUpperCase();
    // pushed, not copied: a hostile file may repeat one field for every 4 bytes of its comments
    const values = found.get(key);
    if (values) values.push(text.slice(eq + 1));
    else found.set(key, [text.slice(eq + 1)]);
  }
  const one = (...keys: string[]): string | null | undefined => {
    const values = keys.flatMap((k) => found.get(k) ?? []);
    return values.length > 1 ? undefined : (values[0] ?? null);
  };
  const title = one('TITLE');
  const genre = one('GENRE', 'STYLE');
  const lyrics = one('LYRICS', 'UNSYNCEDLYRICS');
  if (title === undefined || genre === undefined || lyrics === undefined) return null;
  if (found.has('COVERART') || (lyrics !== null && LRC_STAMP.test(lyrics))) return null;
  const pictures: Picture[] = [];
  for (const base64 of found.get('METADATA_BLOCK_PICTURE') ?? []) {
    if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
    const p = pictureIn(Buffer.from(base64, 'base64'));
    if (!p) return null;
    pictures.push(p);
  }
  const wanted = userText === null ? undefined : found.get(userText.toUpperCase());
  return {
    title: title?.trim() || null,
    genre: genre?.trim() ? [genre.trim()] : [],
    lyrics: lyrics?.trim() || null,
    pictures,
    userText: wanted?.[0] ?? null,
  };
}

/** Whether the picture music-metadata would show (the front cover, else the first) is kept. */
export function hasArt(pictures: readonly Picture[]): boolean {
  const chosen = pictures.find((p) => p.type === FRONT_COVER) ?? pictures[0];
  return chosen !== undefined && pictureOverCaps(chosen.data) === null;
}
