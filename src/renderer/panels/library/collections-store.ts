/**
 * The Library's collections (`.m3u8` playlists in the library folder, main's collections:*):
 * the list the sidebar shows, the one opened, and the calls that change them.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { AppErrorShape } from '@shared/errors';
import type { CollectionView } from '@shared/ipc/collections';
import { call } from '../../bridge';
import { clearRevealCollection, useLibraryStore } from '../../stores/library';

interface CollectionsState {
  list: CollectionView[] | null;
  /** The collection the list shows (null: the whole library). */
  openId: string | null;
  error: AppErrorShape | null;
}

export const useCollections = create<CollectionsState>()(() => ({
  list: null,
  openId: null,
  error: null,
}));
const set = useCollections.setState;

export async function loadCollections(): Promise<void> {
  const r = await call((api) => api.collections.list());
  if (r.ok) set({ list: r.value, error: null });
  else set({ error: r.error });
}

/** Puts a changed collection in the list (or adds it), keeping the list's name order. */
function put(c: CollectionView): void {
  set((s) => {
    const rest = (s.list ?? []).filter((x) => x.id !== c.id);
    return { list: [...rest, c].sort((a, b) => a.id.localeCompare(b.id)), error: null };
  });
}

async function change(
  run: () => ReturnType<typeof call<CollectionView>>,
): Promise<CollectionView | null> {
  const r = await run();
  if (!r.ok) {
    set({ error: r.error });
    return null;
  }
  put(r.value);
  return r.value;
}

export const openCollection = (id: string | null): void => set({ openId: id });

/** Opens the collection another panel asked the Library to show (a batch's), read afresh. */
export function useRevealedCollection(): void {
  const id = useLibraryStore((s) => s.revealCollectionId);
  useEffect(() => {
    if (!id) return;
    clearRevealCollection();
    openCollection(id);
    void loadCollections();
  }, [id]);
}

/**
 * The ids a drag from the Library's list carries. The drag itself is the OS's (it carries the
 * files to other programs), so a drop on a collection in the sidebar reads the ids from here; a
 * new press of the mouse ends it (a drag cancelled outside the window leaves nothing behind).
 */
let carried: readonly string[] | null = null;
export function carryItems(ids: readonly string[]): void {
  carried = ids;
  window.addEventListener('pointerdown', () => (carried = null), { once: true, capture: true });
}
/** The carried ids (null when no drag from the list is under way); a drop takes them. */
export function takeCarried(peek = false): readonly string[] | null {
  const ids = carried;
  if (!peek) carried = null;
  return ids;
}

export async function createCollection(name: string): Promise<CollectionView | null> {
  const c = await change(() => call((api) => api.collections.create(name)));
  if (c) set({ openId: c.id });
  return c;
}

export const addToCollection = (id: string, itemIds: string[]) =>
  change(() => call((api) => api.collections.add(id, itemIds)));

export const removeFromCollection = (id: string, itemIds: string[]) =>
  change(() => call((api) => api.collections.remove(id, itemIds)));

export function reorderCollection(id: string, itemIds: string[]) {
  // the new order shows at once; main's answer confirms it
  set((s) => ({
    list: (s.list ?? []).map((c) => (c.id === id ? { ...c, itemIds } : c)),
  }));
  return change(() => call((api) => api.collections.reorder(id, itemIds)));
}

export const setCollectionAlbum = (
  id: string,
  album: { artist?: string | null; coverItemId?: string | null },
) => change(() => call((api) => api.collections.setAlbum(id, album)));

export async function deleteCollection(id: string): Promise<void> {
  const r = await call((api) => api.collections.delete(id));
  if (!r.ok) return void set({ error: r.error });
  set((s) => ({
    list: (s.list ?? []).filter((c) => c.id !== id),
    openId: s.openId === id ? null : s.openId,
  }));
}

export const dismissCollectionsError = (): void => set({ error: null });
