/**
 * A take's name in the renderer, by the one rule of `@shared/take-title`: "Harbour Lights · Take 2"
 * in Songs' take cards, the Library's rows, the queue and the player alike.
 */
import type { LibraryItemView } from '@shared/ipc/library';
import { baseTitle } from '@shared/take-title';
import { t } from '../i18n/bound';

export { baseTitle };

/**
 * A take's name as one plain string (accessible names, a queue entry's title, the system's media
 * controls, default file names): no isolation marks. On screen, `EntryTitle` isolates the title.
 */
export const takeName = (title: string, n: number): string =>
  t('common:take.name', { title: baseTitle(title), n });

const cache = new WeakMap<readonly LibraryItemView[], ReadonlyMap<string, number>>();

const oldestFirst = (a: LibraryItemView, b: LibraryItemView): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.file < b.file ? -1 : 1;

/**
 * Each library item's take number, by id: the number saved with it (a take keeps its number when
 * another of its group goes to the trash), else — items saved before numbers were kept — its place
 * among its group's items now in the library, oldest first, when there are two or more. Items of
 * no group are absent. One map per list of items (the store replaces its array on every change).
 */
export function takeNumbersOf(items: readonly LibraryItemView[]): ReadonlyMap<string, number> {
  let numbers = cache.get(items);
  if (numbers) return numbers;
  const groups = new Map<string, LibraryItemView[]>();
  for (const item of items) {
    if (!item.variationGroup) continue;
    const group = groups.get(item.variationGroup);
    if (group) group.push(item);
    else groups.set(item.variationGroup, [item]);
  }
  const out = new Map<string, number>();
  for (const group of groups.values()) {
    if (group.length > 1) group.sort(oldestFirst);
    group.forEach((item, i) => {
      const n = item.take ?? (group.length > 1 ? i + 1 : null);
      if (n !== null) out.set(item.id, n);
    });
  }
  numbers = out;
  cache.set(items, numbers);
  return numbers;
}
