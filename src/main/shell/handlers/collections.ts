/**
 * collections:* — favourites and ratings, and the library's collections (`.m3u8` playlists in the
 * library folder): services/collections.
 */
import type { CollectionView } from '@shared/ipc/collections';
import { libraryFileUrl } from '@shared/ipc/library';
import { albumCover, type Collection } from '../../services/collections';
import type { Core } from '../../services/core';
import type { NamespaceHandlers } from '../ipc';

export const toCollectionView = (c: Collection): CollectionView => {
  const cover = albumCover(c);
  return {
    id: c.id,
    name: c.name,
    artist: c.artist,
    coverItemId: c.cover
      ? (c.entries.find((e) => e.item?.cover === c.cover)?.item?.id ?? null)
      : null,
    coverUrl: cover ? libraryFileUrl(cover) : null,
    itemIds: c.entries.flatMap((e) => (e.item ? [e.item.id] : [])),
    missing: c.entries.filter((e) => !e.item).length,
  };
};

export function collectionsHandlers(
  core: Pick<Core, 'collections' | 'settings'>,
): NamespaceHandlers<'collections'> {
  const { collections, settings } = core;
  const store = () => collections.store();
  return {
    async mark(_ctx, ids, marks) {
      await collections.mark(ids, marks);
      return null;
    },
    async editTags(_ctx, ids, edit) {
      await collections.editTags(ids, edit);
      return null;
    },
    unstarredTakes: (_ctx, ids) => collections.unstarredTakes(ids),
    ratingsInOtherFiles: () => settings.get().ratingsInOtherFiles ?? false,
    setRatingsInOtherFiles: async (_ctx, on) =>
      (await settings.update({ ratingsInOtherFiles: on })).ratingsInOtherFiles ?? false,
    list: async () => (await (await store()).list()).map(toCollectionView),
    create: async (_ctx, name) => toCollectionView(await (await store()).create(name)),
    add: async (_ctx, id, ids, at) => toCollectionView(await (await store()).add(id, ids, at)),
    remove: async (_ctx, id, ids) => toCollectionView(await (await store()).remove(id, ids)),
    reorder: async (_ctx, id, ids) => toCollectionView(await (await store()).reorder(id, ids)),
    setAlbum: async (_ctx, id, album) =>
      toCollectionView(await (await store()).setAlbum(id, album)),
    async delete(_ctx, id) {
      await (await store()).delete(id);
      return null;
    },
  };
}
