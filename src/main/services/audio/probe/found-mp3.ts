/**
 * A found MP3 read without music-metadata when its tags are plain (id3-plain.ts): its ID3v2 tag
 * in one read through the probe's windows, its length from its frames (mpegLength), and nothing
 * at its end that music-metadata would read too (an ID3v1 or APE tag). Null: the full probe
 * reads it.
 */
import { id3v2Bytes, mpegFrameAt, mpegLength } from './mpeg';
import { plainId3 } from './id3-plain';
import { MAX_TAG_BYTES, pictureOverCaps } from './picture';
import type { ReadRange } from './reads';
import type { ReadAt } from './riff';

/** What the library lists of a file added outside the app (see library/found.ts). */
export interface FoundProbe {
  durationMs: number | null;
  title: string | null;
  genre: string[];
  lyrics: string | null;
  hasArt: boolean;
  /** The private field asked for (null: none). */
  userText: string | null;
  /** durationMs is a sampled estimate (a large VBR MP3 without a Xing/VBRI header). */
  estimated?: true;
}

const ascii = (b: ArrayBuffer): string => Buffer.from(b).toString('latin1');

export async function plainMp3(
  reads: { range: ReadRange; readAt: ReadAt },
  size: number,
  userText: string | null,
): Promise<FoundProbe | null> {
  const { range, readAt } = reads;
  if (size < 128) return null;
  const tagBytes = id3v2Bytes(new Uint8Array(await range(0, 10)));
  if (tagBytes === 0 || tagBytes > MAX_TAG_BYTES || tagBytes + 4 > size) return null;
  // the audio right after the tag, and no tag at the end (music-metadata would merge it)
  if (!mpegFrameAt(new Uint8Array(await range(tagBytes, tagBytes + 4)), 0)) return null;
  if (ascii(await range(size - 128, size - 125)) === 'TAG') return null;
  if (ascii(await range(size - 32, size - 24)) === 'APETAGEX') return null;
  const tags = plainId3(new Uint8Array(await range(0, tagBytes)), userText);
  if (!tags) return null;
  const length = await mpegLength(readAt, size);
  if (!length || length.audioFrames === 0) return null;
  const { first } = length;
  return {
    durationMs: Math.round((length.audioFrames * first.samplesPerFrame * 1000) / first.sampleRate),
    title: tags.title,
    genre: tags.genre,
    lyrics: tags.lyrics,
    // a picture over the caps is left out, as the full probe leaves it out
    hasArt: tags.picture !== null && pictureOverCaps(tags.picture) === null,
    userText: tags.userText,
    ...(length.estimated ? { estimated: true as const } : {}),
  };
}
