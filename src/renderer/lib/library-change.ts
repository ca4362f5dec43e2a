/**
 * How a renderer list follows main's `libraryChanged`: the ids a change names are fetched (the
 * items still there come back) and replace their old entries; every other entry keeps its object.
 * Used by the Library's items and the Songs panel's library songs.
 */
import type { LibraryChange } from '@shared/domain/library';
import { LIBRARY_CHANGE_FETCH_MAX } from '@shared/ipc/library-limits';

/** The ids to fetch for a change, or null when the whole list should load again (none: []). */
export function idsToFetch(change: LibraryChange): string[] | null {
  const wanted = [...new Set([...change.added, ...change.updated])];
  return wanted.length + change.removed.length > LIBRARY_CHANGE_FETCH_MAX ? null : wanted;
}

/** Whether a change names anything at all. */
export const isEmptyChange = (c: LibraryChange): boolean =>
  c.added.length + c.updated.length + c.removed.length === 0;

/**
 * `current` (ordered by `order`) with the changed and removed entries taken out and `fetched`
 * merged in at their places: linear, since both lists are in order.
 */
export function mergeFetched<T>(
  current: readonly T[],
  change: LibraryChange,
  fetched: readonly T[],
  idOf: (entry: T) => string,
  order: (a: T, b: T) => number,
): T[] {
  const replaced = new Set([...change.removed, ...change.added, ...change.updated]);
  const kept = current.filter((entry) => !replaced.has(idOf(entry)));
  const fresh = [...fetched].sort(order);
  const merged: T[] = [];
  let k = 0;
  for (const entry of fresh) {
    while (k < kept.length && order(kept[k]!, entry) <= 0) merged.push(kept[k++]!);
    merged.push(entry);
  }
  while (k < kept.length) merged.push(kept[k++]!);
  return merged;
}
