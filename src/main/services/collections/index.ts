/**
 * Favourites, ratings and collections over this process's library (issue 31, points 3 and 4):
 * `marks.ts` (sidecar + the file's rating frame), `m3u8.ts` (the playlist format) and
 * `store.ts` (the playlists in `<library>/Collections/`). The app keeps playlists in step with
 * the library: after items are renamed, moved or trashed, `sync` rewrites the stale ones.
 */
import type { Library } from '../library/library-types';
import type { TagDefaults } from '../library/file-tags';
import { createCollectionStore, type CollectionStore, type TakenEntry } from './store';
import { markItems, unstarredTakes, type Marks } from './marks';
import { createTagQueue, editItems, type BulkPatch } from '../library/bulk';
import { logger } from '../log';

export { markItems, unstarredTakes, type Marks } from './marks';
export {
  albumCover,
  createCollectionStore,
  COLLECTIONS_FOLDER,
  type Collection,
  type CollectionStore,
  type TakenEntry,
} from './store';
export { formatPlaylist, parsePlaylist, PLAYLIST_EXTENSION } from './m3u8';

const log = logger('library');

export interface CollectionsService {
  /** Stars and rates: the sidecars now (one refresh), the files' rating frames in the background. */
  mark(ids: readonly string[], marks: Marks): Promise<void>;
  /**
   * Sets artist, album and genre of many items: the sidecars now (one refresh, the list shows it),
   * the files Cadenza tagged retagged in the background (the tag queue).
   */
  editTags(
    ids: readonly string[],
    edit: Pick<BulkPatch, 'artist' | 'album' | 'genre'>,
  ): Promise<void>;
  /** Resolves when the background tag queue has written every file queued (tests, the CLI). */
  tagsWritten(): Promise<void>;
  /**
   * At quit: the files being retagged are finished; the rest wait in the queue's file (the data
   * folder) and are retagged after the next start (`resumeTags`).
   */
  close(): Promise<void>;
  /** At start (the app only): retags the files a quit or a crash left in the queue's file. */
  resumeTags(): Promise<void>;
  unstarredTakes(ids: readonly string[]): Promise<string[]>;
  /** The store of the library open now (a new one after the folder changes). */
  store(): Promise<CollectionStore>;
  /**
   * Items moved to the trash (batch `batchId`): their entries leave every collection now and are
   * kept (in memory, for the undo window) so `untrashed` can put them back where they stood.
   */
  trashed(batchId: string, itemIds: readonly string[]): Promise<void>;
  /** Undo of the batch: the entries of the items restored go back to their collections. */
  untrashed(batchId: string, restoredIds: readonly string[]): Promise<void>;
  /** The batch went to the OS trash: its entries are not kept any longer. */
  forget(batchId: string): void;
  /** Follows the library's changes: a sync shortly after items change. Answers the unsubscribe. */
  follow(on: (listener: () => void) => () => void, delayMs?: number): () => void;
}

export function createCollectionsService(deps: {
  library: () => Promise<Library>;
  tagDefaults: () => TagDefaults;
  /** The Settings switch: ratings written into files Cadenza did not make too. */
  ratingsInOtherFiles?: () => boolean;
  /** Where the tag queue keeps what it has still to write (the data folder). */
  tagQueueFile?: string;
}): CollectionsService {
  let current: { library: Library; store: CollectionStore } | null = null;
  /** Entries taken out per trash batch, newest last (a few batches at most wait for Undo). */
  const taken = new Map<string, TakenEntry[]>();
  const MAX_BATCHES_KEPT = 50;
  const store = async (): Promise<CollectionStore> => {
    const library = await deps.library();
    if (current?.library !== library)
      current = {
        library,
        store: createCollectionStore({ dir: library.dir, items: () => library.items() }),
      };
    return current.store;
  };
  const queue = createTagQueue({
    library: deps.library,
    defaults: deps.tagDefaults,
    file: deps.tagQueueFile,
  });
  return {
    async mark(ids, marks) {
      await markItems(await deps.library(), ids, marks, deps.tagDefaults(), {
        otherFiles: deps.ratingsInOtherFiles?.() ?? false,
        queue,
      });
    },
    async editTags(ids, edit) {
      await editItems(await deps.library(), ids, edit, queue);
    },
    tagsWritten: () => queue.idle(),
    close: () => queue.close(),
    resumeTags: () => queue.resume(),
    async unstarredTakes(ids) {
      return unstarredTakes((await deps.library()).items(), ids).map((i) => i.id);
    },
    async trashed(batchId, itemIds) {
      const out = await (await store()).takeOut(itemIds);
      taken.set(batchId, out);
      while (taken.size > MAX_BATCHES_KEPT) taken.delete(taken.keys().next().value!);
    },
    async untrashed(batchId, restoredIds) {
      const entries = taken.get(batchId);
      taken.delete(batchId);
      if (!entries) return;
      const back = new Set(restoredIds);
      await (await store()).putBack(entries.filter((e) => e.entry.id && back.has(e.entry.id)));
    },
    forget(batchId) {
      taken.delete(batchId);
    },
    store,
    follow(on, delayMs = 1000) {
      let timer: NodeJS.Timeout | undefined;
      const off = on(() => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          void store()
            .then((s) => s.sync())
            .catch((e: unknown) =>
              log.warn('collections not brought up to date', { error: String(e) }),
            );
        }, delayMs);
        timer.unref?.();
      });
      return () => {
        clearTimeout(timer);
        off();
      };
    },
  };
}
