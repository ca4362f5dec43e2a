/**
 * Caps for pictures embedded in media files (issue 26): a picture is read only when its byte size
 * and the dimensions its own header states are under these, so a 200 MB "cover" or a small file
 * that claims 60,000 × 60,000 pixels (a decompression bomb for whatever shows it) is left out,
 * with a note, instead of being held in memory or handed on. Pure JS; nothing is decoded.
 */

/** The most bytes of one embedded picture Cadenza reads (covers are rarely over 2 MB). */
export const MAX_PICTURE_BYTES = 16 * 1024 * 1024;
/** The most pixels on either side, and in all, that a picture's header may state. */
export const MAX_PICTURE_SIDE = 8192;
export const MAX_PICTURE_PIXELS = 40_000_000;
/**
 * An ID3v2 tag larger than this is not parsed at all (it is read whole by the tag reader): the
 * file is probed from its audio, without its tags, and says so.
 */
export const MAX_TAG_BYTES = 32 * 1024 * 1024;

export interface PictureSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number): number =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number): number =>
  b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const tag = (b: Uint8Array, at: number, n: number): string =>
  String.fromCharCode(...b.subarray(at, at + n));

/** Width and height from a PNG, JPEG, GIF or WebP header; null when it states none. */
export function pictureSize(b: Uint8Array): PictureSize | null {
  if (b.length >= 24 && b[0] === 0x89 && tag(b, 1, 3) === 'PNG' && tag(b, 12, 4) === 'IHDR')
    return { width: u32be(b, 16), height: u32be(b, 20) };
  if (b.length >= 10 && tag(b, 0, 3) === 'GIF') return { width: u16le(b, 6), height: u16le(b, 8) };
  if (b.length >= 30 && tag(b, 0, 4) === 'RIFF' && tag(b, 8, 4) === 'WEBP') {
    const kind = tag(b, 12, 4);
    if (kind === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    if (kind === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    if (kind === 'VP8L' && b.length >= 25) {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // walk the markers to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC)
    for (let at = 2; at + 9 <= b.length;) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1]!;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { width: u16be(b, at + 7), height: u16be(b, at + 5) };
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      at += 2 + u16be(b, at + 2);
    }
  }
  return null;
}

/** Which cap a picture is over: its bytes (in MB), no readable size, or its sides. */
export type PictureFault =
  | { over: 'bytes'; mb: number }
  | { over: 'noSize' }
  | { over: 'pixels'; width: number; height: number };

/** The cap a picture is over, or null when it is within the caps. */
export function pictureFault(data: Uint8Array): PictureFault | null {
  if (data.length > MAX_PICTURE_BYTES)
    return { over: 'bytes', mb: Math.round(data.length / 100_000) / 10 };
  const size = pictureSize(data);
  if (!size) return { over: 'noSize' };
  if (
    size.width > MAX_PICTURE_SIDE ||
    size.height > MAX_PICTURE_SIDE ||
    size.width * size.height > MAX_PICTURE_PIXELS
  )
    return { over: 'pixels', width: size.width, height: size.height };
  return null;
}

/** Why an embedded picture is left out, in English (the probe's words for the log), or null. */
export function pictureOverCaps(data: Uint8Array): string | null {
  const fault = pictureFault(data);
  if (!fault) return null;
  if (fault.over === 'bytes')
    return `the embedded picture (${fault.mb.toFixed(1)} MB) is larger than Cadenza reads (16 MB), so it was left out`;
  if (fault.over === 'noSize')
    return 'the embedded picture states no size Cadenza can read, so it was left out';
  return `the embedded picture (${fault.width} × ${fault.height}) is larger than Cadenza shows, so it was left out`;
}
