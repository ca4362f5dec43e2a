/**
 * FLAC metadata blocks for tags: VORBIS_COMMENT (TITLE, ARTIST, ALBUM, TRACKNUMBER, TRACKTOTAL,
 * LYRICS, COMMENT; the vendor string names Cadenza) and PICTURE (front cover), as encodeFlac's
 * `blocks`.
 */
import type { FlacBlock } from '../encode/flac';
import { imageSize } from './picture';
import { concatBytes, utf8, type CoverArt, type ExportTags } from './types';

const VENDOR = 'Cadenza';
const VORBIS_COMMENT = 4;
const PICTURE = 6;

function u32le(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
}

function u32be(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

/** The comments as FIELD=value pairs, in order. */
function vorbisComments(tags: ExportTags): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (tags.title) out.push(['TITLE', tags.title]);
  if (tags.artist) out.push(['ARTIST', tags.artist]);
  if (tags.album) out.push(['ALBUM', tags.album]);
  if (tags.track) {
    out.push(['TRACKNUMBER', String(tags.track.number)]);
    if (tags.track.total) out.push(['TRACKTOTAL', String(tags.track.total)]);
  }
  if (tags.lyrics) out.push(['LYRICS', tags.lyrics]);
  if (tags.comment) out.push(['COMMENT', tags.comment]);
  return out;
}

export function vorbisCommentBlock(tags: ExportTags): FlacBlock {
  const vendor = utf8(VENDOR);
  const comments = vorbisComments(tags).map(([k, v]) => utf8(`${k}=${v}`));
  const body = concatBytes([
    u32le(vendor.length),
    vendor,
    u32le(comments.length),
    ...comments.flatMap((c) => [u32le(c.length), c]),
  ]);
  return { type: VORBIS_COMMENT, body };
}

export function pictureBlock(cover: CoverArt): FlacBlock {
  const mime = utf8(cover.mimeType);
  const { width, height, depth } = imageSize(cover.data);
  const body = concatBytes([
    u32be(3), // front cover
    u32be(mime.length),
    mime,
    u32be(0), // no description
    u32be(width),
    u32be(height),
    u32be(depth),
    u32be(0), // not an indexed-colour image
    u32be(cover.data.length),
    cover.data,
  ]);
  return { type: PICTURE, body };
}

/** Every block `tags` need (the comment block always, naming the vendor). */
export const flacTagBlocks = (tags: ExportTags): FlacBlock[] =>
  tags.cover ? [vorbisCommentBlock(tags), pictureBlock(tags.cover)] : [vorbisCommentBlock(tags)];
