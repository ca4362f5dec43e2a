/**
 * ID3v2.4 tag writer (UTF-8 text, synchsafe sizes, no unsynchronisation): TIT2 title, TPE1
 * artist, TALB album, TRCK track ("3/12"), USLT lyrics, COMM comment (the prompt, with an empty
 * description so every player shows it), APIC front cover. Used at the head of MP3s and inside a
 * WAV's `id3 ` chunk.
 *
 *   const tag = id3v2Tag({ title: 'Neon Tide', lyrics: '…', cover });
 */
import { concatBytes, trackText, utf8, type ExportTags } from './types';

const UTF8 = 3;
/** ISO 639-2 "undetermined": the lyrics' language is not known. */
const LANGUAGE = 'und';

function synchsafe(n: number): Uint8Array {
  if (n >= 2 ** 28) throw new Error('ID3 frame too large');
  return Uint8Array.of((n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f);
}

function frame(id: string, body: Uint8Array): Uint8Array {
  return concatBytes([utf8(id), synchsafe(body.length), Uint8Array.of(0, 0), body]);
}

const text = (id: string, value: string): Uint8Array =>
  frame(id, concatBytes([Uint8Array.of(UTF8), utf8(value)]));

/** USLT and COMM: encoding, language, empty description, text. */
const described = (id: string, value: string): Uint8Array =>
  frame(id, concatBytes([Uint8Array.of(UTF8), utf8(LANGUAGE), Uint8Array.of(0), utf8(value)]));

/** Frames of `tags`, in the order players list them. */
function id3v2Frames(tags: ExportTags): Uint8Array[] {
  const frames: Uint8Array[] = [];
  if (tags.title) frames.push(text('TIT2', tags.title));
  if (tags.artist) frames.push(text('TPE1', tags.artist));
  if (tags.album) frames.push(text('TALB', tags.album));
  if (tags.track) frames.push(text('TRCK', trackText(tags.track)));
  if (tags.lyrics) frames.push(described('USLT', tags.lyrics));
  if (tags.comment) frames.push(described('COMM', tags.comment));
  if (tags.cover) {
    const { mimeType, data } = tags.cover;
    // encoding, MIME type, picture type 3 (front cover), empty description, the image
    const head = concatBytes([Uint8Array.of(UTF8), utf8(mimeType), Uint8Array.of(0, 3, 0)]);
    frames.push(frame('APIC', concatBytes([head, data])));
  }
  return frames;
}

/** The whole tag (header and frames); an empty Uint8Array when there is nothing to write. */
export function id3v2Tag(tags: ExportTags, paddingBytes = 0): Uint8Array {
  const frames = id3v2Frames(tags);
  if (frames.length === 0) return new Uint8Array(0);
  const body = concatBytes([...frames, new Uint8Array(paddingBytes)]);
  const header = concatBytes([utf8('ID3'), Uint8Array.of(4, 0, 0), synchsafe(body.length)]);
  return concatBytes([header, body]);
}
