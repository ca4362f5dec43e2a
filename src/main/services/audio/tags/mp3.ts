/**
 * Tags on an MP3 without touching its audio: the frames (the LAME/Xing info frame included, so
 * gapless playback and the exact length survive) are copied byte for byte between a new ID3v2.4
 * tag and nothing: any old ID3v2 tags at the head, ID3v1 and APEv2 tags at the end are dropped.
 *
 *   const tagged = retagMp3(await fs.readFile(src), { title, artist, cover });
 */
import { appError } from '@shared/app-error';
import { firstFrame, id3v2Bytes } from '../probe/mpeg';
import { id3v2Tag } from './id3v2';
import { concatBytes, type ExportTags } from './types';

const ascii = (b: Uint8Array, at: number, n: number): string =>
  at >= 0 && at + n <= b.length ? String.fromCharCode(...b.subarray(at, at + n)) : '';

/** Where the MPEG audio frames of `b` start and end (tags before and after left out). */
export function mp3AudioRange(b: Uint8Array): { start: number; end: number } {
  let head = 0;
  for (let n = id3v2Bytes(b.subarray(head)); n > 0; n = id3v2Bytes(b.subarray(head))) head += n;
  const start = firstFrame(b, head);
  if (start < 0) throw appError('validation', 'errors:audio.noMp3');
  let end = b.length;
  for (let changed = true; changed;) {
    changed = false;
    if (ascii(b, end - 128, 3) === 'TAG') {
      end -= 128;
      changed = true;
    }
    if (ascii(b, end - 32, 8) === 'APETAGEX') {
      const v = new DataView(b.buffer, b.byteOffset + end - 32, 32);
      const size = v.getUint32(12, true); // items and footer
      const hasHeader = (v.getUint32(20, true) & 0x80000000) !== 0;
      end -= size + (hasHeader ? 32 : 0);
      changed = true;
    }
  }
  if (end <= start) throw appError('validation', 'errors:audio.noMp3');
  return { start, end };
}

export function retagMp3(b: Uint8Array, tags: ExportTags): Uint8Array {
  const { start, end } = mp3AudioRange(b);
  return concatBytes([id3v2Tag(tags), b.subarray(start, end)]);
}
