/**
 * The few tags the library lists of a found MP3 (title, genre, lyrics, whether a picture is
 * embedded, one private TXXX field), read from a plain ID3v2.3/2.4 tag without music-metadata:
 * its parse was most of a found file's probe (issue 30). "Plain" is what most files hold: no
 * unsynchronisation, extended header, compressed, encrypted or grouped frames, one title and one
 * genre given by name (not an ID3v1 number), text in ASCII, UTF-16 with a byte-order mark or
 * UTF-8. Anything else answers null, and music-metadata reads the file as before, so both give
 * the same answers.
 *
 *   const tags = plainId3(tagBytes, 'CADENZA_RECIPE');   // null: not plain, parse it fully
 */

export interface PlainId3 {
  title: string | null;
  genre: string[];
  lyrics: string | null;
  /** The front cover, else the first picture (its image bytes). */
  picture: Uint8Array | null;
  /** The text of the TXXX frame asked for (null: none). */
  userText: string | null;
}

const FRONT_COVER = 3;

/** Text of `b` in ID3 encoding `enc`, or undefined when it is not one read here. */
function decode(b: Uint8Array, enc: number): string | undefined {
  if (enc === 0) return b.every((c) => c < 0x80) ? Buffer.from(b).toString('latin1') : undefined;
  if (enc === 3) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(b);
    } catch {
      return undefined; // not UTF-8 after all: music-metadata reads it as it does
    }
  }
  if (enc !== 1 || b.length < 2 || b.length % 2 !== 0) return undefined;
  if (b[0] === 0xff && b[1] === 0xfe) return Buffer.from(b.subarray(2)).toString('utf16le');
  return undefined;
}

/** Where a string in encoding `enc` that starts at `at` ends (its terminator's index). */
function terminator(b: Uint8Array, at: number, enc: number): number {
  const wide = enc === 1 || enc === 2;
  for (let i = at; i + (wide ? 1 : 0) < b.length; i += wide ? 2 : 1)
    if (b[i] === 0 && (!wide || b[i + 1] === 0)) return i;
  return b.length;
}

const after = (enc: number): number => (enc === 1 || enc === 2 ? 2 : 1);

/** A text frame's value, trailing NULs dropped (several values: undefined, not plain). */
function textOf(body: Uint8Array): string | undefined {
  const enc = body[0]!;
  const all = decode(body.subarray(1), enc);
  if (all === undefined) return undefined;
  const text = all.replace(/\0+$/, '');
  return text.includes('\0') ? undefined : text;
}

/** The tags of a whole ID3v2 tag (header included), or null when it is not plain. */
export function plainId3(tag: Uint8Array, userText: string | null): PlainId3 | null {
  const major = tag[3];
  const flags = tag[5]!;
  if (tag.length < 10 || (major !== 3 && major !== 4) || flags & 0xc0) return null;
  const out: PlainId3 = { title: null, genre: [], lyrics: null, picture: null, userText: null };
  const seen = new Set<string>();
  let front: Uint8Array | null = null;
  const wanted = userText?.toUpperCase() ?? null;
  const end =
    10 +
    (((tag[6]! & 0x7f) << 21) |
      ((tag[7]! & 0x7f) << 14) |
      ((tag[8]! & 0x7f) << 7) |
      (tag[9]! & 0x7f));
  if (end > tag.length) return null;
  let at = 10;
  while (at + 10 <= end && tag[at] !== 0) {
    const id = String.fromCharCode(...tag.subarray(at, at + 4));
    if (!/^[A-Z0-9]{4}$/.test(id)) return null;
    const s = tag.subarray(at + 4, at + 8);
    if (major === 4 && s.some((x) => x & 0x80)) return null;
    const size =
      major === 4
        ? (s[0]! << 21) | (s[1]! << 14) | (s[2]! << 7) | s[3]!
        : ((s[0]! << 24) >>> 0) + (s[1]! << 16) + (s[2]! << 8) + s[3]!;
    // compressed, encrypted, grouped, unsynchronised or with a data length: not plain
    if (tag[at + 9]! & (major === 4 ? 0x4f : 0xe0)) return null;
    const body = tag.subarray(at + 10, at + 10 + size);
    if (at + 10 + size > end || body.length === 0) return null;
    at += 10 + size;
    if (id === 'TIT2' || id === 'TCON') {
      if (seen.has(id)) return null;
      seen.add(id);
      const text = textOf(body);
      if (text === undefined) return null;
      if (id === 'TIT2') out.title = text.trim() || null;
      else if (text.includes('(') || /^\d*$/.test(text.trim())) return null;
      else out.genre = text.trim() ? [text.trim()] : [];
    } else if (id === 'USLT') {
      const enc = body[0]!;
      const desc = terminator(body, 4, enc);
      const from = desc + after(enc);
      const text = decode(body.subarray(from, terminator(body, from, enc)), enc);
      if (text === undefined) return null;
      out.lyrics ??= text.trim() || null;
    } else if (id === 'APIC') {
      const enc = body[0]!;
      const mimeEnd = terminator(body, 1, 0);
      const type = body[mimeEnd + 1];
      const desc = terminator(body, mimeEnd + 2, enc);
      const data = body.subarray(desc + after(enc));
      if (type === undefined || data.length === 0) return null;
      out.picture ??= data;
      if (type === FRONT_COVER) front ??= data;
    } else if (id === 'TXXX' && wanted !== null) {
      const enc = body[0]!;
      const desc = terminator(body, 1, enc);
      const name = decode(body.subarray(1, desc), enc);
      if (name === undefined) return null;
      if (name.toUpperCase() !== wanted || out.userText !== null) continue;
      const from = desc + after(enc);
      out.userText = decode(body.subarray(from, terminator(body, from, enc)), enc) ?? null;
    } else if (id === 'SYLT' || id.startsWith('PIC')) return null;
  }
  out.picture = front ?? out.picture;
  return out;
}
