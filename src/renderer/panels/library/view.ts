/**
 * Pure helpers of the Library view: filters, sorts, labels (catalog keys), dates, lyrics (rows.ts:
 * the rows).
 */
import type { LibraryKind } from '@shared/domain/library';
import type { LibraryItemView } from '@shared/ipc/library';

export const KIND_FILTERS = [
  { id: 'all', label: 'library:filters.all', kinds: null },
  { id: 'song', label: 'library:filters.songs', kinds: ['song'] },
  { id: 'tts', label: 'library:filters.speech', kinds: ['tts'] },
  { id: 'cover', label: 'library:filters.covers', kinds: ['cover'] },
  { id: 'video', label: 'library:filters.videos', kinds: ['singing-video', 'subtitle-video'] },
] as const satisfies ReadonlyArray<{
  id: string;
  label: string;
  kinds: readonly LibraryKind[] | null;
}>;
export type KindFilterId = (typeof KIND_FILTERS)[number]['id'];

export const SORTS = [
  { id: 'newest', label: 'library:sorts.newest' },
  { id: 'oldest', label: 'library:sorts.oldest' },
  { id: 'title', label: 'library:sorts.title' },
  { id: 'longest', label: 'library:sorts.longest' },
  { id: 'kind', label: 'library:sorts.kind' },
  { id: 'rating', label: 'library:sorts.rating' },
  { id: 'artist', label: 'library:sorts.artist' },
  { id: 'album', label: 'library:sorts.album' },
] as const;
export type SortId = (typeof SORTS)[number]['id'];

/** The chain of items this one extends, oldest first (stops at missing parents and cycles). */
export function extensionChain(
  item: LibraryItemView,
  byId: ReadonlyMap<string, LibraryItemView>,
): LibraryItemView[] {
  const chain: LibraryItemView[] = [];
  const seen = new Set([item.id]);
  let parent = item.parentId ? byId.get(item.parentId) : undefined;
  while (parent && !seen.has(parent.id) && chain.length < 50) {
    chain.unshift(parent);
    seen.add(parent.id);
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  return chain;
}

/** What each kind of item is called (catalog keys, translated where shown). */
export { KIND_LABELS } from '../../lib/format';

/** An item's date in the app's language (`date` is useFormat().date); blank when not a date. */
export function formatDate(iso: string, date: (d: Date) => string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : date(d);
}

/** Sections of lyrics: a `[Verse]`-style tag line starts one; text before any tag is untitled. */
export function lyricSections(lyrics: string): Array<{ name: string | null; lines: string[] }> {
  const sections: Array<{ name: string | null; lines: string[] }> = [];
  for (const raw of lyrics.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const tag = /^\[([^\]]{1,40})\]$/.exec(line)?.[1];
    if (tag) sections.push({ name: tag.trim(), lines: [] });
    else {
      if (sections.length === 0) sections.push({ name: null, lines: [] });
      sections[sections.length - 1]?.lines.push(line);
    }
  }
  // trim blank lines at the ends of each section
  return sections
    .map((s) => {
      const lines = [...s.lines];
      while (lines[0] === '') lines.shift();
      while (lines[lines.length - 1] === '') lines.pop();
      return { ...s, lines };
    })
    .filter((s) => s.name !== null || s.lines.length > 0);
}
