/**
 * FLAC metadata blocks for tags: VORBIS_COMMENT (TITLE, ARTIST, ALBUM, TRACKNUMBER, TRACKTOTAL,
 * GENRE, DATE, LYRICS, COMMENT, REPLAYGAIN_TRACK_GAIN/_PEAK, RATING + FMPS_RATING, CADENZA_RECIPE; the vendor string names
 * Cadenza, or stays the encoder's when merged: flac-merge.ts) and PICTURE (front cover), as encodeFlac's
 * `blocks`.
 */
import { fmpsRatingText } from '@shared/domain/rating';
import type { FlacBlock } from '../encode/flac';
import { imageSize } from './picture';
import {
  RECIPE_FIELD,
  concatBytes,
  gainText,
  peakText,
  utf8,
  type CoverArt,
  type ExportTags,
} from './types';

const VENDOR = 'Cadenza';
export const VORBIS_COMMENT = 4;
export const PICTURE = 6;

export function u32le(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
}

export function u32be(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

/** The comments as FIELD=value pairs, in order. */
export function vorbisComments(tags: ExportTags): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (tags.title) out.push(['TITLE', tags.title]);
  if (tags.artist) out.push(['ARTIST', tags.artist]);
  if (tags.album) out.push(['ALBUM', tags.album]);
  if (tags.albumArtist) out.push(['ALBUMARTIST', tags.albumArtist]);
  if (tags.track) {
    out.push(['TRACKNUMBER', String(tags.track.number)]);
    if (tags.track.total) out.push(['TRACKTOTAL', String(tags.track.total)]);
  }
  if (tags.genre) out.push(['GENRE', tags.genre]);
  if (tags.date) out.push(['DATE', tags.date]);
  if (tags.lyrics) out.push(['LYRICS', tags.lyrics]);
  if (tags.comment) out.push(['COMMENT', tags.comment]);
  if (tags.replayGain) {
    out.push(['REPLAYGAIN_TRACK_GAIN', gainText(tags.replayGain.trackGainDb)]);
    if (tags.replayGain.trackPeak !== null)
      out.push(['REPLAYGAIN_TRACK_PEAK', peakText(tags.replayGain.trackPeak)]);
  }
  if (tags.rating) {
    out.push(['RATING', String(Math.round(tags.rating))]);
    out.push(['FMPS_RATING', fmpsRatingText(tags.rating)]);
  }
  if (tags.recipe) out.push([RECIPE_FIELD, tags.recipe]);
  return out;
}

/** Field names a found comment may carry that the same field of `tags` replaces. */
export function ownedVorbisNames(tags: ExportTags): Set<string> {
  const names = new Set(vorbisComments(tags).map(([k]) => k));
  if (tags.track) names.add('TRACKTOTAL').add('TOTALTRACKS');
  if (tags.lyrics) names.add('UNSYNCEDLYRICS');
  if (tags.replayGain) names.add('REPLAYGAIN_TRACK_PEAK');
  if (tags.rating === 0) names.add('RATING').add('FMPS_RATING'); // cleared: found ones go
  return names;
}

export function vorbisCommentBlock(
  tags: ExportTags,
  kept: { vendor?: Uint8Array; comments?: readonly Uint8Array[] } = {},
): FlacBlock {
  const vendor = kept.vendor ?? utf8(VENDOR);
  const comments = [
    ...vorbisComments(tags).map(([k, v]) => utf8(`${k}=${v}`)),
    ...(kept.comments ?? []),
  ];
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
