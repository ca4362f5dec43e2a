import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LibraryChange, LibraryItem } from '@shared/domain/library';
import { removeTempLeftovers } from '../ground/atomic';
import { sharedWorker } from '../worker';
import type { libraryTasks } from './index-tasks';
import { TypedEmitter } from '../ground/events';
import { sidecarNameFor, type MainEntry } from './index-entry';
import type { IndexRef, OpenResult, ScanResult } from './index-tasks';
import { mediaTypeOf } from '../ground/media-types';
import { createFolderWatch } from './folder-watch';
import { ItemList } from './item-list';
import { settleRelinks } from './relink';
import { createLibraryWrites } from './library-writes';
import { createUndoTrash } from './trash';
import { PROBE_CACHE_NAME } from './probe-cache';
import type { Library, LibraryEvents, LibraryOptions } from './library-types';
import { logger } from '../log';

export type {
  CreateItemOptions,
  Library,
  LibraryEvents,
  LibraryOptions,
  NewItemMeta,
} from './library-types';

const log = logger('library');

/** At most this many first rows' prompts are kept by main (see `firstPrompts`). */
const FIRST_PROMPTS_KEPT = 500;

/**
 * How long the watcher ignores a path the app is writing itself (a bulk edit's sidecars, a
 * retag), and how long after the app's own refresh of it (the write's late events).
 */
const OWN_WRITE_QUIET_MS = 120_000;
const OWN_WRITE_GRACE_MS = 1_000;

export function createLibrary(options: LibraryOptions): Library {
  const dir = options.dir;
  const emitter = new TypedEmitter<LibraryEvents>();
  const worker = options.worker ?? sharedWorker<typeof libraryTasks>();
  // the probe cache lives beside the saved index, in the data folder (never in the library)
  const ref: IndexRef = {
    handle: randomUUID(),
    dir,
    indexFile: options.indexFile,
    probeCacheFile: options.indexFile && join(dirname(options.indexFile), PROBE_CACHE_NAME),
    // a listing command (read-only) waits for the whole index: no early rows to hand on
    ...(options.readOnly ? { earlyRows: false } : {}),
  };
  const items = new ItemList();
  /**
   * The prompts of the first rows of an open (sent with them, by media path; bounded): the first
   * page is answered without waiting for the worker, busy with the rest of the open. Any later
   * change of a row drops its prompt here (the worker answers it then).
   */
  const firstPrompts = new Map<string, string | null>();
  let saveTimer: NodeJS.Timeout | undefined;
  let scanning: Promise<LibraryChange> | null = null;
  /** Scans and refreshes change the worker's index one at a time, in order. */
  let indexQueue: Promise<unknown> = Promise.resolve();
  const serial = <T>(op: () => Promise<T>): Promise<T> => {
    const run = indexQueue.then(op, op);
    indexQueue = run.catch(() => undefined);
    return run;
  };

  let rescanAgain = false;
  let closed = false;
  let readyPromise: Promise<void> = Promise.resolve();
  /** The search answer mapped last (library.search). */
  let lastAnswer: { answer: string; changes: number; items: LibraryItem[] } | undefined;
  /** Waiting for `whenListed` while an open is in progress: the count each needs. */
  let listWaiters: Array<{ count: number; resolve: () => void }> | null = null;
  const wakeListWaiters = (all: boolean): void => {
    if (!listWaiters) return;
    const still = listWaiters.filter((w) => !all && items.count < w.count);
    for (const w of listWaiters) if (!still.includes(w)) w.resolve();
    listWaiters = all ? null : still;
  };
  /** Whether the index changed since it was last saved. */
  let dirty = false;

  /** Applies what the worker found (see ItemList.publish), tells listeners, saves later. */
  function publish(changed: readonly MainEntry[], removed: readonly string[]): LibraryChange {
    for (const rel of removed) firstPrompts.delete(rel);
    for (const e of changed)
      if (e.prompt === undefined) firstPrompts.delete(e.item.file);
      else if (firstPrompts.size < FIRST_PROMPTS_KEPT) firstPrompts.set(e.item.file, e.prompt);
    const change = items.publish(changed, removed);
    if (change.added.length + change.updated.length + change.removed.length > 0) {
      emitter.emit('changed', change);
      scheduleSave();
    }
    if (changed.length > 0 || removed.length > 0) wakeListWaiters(false);
    settleLater(changed);
    return change;
  }

  /** Re-linking's findings being made true on disk (relink.ts); the app only, never read-only. */
  let settling: Promise<unknown> = Promise.resolve();
  /** An open in progress (its chunks are published before the index is whole). */
  let opening: Promise<unknown> = Promise.resolve();
  function settleLater(changed: readonly MainEntry[]): void {
    if (options.readOnly || closed) return;
    const found = changed.filter((e) => e.relink);
    if (found.length === 0) return;
    settling = settling
      .then(() => opening)
      .then(async () => {
        if (closed) return;
        const rels = await settleRelinks(dir, found, sidecarNameFor, options.tagDefaults?.());
        if (rels.length > 0 && !closed) await refresh(rels);
      })
      .catch((e: unknown) => log.warn('re-linked files not settled', { error: String(e) }));
  }

  /** Runs a worker task that sends entries as progress; answers them with its result. */
  async function withEntries<T>(
    task: 'library.open' | 'library.scan' | 'library.refresh',
    input: IndexRef | (IndexRef & { files: string[] }),
    onChunk?: (chunk: MainEntry[]) => void,
  ): Promise<{ result: T; entries: MainEntry[] }> {
    const got: MainEntry[] = [];
    const result = (await worker.run(task, input as IndexRef & { files: string[] }, {
      onProgress: (json) => {
        // a chunk comes as JSON (see EntryChunk): parsed items are smaller than cloned ones
        const chunk = JSON.parse(json) as MainEntry[];
        // main keeps its own copy of each item (see ItemList.keep); the parsed ones die young
        for (const e of chunk) e.item = items.keep(e.item);
        if (onChunk) onChunk(chunk);
        else for (const e of chunk) got.push(e);
      },
    })) as T;
    return { result, entries: got };
  }

  function scheduleSave(): void {
    dirty = true;
    if (!options.indexFile || closed) return;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void saveNow(), 500);
  }

  /** The save running, if any, and the one queued behind it (saves never overlap). */
  let saving: Promise<void> = Promise.resolve();
  let queuedSave: Promise<void> | null = null;

  /**
   * Saves the index once any save in progress is done (a timer's save at 50,000 items takes
   * seconds; `close` must not return while one is still writing into the data folder). Calls
   * while one is queued share it; the queued one saves only what changed since the last.
   */
  function saveNow(): Promise<void> {
    if (queuedSave) return queuedSave;
    const run = saving.then(async () => {
      queuedSave = null;
      await saveOnce();
    });
    queuedSave = run;
    saving = run;
    return run;
  }

  async function saveOnce(): Promise<void> {
    if (!options.indexFile || !dirty || options.readOnly) return;
    dirty = false;
    try {
      await fs.mkdir(dirname(options.indexFile), { recursive: true });
      await worker.run('library.save', ref);
    } catch (e) {
      log.error('library index not saved', e);
    }
  }

  async function rescan(): Promise<LibraryChange> {
    if (scanning) {
      rescanAgain = true;
      return scanning;
    }
    scanning = (async () => {
      let change: LibraryChange;
      do {
        rescanAgain = false;
        const { result, entries: changed } = await serial(() =>
          withEntries<ScanResult>('library.scan', ref),
        );
        change = publish(changed, items.removedBy(result, changed));
        if (!closed) folders.watchFolders(result.dirs);
      } while (rescanAgain);
      return change;
    })().finally(() => {
      scanning = null;
    });
    return scanning;
  }

  async function refresh(files: readonly string[]): Promise<LibraryChange> {
    const since = Date.now();
    const { result, entries: changed } = await serial(() =>
      withEntries<Omit<ScanResult, 'dirs'>>('library.refresh', { ...ref, files: [...files] }),
    );
    folders.settle(files, OWN_WRITE_GRACE_MS, since);
    return publish(changed, items.removedBy(result, changed));
  }

  /** The app writes these items' files or sidecars and refreshes them itself when done. */
  const expectWrites = (files: readonly string[]): void => folders.quiet(files, OWN_WRITE_QUIET_MS);

  const folders = createFolderWatch({
    dir,
    enabled: options.watch !== false,
    debounceMs: options.watchDebounceMs ?? 250,
    knows: (rel) => items.paths.has(rel),
    closed: () => closed,
    refresh,
    rescan,
  });

  /** Lengths the probe only estimated, counted exactly by the worker in the background (refine.ts). */
  const refining = new AbortController();
  function refineLengths(): void {
    const onProgress = (json: string) => {
      const chunk = JSON.parse(json) as MainEntry[];
      // kept as an open's items are (ItemList.keep): main holds them for the session
      for (const e of chunk) e.item = items.keep(e.item);
      publish(chunk, []);
    };
    void worker
      .run('library.refine', ref, { signal: refining.signal, onProgress })
      .catch(() => undefined);
  }

  async function prompts(of: readonly LibraryItem[]): Promise<(string | null)[]> {
    const files: string[] = [];
    for (const i of of) if (i.hasPrompt && !firstPrompts.has(i.file)) files.push(i.file);
    const found = files.length > 0 ? await worker.run('library.prompts', { ...ref, files }) : [];
    const byFile = new Map(files.map((f, i) => [f, found[i] ?? null]));
    return of.map((i) =>
      i.hasPrompt ? (firstPrompts.get(i.file) ?? byFile.get(i.file) ?? null) : null,
    );
  }

  const writes = createLibraryWrites({
    options,
    get: (id) => items.byId.get(id),
    items: () => items.byId.values(),
    refresh,
    prompts,
  });
  const trash = createUndoTrash({
    dir,
    get: (id) => items.byId.get(id),
    refresh,
    osTrash: options.trash,
  });

  return {
    dir,
    async open() {
      items.reset();
      firstPrompts.clear();
      listWaiters = [];
      // each chunk (newest first) is published as it arrives: small steps on main's event loop;
      // the first is the saved head (the newest entries), so the first rows are listed early
      const run = withEntries<OpenResult>('library.open', ref, (chunk) =>
        publish(chunk, []),
      ).finally(() => wakeListWaiters(true));
      opening = run.catch(() => undefined);
      // a refresh or scan asked for meanwhile (a job's song saved during the open) waits for it:
      // the worker has no index for this library until the open's is whole, and would build a
      // second one from the folder (and send every entry again, as after a thread restart)
      indexQueue = indexQueue.then(() => opening);
      const { result } = await run;
      if (result.removed.length > 0) publish([], result.removed);
      if (result.unchangedFromSaved) {
        dirty = false; // nothing new since the saved index
        clearTimeout(saveTimer);
      }
      folders.watchFolders(result.dirs);
      // items trashed before a crash or a forced quit leave for the OS trash now
      if (!options.readOnly) void trash.flush().catch(() => undefined);
      readyPromise = (async () => {
        if (result.fromSaved) await rescan(); // catches sidecars edited in place while closed
        // a read-only library (a listing command) is not searched: no word index for it
        await worker.run('library.warm', options.readOnly ? { ...ref, words: false } : ref);
        if (!options.readOnly && !closed) refineLengths();
      })().catch((e: unknown) => log.error('library verification failed', e));
    },
    ready: () => readyPromise,
    whenListed(count) {
      if (!listWaiters || items.count >= count) return Promise.resolve();
      return new Promise<void>((resolve) => listWaiters?.push({ count, resolve }));
    },
    async close() {
      closed = true;
      refining.abort();
      await readyPromise;
      if (!options.readOnly) await trash.flush().catch(() => undefined);
      folders.close();
      clearTimeout(saveTimer);
      await scanning?.catch(() => undefined);
      await settling;
      await indexQueue;
      await saveNow();
      await worker.run('library.close', ref).catch(() => undefined);
      emitter.removeAll();
    },
    items: () => items.list,
    get: (id) => items.byId.get(id),
    findByServiceId: (serviceId) =>
      items.peek.find((i) => Object.values(i.service_ids).includes(serviceId)),
    async filter(query) {
      const ofKind = (i: LibraryItem) => !query.kind || i.kind === query.kind;
      if (!query.text?.trim()) return items.peek.filter(ofKind);
      // a search typed during an open waits for its index (the worker would build another)
      await opening;
      // the worker answers ids newest first, as `list` is ordered: no pass over the whole list;
      // none when they are those of the answer mapped last (most keys of a typed word at 50,000)
      const search = (have?: string) =>
        worker.run('library.search', { ...ref, query, ...(have ? { have } : {}) });
      const held = lastAnswer?.changes === items.changes ? lastAnswer : undefined;
      let answered = await search(held?.answer);
      if (!answered.ids && !answered.except && held?.changes === items.changes)
        return held.items.slice();
      // the list changed meanwhile: its items are needed anew
      if (!answered.ids && !answered.except) answered = await search();
      const { answer, ids = [], except } = answered;
      const changes = items.changes;
      const gone = except && new Set(except);
      const out: LibraryItem[] = gone ? items.peek.filter((i) => !gone.has(i.id)) : [];
      for (let i = 0; i < ids.length; i++) {
        const item = items.byId.get(ids[i]!);
        if (item && ofKind(item)) out.push(item);
        // 50,000 matches take main tens of milliseconds: let other work in between
        if (i % 10_000 === 9_999 && i + 1 < ids.length) await new Promise((r) => setImmediate(r));
      }
      lastAnswer = changes === items.changes ? { answer, changes, items: out } : undefined;
      return out.slice();
    },
    pathOf: (item) => join(dir, item.file),
    rescan,
    refresh,
    present: async () => (await fs.stat(dir).catch(() => null))?.isDirectory() === true,
    ensureFolder: writes.ensureFolder,
    repair: () => (options.readOnly ? Promise.resolve(0) : removeTempLeftovers(dir)),
    reserveName: writes.reserveName,
    createItem: writes.createItem,
    importFile: writes.importFile,
    rename: writes.rename,
    updateMeta(id, patch, opts) {
      // a write refreshed later by the caller (a bulk edit): the watcher leaves it to that refresh
      const item = opts?.rescan === false ? items.byId.get(id) : undefined;
      if (item) expectWrites([item.file]);
      return writes.updateMeta(id, patch, opts);
    },
    expectWrites,
    remove: writes.remove,
    trash,
    full: writes.full,
    prompts,
    on: (name, listener) => emitter.on(name, listener),
  };
}

export { mediaTypeOf };
