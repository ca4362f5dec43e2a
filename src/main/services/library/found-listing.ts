/**
 * A folder of files added outside the app, listed from the probe cache alone (issue 30): what
 * `cadenza library list` prints for it when every media file is one the cache knows as it is now
 * (path, size, mtime, inode) — the items the full open would build (indexer.ts `scanLibrary`,
 * index-entry.ts `itemFrom`, main's `ItemList`, library-writes.ts `full`), without the schemas,
 * the index or the logger, whose loading cost the CLI more than such a listing's own work.
 *
 * It answers null — and the caller opens the library as usual — for anything else: a sidecar or
 * any other `.json` file (re-linking), a symbolic link, a folder it cannot read, a file the cache
 * does not know or knows with Cadenza's recipe (or no cache, unless the folder holds no media), a title or length the schema would have to check,
 * two files with one id. Synchronous, read-only: nothing is written, the cache included.
 *
 *   const items = listFoundFromCache(libraryDir, join(dataDir, PROBE_CACHE_NAME));
 *   if (items) print(items); else open the library
 */
import { hash } from 'node:crypto';
import { readdirSync, statSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import type { LibraryKind } from '@shared/domain/library';
import { ITEM_MEDIA_EXTENSIONS, guessKind } from '../ground/media-types';
import { READ_CAPS, readRegularTextSync } from '../ground/regular-file';
import { byNewest } from './item-list';
import {
  CACHE_VERSION,
  MAX_LINE_CHARS,
  lineMatches,
  plausibleLine,
  type CacheLine,
} from './probe-cache-lines';

/**
 * A found file as `cadenza library list --json` prints it: support.ts `sidecarOf` of the full item
 * (index-entry.ts `itemFrom` with SidecarSchema's defaults, main's `ItemList.keep`, library-writes.ts
 * `full`), fields in that order. test/unit/library/found-listing.test.ts holds the two to each other.
 */
export interface FoundListed {
  schema_version: 1;
  id: string;
  kind: LibraryKind;
  title: string;
  tags: string[];
  model: null;
  voice: null;
  singer: null;
  emotion: null;
  duration_ms: number | null;
  service_ids: Record<string, never>;
  source_url: null;
  parent_id: null;
  variation_group: null;
  created_at: string;
  job_id: null;
  cover_file: null;
  lyrics: string | null;
  prompt: null;
  file: string;
  hasSidecar: false;
}

/** The kind of a found file by its extension (media-types.ts `guessKind`), for each item media type. */
const KIND_OF = new Map(ITEM_MEDIA_EXTENSIONS.map((ext) => [ext, guessKind(`file${ext}`)]));
const SIDECAR_EXT = '.json';

/** The cache's lines without recipes, by path; null when the file is missing, damaged or too large. */
function cacheLines(file: string): Map<string, CacheLine> | null {
  let text: string;
  try {
    text = readRegularTextSync(file, READ_CAPS.cacheBytes);
  } catch {
    return null;
  }
  const lines = text.split('\n');
  try {
    if (
      (JSON.parse(lines[0] ?? '') as { schema_version?: unknown }).schema_version !== CACHE_VERSION
    )
      return null;
  } catch {
    return null;
  }
  const out = new Map<string, CacheLine>();
  // a line with a recipe is not plausible here: that file's listing needs re-linking
  const noRecipe = (): boolean => false;
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (!text || text.length > MAX_LINE_CHARS) continue;
    try {
      const l: unknown = JSON.parse(text);
      if (plausibleLine(l, noRecipe)) out.set(l.path, l);
    } catch {
      // a damaged line: that file is not known
    }
  }
  return out;
}

/** index-entry.ts `externalId` (one call instead of a Hash object each). */
const externalId = (rel: string): string => `ext_${hash('sha1', rel, 'hex').slice(0, 16)}`;

/**
 * The item of a media file (index-entry.ts `itemFrom` of a file without a sidecar, as printed),
 * or null when the cache does not know the file as it is or the schema would have to check it.
 */
function itemOf(
  rel: string,
  name: string,
  extLength: number,
  kind: LibraryKind,
  stat: Stats,
  line: CacheLine | undefined,
): FoundListed | null {
  if (!lineMatches(line, stat)) return null;
  const found = line.facts;
  const ms = found?.durationMs ?? null;
  if (ms !== null && !(Number.isSafeInteger(ms) && ms >= 0)) return null;
  const lyrics = found?.lyrics;
  return {
    schema_version: 1,
    id: externalId(rel),
    kind,
    title: found?.title ?? name.slice(0, name.length - extLength),
    tags: found ? [...found.genre] : [],
    model: null,
    voice: null,
    singer: null,
    emotion: null,
    duration_ms: ms,
    service_ids: {},
    source_url: null,
    parent_id: null,
    variation_group: null,
    created_at: new Date(stat.birthtimeMs || stat.mtimeMs).toISOString(),
    job_id: null,
    cover_file: null,
    // library-writes.ts `full`: a found file's lyrics when it has any
    lyrics: lyrics?.trim() ? lyrics : null,
    prompt: null,
    file: rel,
    hasSidecar: false,
  };
}

/**
 * The items of the media files under `root`, listed as indexer.ts `listFiles` lists them (each
 * made as its file is stat-ed: no file's stats outlive it); null: not for this path.
 */
function listItems(
  root: string,
  lines: ReadonlyMap<string, CacheLine> | null,
): FoundListed[] | null {
  const items: FoundListed[] = [];
  // the path of a listed name, as the cache knows it: `join` normalised each of thousands (a
  // resolved root; names hold no separator and are never . or ..), Windows' separators aside
  const under = root.endsWith(sep) ? root : `${root}${sep}`;
  const pathOf = sep === '/' ? (rel: string) => `${under}${rel}` : (rel: string) => join(root, rel);
  const pending = [''];
  while (pending.length > 0) {
    const relDir = pending.pop()!;
    for (const d of readdirSync(join(root, relDir), { withFileTypes: true })) {
      const name = d.name;
      if (name.startsWith('.')) continue;
      const rel = relDir ? `${relDir}/${name}` : name;
      if (d.isDirectory()) {
        pending.push(rel);
        continue;
      }
      if (d.isSymbolicLink()) return null;
      if (!d.isFile()) continue;
      const dot = name.lastIndexOf('.');
      const ext = dot > 0 ? name.slice(dot).toLowerCase() : '';
      if (ext === SIDECAR_EXT) return null;
      const kind = KIND_OF.get(ext);
      if (kind === undefined) continue;
      // no cache (a first listing): the library probes the files; only a folder without media
      // is listed here, and a first listing costs this no more than a look into a folder or two
      if (!lines) return null;
      const path = pathOf(rel);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      const item = itemOf(rel, name, ext.length, kind, stat, lines.get(path));
      if (!item) return null;
      items.push(item);
    }
  }
  return items;
}

/** Every item of the folder as listed, newest first; null: open the library instead. */
export function listFoundFromCache(root: string, cacheFile: string): FoundListed[] | null {
  const lines = cacheLines(cacheFile);
  let items;
  try {
    items = listItems(root, lines);
  } catch {
    return null;
  }
  if (!items) return null;
  // two files with one id: the library gives one a derived id (indexer.ts `dedupeIds`)
  if (new Set(items.map((i) => i.id)).size !== items.length) return null;
  return items.sort(byNewest);
}
