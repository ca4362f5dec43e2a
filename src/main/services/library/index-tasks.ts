/**
 * The library index in the worker thread: building it (reading every sidecar), loading and
 * saving the saved index, and searching it (lyrics included) all happen here, off main's event
 * loop. Each open library in main has a state here under its handle; main holds the same entries
 * and learns of changes as diffs, sent in chunks so no single message is large.
 */
import { getHeapStatistics } from 'node:v8';
import { openDone } from '../worker/priority';
import type { TaskContext } from '../worker/protocol';
import { busyWith, collectGarbage, postponeShrink, shrinkSoon, shrinksDone } from './heap-shrink';
import { entrySender, type EntryChunk } from './entry-sender';
import type { IndexEntry } from './index-entry';
import { refreshEntries, scanLibrary } from './indexer';
import { byNewest } from './item-list';
import { ProbeCache } from './probe-cache';
import { refineIndexed } from './refine';
import { loadSavedHead, loadSavedIndex, saveIndex } from './saved-index';
import { LibrarySearch, type LibraryQuery } from './search';

/** Which library a call is about: main's handle for it, its folder and its saved index. */
export interface IndexRef {
  handle: string;
  dir: string;
  indexFile?: string;
  /** What the probe learned of files added outside the app (data folder; see probe-cache.ts). */
  probeCacheFile?: string;
  /**
   * Whether a first build hands on early rows before the whole folder is listed (first-rows.ts):
   * a listing command waits for the whole index anyway, so a read-only open skips them.
   */
  earlyRows?: boolean;
}

interface IndexState {
  entries: Map<string, IndexEntry>;
  /** The entries newest first, as main lists them: search answers come in main's order. */
  ordered: IndexEntry[];
  search: LibrarySearch;
}

const states = new Map<string, IndexState>();

/**
 * The last save asked of each saved-index file (two libraries on one data folder — one closing
 * while the next opens — save into the same file): the next waits for it.
 */
const saves = new Map<string, Promise<void>>();

/**
 * An open in progress: the entries it knows so far (its saved head, its saved index, what it has
 * read), so a page's prompts are answered meanwhile from them — never by building the index a
 * second time (`stateFor`) while the open builds it.
 */
const opening = new Map<string, (rel: string) => IndexEntry | undefined>();

/** One probe cache per file, shared by every library open on it in this thread. */
const probeCaches = new Map<string, ProbeCache>();
const probeCacheOf = (ref: IndexRef): ProbeCache | undefined => {
  if (!ref.probeCacheFile) return undefined;
  let cache = probeCaches.get(ref.probeCacheFile);
  if (!cache) probeCaches.set(ref.probeCacheFile, (cache = new ProbeCache(ref.probeCacheFile)));
  return cache;
};

/** Writes what new probes learned (a cache: a failed write only costs a probe next time). */
const saveProbeCache = (ref: IndexRef): Promise<void> =>
  probeCacheOf(ref)
    ?.save()
    .catch(() => undefined) ?? Promise.resolve();

/** Main's order (item-list.ts): newest first, ties by path. */
export const newestFirst = byNewest;

function stateOf(entries: Map<string, IndexEntry>, search = new LibrarySearch()): IndexState {
  const ordered = [...entries.values()].sort((a, b) => newestFirst(a.item, b.item));
  return { entries, ordered, search };
}

/**
 * The state after a refresh changed or removed a few paths: the order is kept and the changed
 * entries merged into it, instead of sorting every entry again (a refresh follows each of the
 * app's own writes: at 50,000 items a sort per rename or loudness batch was most of its cost).
 */
function stateAfter(
  state: IndexState,
  entries: Map<string, IndexEntry>,
  changed: readonly string[],
  removed: readonly string[],
): IndexState {
  const touched = new Set([...changed, ...removed]);
  const kept = state.ordered.filter((e) => !touched.has(e.item.file));
  const incoming = changed
    .map((rel) => entries.get(rel))
    .filter((e): e is IndexEntry => e !== undefined)
    .sort((a, b) => newestFirst(a.item, b.item));
  const ordered = new Array<IndexEntry>(kept.length + incoming.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < kept.length && j < incoming.length)
    ordered[k++] = newestFirst(kept[i]!.item, incoming[j]!.item) <= 0 ? kept[i++]! : incoming[j++]!;
  while (i < kept.length) ordered[k++] = kept[i++]!;
  while (j < incoming.length) ordered[k++] = incoming[j++]!;
  return { entries, ordered, search: state.search };
}

/** The state for `ref`; after a worker restart it is rebuilt from the folder. */
async function stateFor(ref: IndexRef): Promise<IndexState> {
  let state = states.get(ref.handle);
  if (!state) {
    state = stateOf(await scanLibrary(ref.dir, new Map(), { probeCache: probeCacheOf(ref) }));
    states.set(ref.handle, state);
    openDone(); // a restarted thread's rebuild counts as its first open (priority.ts)
    await saveProbeCache(ref);
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
  /** Entries sent early (the head file's, a first build's first rows) now gone (relative paths). */
  removed: string[];
}

export interface ScanResult {
  /** Media paths no longer in the library. */
  removed: string[];
  /**
   * The worker had lost this library's index (its thread restarted) and sent every entry: paths
   * main holds that were not sent are gone too.
   */
  complete?: boolean;
  /** Subfolders of the library (relative), for watching. */
  dirs: string[];
}

/**
 * Loads the saved index (entries whose files are still listed are trusted) or builds the index
 * from the folder; sends every entry, newest first, as progress.
 */
async function openIndex(ref: IndexRef, ctx: TaskContext<EntryChunk>): Promise<OpenResult> {
  try {
    return await openIndexNow(ref, ctx);
  } finally {
    opening.delete(ref.handle);
  }
}

/**
 * Entries of an open sent with their prompts: the first rows (the saved head's, or the first
 * sidecars read), so main answers the first page without waiting for this thread.
 */
const PROMPTS_FIRST = 200;

async function openIndexNow(ref: IndexRef, ctx: TaskContext<EntryChunk>): Promise<OpenResult> {
  const sender = entrySender(ctx, PROMPTS_FIRST);
  // entries read from disk go to main as they are read (a first build lists its newest files
  // within a batch of sidecars, not after all of them)
  const streamed = new Map<string, IndexEntry>();
  let saved = new Map<string, IndexEntry>();
  let headByFile = new Map<string, IndexEntry>();
  opening.set(ref.handle, (rel) => streamed.get(rel) ?? saved.get(rel) ?? headByFile.get(rel));
  // the newest entries first, from a small file, so the first rows need not wait for the rest
  const head = ref.indexFile ? await loadSavedHead(ref.indexFile, ref.dir) : [];
  headByFile = new Map(head.map((e) => [e.item.file, e]));
  sender.send(head);
  if (ref.indexFile) saved = await loadSavedIndex(ref.indexFile, ref.dir);
  const dirs: string[] = [];
  const entries = await scanLibrary(ref.dir, saved, {
    trustListed: saved.size > 0,
    dirs,
    probeCache: probeCacheOf(ref),
    ...(ref.earlyRows === false ? { firstSample: 0 } : {}),
    onRead: (read) => {
      for (const e of read) streamed.set(e.item.file, e);
      sender.send(read);
    },
  });
  const state = stateOf(entries);
  states.set(ref.handle, state);
  let unchangedFromSaved = saved.size > 0 && saved.size === entries.size;
  if (unchangedFromSaved)
    for (const [rel, e] of entries)
      if (saved.get(rel) !== e) {
        unchangedFromSaved = false;
        break;
      }
  // what was sent already is not sent again; what the head said wrongly is replaced or removed
  // (the state's order is main's: no second sort)
  const headSaid = new Map(head.map((e) => [e.item.file, JSON.stringify(e)]));
  const ordered = state.ordered.filter((e) => {
    if (streamed.has(e.item.file)) return streamed.get(e.item.file) !== e;
    const before = headSaid.get(e.item.file);
    return before === undefined || before !== JSON.stringify(e);
  });
  sender.send(ordered);
  await Promise.all([sender.sent(), saveProbeCache(ref)]);
  // and what a first build's first rows listed that was gone by the time the folder was listed
  const removed = [...new Set([...headSaid.keys(), ...streamed.keys()])].filter(
    (rel) => !entries.has(rel),
  );
  return { count: entries.size, dirs, unchangedFromSaved, fromSaved: saved.size > 0, removed };
}

export const libraryTasks = {
  /**
   * Loads the saved index (entries whose files are still listed are trusted) or builds the index
   * from the folder; sends every entry, newest first, as progress.
   */
  async 'library.open'(ref: IndexRef, ctx: TaskContext<EntryChunk>): Promise<OpenResult> {
    // the first open runs at main's priority; the thread lowers its own once it is done
    return busyWith(openIndex(ref, ctx)).finally(() => {
      openDone();
      shrinkSoon();
    });
  },

  /** Brings the index up to date with the folder; sends the entries that changed as progress. */
  async 'library.scan'(ref: IndexRef, ctx: TaskContext<EntryChunk>): Promise<ScanResult> {
    const state = states.get(ref.handle);
    const previous = state?.entries ?? new Map<string, IndexEntry>();
    const dirs: string[] = [];
    const next = await busyWith(
      scanLibrary(ref.dir, previous, { dirs, probeCache: probeCacheOf(ref) }),
    );
    await saveProbeCache(ref);
    const complete = state === undefined;
    const changed: IndexEntry[] = [];
    for (const [rel, e] of next) if (previous.get(rel) !== e) changed.push(e);
    const removed = [...previous.keys()].filter((rel) => !next.has(rel));
    const scanned = stateOf(next, state?.search);
    states.set(ref.handle, scanned);
    // here, not on the next keystroke; after a thread restart the word index is built anew
    if (complete) scanned.search.index(scanned.ordered);
    else scanned.search.follow(scanned.ordered);
    const sender = entrySender(ctx);
    sender.send(changed.sort((a, b) => newestFirst(a.item, b.item)));
    await sender.sent();
    shrinkSoon();
    return { removed, dirs, complete };
  },

  /**
   * Re-reads only these media files (relative paths) and their sidecars: a change the app made
   * itself. Sends the entries that changed as progress; answers the paths now gone.
   */
  async 'library.refresh'(
    input: IndexRef & { files: string[] },
    ctx: TaskContext<EntryChunk>,
  ): Promise<Omit<ScanResult, 'dirs'>> {
    postponeShrink();
    if (!states.has(input.handle)) {
      // the thread restarted: the whole index is built again and sent
      const scanned = await libraryTasks['library.scan'](input, ctx);
      return { removed: scanned.removed, complete: true };
    }
    const state = await stateFor(input);
    const { entries, changed, removed } = await refreshEntries(
      input.dir,
      state.entries,
      input.files,
      probeCacheOf(input),
    );
    await saveProbeCache(input);
    if (changed.length === 0 && removed.length === 0) return { removed };
    const after = stateAfter(state, entries, changed, removed);
    states.set(input.handle, after);
    after.search.follow(after.ordered); // here, not on the next keystroke
    const sender = entrySender(ctx);
    sender.send(
      changed
        .map((rel) => entries.get(rel) as IndexEntry)
        .sort((a, b) => newestFirst(a.item, b.item)),
    );
    await sender.sent();
    return { removed };
  },

  /** Counts exactly, in the background, the lengths the probe only estimated (refine.ts). */
  async 'library.refine'(ref: IndexRef, ctx: TaskContext<EntryChunk>): Promise<number> {
    const sender = entrySender(ctx);
    const cache = probeCacheOf(ref);
    const state = () => states.get(ref.handle);
    const send = (e: IndexEntry) => sender.send([e]);
    const n = cache ? await refineIndexed(ref.dir, cache, state, send, ctx.signal) : 0;
    await Promise.all([sender.sent(), saveProbeCache(ref)]);
    return n;
  },

  /**
   * Makes sure the index is there to search (after a thread restart it is built again), its
   * words indexed (word-index.ts) unless `words` is false (a listing command, which never
   * searches: 0.4 s of CPU at 50,000 items); the searchable text is made when each sidecar is read.
   */
  async 'library.warm'(ref: IndexRef & { words?: boolean }): Promise<void> {
    const state = await stateFor(ref);
    if (ref.words !== false) state.search.index(state.ordered);
  },

  /**
   * Ids of the items whose title, tags, artist, album, genre, lyrics or prompt hold every word,
   * and the answer's name; no ids when they are those of the answer named `have` (main's), and
   * those of the items not matched instead (`except`) when most match.
   */
  async 'library.search'(
    input: IndexRef & { query: LibraryQuery; have?: string },
  ): Promise<{ answer: string; ids?: string[]; except?: string[] }> {
    postponeShrink();
    const state = await stateFor(input);
    return state.search.answer(state.ordered, input.query, input.have);
  },

  /**
   * The prompts of these media files (relative paths; null: none or not in the index), in their
   * order: main's rows hold none, and asks for a page's when it is shown.
   */
  async 'library.prompts'(input: IndexRef & { files: string[] }): Promise<(string | null)[]> {
    postponeShrink();
    const open = states.has(input.handle) ? undefined : opening.get(input.handle);
    const entries = open ? undefined : (await stateFor(input)).entries;
    return input.files.map((rel) => (open ? open(rel) : entries?.get(rel))?.prompt ?? null);
  },

  /** Writes the saved index; saves of one file run one at a time, in the order asked. */
  'library.save'(ref: IndexRef): Promise<void> {
    const file = ref.indexFile;
    if (!file) return Promise.resolve();
    const run = (saves.get(file) ?? Promise.resolve()).then(async () => {
      // the entries as they are when this save's turn comes
      const state = states.get(ref.handle);
      if (state) await busyWith(saveIndex(file, ref.dir, state.entries, newestFirst));
    });
    const settled = run.catch(() => undefined);
    saves.set(file, settled);
    void settled.then(() => {
      if (saves.get(file) === settled) saves.delete(file);
    });
    return run;
  },

  'library.close'(ref: IndexRef): void {
    if (states.delete(ref.handle)) shrinkSoon();
  },

  /**
   * This thread's own heap (its isolate, not the process), for the benches and diagnostics;
   * `collect` runs a full garbage collection first, so the figure is what the thread holds.
   */
  'library.memory'(input: { collect?: boolean } = {}): {
    heapUsed: number;
    /** The thread's heap as committed (garbage and free pages included): its share of the RSS. */
    heapTotal: number;
    external: number;
    entries: number;
    /** Memory-reducing collections this thread ran (heap-shrink.ts). */
    shrinks: number;
    /** This thread's CPU time so far (user + system), ms: load-independent, unlike wall time. */
    cpuMs: number;
  } {
    if (input.collect) collectGarbage();
    const h = getHeapStatistics();
    let entries = 0;
    for (const s of states.values()) entries += s.entries.size;
    // Node 22.18+ (and Electron's Node); older runtimes answer 0
    const cpu =
      typeof process.threadCpuUsage === 'function'
        ? process.threadCpuUsage()
        : { user: 0, system: 0 };
    return {
      heapUsed: h.used_heap_size,
      heapTotal: h.total_heap_size,
      external: h.external_memory,
      entries,
      shrinks: shrinksDone(),
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  },
};
