/**
 * Cover art facts the FLAC PICTURE block records: width, height and colour depth, read from a PNG's
 * IHDR or a JPEG's start-of-frame marker (0 when unknown, e.g. WebP: the fields are informative).
 */

export interface ImageSize {
  width: number;
  height: number;
  /** Bits per pixel. */
  depth: number;
}

const UNKNOWN: ImageSize = { width: 0, height: 0, depth: 0 };

function pngSize(b: Uint8Array, v: DataView): ImageSize | null {
  if (b.length < 29 || b[0] !== 0x89 || String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR')
    return null;
  const bitDepth = b[24]!;
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[b[25]!] ?? 0;
  return { width: v.getUint32(16), height: v.getUint32(20), depth: bitDepth * channels };
}

function jpegSize(b: Uint8Array, v: DataView): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = v.getUint16(at + 2);
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return {
        height: v.getUint16(at + 5),
        width: v.getUint16(at + 7),
        depth: b[at + 4]! * b[at + 9]!,
      };
    at += 2 + length;
  }
  return null;
}

export function imageSize(b: Uint8Array): ImageSize {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return pngSize(b, v) ?? jpegSize(b, v) ?? UNKNOWN;
}
