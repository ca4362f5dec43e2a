/**
 * Tags for the files Cadenza writes: ID3v2.4 (MP3, and WAV's `id3 ` chunk), FLAC VORBIS_COMMENT and
 * PICTURE blocks, RIFF LIST/INFO — written at encode time (export), or merged into a file that is
 * there without touching its audio (retag.ts: the library's saves, export's MP3 copies).
 */
export { id3v2Tag } from './id3v2';
export { retagMp3, mp3AudioRange } from './mp3';
export { imageSize } from './picture';
export { infoChunk, riffTagChunks } from './riff';
export { flacTagBlocks, pictureBlock, vorbisCommentBlock } from './vorbis';
export {
  audioPayloadHash,
  audioPayloadRange,
  readRecipeText,
  retagCopy,
  retagFile,
  type RetagFileOptions,
} from './retag';
export {
  MAX_EMBEDDED_COVER_BYTES,
  MAX_RECIPE_BYTES,
  RECIPE_FIELD,
  type CoverArt,
  type ExportTags,
  type ReplayGain,
} from './types';
