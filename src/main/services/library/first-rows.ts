/**
 * The first rows of a first build (no saved index), before the whole folder is listed. Listing
 * and stat-ing every file is most of a first build's wait for its first rows (about 7 µs of a
 * core per file: 0.4 s at 50,000 items), and which files are newest is not known before every
 * media file is stat-ed. So a bounded part of the folder is walked first (its directory entries
 * in the order the file system gives them), the newest media there by mtime with a sidecar
 * beside them are read and handed on, and the whole listing follows (indexer.ts). When the walk
 * saw the whole folder these are the newest files, as the full scan would order them; else the
 * newest of a sample, and the full scan's newest follow, merged into main's rows in order.
 */
import { lstatSync, opendirSync, statSync, type Dir, type Stats } from 'node:fs';
import { join } from 'node:path';
import { ITEM_MEDIA_EXTENSIONS } from '../ground/media-types';
import {
  coverNear,
  entryOf,
  itemFrom,
  readSidecar,
  sidecarNameFor,
  type IndexEntry,
} from './index-entry';

/**
 * Directory entries walked before the first rows are read: about 10 ms of a core for the walk
 * and the stats of the media among them.
 */
export const FIRST_SAMPLE_ENTRIES = 8000;

const ITEM_MEDIA = new Set(ITEM_MEDIA_EXTENSIONS);

/**
 * Media files (relative paths, with their stats) among the first `budget` entries of the walk,
 * depth first like the full listing. Only plain files: a symlink is left to the full listing,
 * which checks where it leads.
 */
function sampleMedia(root: string, budget: number): Array<{ rel: string; stat: Stats }> {
  const out: Array<{ rel: string; stat: Stats }> = [];
  const pending: string[] = [''];
  let seen = 0;
  while (pending.length > 0 && seen < budget) {
    const relDir = pending.pop() as string;
    let dir: Dir;
    try {
      dir = opendirSync(join(root, relDir), { bufferSize: 1024 });
    } catch {
      continue;
    }
    try {
      for (let d = dir.readSync(); d !== null && seen < budget; d = dir.readSync()) {
        seen += 1;
        if (d.name.startsWith('.')) continue; // hidden files, and temp files (TEMP_PREFIX)
        const rel = relDir ? `${relDir}/${d.name}` : d.name;
        if (d.isDirectory()) pending.push(rel);
        if (!d.isFile()) continue;
        const dot = d.name.lastIndexOf('.');
        if (dot <= 0 || !ITEM_MEDIA.has(d.name.slice(dot).toLowerCase())) continue;
        const stat = statSync(join(root, rel), { throwIfNoEntry: false });
        if (stat?.isFile()) out.push({ rel, stat });
      }
    } catch {
      // a folder that cannot be read to its end: what was sampled stands
    } finally {
      dir.closeSync();
    }
  }
  return out;
}

/**
 * The entries of up to `count` of the newest media files among the first `budget` entries of
 * the folder, read from their sidecars as the full scan reads them. Files without a readable
 * sidecar beside them (found files, whose probe takes longer) are left to the full scan, as is
 * anything the scan could see differently (a symlinked sidecar).
 */
export function firstEntries(root: string, budget: number, count: number): IndexEntry[] {
  const media = sampleMedia(root, budget).sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
  const out: IndexEntry[] = [];
  // bounded: a folder of found files has no sidecar to read
  for (const { rel, stat } of media.slice(0, count * 3)) {
    if (out.length >= count) break;
    const sidePath = join(root, sidecarNameFor(rel));
    const sideStat = lstatSync(sidePath, { throwIfNoEntry: false });
    if (!sideStat?.isFile()) continue;
    const sidecar = readSidecar(sidePath);
    if (!sidecar) continue;
    const item = itemFrom(rel, stat, sidecar, coverNear(root, rel, sidecar));
    out.push(entryOf(item, stat, sideStat, sidecar.lyrics, sidecar.prompt));
  }
  return out;
}
