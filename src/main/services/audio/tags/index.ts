/**
 * Tag writers for exported files: ID3v2.4 (MP3, and WAV's `id3 ` chunk), FLAC VORBIS_COMMENT and
 * PICTURE blocks, RIFF LIST/INFO; and retagging an MP3 without re-encoding it.
 */
export { id3v2Tag } from './id3v2';
export { retagMp3, mp3AudioRange } from './mp3';
export { imageSize } from './picture';
export { infoChunk, riffTagChunks } from './riff';
export { flacTagBlocks, pictureBlock, vorbisCommentBlock } from './vorbis';
export type { CoverArt, ExportTags } from './types';
