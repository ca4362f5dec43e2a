/**
 * Top-level MP4/M4A boxes, for probing a file from parts of it (a link measured with Range
 * requests): music-metadata needs the boxes it reads whole, so the parts handed to it are the
 * boxes before the media data and the `moov` box, wherever it is in the file.
 */

export interface Box {
  type: string;
  /** Offset of the box's header in the file. */
  at: number;
  /** The whole box's size (to the file's end for a size-0 box, when `fileBytes` is known). */
  size: number;
}

/** The box whose header starts at `rel` in `b` (which starts at file offset `base`). */
export function boxAt(b: Uint8Array, rel: number, base = 0, fileBytes?: number): Box | null {
  if (rel + 8 > b.length) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let size = view.getUint32(rel);
  const type = String.fromCharCode(...b.subarray(rel + 4, rel + 8));
  if (size === 1) {
    if (rel + 16 > b.length) return null;
    size = Number(view.getBigUint64(rel + 8));
  } else if (size === 0) {
    if (fileBytes === undefined) return null;
    size = fileBytes - (base + rel);
  }
  if (size < 8 || !/^[\x20-\x7e]{4}$/.test(type)) return null;
  return { type, at: base + rel, size };
}

/**
 * The file's header boxes (every top-level box but `mdat`, from the start of `b`) when they and
 * a complete `moov` are in `b`: enough for the probe. Null when `moov` is not (wholly) there.
 */
export function mp4HeaderBytes(b: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [];
  for (let rel = 0; rel + 8 <= b.length;) {
    const box = boxAt(b, rel);
    if (!box) return null;
    if (box.type !== 'mdat') {
      if (rel + box.size > b.length) return null;
      parts.push(b.subarray(rel, rel + box.size));
      if (box.type === 'moov') return Buffer.concat(parts);
    }
    rel += box.size;
  }
  return null;
}
