/**
 * A private text field of a file's tags as the probe's own parse finds it: an ID3 `TXXX` frame
 * of that description (an MP3, or a WAV's `id3 ` chunk) or a Vorbis comment of that name (FLAC,
 * Ogg). The library asks for Cadenza's recipe this way (found.ts), so a found file's tags are not
 * opened and read a second time for it (issue 30). Not validated here.
 */
import type { IAudioMetadata } from 'music-metadata';

/** The first such field's text, or null (none). `name` is compared case-folded. */
export function userTextOf(m: IAudioMetadata, name: string): string | null {
  const field = name.toUpperCase();
  for (const [type, tags] of Object.entries(m.native ?? {})) {
    const id3 = type.startsWith('ID3v2');
    if (!id3 && type !== 'vorbis') continue;
    // Vorbis names are upper-cased by music-metadata
    const want = id3 ? `TXXX:${field}` : field;
    const values = tags
      .filter((t) => typeof t.id === 'string' && t.id.toUpperCase() === want)
      .map((t) => t.value as unknown)
      .filter((v): v is string => typeof v === 'string');
    if (values.length === 0) continue;
    // before v2.4, music-metadata splits a TXXX text at each '/' (one value each): put it back
    return id3 && type !== 'ID3v2.4' ? values.join('/') : values[0]!;
  }
  return null;
}
