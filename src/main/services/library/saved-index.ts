import { z } from 'zod';
import type { LibraryItem } from '@shared/domain/library';
import { writeFileAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';
import type { IndexEntry } from './index-entry';

const SavedIndexHeaderSchema = z.object({
  schema_version: z.literal(1),
  libraryDir: z.string(),
  entries: z.array(z.unknown()),
});

/** A cheap shape check per entry: the saved index is our own file, written atomically. */
function plausibleEntry(e: unknown): e is IndexEntry {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as Record<string, unknown>;
  const item = x.item as Record<string, unknown> | undefined;
  return (
    typeof x.mediaSize === 'number' &&
    typeof x.mediaMtimeMs === 'number' &&
    (x.sidecarSize === null || typeof x.sidecarSize === 'number') &&
    (x.sidecarMtimeMs === null || typeof x.sidecarMtimeMs === 'number') &&
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    typeof item.file === 'string' &&
    typeof item.title === 'string' &&
    typeof item.kind === 'string' &&
    Array.isArray(item.tags) &&
    typeof item.service_ids === 'object'
  );
}

/**
 * The saved index for `libraryDir`, or an empty map when missing, damaged or for another folder.
 * Entries are trusted only while their files' sizes and mtimes match (see scanLibrary); a
 * malformed entry is dropped and its sidecar read again.
 */
export async function loadSavedIndex(
  indexFile: string,
  libraryDir: string,
): Promise<Map<string, IndexEntry>> {
  return readIndexFile(indexFile, libraryDir);
}

/**
 * The head file's entries (newest first), or none when it is missing, damaged or for another
 * folder. Shown at once and corrected by the full open that follows.
 */
export async function loadSavedHead(indexFile: string, libraryDir: string): Promise<IndexEntry[]> {
  return [...(await readIndexFile(headFileOf(indexFile), libraryDir)).values()];
}

async function readIndexFile(
  indexFile: string,
  libraryDir: string,
): Promise<Map<string, IndexEntry>> {
  try {
    const parsed = SavedIndexHeaderSchema.safeParse(
      JSON.parse(await readRegularText(indexFile, READ_CAPS.indexBytes)),
    );
    if (!parsed.success || parsed.data.libraryDir !== libraryDir) return new Map();
    const out = new Map<string, IndexEntry>();
    for (const e of parsed.data.entries) if (plausibleEntry(e)) out.set(e.item.file, e);
    return out;
  } catch {
    return new Map();
  }
}

/** Entries in the head file: enough for the first screen of any list the app shows. */
export const HEAD_ENTRIES = 200;

/** `library-index.json` → `library-index.head.json`: the newest entries, read before the rest. */
export const headFileOf = (indexFile: string): string =>
  indexFile.replace(/(\.json)?$/, '.head.json');

export async function saveIndex(
  indexFile: string,
  libraryDir: string,
  entries: ReadonlyMap<string, IndexEntry>,
  newestFirst?: (a: LibraryItem, b: LibraryItem) => number,
): Promise<void> {
  // machine-read only: compact JSON keeps 10,000 entries small and quick to parse
  const all = [...entries.values()];
  await writeFileAtomic(indexFile, JSON.stringify({ schema_version: 1, libraryDir, entries: all }));
  if (!newestFirst) return;
  // the first rows of a start-up come from this small file while the whole index loads
  const head = all.sort((a, b) => newestFirst(a.item, b.item)).slice(0, HEAD_ENTRIES);
  await writeFileAtomic(
    headFileOf(indexFile),
    JSON.stringify({ schema_version: 1, libraryDir, entries: head }),
  );
}
