/**
 * Bulk edits of a selection (issue 31, point 2): star, rate, artist, album and genre of many items
 * at once. The sidecars — the truth — are written first, read-modify-write, a few at a time
 * (bounded concurrency, never one after another: 1,000 sidecars in about a second), followed by
 * ONE refresh of the index, so the list shows the change at once. The files' tags follow in the
 * background through the tag queue: each file Cadenza tagged (its sidecar records the audio hash)
 * is retagged from its sidecar, merged and with its modification time kept, a few at a time, and
 * its new size and hash go back into the sidecar (one refresh per chunk).
 *
 *   const queue = createTagQueue({ library: async () => lib, defaults: () => ({}) });
 *   await editItems(lib, ['itm_a', 'itm_b'], { artist: 'The Harbour' }, queue);
 *   await queue.idle(); // the files' tags are written too
 */
import { join } from 'node:path';
import type { LibraryItem, Sidecar } from '@shared/domain/library';
import { libraryFilePathOrNull } from '../files/library-file';
import { retagFile } from '../audio/tags';
import { isTaggable, tagLibraryFile, type TagDefaults } from './file-tags';
import { mapLimited } from './found';
import type { Library } from './library-types';
import { loadTagQueue, saveTagQueue, type RetagKind } from './tag-queue-file';
import { logger } from '../log';

const log = logger('library');

/** Sidecars written at once by a bulk edit (small files: the disk, not the CPU, is the limit). */
export const SIDECAR_WRITES_AT_ONCE = 16;
/** Files retagged at once in the background (each is read and rewritten whole). */
export const RETAGS_AT_ONCE = 2;
/** Files retagged between two refreshes of the index. */
const RETAG_CHUNK = 100;

/**
 * What a file's retag writes: `all` its tags from the sidecar (files Cadenza tagged), `rating`
 * only the rating frame (a file Cadenza did not make, when the creator opted in).
 */
export interface TagQueue {
  /** Queues the items' files (an item queued twice is retagged once, from its newest sidecar). */
  add(ids: readonly string[], kind: RetagKind): void;
  /** Resolves when nothing is queued or being written. */
  idle(): Promise<void>;
  /**
   * Stops taking work; resolves when what is being written is done (at quit). What is still
   * queued stays in the queue's file for the next start.
   */
  close(): Promise<void>;
}

/** How long after a change the queue's file is written (many adds, one write). */
const SAVE_DELAY_MS = 300;

/**
 * The background tag queue. With `file` (in the data folder) what is queued or being written is
 * kept there, so what a quit or a crash left is retagged at the next start: `resume()`.
 */
export function createTagQueue(deps: {
  library: () => Promise<Library>;
  defaults: () => TagDefaults;
  file?: string;
}): TagQueue & { resume(): Promise<void> } {
  const pending = new Map<string, RetagKind>();
  /** The chunk being written: kept in the file until it is done (a crash redoes it). */
  let inFlight: ReadonlyArray<[string, RetagKind]> = [];
  let running: Promise<void> | null = null;
  let closed = false;

  let saveTimer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const saveNow = (): Promise<void> => {
    clearTimeout(saveTimer);
    const file = deps.file;
    if (!file) return saving;
    const writing = new Set(inFlight.map(([id]) => id));
    const entries = [...inFlight, ...[...pending].filter(([id]) => !writing.has(id))];
    saving = saving
      .then(() => saveTagQueue(file, entries))
      .catch((e: unknown) => log.warn('tag queue not saved', { error: String(e) }));
    return saving;
  };
  const saveSoon = (): void => {
    if (!deps.file) return;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void saveNow(), SAVE_DELAY_MS);
    saveTimer.unref?.();
  };

  async function drain(): Promise<void> {
    while (pending.size > 0 && !closed) {
      const chunk = [...pending].slice(0, RETAG_CHUNK);
      for (const [id] of chunk) pending.delete(id);
      inFlight = chunk;
      const library = await deps.library();
      const written = await mapLimited(chunk, RETAGS_AT_ONCE, ([id, kind]) =>
        retagOne(library, id, kind, deps.defaults()).catch((e: unknown) => {
          log.warn('tags not written into the file', { id, error: String(e) });
          return null;
        }),
      );
      const files = written.filter((f): f is string => f !== null);
      if (files.length > 0) await library.refresh(files);
      inFlight = [];
      // all done: the file goes now (a quit right after must not find it); else soon
      if (pending.size === 0) await saveNow();
      else saveSoon();
    }
  }

  const kick = (): void => {
    running ??= drain()
      .catch((e: unknown) => log.warn('tag queue stopped', { error: String(e) }))
      .finally(() => {
        running = null;
        if (pending.size > 0 && !closed) kick();
      });
  };

  const add = (ids: readonly string[], kind: RetagKind): void => {
    if (closed || ids.length === 0) return;
    for (const id of ids) if (pending.get(id) !== 'all') pending.set(id, kind);
    saveSoon();
    kick();
  };
  return {
    add,
    async idle() {
      while (running) await running;
      await saving;
    },
    async close() {
      closed = true;
      await running;
      await saveNow(); // what is left waits in the file for the next start
      pending.clear();
    },
    async resume() {
      if (!deps.file || closed) return;
      const left = await loadTagQueue(deps.file);
      for (const kind of ['all', 'rating'] as const)
        add(
          left.filter(([, k]) => k === kind).map(([id]) => id),
          kind,
        );
    },
  };
}

/** Retags one item's file; answers its library path when it was rewritten (refreshed after). */
async function retagOne(
  library: Library,
  id: string,
  kind: RetagKind,
  defaults: TagDefaults,
): Promise<string | null> {
  const item = library.get(id);
  if (!item || !isTaggable(item.file)) return null;
  // the real path, confined to the library: a symlink to a file outside it is never rewritten
  const path = await libraryFilePathOrNull(library.dir, item.file);
  if (!path) return null;
  // the chunk's refresh reads it again: the folder watcher leaves it alone meanwhile
  library.expectWrites?.([item.file]);
  if (kind === 'rating' || !item.audio_sha256) {
    await retagFile(path, { rating: item.rating ?? 0 }, { keepModifiedTime: true });
    return item.file;
  }
  const full = await library.full(item);
  const facts = await tagLibraryFile(path, full, {
    coverPath: item.cover ? join(library.dir, item.cover) : null,
    defaults,
    keepModifiedTime: true,
  });
  if (!facts) return null;
  await library.updateMeta(id, facts, { rescan: false });
  return item.file;
}

/** Fields a bulk edit sets (null clears; absent leaves as it is). */
export type BulkPatch = Partial<
  Pick<Sidecar, 'favourite' | 'rating' | 'artist' | 'album' | 'genre'>
>;

/**
 * Writes `patch` into each item's sidecar (read-modify-write, SIDECAR_WRITES_AT_ONCE at a time)
 * and refreshes the index once. Answers the items as they are now, and those whose sidecar
 * changed (so the caller queues their files' tags).
 */
export async function patchItems(
  library: Library,
  ids: readonly string[],
  patch: BulkPatch,
): Promise<{ items: LibraryItem[]; changed: LibraryItem[] }> {
  const before = [...new Set(ids)]
    .map((id) => library.get(id))
    .filter((i): i is LibraryItem => i !== undefined);
  const changed = before.filter((item) =>
    (Object.keys(patch) as (keyof BulkPatch)[]).some(
      (k) => (patch[k] ?? null) !== (item[k] ?? null),
    ),
  );
  await mapLimited(changed, SIDECAR_WRITES_AT_ONCE, (item) =>
    library.updateMeta(item.id, patch, { rescan: false }),
  );
  if (changed.length > 0) await library.refresh(changed.map((i) => i.file));
  const items = ids.map((id) => library.get(id)).filter((i): i is LibraryItem => i !== undefined);
  return { items, changed };
}

/** Artist, album and genre of many items: sidecars now (one refresh), the files' tags queued. */
export async function editItems(
  library: Library,
  ids: readonly string[],
  edit: Pick<BulkPatch, 'artist' | 'album' | 'genre'>,
  queue: TagQueue,
): Promise<LibraryItem[]> {
  const patch: BulkPatch = {};
  for (const k of ['artist', 'album', 'genre'] as const) {
    const v = edit[k];
    if (v !== undefined) patch[k] = v === null || v.trim() === '' ? null : v.trim();
  }
  if (Object.keys(patch).length === 0) return [];
  const { items, changed } = await patchItems(library, ids, patch);
  // files Cadenza tagged get the new tags; the others keep them in the sidecar only
  queue.add(
    changed.filter((i) => i.audio_sha256).map((i) => i.id),
    'all',
  );
  return items;
}
