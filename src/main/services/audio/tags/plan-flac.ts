/**
 * A merged retag of a FLAC file: its metadata blocks are walked (capped in count and bytes);
 * STREAMINFO, SEEKTABLE, APPLICATION, CUESHEET and every picture Cadenza does not replace are
 * copied byte for byte; the VORBIS_COMMENT block keeps its vendor string and every comment whose
 * field Cadenza does not write; PADDING is reused: when the new blocks fit where the old ones were,
 * the audio stays at the same offset and the rest stays padding (else 8 KB of new padding, so
 * the next retag fits). The audio frames are copied as they are.
 */
import {
  concatBytes,
  MAX_TAG_READ_BYTES,
  RECIPE_FIELD,
  CADENZA_PREFIX,
  type ExportTags,
} from './types';
import { readExactly, unreadable, type ByteSource, type Piece } from './source';
import {
  ownedVorbisNames,
  pictureBlock,
  PICTURE,
  VORBIS_COMMENT,
  vorbisCommentBlock,
} from './vorbis';
import type { MergeOptions } from './id3-merge';

const STREAMINFO = 0;
const PADDING = 1;
const MAX_BLOCKS = 4096;
const NEW_PADDING_BYTES = 8192;

interface Block {
  type: number;
  /** Where its body starts in the file, and its length. */
  at: number;
  length: number;
}

export interface FlacLayout {
  /** Bytes before "fLaC" (a stray ID3v2 tag some tools put there): kept as they are. */
  prefix: number;
  blocks: Block[];
  /** Where the audio frames start. */
  audioStart: number;
}

export async function flacLayout(src: ByteSource): Promise<FlacLayout> {
  let prefix = 0;
  const head = await src.read(0, 10);
  if (String.fromCharCode(...head.subarray(0, 3)) === 'ID3') {
    prefix =
      10 +
      (((head[6]! & 0x7f) << 21) |
        ((head[7]! & 0x7f) << 14) |
        ((head[8]! & 0x7f) << 7) |
        (head[9]! & 0x7f));
  }
  const magic = await src.read(prefix, 4);
  if (String.fromCharCode(...magic) !== 'fLaC') throw unreadable('it is not a FLAC file');
  const blocks: Block[] = [];
  let at = prefix + 4;
  for (let last = false; !last;) {
    if (blocks.length >= MAX_BLOCKS || at - prefix > MAX_TAG_READ_BYTES)
      throw unreadable('its metadata is too large');
    const h = await readExactly(src, at, 4);
    last = (h[0]! & 0x80) !== 0;
    const type = h[0]! & 0x7f;
    if (type === 127) throw unreadable('a metadata block is invalid');
    const length = (h[1]! << 16) | (h[2]! << 8) | h[3]!;
    if (at + 4 + length > src.size) throw unreadable('it ends before its own headers say');
    blocks.push({ type, at: at + 4, length });
    at += 4 + length;
  }
  if (blocks[0]?.type !== STREAMINFO) throw unreadable('it has no stream information');
  return { prefix, blocks, audioStart: at };
}

const blockHeader = (type: number, length: number, last: boolean): Uint8Array =>
  Uint8Array.of(
    (last ? 0x80 : 0) | type,
    (length >> 16) & 0xff,
    (length >> 8) & 0xff,
    length & 0xff,
  );

/** Vendor and comments of a VORBIS_COMMENT body, each comment as its raw bytes. */
export function readVorbisComments(body: Uint8Array): {
  vendor: Uint8Array;
  comments: Uint8Array[];
} {
  const v = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const fail = (): never => {
    throw unreadable('its comment block is damaged');
  };
  if (body.length < 8) fail();
  const vendorLength = v.getUint32(0, true);
  if (vendorLength > body.length - 8) fail();
  const vendor = body.subarray(4, 4 + vendorLength);
  let at = 4 + vendorLength;
  const count = v.getUint32(at, true);
  at += 4;
  if (count > (body.length - at) / 4) fail();
  const comments: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 4 > body.length) fail();
    const n = v.getUint32(at, true);
    if (n > body.length - at - 4) fail();
    comments.push(body.subarray(at + 4, at + 4 + n));
    at += 4 + n;
  }
  return { vendor, comments };
}

/** A comment's field name, upper case ("TITLE" of "title=…"). */
export function fieldName(comment: Uint8Array): string {
  const eq = comment.indexOf(0x3d);
  return String.fromCharCode(...comment.subarray(0, eq < 0 ? comment.length : eq)).toUpperCase();
}

export async function planFlac(
  src: ByteSource,
  tags: ExportTags,
  options: MergeOptions = {},
): Promise<Piece[]> {
  const layout = await flacLayout(src);
  const written = options.withoutCadenza ? { ...tags, recipe: undefined } : tags;
  const owned = ownedVorbisNames(written);
  const dropCadenza = owned.has(RECIPE_FIELD) || options.withoutCadenza === true;
  let kept: { vendor?: Uint8Array; comments: Uint8Array[] } = { comments: [] };
  const blocks: Array<{ type: number; body: Piece; length: number }> = [];
  for (const b of layout.blocks) {
    if (b.type === PADDING) continue;
    if (b.type === VORBIS_COMMENT) {
      const found = readVorbisComments(await readExactly(src, b.at, b.length));
      kept = {
        vendor: kept.vendor ?? found.vendor,
        comments: [
          ...kept.comments,
          ...found.comments.filter((c) => {
            const name = fieldName(c);
            return !owned.has(name) && !(dropCadenza && name.startsWith(CADENZA_PREFIX));
          }),
        ],
      };
      continue;
    }
    if (b.type === PICTURE && written.cover && b.length >= 4) {
      const t = await readExactly(src, b.at, 4);
      // the front cover, or a picture typed "other" that players show as one, is replaced
      const type = new DataView(t.buffer, t.byteOffset, 4).getUint32(0);
      if (type === 3 || type === 0) continue;
    }
    blocks.push({ type: b.type, body: { from: b.at, length: b.length }, length: b.length });
  }
  const comment = vorbisCommentBlock(written, kept);
  blocks.splice(1, 0, { type: VORBIS_COMMENT, body: comment.body, length: comment.body.length });
  if (written.cover) {
    const picture = pictureBlock(written.cover);
    blocks.push({ type: PICTURE, body: picture.body, length: picture.body.length });
  }
  for (const b of blocks)
    if (b.length > 0xffffff) throw unreadable('a tag is larger than FLAC can hold');
  const oldMeta = layout.audioStart - layout.prefix - 4;
  const newMeta = blocks.reduce((n, b) => n + 4 + b.length, 0);
  const room = oldMeta - newMeta;
  const padding = room >= 4 && room - 4 <= 0xffffff ? room - 4 : NEW_PADDING_BYTES;
  const pieces: Piece[] = [];
  if (layout.prefix > 0) pieces.push({ from: 0, length: layout.prefix });
  pieces.push(new TextEncoder().encode('fLaC'));
  for (const b of blocks) pieces.push(blockHeader(b.type, b.length, false), b.body);
  pieces.push(concatBytes([blockHeader(PADDING, padding, true), new Uint8Array(padding)]));
  pieces.push({ from: layout.audioStart, length: src.size - layout.audioStart });
  return pieces;
}
