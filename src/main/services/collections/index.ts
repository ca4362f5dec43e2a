/**
 * Favourites, ratings and collections over this process's library (issue 31, points 3 and 4):
 * `marks.ts` (sidecar + the file's rating frame), `m3u8.ts` (the playlist format) and
 * `store.ts` (the playlists in `<library>/Collections/`). The app keeps playlists in step with
 * the library: after items are renamed, moved or trashed, `sync` rewrites the stale ones.
 */
import type { Library } from '../library/library-types';
import type { TagDefaults } from '../library/file-tags';
import { createCollectionStore, type CollectionStore } from './store';
import { markItems, unstarredTakes, type Marks } from './marks';
import { logger } from '../log';

export { markItems, unstarredTakes, type Marks } from './marks';
export {
  albumCover,
  createCollectionStore,
  COLLECTIONS_FOLDER,
  type Collection,
  type CollectionStore,
} from './store';
export { formatPlaylist, parsePlaylist, PLAYLIST_EXTENSION } from './m3u8';

const log = logger('library');

export interface CollectionsService {
  mark(ids: readonly string[], marks: Marks): Promise<void>;
  unstarredTakes(ids: readonly string[]): Promise<string[]>;
  /** The store of the library open now (a new one after the folder changes). */
  store(): Promise<CollectionStore>;
  /** Follows the library's changes: a sync shortly after items change. Answers the unsubscribe. */
  follow(on: (listener: () => void) => () => void, delayMs?: number): () => void;
}

export function createCollectionsService(deps: {
  library: () => Promise<Library>;
  tagDefaults: () => TagDefaults;
}): CollectionsService {
  let current: { library: Library; store: CollectionStore } | null = null;
  const store = async (): Promise<CollectionStore> => {
    const library = await deps.library();
    if (current?.library !== library)
      current = {
        library,
        store: createCollectionStore({ dir: library.dir, items: () => library.items() }),
      };
    return current.store;
  };
  return {
    async mark(ids, marks) {
      await markItems(await deps.library(), ids, marks, deps.tagDefaults());
    },
    async unstarredTakes(ids) {
      return unstarredTakes((await deps.library()).items(), ids).map((i) => i.id);
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
