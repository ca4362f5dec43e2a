/**
 * A merged retag of an MP3: the ID3v2 tags at its head (one or more) are read, capped, and become
 * one ID3v2.4 tag holding Cadenza's frames and every frame it does not own; everything after them
 * — the audio frames (the LAME/Xing info frame included), and any APE, ID3v1 or appended ID3v2 tag
 * at the end — is copied byte for byte.
 */
import { firstFrame } from '../probe/mpeg';
import {
  id3TagLength,
  mergeId3,
  readId3Frames,
  type FoundFrame,
  type MergeOptions,
} from './id3-merge';
import { readExactly, unreadable, type ByteSource, type Piece } from './source';
import { MAX_TAG_READ_BYTES, type ExportTags } from './types';

/** Where the head tags end, and the frames they hold. */
export async function mp3HeadTags(src: ByteSource): Promise<{ end: number; frames: FoundFrame[] }> {
  const frames: FoundFrame[] = [];
  let end = 0;
  for (;;) {
    const head = await src.read(end, 10);
    const length = id3TagLength(head);
    if (length === 0) break;
    if (end + length > MAX_TAG_READ_BYTES) throw unreadable('its tags are too large');
    frames.push(...readId3Frames(await readExactly(src, end, length)));
    end += length;
  }
  return { end, frames };
}

/** Where the first MPEG audio frame starts (absolute), or throws when none is near the head. */
export async function mp3FirstFrame(src: ByteSource, from: number): Promise<number> {
  const window = await src.read(from, 64 * 1024);
  const at = firstFrame(window, 0);
  // (anything that is not FLAC or WAV by its first bytes is read as MP3: then it is none of the three)
  if (at < 0) throw unreadable('it holds no MP3, FLAC or WAV audio');
  return from + at;
}

export async function planMp3(
  src: ByteSource,
  tags: ExportTags,
  options: MergeOptions = {},
): Promise<Piece[]> {
  const { end, frames } = await mp3HeadTags(src);
  await mp3FirstFrame(src, end);
  return [mergeId3(frames, tags, options), { from: end, length: src.size - end }];
}

const ascii = (b: Uint8Array): string => String.fromCharCode(...b);

/** The audio frames' range: after the head tags, before ID3v1, APEv2 and appended ID3v2 tags. */
export async function mp3AudioPayload(src: ByteSource): Promise<{ start: number; end: number }> {
  const { end: headEnd } = await mp3HeadTags(src);
  const start = await mp3FirstFrame(src, headEnd);
  let end = src.size;
  for (let changed = true; changed && end > start;) {
    changed = false;
    if (end - 128 >= start && ascii(await src.read(end - 128, 3)) === 'TAG') {
      end -= 128;
      changed = true;
    }
    const footer = end - 32 >= start ? await src.read(end - 32, 32) : new Uint8Array(0);
    if (footer.length === 32 && ascii(footer.subarray(0, 8)) === 'APETAGEX') {
      const v = new DataView(footer.buffer, footer.byteOffset, 32);
      end -= v.getUint32(12, true) + (v.getUint32(20, true) & 0x80000000 ? 32 : 0);
      changed = true;
    }
    const id3Footer = end - 10 >= start ? await src.read(end - 10, 10) : new Uint8Array(0);
    if (id3Footer.length === 10 && ascii(id3Footer.subarray(0, 3)) === '3DI') {
      const s = id3Footer;
      end -=
        20 +
        (((s[6]! & 0x7f) << 21) | ((s[7]! & 0x7f) << 14) | ((s[8]! & 0x7f) << 7) | (s[9]! & 0x7f));
      changed = true;
    }
  }
  if (end <= start) throw unreadable('it holds no MP3 audio');
  return { start, end };
}
