/**
 * ID3v2.4 tag writer (UTF-8 text, synchsafe sizes, no unsynchronisation): TIT2 title, TPE1
 * artist, TALB album, TPE2 album artist, TRCK track ("3/12"), TCON genre, TDRC date, USLT lyrics, COMM comment (the
 * prompt, with an empty description so every player shows it), APIC front cover, TXXX
 * REPLAYGAIN_TRACK_GAIN / _PEAK, POPM rating (owner RATING_POPM_EMAIL), and TXXX CADENZA_RECIPE (Cadenza's private, versioned recipe).
 * Used at the head of MP3s and inside a WAV's `id3 ` chunk. Merging with frames already in a file
 * is id3-merge.ts: each frame written here has a key (`frameKey`), and a found frame with the same
 * key is the one it replaces.
 *
 *   const tag = id3v2Tag({ title: 'Neon Tide', lyrics: '…', cover });
 */
import { RATING_POPM_EMAIL, ratingToByte } from '@shared/domain/rating';
import {
  RECIPE_FIELD,
  concatBytes,
  gainText,
  peakText,
  trackText,
  utf8,
  type ExportTags,
} from './types';

const UTF8 = 3;
/** ISO 639-2 "undetermined": the lyrics' language is not known. */
const LANGUAGE = 'und';

export function synchsafe(n: number): Uint8Array {
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

const userText = (description: string, value: string): Uint8Array =>
  frame(
    'TXXX',
    concatBytes([Uint8Array.of(UTF8), utf8(description), Uint8Array.of(0), utf8(value)]),
  );

/** One frame Cadenza writes, with the key of the frames it replaces (see id3-merge.ts). */
export interface OwnedFrame {
  /** Keys of found frames this one replaces ("TIT2", "TXXX:REPLAYGAIN_TRACK_GAIN", "APIC:3"…). */
  replaces: string[];
  bytes: Uint8Array;
}

/** Frames of `tags`, in the order players list them, each with what it replaces. */
export function ownedFrames(tags: ExportTags): OwnedFrame[] {
  const out: OwnedFrame[] = [];
  const add = (replaces: string[], bytes: Uint8Array): void => void out.push({ replaces, bytes });
  if (tags.title) add(['TIT2'], text('TIT2', tags.title));
  if (tags.artist) add(['TPE1'], text('TPE1', tags.artist));
  if (tags.album) add(['TALB'], text('TALB', tags.album));
  if (tags.albumArtist) add(['TPE2'], text('TPE2', tags.albumArtist));
  if (tags.track) add(['TRCK'], text('TRCK', trackText(tags.track)));
  if (tags.genre) add(['TCON'], text('TCON', tags.genre));
  // ID3v2.3's date frames say the same as TDRC: they go when Cadenza writes the date
  if (tags.date) add(['TDRC', 'TYER', 'TDAT', 'TIME'], text('TDRC', tags.date));
  if (tags.lyrics) add(['USLT:'], described('USLT', tags.lyrics));
  if (tags.comment) add(['COMM:'], described('COMM', tags.comment));
  if (tags.cover) {
    const { mimeType, data } = tags.cover;
    // encoding, MIME type, picture type 3 (front cover), empty description, the image
    const head = concatBytes([Uint8Array.of(UTF8), utf8(mimeType), Uint8Array.of(0, 3, 0)]);
    // the picture players show as the cover: a front cover, or one typed "other" (a file with
    // such a picture would otherwise show two covers); back covers, artists… stay
    add(['APIC:3', 'APIC:0'], frame('APIC', concatBytes([head, data])));
  }
  if (tags.replayGain) {
    const { trackGainDb, trackPeak } = tags.replayGain;
    add(['TXXX:REPLAYGAIN_TRACK_GAIN'], userText('REPLAYGAIN_TRACK_GAIN', gainText(trackGainDb)));
    if (trackPeak !== null)
      add(['TXXX:REPLAYGAIN_TRACK_PEAK'], userText('REPLAYGAIN_TRACK_PEAK', peakText(trackPeak)));
  }
  if (tags.rating !== undefined) {
    // owner, NUL, rating byte; no play counter. 0: Cadenza's frame goes (nothing in its place)
    const body = concatBytes([
      utf8(RATING_POPM_EMAIL),
      Uint8Array.of(0, ratingToByte(tags.rating)),
    ]);
    add([`POPM:${RATING_POPM_EMAIL}`], tags.rating ? frame('POPM', body) : new Uint8Array(0));
  }
  if (tags.recipe) add([`TXXX:${RECIPE_FIELD}`], userText(RECIPE_FIELD, tags.recipe));
  return out;
}

/** A whole ID3v2.4 tag around `frames` (already encoded as v2.4), with `paddingBytes` of zeros. */
export function id3v2TagOf(frames: readonly Uint8Array[], paddingBytes = 0): Uint8Array {
  if (frames.length === 0) return new Uint8Array(0);
  const body = concatBytes([...frames, new Uint8Array(paddingBytes)]);
  const header = concatBytes([utf8('ID3'), Uint8Array.of(4, 0, 0), synchsafe(body.length)]);
  return concatBytes([header, body]);
}

/** The whole tag (header and frames); an empty Uint8Array when there is nothing to write. */
export function id3v2Tag(tags: ExportTags, paddingBytes = 0): Uint8Array {
  return id3v2TagOf(
    ownedFrames(tags)
      .map((f) => f.bytes)
      .filter((b) => b.length > 0),
    paddingBytes,
  );
}
