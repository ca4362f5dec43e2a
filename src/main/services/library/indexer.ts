import { Stats, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { isTempName } from '../ground/atomic';
import type { Recipe } from '@shared/domain/recipe';
import { isTaggable } from './file-tags';
import { FIRST_SAMPLE_ENTRIES, firstEntries } from './first-rows';
import { mapLimited, readFound as probeFound, type ProbeFacts } from './found';
import type { ProbeCache } from './probe-cache';
import { orphanSidecars, relinkEntries } from './relink';
import { changedFrom, dedupeIds, sharesAnId } from './entry-ids';
import { COVER_EXTENSIONS, ITEM_MEDIA_EXTENSIONS, isItemMedia } from '../ground/media-types';
import {
  SIDECAR_SUFFIX,
  coverFor,
  coverNear,
  entryOf,
  itemFrom,
  readSidecar,
  sidecarNameFor,
  type IndexEntry,
  type Listed,
} from './index-entry';

/**
 * All files under `root` except hidden ones and temp files, with their stats. Synchronous on
 * purpose: 20,000 stat calls cost tens of milliseconds this way and several times more through
 * the thread pool; the caller is already off the hot path (start-up, a debounced watch event).
 * Only the files `wholeStat` names keep their whole `Stats`, the others a size and mtime: the
 * listing lives until the scan ends, long enough for the old generation, where a scan of 50,000
 * known items left about 30 MB more of garbage with every file's `Stats` kept (issue 30).
 */
function listFiles(
  root: string,
  needStat: (rel: string, ext: string) => boolean,
  dirs?: string[],
  wholeStat: (rel: string, ext: string) => boolean = () => true,
): Map<string, Listed> {
  const out = new Map<string, Listed>();
  const pending: string[] = [''];
  // a symlink is listed only when it resolves inside the library: one pointing at a file outside
  // it is never read (probed, tagged, played), as every other reader refuses it (issue 26, point 8)
  let realRoot: string | null = null;
  const linksInside = (rel: string): boolean => {
    try {
      realRoot ??= realpathSync(root);
      const to = relative(realRoot, realpathSync(join(root, rel)));
      return to !== '' && !to.startsWith('..') && !isAbsolute(to);
    } catch {
      return false;
    }
  };
  while (pending.length > 0) {
    const relDir = pending.pop() as string;
    let dirents;
    try {
      dirents = readdirSync(join(root, relDir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const d of dirents) {
      if (d.name.startsWith('.')) continue; // hidden files, and temp files (TEMP_PREFIX)
      // a listed name holds no slash and is never . or ..: no path.join (20,000 normalizations)
      const rel = relDir ? `${relDir}/${d.name}` : d.name;
      if (d.isDirectory()) {
        pending.push(rel);
        dirs?.push(rel);
        continue;
      }
      if (!d.isFile() && !(d.isSymbolicLink() && linksInside(rel))) continue;
      const dot = d.name.lastIndexOf('.');
      const ext = dot > 0 ? d.name.slice(dot).toLowerCase() : '';
      if (d.isFile() && !needStat(rel, ext)) {
        out.set(rel, { rel, ext, stat: null });
        continue;
      }
      const stat = statSync(join(root, rel), { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      const kept = wholeStat(rel, ext) ? stat : { size: stat.size, mtimeMs: stat.mtimeMs };
      out.set(rel, { rel, ext, stat: kept });
    }
  }
  return out;
}

const ITEM_MEDIA = new Set(ITEM_MEDIA_EXTENSIONS);

/**
 * What a file added outside the app holds (probe facts, Cadenza's recipe in its tags): from the
 * probe cache while the file's size, mtime and inode are unchanged, else read and remembered.
 */
async function readFound(
  root: string,
  rel: string,
  media: Stats,
  cache: ProbeCache | undefined,
): Promise<ProbeFacts> {
  const path = join(root, rel);
  const hit = await cache?.get(path, media);
  if (hit) return hit;
  // one probe: its parse of the tags carries the recipe too (found.ts)
  const read = await probeFound(path, isTaggable(rel));
  await cache?.set(path, media, read);
  return read;
}

export interface ScanOptions {
  /**
   * Trust saved entries whose media and sidecar are still listed, without a stat (the fast
   * start-up path). A full scan must follow to catch files edited in place.
   */
  trustListed?: boolean;
  /** Receives the subfolders found (relative, forward slashes), e.g. to watch each one. */
  dirs?: string[];
  /**
   * Receives the entries read from disk as each batch is read, newest media first; their ids
   * may still change when two turn out to share one (see dedupeIds), which the result shows.
   */
  onRead?: (entries: IndexEntry[]) => void;
  /** What earlier probes learned about files added outside the app (see probe-cache.ts). */
  probeCache?: ProbeCache;
  /**
   * A first build with `onRead`: directory entries walked for its first rows before the whole
   * folder is listed (first-rows.ts; tests make it small; 0: none).
   */
  firstSample?: number;
}

/** Sidecars read before the first batch is handed on: a first screen's worth. */
export const FIRST_READ_BATCH = 100;
const READ_BATCH = 1000;

/**
 * Brings the index up to date with the folder. Entries whose media and sidecar sizes and mtimes
 * are unchanged are reused without reading the sidecar; everything else is read and validated.
 * Sidecars without their media (a download not finished) and media of unknown types are ignored.
 */
export async function scanLibrary(
  root: string,
  previous: ReadonlyMap<string, IndexEntry>,
  options: ScanOptions = {},
): Promise<Map<string, IndexEntry>> {
  // a first build hands on its first rows before it lists the whole folder; the full scan then
  // takes them as known entries, re-reading only what changed meanwhile (or shows a different
  // cover once every file is listed)
  let known = previous;
  if (options.onRead && previous.size === 0 && options.firstSample !== 0) {
    const first = firstEntries(root, options.firstSample ?? FIRST_SAMPLE_ENTRIES, FIRST_READ_BATCH);
    if (first.length > 0) {
      known = new Map(first.map((e) => [e.item.file, e]));
      options.onRead(first);
      await new Promise((r) => setImmediate(r)); // the first rows leave before the listing
    }
  }
  const trusted = (rel: string): boolean => {
    if (!options.trustListed) return false;
    if (previous.has(rel)) return true;
    return (
      rel.endsWith(SIDECAR_SUFFIX) &&
      previous.get(rel.slice(0, -SIDECAR_SUFFIX.length))?.sidecarSize != null
    );
  };
  const files = listFiles(
    root,
    // a sidecar of media the index has not seen is read anyway: it is stat-ed when it is read
    (rel, ext) =>
      !trusted(rel) &&
      (ITEM_MEDIA.has(ext) ||
        (ext === SIDECAR_SUFFIX && known.has(rel.slice(0, -SIDECAR_SUFFIX.length)))),
    options.dirs,
    // media new to the index are read (with their whole stats); a known one is stat-ed again
    // in the rare case it changed
    (rel, ext) => ext !== SIDECAR_SUFFIX && !known.has(rel),
  );
  const imageBases = new Set<string>();
  for (const { rel, ext } of files.values())
    if (COVER_EXTENSIONS.includes(ext)) imageBases.add(rel.slice(0, rel.length - ext.length));
  const next = new Map<string, IndexEntry>();
  const toRead: Array<{ rel: string; media: Stats; side: Listed | undefined }> = [];
  const bare: string[] = [];
  const recipes = new Map<string, Recipe | null>();
  for (const [rel, { stat, ext }] of files) {
    if (!ITEM_MEDIA.has(ext)) continue;
    const side = files.get(sidecarNameFor(rel));
    const prev = known.get(rel);
    const sideStat = side?.stat;
    const unchanged =
      prev &&
      (stat === null
        ? (side !== undefined) === (prev.sidecarSize !== null) &&
          (side === undefined || sideStat === null)
        : prev.mediaSize === stat.size &&
          prev.mediaMtimeMs === stat.mtimeMs &&
          prev.sidecarSize === (sideStat ? sideStat.size : null) &&
          prev.sidecarMtimeMs === (sideStat ? sideStat.mtimeMs : null) &&
          (side === undefined || sideStat !== null));
    if (prev && unchanged && !prev.relink) {
      const cover = coverFor(rel, prev.item.hasSidecar ? prev.item : null, files, imageBases);
      next.set(rel, cover === prev.item.cover ? prev : { ...prev, item: { ...prev.item, cover } });
      continue;
    }
    const media =
      stat instanceof Stats ? stat : statSync(join(root, rel), { throwIfNoEntry: false });
    if (!media) continue;
    toRead.push({ rel, media, side });
  }
  // read newest media first (by mtime: the sidecar that says when an item was made is not read
  // yet), in batches, so the first rows of a large first build are listed before the rest is read
  toRead.sort((a, b) => b.media.mtimeMs - a.media.mtimeMs);
  for (let start = 0; start < toRead.length;) {
    const size = start === 0 ? FIRST_READ_BATCH : READ_BATCH;
    const batch = toRead.slice(start, start + size);
    start += size;
    // files added outside the app (no sidecar) are probed: length, tags, embedded art
    const sideStats = batch.map(({ side }) =>
      side
        ? (side.stat ?? statSync(join(root, side.rel), { throwIfNoEntry: false }) ?? null)
        : null,
    );
    const found = await mapLimited(batch, 4, async (b, i) =>
      sideStats[i] ? null : readFound(root, b.rel, b.media, options.probeCache),
    );
    const read: IndexEntry[] = [];
    for (const [i, b] of batch.entries()) {
      const sideStat = sideStats[i] ?? null;
      const sidecar = b.side && sideStat ? readSidecar(join(root, b.side.rel)) : null;
      const cover = coverFor(b.rel, sidecar, files, imageBases);
      const facts = sidecar ? null : (found[i]?.facts ?? null);
      const item = itemFrom(b.rel, b.media, sidecar, cover, facts);
      const lyrics = sidecar ? sidecar.lyrics : facts?.lyrics;
      const entry = entryOf(item, b.media, sideStat, lyrics, sidecar?.prompt);
      next.set(b.rel, entry);
      if (!sidecar) bare.push(b.rel);
      // a file carrying Cadenza's recipe is listed once re-linking has found its story (never
      // first as an unknown file, whose item a moved song's job would offer to download again)
      const recipe = sidecar ? null : (found[i]?.recipe ?? null);
      if (!sidecar) recipes.set(b.rel, recipe);
      if (!recipe) read.push(entry);
    }
    options.onRead?.(read);
    // let timers and I/O run between batches of a large first build
    await new Promise((r) => setImmediate(r));
  }
  // files without their sidecar: moved, renamed, copied, or their sidecar lost (relink.ts)
  await relinkEntries(
    root,
    next,
    bare,
    bare.length > 0 ? orphanSidecars(files.keys(), (rel) => files.has(rel)) : [],
    readSidecar,
    recipes,
  );
  dedupeIds(next, previous);
  return next;
}

/**
 * Re-reads only the given media files (relative paths) and their sidecars and covers: what the
 * app itself just wrote (a sidecar edit, a new item, a rename), so a 50,000-item library is not
 * listed and stat-ed again for one change. Answers the whole index with those entries replaced
 * (or dropped when the media is gone) and which paths changed.
 */
export async function refreshEntries(
  root: string,
  previous: ReadonlyMap<string, IndexEntry>,
  rels: readonly string[],
  probeCache?: ProbeCache,
): Promise<{ entries: Map<string, IndexEntry>; changed: string[]; removed: string[] }> {
  const next = new Map(previous);
  const touched: string[] = [];
  const removed: string[] = [];
  const bare: string[] = [];
  const recipes = new Map<string, Recipe | null>();
  for (const rel of new Set(rels)) {
    if (!isItemMedia(rel) || isTempName(rel)) continue;
    const media = statSync(join(root, rel), { throwIfNoEntry: false });
    if (!media?.isFile()) {
      if (next.delete(rel)) removed.push(rel);
      continue;
    }
    const sideRel = sidecarNameFor(rel);
    const sideStat = statSync(join(root, sideRel), { throwIfNoEntry: false }) ?? null;
    const prev = previous.get(rel);
    const same =
      prev !== undefined &&
      prev.mediaSize === media.size &&
      prev.mediaMtimeMs === media.mtimeMs &&
      prev.sidecarSize === (sideStat?.size ?? null) &&
      prev.sidecarMtimeMs === (sideStat?.mtimeMs ?? null);
    const sidecar = same ? null : sideStat ? readSidecar(join(root, sideRel)) : null;
    const cover = coverNear(root, rel, same ? (prev.item.hasSidecar ? prev.item : null) : sidecar);
    if (same && !prev.relink) {
      // only a cover beside it can have changed
      if (cover === prev.item.cover) continue;
      next.set(rel, { ...prev, item: { ...prev.item, cover } });
      touched.push(rel);
      continue;
    }
    const read = sidecar ? null : await readFound(root, rel, media, probeCache);
    const found = read?.facts ?? null;
    if (read) {
      bare.push(rel);
      recipes.set(rel, read.recipe);
    }
    const item = itemFrom(rel, media, sidecar, cover, found);
    const lyrics = sidecar ? sidecar.lyrics : found?.lyrics;
    next.set(rel, entryOf(item, media, sideStat, lyrics, sidecar?.prompt));
    touched.push(rel);
  }
  if (touched.length === 0 && removed.length === 0) return { entries: next, changed: [], removed };
  if (bare.length > 0) {
    // a file without its sidecar: the sidecars left behind anywhere in the folder (names only)
    const listed = listFiles(root, () => false);
    await relinkEntries(
      root,
      next,
      bare,
      orphanSidecars(listed.keys(), (r) => listed.has(r)),
      readSidecar,
      recipes,
    );
  }
  // only an entry read now can share its id with another: `previous` has none that do
  let changed = changedFrom(next, previous);
  if (sharesAnId(next, changed)) {
    dedupeIds(next, previous);
    changed = changedFrom(next, previous);
  }
  return { entries: next, changed, removed };
}
