/** Pure helpers of the Library view: filters, sorts, labels, lengths, dates, lyrics (rows.ts: the rows). */
import type { LibraryKind } from '@shared/domain/library';
import type { LibraryItemView } from '@shared/ipc/library';

export const KIND_FILTERS = [
  { id: 'all', label: 'All kinds', kinds: null },
  { id: 'song', label: 'Songs', kinds: ['song'] },
  { id: 'tts', label: 'Speech', kinds: ['tts'] },
  { id: 'cover', label: 'Covers', kinds: ['cover'] },
  { id: 'video', label: 'Videos', kinds: ['singing-video', 'subtitle-video'] },
] as const satisfies ReadonlyArray<{
  id: string;
  label: string;
  kinds: readonly LibraryKind[] | null;
}>;
export type KindFilterId = (typeof KIND_FILTERS)[number]['id'];

export const SORTS = [
  { id: 'newest', label: 'Newest first' },
  { id: 'oldest', label: 'Oldest first' },
  { id: 'title', label: 'Title A–Z' },
  { id: 'longest', label: 'Longest first' },
  { id: 'kind', label: 'Kind' },
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

const dateFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
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
