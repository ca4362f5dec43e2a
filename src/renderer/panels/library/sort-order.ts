/**
 * The Library view's orders (view.ts SORTS): newest, oldest, title, length, rating, kind (in the
 * app's language), and artist or album (a bulk edit's or the details'; items without one last).
 */
import type { LibraryItemView } from '@shared/ipc/library';
import { t } from '../../i18n/bound';
import { KIND_LABELS, type SortId } from './view';

export const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
/** Two optional texts in the collator's order, the missing ones last. */
const byText = (a: string | null | undefined, b: string | null | undefined): number =>
  a ? (b ? collator.compare(a, b) : -1) : b ? 1 : 0;

export function comparator(sort: SortId): (a: LibraryItemView, b: LibraryItemView) => number {
  const newest = (a: LibraryItemView, b: LibraryItemView) =>
    a.createdAt < b.createdAt
      ? 1
      : a.createdAt > b.createdAt
        ? -1
        : collator.compare(a.file, b.file);
  switch (sort) {
    case 'oldest':
      return (a, b) => -newest(a, b);
    case 'title':
      return (a, b) => collator.compare(a.title, b.title) || newest(a, b);
    case 'longest':
      return (a, b) => (b.durationMs ?? -1) - (a.durationMs ?? -1) || newest(a, b);
    case 'rating':
      return (a, b) =>
        (b.rating ?? 0) - (a.rating ?? 0) ||
        Number(b.favourite === true) - Number(a.favourite === true) ||
        newest(a, b);
    case 'artist':
    case 'album':
      // items without one last; then by album (or artist), title, newest
      return (a, b) => {
        const [first, then] =
          sort === 'artist' ? (['artist', 'album'] as const) : (['album', 'artist'] as const);
        return (
          byText(a[first], b[first]) ||
          byText(a[then], b[then]) ||
          collator.compare(a.title, b.title) ||
          newest(a, b)
        );
      };
    case 'kind':
      return (a, b) =>
        collator.compare(t(KIND_LABELS[a.kind]), t(KIND_LABELS[b.kind])) || newest(a, b);
    default:
      return newest;
  }
}
