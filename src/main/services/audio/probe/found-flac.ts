/**
 * A found FLAC file read without music-metadata when it is plain (issue 30): its metadata blocks
 * through the probe's windows, its length from STREAMINFO (total samples over the sample rate, as
 * music-metadata measures it), its Vorbis comments and PICTURE blocks as music-metadata maps them
 * (vorbis-comments.ts). Null for anything else — an ID3v2 tag before it, an ID3v1 or APE tag at
 * its end (music-metadata merges those), no length in STREAMINFO, two comment blocks, pictures
 * both in blocks and in comments — and the full probe reads it.
 */
import type { FoundProbe } from './found-mp3';
import { MAX_TAG_BYTES } from './picture';
import type { ReadRange } from './reads';
import { hasArt, pictureIn, readComments, type CommentTags, type Picture } from './vorbis-comments';

const STREAMINFO = 0;
const VORBIS_COMMENT = 4;
const PICTURE = 6;
const MAX_BLOCKS = 1000;

const text = (b: ArrayBuffer): string => Buffer.from(b).toString('latin1');

export async function plainFlac(
  reads: { range: ReadRange },
  size: number,
  userText: string | null,
): Promise<FoundProbe | null> {
  const { range } = reads;
  if (size < 128 || text(await range(0, 4)) !== 'fLaC') return null;
  if (text(await range(size - 128, size - 125)) === 'TAG') return null;
  if (text(await range(size - 32, size - 24)) === 'APETAGEX') return null;
  let rate = 0;
  let total = 0;
  let tags: CommentTags | null = null;
  const pictures: Picture[] = [];
  let at = 4;
  for (let n = 0; ; n++) {
    const head = Buffer.from(await range(at, at + 4));
    if (n >= MAX_BLOCKS || head.length < 4) return null;
    const type = head[0]! & 0x7f;
    const length = head.readUIntBE(1, 3);
    if (length > MAX_TAG_BYTES || at + 4 + length > size) return null;
    if (n === 0 && (type !== STREAMINFO || length < 18)) return null;
    if (type === STREAMINFO || type === VORBIS_COMMENT || type === PICTURE) {
      const body = Buffer.from(await range(at + 4, at + 4 + length));
      if (type === STREAMINFO) {
        if (n > 0) return null;
        rate = body.readUIntBE(10, 3) >> 4;
        total = (body[13]! & 0x0f) * 2 ** 32 + body.readUInt32BE(14);
      } else if (type === VORBIS_COMMENT) {
        if (tags) return null;
        tags = readComments(body, 0, userText);
        if (!tags) return null;
      } else {
        const p = pictureIn(body);
        if (!p) return null;
        pictures.push(p);
      }
    }
    at += 4 + length;
    if (head[0]! & 0x80) break;
  }
  if (rate === 0 || total === 0) return null;
  if (pictures.length > 0 && tags && tags.pictures.length > 0) return null;
  return {
    durationMs: Math.round((total / rate) * 1000),
    title: tags?.title ?? null,
    genre: tags?.genre ?? [],
    lyrics: tags?.lyrics ?? null,
    hasArt: hasArt([...pictures, ...(tags?.pictures ?? [])]),
    userText: tags?.userText ?? null,
  };
}
