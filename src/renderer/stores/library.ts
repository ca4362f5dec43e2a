import { create } from 'zustand';
import type { AppErrorShape } from '@shared/errors';
import type { LibraryChange } from '@shared/domain/library';
import type { LibraryFolder, LibraryItemView } from '@shared/ipc/library';
import { LIBRARY_PAGE_MAX } from '@shared/ipc/library-limits';
import { bridge, call } from '../bridge';
import { idsToFetch, isEmptyChange, mergeFetched } from '../lib/library-change';
import { songsOf, takesOf, type LibrarySong, type Take } from '../lib/library-views';
import { typingPause } from '../lib/typing-pause';
import { showPanel } from './ui';
import { said, type Said } from '../i18n';

/** The library folder and its items (rebuilt by main from the sidecars), live via `libraryChanged`. */
export interface LibraryState {
  folder: LibraryFolder | null;
  folderError: AppErrorShape | null;
  choosingFolder: boolean;
  items: LibraryItemView[];
  itemsError: AppErrorShape | null;
  /** A whole list has arrived once (until then `items` may be a first page, or empty). */
  itemsLoaded: boolean;
  /** "Library folder changed." and the like, for a status line. */
  notice: Said | null;
  /** An item another panel asked to show ("Show in library"); the Library selects it, then clears. */
  revealId: string | null;
  /** A collection another panel asked to show (a batch's); the Library opens it, then clears. */
  revealCollectionId: string | null;
}

const initialState: LibraryState = {
  folder: null,
  folderError: null,
  choosingFolder: false,
  items: [],
  itemsError: null,
  itemsLoaded: false,
  notice: null,
  revealId: null,
  revealCollectionId: null,
};

export const useLibraryStore = create<LibraryState>()(() => ({ ...initialState }));

/**
 * The library's songs, newest first: a view of the one list (the same array until it changes);
 * null until items have arrived.
 */
export const selectLibrarySongs = (s: LibraryState): LibrarySong[] | null =>
  s.itemsLoaded || s.items.length > 0 ? songsOf(s.items) : null;
/** The library's speech takes, newest first (a view of the one list). */
export const selectTakes = (s: LibraryState): Take[] => takesOf(s.items);
const set = (patch: Partial<LibraryState>): void => useLibraryStore.setState(patch);

export async function loadLibraryFolder(): Promise<void> {
  const result = await call((api) => api.library.getFolder());
  if (result.ok) set({ folder: result.value, folderError: null });
  else set({ folderError: result.error });
}

/** The first page is what fills the first screen; later pages are large but bounded. */
const FIRST_PAGE = 100;
const NEXT_PAGE = LIBRARY_PAGE_MAX;
/**
 * While later pages load, the list grows at most this often: each new list is sorted and
 * grouped again by the view, which costs tens of milliseconds at 50,000 items.
 */
const GROW_EVERY_MS = 500;

let itemsSeq = 0;
/** A whole list has been loaded since the store was reset: changes keep it current from then on. */
let loadedOnce = false;
/** A full load is under way (a change arriving meanwhile may or may not be in it). */
let loading = false;
/**
 * Loads the items a page at a time: the first rows show at once, and no single answer makes main
 * build and check (or this page parse) tens of thousands of rows in one go. On a reload (the
 * library changed) the current rows stay until the new list is complete.
 */
export async function loadLibraryItems(): Promise<void> {
  const seq = ++itemsSeq;
  loading = true;
  try {
    await loadPages(seq);
  } finally {
    if (seq === itemsSeq) loading = false;
  }
}

async function loadPages(seq: number): Promise<void> {
  const reloading = useLibraryStore.getState().items.length > 0;
  const rows: LibraryItemView[] = [];
  let shownAt = -Infinity;
  for (let limit = FIRST_PAGE; ; limit = NEXT_PAGE) {
    const offset = rows.length;
    const result = await call((api) => api.library.list({ offset, limit }));
    if (seq !== itemsSeq) return;
    if (!result.ok) {
      set({ itemsError: result.error });
      return;
    }
    rows.push(...result.value);
    const done = result.value.length < limit;
    if (done) loadedOnce = true;
    const grow = !reloading && performance.now() - shownAt >= GROW_EVERY_MS;
    if (done || grow) {
      set(
        done
          ? { items: rows, itemsError: null, itemsLoaded: true }
          : { items: [...rows], itemsError: null },
      );
      shownAt = performance.now();
    }
    if (done) return;
  }
}

/**
 * Loads the items unless a whole list is already here and `libraryChanged` keeps it current (a
 * panel opened again does not fetch 50,000 items again).
 */
export async function ensureLibraryItems(): Promise<void> {
  followLibrary();
  const { itemsError } = useLibraryStore.getState();
  if (loadedOnce && following && !itemsError) return patching;
  return loadLibraryItems();
}

/** Main opens the folder dialog; the renderer never sends a path. */
export async function chooseLibraryFolder(): Promise<void> {
  set({ choosingFolder: true, folderError: null, notice: null });
  const result = await call((api) => api.library.chooseFolder());
  if (!result.ok) {
    set({
      choosingFolder: false,
      folderError: result.error.code === 'cancelled' ? null : result.error,
    });
    return;
  }
  set({
    choosingFolder: false,
    folder: result.value,
    notice: said('settings:libraryFolder.changed'),
  });
  void loadLibraryItems();
}

export async function showItemInFolder(itemId: string): Promise<AppErrorShape | null> {
  const result = await call((api) => api.library.showInFolder(itemId));
  return result.ok ? null : result.error;
}

let patching: Promise<void> = Promise.resolve();

const newestFirst = (a: LibraryItemView, b: LibraryItemView): number =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.file.localeCompare(b.file);

/**
 * Follows a change in main's library: only the items it names are fetched, and every other item
 * keeps its object (the Library's search text and rows stay prepared), so a new take in a
 * 50,000-item library costs one small answer, not the whole list again. Changes apply in order,
 * each in a pause of the user's typing.
 */
export function followChange(change: LibraryChange): Promise<void> {
  patching = patching.then(() => applyChange(change));
  return patching;
}

async function applyChange(change: LibraryChange): Promise<void> {
  if (isEmptyChange(change)) return;
  const wanted = idsToFetch(change);
  const { items } = useLibraryStore.getState();
  if (loading || items.length === 0 || !wanted) return loadLibraryItems();
  const seq = itemsSeq;
  const result = wanted.length
    ? await call((api) => api.library.list({ ids: wanted }))
    : ({ ok: true, value: [] } as const);
  if (seq !== itemsSeq) return; // a full load began meanwhile: it has this change
  if (!result.ok) return loadLibraryItems();
  // a new list rebuilds the view's index, order and groups: not between two keystrokes
  await typingPause();
  if (seq !== itemsSeq) return;
  const { items: now } = useLibraryStore.getState();
  const merged = mergeFetched(now, change, result.value, (i) => i.id, newestFirst);
  set({ items: merged, itemsError: null });
}

let following: (() => void) | null = null;

/** Follows `libraryChanged` from main for the rest of the session. */
export function followLibrary(): void {
  if (following) return;
  try {
    following = bridge().on.libraryChanged((change) => void followChange(change));
  } catch {
    following = null;
  }
}

/** Opens the Library with this item selected (from a take's "Show in library"). */
export function showInLibrary(itemId: string): void {
  set({ revealId: itemId });
  showPanel('library');
}

/** The Library selected the item it was asked to show. */
export function clearReveal(): void {
  set({ revealId: null });
}

/** Opens the Library on this collection (a batch's "Open in the Library"). */
export function showCollectionInLibrary(collectionId: string): void {
  set({ revealCollectionId: collectionId });
  showPanel('library');
}

/** The Library opened the collection it was asked to show. */
export function clearRevealCollection(): void {
  set({ revealCollectionId: null });
}

export function resetLibraryStore(): void {
  following?.();
  following = null;
  itemsSeq += 1;
  loading = false;
  loadedOnce = false;
  patching = Promise.resolve();
  useLibraryStore.setState({ ...initialState });
}
