/**
 * Collections and albums as `.m3u8` playlists (issue 31, point 4) — files other players open:
 * UTF-8 without a BOM, LF line ends, NFC, paths relative to the playlist with forward slashes.
 * Extended M3U lines carry the album: `#PLAYLIST:` (its name), `#EXTALB:` (album title),
 * `#EXTART:` (album artist), `#EXTIMG:` (cover, relative like the entries); each entry has
 * `#EXTINF:<seconds>,<title>` and Cadenza's own comment line `#CADENZA-ITEM:<item id>` (players
 * skip `#` lines they do not know), so an entry follows its item through renames and moves made
 * outside the app.
 *
 *   const text = formatPlaylist({ name: 'Harbour EP', artist: 'Ada', cover: null, entries });
 *   const parsed = parsePlaylist(text);   // bounded: MAX_PLAYLIST_BYTES, MAX_PLAYLIST_ENTRIES
 */
export const PLAYLIST_EXTENSION = '.m3u8';
/** A playlist larger than this is not read (it is input like any other file). */
export const MAX_PLAYLIST_BYTES = 4 * 1024 * 1024;
export const MAX_PLAYLIST_ENTRIES = 10_000;
export const ITEM_LINE = '#CADENZA-ITEM:';

export interface PlaylistEntry {
  /** The item id from Cadenza's comment line; null for an entry another program added. */
  id: string | null;
  /** As written: relative to the playlist, forward slashes. */
  path: string;
  title: string | null;
  /** Whole seconds (#EXTINF), null when unknown. */
  seconds: number | null;
}

export interface Playlist {
  name: string;
  artist: string | null;
  /** Cover image path relative to the playlist, forward slashes. */
  cover: string | null;
  entries: PlaylistEntry[];
}

/** One line of text: no line breaks or control characters, NFC, trimmed. */
const line = (s: string): string =>
  s
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .trim();

export function formatPlaylist(p: Playlist): string {
  const out = ['#EXTM3U', `#PLAYLIST:${line(p.name)}`, `#EXTALB:${line(p.name)}`];
  if (p.artist) out.push(`#EXTART:${line(p.artist)}`);
  if (p.cover) out.push(`#EXTIMG:${line(p.cover)}`);
  for (const e of p.entries) {
    out.push(`#EXTINF:${e.seconds ?? -1},${line(e.title ?? '')}`);
    if (e.id) out.push(`${ITEM_LINE}${line(e.id)}`);
    out.push(line(e.path).replace(/\\/g, '/'));
  }
  return `${out.join('\n')}\n`;
}

/** Reads a playlist leniently (any line ending, a BOM, unknown lines skipped); bounded. */
export function parsePlaylist(text: string, fallbackName: string): Playlist {
  const p: Playlist = { name: fallbackName, artist: null, cover: null, entries: [] };
  let pending: Omit<PlaylistEntry, 'path'> = { id: null, title: null, seconds: null };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const raw of lines) {
    const l = raw.trim();
    if (!l) continue;
    if (l.startsWith('#')) {
      const at = l.indexOf(':');
      const tag = at < 0 ? l : l.slice(0, at + 1);
      const value = at < 0 ? '' : l.slice(at + 1).trim();
      if (tag === '#PLAYLIST:' && value) p.name = value.normalize('NFC');
      else if (tag === '#EXTART:') p.artist = value || null;
      else if (tag === '#EXTIMG:') p.cover = value ? value.replace(/\\/g, '/') : null;
      else if (tag === '#EXTINF:') {
        const comma = value.indexOf(',');
        const secs = Number(comma < 0 ? value : value.slice(0, comma));
        pending.seconds = Number.isFinite(secs) && secs >= 0 ? Math.round(secs) : null;
        pending.title = comma < 0 ? null : value.slice(comma + 1).trim() || null;
      } else if (tag === ITEM_LINE) pending.id = value || null;
      continue;
    }
    if (p.entries.length >= MAX_PLAYLIST_ENTRIES) break;
    p.entries.push({ ...pending, path: l.replace(/\\/g, '/').normalize('NFC') });
    pending = { id: null, title: null, seconds: null };
  }
  return p;
}
