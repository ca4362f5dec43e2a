/**
 * The library index in the worker thread: building it (reading every sidecar), loading and
 * saving the saved index, and searching it (lyrics included) all happen here, off main's event
 * loop. Each open library in main has a state here under its handle; main holds the same entries
 * and learns of changes as diffs, sent in chunks so no single message is large.
 */
import type { LibraryItem } from '@shared/domain/library';
import type { TaskContext } from '../worker/protocol';
import { loadSavedHead, loadSavedIndex, saveIndex, scanLibrary, type IndexEntry } from './indexer';
import { LibrarySearch, type LibraryQuery } from './search';

/** Which library a call is about: main's handle for it, its folder and its saved index. */
export interface IndexRef {
  handle: string;
  dir: string;
  indexFile?: string;
}

interface IndexState {
  entries: Map<string, IndexEntry>;
  items: LibraryItem[];
  search: LibrarySearch;
}

/** Entries per progress message: about 1–2 MB of structured clone each. */
export const ENTRY_CHUNK = 1000;

const states = new Map<string, IndexState>();

export const newestFirst = (a: LibraryItem, b: LibraryItem): number =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.file.localeCompare(b.file);

function stateOf(entries: Map<string, IndexEntry>, search = new LibrarySearch()): IndexState {
  return { entries, items: [...entries.values()].map((e) => e.item), search };
}

function sendInChunks(entries: IndexEntry[], ctx: TaskContext<IndexEntry[]>): void {
  for (let i = 0; i < entries.length; i += ENTRY_CHUNK)
    ctx.progress(entries.slice(i, i + ENTRY_CHUNK));
}

/** The state for `ref`; after a worker restart it is rebuilt from the folder. */
async function stateFor(ref: IndexRef): Promise<IndexState> {
  let state = states.get(ref.handle);
  if (!state) {
    state = stateOf(await scanLibrary(ref.dir, new Map()));
    states.set(ref.handle, state);
  }
  return state;
}

export interface OpenResult {
  count: number;
  /** Subfolders of the library (relative), for watching. */
  dirs: string[];
  /** The saved index matched the folder exactly (nothing to save). */
  unchangedFromSaved: boolean;
  fromSaved: boolean;
  /** Entries sent first from the head file that the folder no longer has (relative paths). */
  removed: string[];
}

export interface ScanResult {
  /** Media paths no longer in the library. */
  removed: string[];
  /** Subfolders of the library (relative), for watching. */
  dirs: string[];
}

export const libraryTasks = {
  /**
   * Loads the saved index (entries whose files are still listed are trusted) or builds the index
   * from the folder; sends every entry, newest first, as progress.
   */
  async 'library.open'(ref: IndexRef, ctx: TaskContext<IndexEntry[]>): Promise<OpenResult> {
    // the newest entries first, from a small file, so the first rows need not wait for the rest
    const head = ref.indexFile ? await loadSavedHead(ref.indexFile, ref.dir) : [];
    if (head.length > 0) ctx.progress(head);
    const saved = ref.indexFile ? await loadSavedIndex(ref.indexFile, ref.dir) : new Map();
    const dirs: string[] = [];
    const entries = await scanLibrary(ref.dir, saved, { trustListed: saved.size > 0, dirs });
    const state = stateOf(entries);
    states.set(ref.handle, state);
    const unchangedFromSaved =
      saved.size > 0 &&
      saved.size === entries.size &&
      [...entries].every(([rel, e]) => saved.get(rel) === e);
    // what the head already said is not sent again; what it said wrongly is replaced or removed
    const sent = new Map(head.map((e) => [e.item.file, JSON.stringify(e)]));
    const ordered = [...entries.values()]
      .filter((e) => {
        const before = sent.get(e.item.file);
        return before === undefined || before !== JSON.stringify(e);
      })
      .sort((a, b) => newestFirst(a.item, b.item));
    sendInChunks(ordered, ctx);
    const removed = [...sent.keys()].filter((rel) => !entries.has(rel));
    return { count: entries.size, dirs, unchangedFromSaved, fromSaved: saved.size > 0, removed };
  },

  /** Brings the index up to date with the folder; sends the entries that changed as progress. */
  async 'library.scan'(ref: IndexRef, ctx: TaskContext<IndexEntry[]>): Promise<ScanResult> {
    const state = states.get(ref.handle);
    const previous = state?.entries ?? new Map<string, IndexEntry>();
    const dirs: string[] = [];
    const next = await scanLibrary(ref.dir, previous, { dirs });
    const changed: IndexEntry[] = [];
    for (const [rel, e] of next) if (previous.get(rel) !== e) changed.push(e);
    const removed = [...previous.keys()].filter((rel) => !next.has(rel));
    states.set(ref.handle, stateOf(next, state?.search));
    sendInChunks(
      changed.sort((a, b) => newestFirst(a.item, b.item)),
      ctx,
    );
    return { removed, dirs };
  },

  /** Prepares every item's searchable text (lyrics included) so the first keystroke is quick. */
  async 'library.warm'(ref: IndexRef): Promise<void> {
    const state = await stateFor(ref);
    await state.search.warm(state.items);
  },

  /** Ids of the items whose title, tags, lyrics or prompt hold every word of the query. */
  async 'library.search'(input: IndexRef & { query: LibraryQuery }): Promise<string[]> {
    const state = await stateFor(input);
    return state.search.filter(state.items, input.query).map((i) => i.id);
  },

  async 'library.save'(ref: IndexRef): Promise<void> {
    if (!ref.indexFile) return;
    const state = states.get(ref.handle);
    if (state) await saveIndex(ref.indexFile, ref.dir, state.entries, newestFirst);
  },

  'library.close'(ref: IndexRef): void {
    states.delete(ref.handle);
  },
};
