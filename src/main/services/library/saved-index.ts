/**
 * The saved index in the data folder: line-delimited JSON — a header line, then one entry per
 * line — written a few hundred entries at a time and read a few MB at a time, so neither side ever
 * builds one string of the whole index (50,000 entries are tens of MB of JSON). A small head file
 * holds the newest entries for the first rows of a start-up.
 */
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { LibraryItem } from '@shared/domain/library';
import { commitTemp, tempPathFor } from '../ground/atomic';
import { READ_CAPS, openRegular } from '../ground/regular-file';
import type { IndexEntry } from './index-entry';

/**
 * 4: line-delimited, compact items (no lyrics, no prompt: `hasPrompt`), each entry's prompt beside
 * its item and its search text (its distinct words, artist, album and genre included since 4). An
 * index of another version is not read: the folder is read again and the index saved anew.
 */
const SAVED_INDEX_VERSION = 4;

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
    (x.text === undefined || typeof x.text === 'string') &&
    (x.prompt === undefined || typeof x.prompt === 'string') &&
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    typeof item.file === 'string' &&
    typeof item.title === 'string' &&
    typeof item.kind === 'string' &&
    typeof item.hasLyrics === 'boolean' &&
    typeof item.hasPrompt === 'boolean' &&
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

/** Bytes read at a time: a few thousand entries per read, one string decode per read. */
const READ_CHUNK = 4 * 1024 * 1024;

/**
 * The file's lines, a read of a few MB at a time: each read is decoded once and cut at its
 * newlines (a line split across reads is carried over). No per-line event or promise (readline's
 * async iterator costs several microseconds a line: a second at 50,000 entries on a loaded core).
 */
async function* linesOf(handle: FileHandle, cap: number): AsyncGenerator<string[]> {
  let buf = Buffer.allocUnsafe(READ_CHUNK);
  let held = 0; // bytes of a line carried over from the read before
  let total = 0;
  for (;;) {
    if (held === buf.length) {
      // one line longer than a read: room for more of it
      const bigger = Buffer.allocUnsafe(buf.length * 2);
      buf.copy(bigger, 0, 0, held);
      buf = bigger;
    }
    const { bytesRead } = await handle.read(buf, held, buf.length - held, null);
    total += bytesRead;
    if (total > cap) throw new Error('saved index over its cap');
    const end = held + bytesRead;
    const lines: string[] = [];
    let start = 0;
    for (let nl = buf.indexOf(10, held); nl >= 0 && nl < end; nl = buf.indexOf(10, start)) {
      lines.push(buf.toString('utf8', start, nl));
      start = nl + 1;
    }
    if (bytesRead === 0) {
      if (start < end) lines.push(buf.toString('utf8', start, end));
      if (lines.length > 0) yield lines;
      return;
    }
    held = end - start;
    buf.copy(buf, 0, start, end);
    if (lines.length > 0) yield lines;
  }
}

async function readIndexFile(
  indexFile: string,
  libraryDir: string,
): Promise<Map<string, IndexEntry>> {
  const out = new Map<string, IndexEntry>();
  let opened;
  try {
    opened = await openRegular(indexFile);
  } catch {
    return out;
  }
  try {
    if (opened.stat.size > READ_CAPS.indexBytes) return out;
    let header = true;
    for await (const lines of linesOf(opened.handle, READ_CAPS.indexBytes)) {
      for (const line of lines) {
        if (header) {
          const h = JSON.parse(line) as { schema_version?: unknown; libraryDir?: unknown };
          if (h.schema_version !== SAVED_INDEX_VERSION || h.libraryDir !== libraryDir)
            return new Map();
          header = false;
          continue;
        }
        if (!line) continue;
        const e: unknown = JSON.parse(line);
        if (plausibleEntry(e)) out.set(e.item.file, e);
      }
    }
    return out;
  } catch {
    return new Map();
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}

/** Entries in the head file: enough for the first screen of any list the app shows. */
export const HEAD_ENTRIES = 200;

/** `library-index.json` → `library-index.head.json`: the newest entries, read before the rest. */
export const headFileOf = (indexFile: string): string =>
  indexFile.replace(/(\.json)?$/, '.head.json');

/** Entries per write: a few hundred KB of JSON at a time. */
const WRITE_BATCH = 500;

/** Writes `entries` line by line into a temp file beside `target`, then puts it in place. */
async function writeLines(
  target: string,
  libraryDir: string,
  entries: Iterable<IndexEntry>,
): Promise<void> {
  const tmp = tempPathFor(target, '.tmp');
  const handle = await fs.open(tmp, 'wx', 0o644);
  try {
    await handle.write(`${JSON.stringify({ schema_version: SAVED_INDEX_VERSION, libraryDir })}\n`);
    let batch: string[] = [];
    for (const e of entries) {
      batch.push(JSON.stringify(e));
      if (batch.length >= WRITE_BATCH) {
        await handle.write(`${batch.join('\n')}\n`);
        batch = [];
      }
    }
    if (batch.length > 0) await handle.write(`${batch.join('\n')}\n`);
  } catch (e) {
    await handle.close().catch(() => undefined);
    await fs.rm(tmp, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await commitTemp(tmp, target);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

export async function saveIndex(
  indexFile: string,
  libraryDir: string,
  entries: ReadonlyMap<string, IndexEntry>,
  newestFirst?: (a: LibraryItem, b: LibraryItem) => number,
): Promise<void> {
  // machine-read only: compact JSON, one entry a line
  await writeLines(indexFile, libraryDir, entries.values());
  if (!newestFirst) return;
  // the first rows of a start-up come from this small file while the whole index loads
  const head: IndexEntry[] = [];
  for (const e of entries.values()) {
    head.push(e);
    if (head.length > HEAD_ENTRIES * 4) {
      head.sort((a, b) => newestFirst(a.item, b.item));
      head.length = HEAD_ENTRIES;
    }
  }
  head.sort((a, b) => newestFirst(a.item, b.item));
  await writeLines(headFileOf(indexFile), libraryDir, head.slice(0, HEAD_ENTRIES));
}
