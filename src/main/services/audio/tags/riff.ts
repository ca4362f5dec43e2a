/**
 * Tags in a WAV. RIFF's own LIST/INFO chunk holds only short plain fields (INAM title, IART artist,
 * IPRD album, ITRK track, IGNR genre, ICRD date, ICMT comment), with no place for lyrics or pictures; so the file also
 * carries an `id3 ` chunk with the full ID3v2.4 tag (lyrics as USLT, cover as APIC), which ffmpeg,
 * music-metadata, foobar2000, Mp3tag and most DAWs read. Both go after the audio data.
 */
import type { RiffChunk } from '../encode/wav';
import { id3v2Tag } from './id3v2';
import { concatBytes, trackText, utf8, type ExportTags } from './types';

function infoField(id: string, value: string): Uint8Array {
  const text = concatBytes([utf8(value), Uint8Array.of(0)]);
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, text.length, true);
  return concatBytes([utf8(id), size, text, new Uint8Array(text.length & 1)]);
}

/** LIST/INFO's fields of `tags`, by id (INAM, IART, IPRD, ITRK, IGNR, ICRD, ICMT). */
export function infoFields(tags: ExportTags): Array<{ id: string; bytes: Uint8Array }> {
  const fields: Array<[string, string | undefined]> = [
    ['INAM', tags.title],
    ['IART', tags.artist],
    ['IPRD', tags.album],
    ['ITRK', tags.track ? trackText(tags.track) : undefined],
    ['IGNR', tags.genre],
    ['ICRD', tags.date],
    ['ICMT', tags.comment],
  ];
  return fields.flatMap(([id, v]) => (v ? [{ id, bytes: infoField(id, v) }] : []));
}

/** LIST/INFO of `tags` and the `kept` fields (whole sub-chunks), or null when none applies. */
export function infoChunk(tags: ExportTags, kept: readonly Uint8Array[] = []): RiffChunk | null {
  const fields = [...infoFields(tags).map((f) => f.bytes), ...kept];
  if (fields.length === 0) return null;
  return { id: 'LIST', body: concatBytes([utf8('INFO'), ...fields]) };
}

/** The chunks a WAV export appends: LIST/INFO and `id3 `. */
export function riffTagChunks(tags: ExportTags): RiffChunk[] {
  const chunks: RiffChunk[] = [];
  const info = infoChunk(tags);
  if (info) chunks.push(info);
  const id3 = id3v2Tag(tags);
  if (id3.length > 0) chunks.push({ id: 'id3 ', body: id3 });
  return chunks;
}
