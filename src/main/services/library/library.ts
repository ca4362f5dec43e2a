import { randomUUID } from 'node:crypto';
import { watch, promises as fs, type FSWatcher } from 'node:fs';
import { basename, dirname, extname, join, posix, sep } from 'node:path';
import { AppError } from '@shared/errors';
import {
  SIDECAR_SCHEMA_VERSION,
  SidecarSchema,
  type LibraryChange,
  type LibraryItem,
  type Sidecar,
  type SidecarInput,
} from '@shared/domain/library';
import {
  commitTemp,
  isTempName,
  placeExclusive,
  removeTempLeftovers,
  tempPathFor,
  writeFileExclusive,
  writeJsonAtomic,
} from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';
import { sharedWorker, type WorkerClient } from '../worker';
import type { libraryTasks } from './index-tasks';
import { TypedEmitter } from '../ground/events';
import { SIDECAR_SUFFIX, sidecarNameFor, type IndexEntry } from './indexer';
import type { IndexRef, OpenResult, ScanResult } from './index-tasks';
import { ensureLibraryFolder } from './placement';
import { tagLibraryFile, type TagDefaults } from './file-tags';
import {
  COVER_EXTENSIONS,
  ITEM_MEDIA_EXTENSIONS,
  guessKind,
  isItemMedia,
  mediaTypeOf,
} from '../ground/media-types';
import { isBareName, nameSet, normalizeExtension, sanitizeBaseName, uniqueFileName } from './names';
import type { LibraryQuery } from './search';
import { logger } from '../log';

const log = logger('library');

export interface LibraryOptions {
  /**
   * The library folder. Opening never creates it; the first write does (see placement.ts: a
   * folder that was there before is made again only on the device it was on).
   */
  dir: string;
  /** Listing only (`cadenza library list`, views): nothing is created, moved, renamed or deleted. */
  readOnly?: boolean;
  /** Where the library folder's device is recorded (in the data folder). */
  placementFile?: string;
  /** Where the saved index lives (in the data folder, not the library). No saved index if omitted. */
  indexFile?: string;
  /** Moves a file to the OS trash; the shell passes Electron's. Default: delete. */
  trash?: (absolutePath: string) => Promise<void>;
  /** Watch the folder for changes made outside the app (default true). */
  watch?: boolean;
  /** Debounce for watch events, in ms. */
  watchDebounceMs?: number;
  /**
   * Where the index is built, loaded, saved and searched (default: the process's shared worker
   * thread). Main keeps the entries it is sent and answers reads from them.
   */
  worker?: WorkerClient<typeof libraryTasks>;
  /** Artist and album written into every file saved (Settings' export defaults). */
  tagDefaults?: () => TagDefaults;
}

export interface LibraryEvents extends Record<string, unknown> {
  changed: LibraryChange;
}

/** Metadata for a new item; `id` and `created_at` are filled in when missing. */
export type NewItemMeta = Omit<
  SidecarInput,
  'schema_version' | 'id' | 'created_at' | 'cover_file'
> & {
  id?: string;
  created_at?: string;
};

export interface CreateItemOptions {
  meta: NewItemMeta;
  /** Media extension, e.g. ".mp3". */
  ext: string;
  /** A name reserved earlier (see `reserveName`); used when still free or already ours. */
  fileName?: string;
  /** Writes the media into the temp path given (a download, a copy). */
  writeMedia: (tempPath: string) => Promise<void>;
  /** Optional cover image written beside the media as `<base><coverExt>`. */
  cover?: { ext: string; write: (tempPath: string) => Promise<void> };
  /**
   * Write the item's tags and recipe into the media before it is placed (default true; an
   * imported file keeps its own tags).
   */
  tag?: boolean;
}

export interface Library {
  readonly dir: string;
  /**
   * Loads the index in the worker: from the saved index when there is one (entries whose files
   * are still listed are trusted at first), then verifies every file's size and mtime in the
   * background. Main's event loop only receives the entries, in chunks.
   */
  open(): Promise<void>;
  /** Resolves when the background verification after `open` and the search warm-up are done. */
  ready(): Promise<void>;
  /**
   * Resolves once `items()` holds at least `count` items or the open in progress has listed
   * everything (at once when no open is in progress): the first rows of a list are answered
   * while the rest of a large index still loads, newest first.
   */
  whenListed(count: number): Promise<void>;
  close(): Promise<void>;
  /** All items, newest first. The array is replaced (never mutated) when the library changes. */
  items(): readonly LibraryItem[];
  get(id: string): LibraryItem | undefined;
  findByServiceId(serviceId: string): LibraryItem | undefined;
  /** Items matching the query, newest first (words are searched in the worker). */
  filter(query: LibraryQuery): Promise<LibraryItem[]>;
  /** Absolute path of an item's media file. */
  pathOf(item: LibraryItem): string;
  rescan(): Promise<LibraryChange>;
  /**
   * Re-reads only these media files (relative paths) and their sidecars: after the app itself
   * wrote them, instead of a scan of the whole folder.
   */
  refresh(files: readonly string[]): Promise<LibraryChange>;
  /** Whether the library folder is there now. */
  present(): Promise<boolean>;
  /** Makes the folder when it may be made (see placement.ts), else throws "Library folder missing". */
  ensureFolder(): Promise<void>;
  /** Lock holder only: removes temp files whose owner process is gone. */
  repair(): Promise<number>;
  /** Picks (and holds for this process) a unique file name for a title. */
  reserveName(title: string, ext: string): Promise<string>;
  createItem(options: CreateItemOptions): Promise<LibraryItem>;
  importFile(sourcePath: string, meta?: Partial<NewItemMeta>): Promise<LibraryItem>;
  rename(id: string, title: string): Promise<LibraryItem>;
  /**
   * Rewrites the item's sidecar with `patch`. `rescan: false` leaves the index as it is until the
   * caller's next `rescan()` (many sidecars written, one scan); it answers the item as it was.
   */
  updateMeta(
    id: string,
    patch: Partial<Omit<Sidecar, 'schema_version' | 'id'>>,
    options?: { rescan?: boolean },
  ): Promise<LibraryItem>;
  remove(id: string): Promise<void>;
  on: TypedEmitter<LibraryEvents>['on'];
}

const byNewest = (a: LibraryItem, b: LibraryItem): number =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.file.localeCompare(b.file);

/** Merges two newest-first lists into one (O(n): a rescan rarely changes more than a few items). */
function mergeNewest(a: readonly LibraryItem[], b: readonly LibraryItem[]): LibraryItem[] {
  const out: LibraryItem[] = new Array<LibraryItem>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length)
    out[k++] = byNewest(a[i] as LibraryItem, b[j] as LibraryItem) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

export function createLibrary(options: LibraryOptions): Library {
  const dir = options.dir;
  const emitter = new TypedEmitter<LibraryEvents>();
  const worker = options.worker ?? sharedWorker<typeof libraryTasks>();
  const ref: IndexRef = { handle: randomUUID(), dir, indexFile: options.indexFile };
  const reserved = new Set<string>();
  let entries = new Map<string, IndexEntry>();
  let list: readonly LibraryItem[] = [];
  let byId = new Map<string, LibraryItem>();
  /** Folder watchers by relative path ('' is the library itself). */
  const watchers = new Map<string, FSWatcher>();
  let debounce: NodeJS.Timeout | undefined;
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
  /** Waiting for `whenListed` while an open is in progress: the count each needs. */
  let listWaiters: Array<{ count: number; resolve: () => void }> | null = null;
  const wakeListWaiters = (all: boolean): void => {
    if (!listWaiters) return;
    const still = listWaiters.filter((w) => !all && list.length < w.count);
    for (const w of listWaiters) if (!still.includes(w)) w.resolve();
    listWaiters = all ? null : still;
  };
  /** Whether the index changed since it was last saved. */
  let dirty = false;

  /**
   * Applies what the worker found: `changed` entries (newest first) replace those at their paths,
   * `removed` paths go. Work here is proportional to the change, plus at most one O(n) merge of
   * the list (none when the change only adds older items, as the chunks of an open do).
   */
  function publish(changed: readonly IndexEntry[], removed: readonly string[]): LibraryChange {
    const change: LibraryChange = { added: [], updated: [], removed: [] };
    if (changed.length === 0 && removed.length === 0) return change;
    const before = new Map<string, LibraryItem | undefined>();
    const note = (id: string): void => {
      if (!before.has(id)) before.set(id, byId.get(id));
    };
    const gone = new Set<LibraryItem>();
    const drop = (old: IndexEntry): void => {
      note(old.item.id);
      gone.add(old.item);
      if (byId.get(old.item.id) === old.item) byId.delete(old.item.id);
    };
    for (const rel of removed) {
      const old = entries.get(rel);
      if (!old) continue;
      drop(old);
      entries.delete(rel);
    }
    for (const e of changed) {
      const old = entries.get(e.item.file);
      if (old) drop(old);
      note(e.item.id);
      entries.set(e.item.file, e);
    }
    for (const e of changed) byId.set(e.item.id, e.item);
    const kept = gone.size === 0 ? list : list.filter((i) => !gone.has(i));
    // the worker sends entries newest first, so this sort is a linear check
    const incoming = changed.map((e) => e.item).sort(byNewest);
    const last = kept.at(-1);
    const first = incoming[0];
    list =
      kept.length === 0
        ? incoming
        : !first
          ? kept
          : last && byNewest(last, first) <= 0
            ? kept.concat(incoming)
            : mergeNewest(kept, incoming);
    for (const [id, old] of before) {
      const now = byId.get(id);
      if (!old && now) change.added.push(id);
      else if (old && !now) change.removed.push(id);
      else if (old !== now) change.updated.push(id);
    }
    if (change.added.length + change.updated.length + change.removed.length > 0) {
      emitter.emit('changed', change);
      scheduleSave();
    }
    wakeListWaiters(false);
    return change;
  }

  /** The paths a scan or refresh found gone (all not sent, when it sent the whole index). */
  function removedBy(result: Omit<ScanResult, 'dirs'>, sent: readonly IndexEntry[]): string[] {
    if (!result.complete) return result.removed;
    const listed = new Set(sent.map((e) => e.item.file));
    return [...entries.keys()].filter((rel) => !listed.has(rel));
  }

  /** Runs a worker task that sends entries as progress; answers them with its result. */
  async function withEntries<T>(
    task: 'library.open' | 'library.scan' | 'library.refresh',
    input: IndexRef | (IndexRef & { files: string[] }),
    onChunk?: (chunk: IndexEntry[]) => void,
  ): Promise<{ result: T; entries: IndexEntry[] }> {
    const got: IndexEntry[] = [];
    const result = (await worker.run(task, input as IndexRef & { files: string[] }, {
      onProgress:
        onChunk ??
        ((chunk) => {
          for (const e of chunk) got.push(e);
        }),
    })) as T;
    return { result, entries: got };
  }

  function scheduleSave(): void {
    dirty = true;
    if (!options.indexFile || closed) return;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void saveNow(), 500);
  }

  async function saveNow(): Promise<void> {
    if (!options.indexFile || !dirty || options.readOnly) return;
    dirty = false;
    await fs.mkdir(dirname(options.indexFile), { recursive: true });
    await worker
      .run('library.save', ref)
      .catch((e: unknown) => log.error('library index not saved', e));
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
        change = publish(changed, removedBy(result, changed));
        if (!closed) watchFolders(result.dirs);
      } while (rescanAgain);
      return change;
    })().finally(() => {
      scanning = null;
    });
    return scanning;
  }

  async function refresh(files: readonly string[]): Promise<LibraryChange> {
    const { result, entries: changed } = await serial(() =>
      withEntries<Omit<ScanResult, 'dirs'>>('library.refresh', { ...ref, files: [...files] }),
    );
    return publish(changed, removedBy(result, changed));
  }

  /** Media paths the watchers named since the last refresh, and whether something needs a scan. */
  let watchedPaths = new Set<string>();
  let watchNeedsScan = false;

  /**
   * What a watch event in folder `folderRel` means: a media file or its sidecar changed (that
   * item is refreshed, nothing else is read), a cover changed (the items it may belong to are),
   * or anything else — a folder, no name — which needs a scan of the whole library.
   */
  const onWatchEvent =
    (folderRel: string) =>
    (_event: string, name: string | Buffer | null): void => {
      const n = name ? name.toString().split(sep).join('/') : '';
      if (n && isTempName(basename(n))) return;
      const rel = n ? (folderRel ? posix.join(folderRel, n) : n) : '';
      const media = rel.endsWith(SIDECAR_SUFFIX) ? rel.slice(0, -SIDECAR_SUFFIX.length) : rel;
      const ext = extname(media).toLowerCase();
      if (rel && isItemMedia(media)) watchedPaths.add(media);
      else if (rel && COVER_EXTENSIONS.includes(ext)) {
        const base = media.slice(0, media.length - ext.length);
        for (const e of ITEM_MEDIA_EXTENSIONS)
          for (const candidate of [`${base}${e}`, `${base}${e.toUpperCase()}`])
            if (entries.has(candidate)) watchedPaths.add(candidate);
      } else watchNeedsScan = true;
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        const paths = [...watchedPaths];
        const scan = watchNeedsScan;
        watchedPaths = new Set();
        watchNeedsScan = false;
        const work = scan ? rescan() : paths.length > 0 ? refresh(paths) : null;
        void work?.catch(() => undefined);
      }, options.watchDebounceMs ?? 250);
    };

  /**
   * Watches the library for changes made outside the app. macOS and Windows watch a tree
   * natively; elsewhere Node emulates `recursive` by stat-ing and watching every file from the
   * main thread (seconds of stall for 20,000 files), so each folder gets its own watcher instead
   * (the folders come from the worker's scans).
   */
  function watchFolders(dirs: readonly string[]): void {
    if (options.watch === false || closed) return;
    const native = process.platform === 'darwin' || process.platform === 'win32';
    const wanted = native ? [''] : ['', ...dirs];
    for (const rel of wanted) {
      if (watchers.has(rel)) continue;
      try {
        const w = watch(join(dir, rel), native ? { recursive: true } : {}, onWatchEvent(rel));
        w.on('error', () => undefined);
        watchers.set(rel, w);
      } catch {
        // the folder went away meanwhile: the next scan says so
      }
    }
    const keep = new Set(wanted);
    for (const [rel, w] of watchers)
      if (!keep.has(rel)) {
        w.close();
        watchers.delete(rel);
      }
  }

  function writable(): void {
    if (options.readOnly) throw new AppError('internal', 'The library was opened read-only.');
  }

  const ensureFolder = async (): Promise<void> => {
    writable();
    await ensureLibraryFolder(dir, options.placementFile);
  };

  function requireItem(id: string): LibraryItem {
    const item = byId.get(id);
    if (!item) throw new AppError('not_found', 'That item is no longer in the library.');
    return item;
  }

  async function existingNames(relDir = ''): Promise<Set<string>> {
    const names = await fs.readdir(join(dir, relDir)).catch(() => [] as string[]);
    return nameSet([
      ...names,
      ...[...reserved]
        .filter((r) => posix.dirname(r) === (relDir || '.'))
        .map((r) => posix.basename(r)),
    ]);
  }

  async function reserveName(title: string, ext: string): Promise<string> {
    const name = uniqueFileName(
      sanitizeBaseName(title),
      normalizeExtension(ext),
      await existingNames(),
    );
    reserved.add(name);
    return name;
  }

  /**
   * Whether a planned name (from a job record) can be used: a bare name (a record naming
   * `../x.mp3` is never followed), with nothing there, or only our own sidecar from an interrupted
   * try ('resumed': that sidecar and cover are ours to replace).
   */
  async function plannedName(fileName: string, id: string): Promise<'free' | 'resumed' | null> {
    if (!isBareName(fileName)) return null;
    const media = await fs.lstat(join(dir, fileName)).catch(() => null);
    if (media) return null;
    try {
      const side = JSON.parse(
        await readRegularText(join(dir, sidecarNameFor(fileName)), READ_CAPS.sidecarBytes),
      ) as {
        id?: unknown;
      };
      return side.id === id ? 'resumed' : null;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'free' : null;
    }
  }

  async function createItem(o: CreateItemOptions): Promise<LibraryItem> {
    const ext = normalizeExtension(o.ext);
    const id = o.meta.id ?? `itm_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const existing = byId.get(id);
    if (existing) return existing; // already saved by an earlier run of the same job
    await ensureFolder();
    const planned =
      o.fileName && extname(o.fileName) === ext ? await plannedName(o.fileName, id) : null;
    const fileName = planned && o.fileName ? o.fileName : await reserveName(o.meta.title, ext);
    const resumed = planned === 'resumed';
    reserved.add(fileName);
    const mediaPath = join(dir, fileName);
    const base = fileName.slice(0, fileName.length - ext.length);
    let coverName = o.cover ? `${base}${normalizeExtension(o.cover.ext)}` : null;
    // someone else's file under the cover's name stays as it is: the item goes without a cover
    if (coverName && !resumed && (await fs.lstat(join(dir, coverName)).catch(() => null))) {
      log.warn('a file is already where the cover would go; saved without it', { file: coverName });
      coverName = null;
    }
    const mediaTmp = tempPathFor(mediaPath);
    const coverTmp = coverName ? tempPathFor(join(dir, coverName)) : null;
    try {
      await o.writeMedia(mediaTmp);
      if (o.cover && coverTmp) await o.cover.write(coverTmp);
      const meta = { ...o.meta, id, created_at: o.meta.created_at ?? new Date().toISOString() };
      // the file tells its own story: tags and recipe merged in, its audio as it came
      const facts =
        o.tag === false
          ? null
          : await tagLibraryFile(mediaTmp, meta, {
              fileName,
              coverPath: coverTmp,
              defaults: options.tagDefaults?.(),
            });
      const sidecar = SidecarSchema.parse({
        ...meta,
        schema_version: 1,
        cover_file: coverName,
        ...facts,
      });
      // sidecar first: a sidecar without its media is ignored, so the item appears only with the
      // media's placement, complete. Every file is created exclusively (never replacing one that
      // appeared meanwhile), except our own sidecar and cover from an interrupted try.
      const sidecarPath = join(dir, sidecarNameFor(fileName));
      if (resumed) await writeJsonAtomic(sidecarPath, sidecar);
      else await writeFileExclusive(sidecarPath, `${JSON.stringify(sidecar, null, 2)}\n`);
      if (coverTmp && coverName) {
        if (resumed) await commitTemp(coverTmp, join(dir, coverName));
        else await placeExclusive(coverTmp, join(dir, coverName));
      }
      await placeExclusive(mediaTmp, mediaPath);
    } finally {
      await fs.rm(mediaTmp, { force: true });
      if (coverTmp) await fs.rm(coverTmp, { force: true });
      reserved.delete(fileName);
    }
    await refresh([fileName]);
    return requireItem(id);
  }

  async function importFile(
    sourcePath: string,
    meta: Partial<NewItemMeta> = {},
  ): Promise<LibraryItem> {
    const name = basename(sourcePath);
    if (!isItemMedia(name))
      throw new AppError('validation', 'Only audio and video files can be imported.');
    const ext = extname(name);
    return createItem({
      meta: {
        kind: meta.kind ?? guessKind(name),
        title: meta.title ?? name.slice(0, name.length - ext.length),
        ...meta,
      },
      ext,
      writeMedia: (tmp) => fs.copyFile(sourcePath, tmp),
      tag: false,
    });
  }

  async function writeSidecarFor(
    item: LibraryItem,
    patch: Partial<Sidecar>,
    fileName = posix.basename(item.file),
  ): Promise<void> {
    const relDir = posix.dirname(item.file) === '.' ? '' : posix.dirname(item.file);
    const {
      file: _f,
      cover: _c,
      sizeBytes: _s,
      modifiedAtMs: _m,
      hasSidecar: _h,
      ...current
    } = item;
    if (item.schema_version > SIDECAR_SCHEMA_VERSION)
      throw new AppError(
        'busy',
        'This item was saved by a newer version of Cadenza; it is left as it is.',
      );
    // unknown fields of the sidecar (a newer version's) travel in `current` and are kept
    const sidecar = SidecarSchema.parse({ ...current, ...patch, schema_version: 1, id: item.id });
    await writeJsonAtomic(join(dir, relDir, sidecarNameFor(fileName)), sidecar);
  }

  async function rename(id: string, title: string): Promise<LibraryItem> {
    writable();
    const item = requireItem(id);
    const relDir = posix.dirname(item.file) === '.' ? '' : posix.dirname(item.file);
    const oldName = posix.basename(item.file);
    const ext = extname(oldName);
    const names = await existingNames(relDir);
    names.delete(oldName.toLowerCase());
    names.delete(sidecarNameFor(oldName).toLowerCase());
    const newName = uniqueFileName(sanitizeBaseName(title), ext, names);
    const newCover = item.cover
      ? `${newName.slice(0, newName.length - ext.length)}${extname(item.cover)}`
      : null;
    await writeSidecarFor(item, { title, cover_file: newCover }, newName);
    if (newName !== oldName) {
      if (item.cover && newCover)
        await fs.rename(join(dir, item.cover), join(dir, relDir, newCover));
      await fs.rename(join(dir, item.file), join(dir, relDir, newName));
      if (item.hasSidecar) await fs.rm(join(dir, relDir, sidecarNameFor(oldName)), { force: true });
    }
    await refresh([item.file, relDir ? posix.join(relDir, newName) : newName]);
    return requireItem(id);
  }

  async function updateMeta(
    id: string,
    patch: Partial<Omit<Sidecar, 'schema_version' | 'id'>>,
    { rescan: scan = true }: { rescan?: boolean } = {},
  ): Promise<LibraryItem> {
    writable();
    const item = requireItem(id);
    await writeSidecarFor(item, patch);
    if (!scan) return item;
    await refresh([item.file]);
    return requireItem(id);
  }

  async function remove(id: string): Promise<void> {
    writable();
    const item = requireItem(id);
    const trash = options.trash ?? ((p: string) => fs.rm(p, { force: true }));
    await trash(join(dir, item.file));
    if (item.cover) await trash(join(dir, item.cover)).catch(() => undefined);
    if (item.hasSidecar) await trash(join(dir, sidecarNameFor(item.file))).catch(() => undefined);
    await refresh([item.file]);
  }

  return {
    dir,
    async open() {
      entries = new Map();
      byId = new Map();
      list = [];
      listWaiters = [];
      // each chunk (newest first) is published as it arrives: small steps on main's event loop;
      // the first is the saved head (the newest entries), so the first rows are listed early
      const { result } = await withEntries<OpenResult>('library.open', ref, (chunk) =>
        publish(chunk, []),
      ).finally(() => wakeListWaiters(true));
      if (result.removed.length > 0) publish([], result.removed);
      if (result.unchangedFromSaved) {
        dirty = false; // nothing new since the saved index
        clearTimeout(saveTimer);
      }
      watchFolders(result.dirs);
      readyPromise = (async () => {
        if (result.fromSaved) await rescan(); // catches sidecars edited in place while closed
        await worker.run('library.warm', ref);
      })().catch((e: unknown) => log.error('library verification failed', e));
    },
    ready: () => readyPromise,
    whenListed(count) {
      if (!listWaiters || list.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => listWaiters?.push({ count, resolve }));
    },
    async close() {
      closed = true;
      await readyPromise;
      for (const w of watchers.values()) w.close();
      watchers.clear();
      clearTimeout(debounce);
      clearTimeout(saveTimer);
      await scanning?.catch(() => undefined);
      await indexQueue;
      await saveNow();
      await worker.run('library.close', ref).catch(() => undefined);
      emitter.removeAll();
    },
    items: () => list,
    get: (id) => byId.get(id),
    findByServiceId: (serviceId) =>
      list.find((i) => Object.values(i.service_ids).includes(serviceId)),
    async filter(query) {
      const ofKind = (i: LibraryItem) => !query.kind || i.kind === query.kind;
      if (!query.text?.trim()) return list.filter(ofKind);
      // the worker answers ids newest first, as `list` is ordered: no pass over the whole list
      const ids = await worker.run('library.search', { ...ref, query });
      const out: LibraryItem[] = [];
      for (let i = 0; i < ids.length; i++) {
        const item = byId.get(ids[i]!);
        if (item && ofKind(item)) out.push(item);
        // 50,000 matches take main tens of milliseconds: let other work in between
        if (i % 10_000 === 9_999) await new Promise((r) => setImmediate(r));
      }
      return out;
    },
    pathOf: (item) => join(dir, item.file),
    rescan,
    refresh,
    present: async () => (await fs.stat(dir).catch(() => null))?.isDirectory() === true,
    ensureFolder,
    repair: () => (options.readOnly ? Promise.resolve(0) : removeTempLeftovers(dir)),
    reserveName,
    createItem,
    importFile,
    rename,
    updateMeta,
    remove,
    on: (name, listener) => emitter.on(name, listener),
  };
}

export { mediaTypeOf };
