/**
 * Every file the library saves describes itself (DESIGN §5, issue 28): standard tags any player
 * reads — title, artist and album (Settings' export defaults, else left as found), lyrics, cover
 * art (within MAX_EMBEDDED_COVER_BYTES), genre (the style tags), date, ReplayGain from the loudness
 * Cadenza measured — and the item's recipe in Cadenza's private field. Merged (audio/tags/retag.ts):
 * frames Cadenza does not own stay as they are, the audio is never touched. MP3, FLAC and WAV;
 * videos (MP4) are not tagged this round.
 *
 *   const facts = await tagLibraryFile(tmpPath, sidecar, { coverPath, defaults });
 *   // { file_size_bytes, audio_sha256 } for the sidecar, or null when the file could not be tagged
 */
import { promises as fs } from 'node:fs';
import { extname } from 'node:path';
import { recipeText, type RecipeSource } from '@shared/domain/recipe';
import type { Loudness } from '@shared/domain/loudness';
import { MAX_EMBEDDED_COVER_BYTES, retagFile, type CoverArt, type ExportTags } from '../audio/tags';
import type { tagTasks } from '../audio/tags/tasks';
import { sniffContent } from '../files/sniff';
import { readRegular } from '../ground/regular-file';
import { sharedWorker } from '../worker';
import { logger } from '../log';
import { words } from '../words';

const log = logger('library');

/** The formats the library tags (by the media file's extension). */
const TAGGED_EXTENSIONS = new Set(['.mp3', '.flac', '.wav']);
export const isTaggable = (fileName: string): boolean =>
  TAGGED_EXTENSIONS.has(extname(fileName).toLowerCase());

/** Artist and album written into every file (Settings' export defaults). */
export interface TagDefaults {
  artist?: string;
  album?: string;
}

/** What the tags are made from: a sidecar (any version; unknown fields ignored). */
export interface TaggedItem extends RecipeSource {
  title: string;
  /** Which take of its submission (1-based): the title tag says "Title · Take N". */
  take?: number | null;
  lyrics?: string | null;
  tags?: string[];
  loudness?: Loudness;
  rating?: number | null;
  /** The item's own artist, album and genre (a bulk edit): they win over the defaults. */
  artist?: string | null;
  album?: string | null;
  genre?: string | null;
}

/** ReplayGain 2.0's reference level: a track gain brings the audio to −18 LUFS. */
const REPLAYGAIN_REFERENCE_LUFS = -18;

export function tagsForItem(
  item: TaggedItem,
  cover: CoverArt | null,
  defaults: TagDefaults = {},
  options: { withoutCadenza?: boolean } = {},
): ExportTags {
  // takes of one submission share the song's title: other players tell them apart by the take
  // ("Harbour Lights · Take 2", the app's language when the file is tagged), as Cadenza does
  const title = item.take ? words('common:take.name', { title: item.title, n: item.take }) : null;
  const t: ExportTags = { title: title ?? item.title };
  const artist = item.artist || defaults.artist;
  const album = item.album || defaults.album;
  if (artist) t.artist = artist;
  if (album) t.album = album;
  if (item.lyrics) t.lyrics = item.lyrics;
  if (item.prompt) t.comment = item.prompt;
  if (item.genre) t.genre = item.genre;
  else if (item.tags && item.tags.length > 0) t.genre = item.tags.join(', ');
  if (item.created_at && /^\d{4}-\d{2}-\d{2}/.test(item.created_at))
    t.date = item.created_at.slice(0, 10);
  if (cover) t.cover = cover;
  // a cleared rating (null) removes Cadenza's rating frames; never rated (absent) leaves them
  if (item.rating !== undefined) t.rating = item.rating ?? 0;
  const l = item.loudness;
  if (l && l.integratedLufs !== null)
    t.replayGain = {
      trackGainDb: REPLAYGAIN_REFERENCE_LUFS - l.integratedLufs,
      // the true peak: at or above the sample peak, so a player's clipping guard stays safe
      trackPeak: l.truePeakDb === null ? null : 10 ** (l.truePeakDb / 20),
    };
  if (!options.withoutCadenza) {
    const recipe = recipeText(item);
    if (recipe) t.recipe = recipe;
  }
  return t;
}

/**
 * The cover image at `path` as art to embed, or null (missing, a link, not an image, too large).
 * Read through the regular-file helper, capped: a FIFO
 * swapped in after the `lstat` is refused at once instead of holding the read.
 */
export async function coverArtAt(path: string | null | undefined): Promise<CoverArt | null> {
  if (!path) return null;
  const st = await fs.lstat(path).catch(() => null);
  if (!st?.isFile() || st.size > MAX_EMBEDDED_COVER_BYTES) return null;
  const read = await readRegular(path, MAX_EMBEDDED_COVER_BYTES).catch(() => null);
  if (!read) return null;
  const data = new Uint8Array(read);
  const sniffed = sniffContent(data.subarray(0, 64));
  return sniffed?.kind === 'image' ? { mimeType: sniffed.mimeType, data } : null;
}

/** The file's size and audio-payload hash, hashed in the worker thread (not on main's loop). */
export const audioHashOffMain = (path: string): Promise<{ sizeBytes: number; sha256: string }> =>
  sharedWorker<typeof tagTasks>().run('tags.audioHash', { path });

export interface FileFacts {
  file_size_bytes: number;
  audio_sha256: string;
}

/**
 * Tags the file at `path` for `item` (best effort: a file whose tags cannot be rewritten is left as
 * it is, and logged) and answers its size and audio-payload hash for the sidecar (null when the
 * format is not tagged or the file could not be read).
 */
export async function tagLibraryFile(
  path: string,
  item: TaggedItem,
  options: {
    /** The file's name in the library, when `path` is a temp file (its extension says the format). */
    fileName?: string;
    coverPath?: string | null;
    defaults?: TagDefaults;
    keepModifiedTime?: boolean;
  } = {},
): Promise<FileFacts | null> {
  if (!isTaggable(options.fileName ?? path)) return null;
  try {
    const cover = await coverArtAt(options.coverPath);
    await retagFile(path, tagsForItem(item, cover, options.defaults), {
      keepModifiedTime: options.keepModifiedTime,
    });
  } catch (e) {
    log.warn('could not tag a library file; it is kept as it was', {
      id: item.id,
      error: String(e),
    });
  }
  try {
    const { sizeBytes, sha256 } = await audioHashOffMain(path);
    return { file_size_bytes: sizeBytes, audio_sha256: sha256 };
  } catch {
    return null;
  }
}
