/** Pure helpers of the Library view: search, filters, sort, variation grouping, labels. */
import type { LibraryKind } from '@shared/domain/library';
import type { LibraryItemView } from '@shared/ipc/library';
import { formatLength } from '../../player/format';

export const KIND_LABELS: Record<LibraryKind, string> = {
  song: 'Song',
  tts: 'Speech',
  cover: 'Cover',
  'singing-video': 'Singing video',
  'subtitle-video': 'Subtitle video',
};

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

export interface ViewQuery {
  text: string;
  kind: KindFilterId;
  sort: SortId;
  withLyrics: boolean;
  /**
   * Items main's search matched for this same text (main also looks in the lyrics, which the
   * renderer does not hold): they match even when nothing the view holds contains the words.
   */
  alsoMatching?: ReadonlySet<string>;
}

export interface Row {
  item: LibraryItemView;
  /** 1-based take number inside its variation group, when the group shows more than one item. */
  take: number | null;
  /** Not the first take of its group (drawn indented under it). */
  grouped: boolean;
  /** Title of the item this one extends, when it is in the library. */
  parentTitle: string | null;
}

const haystacks = new WeakMap<LibraryItemView, string>();
/** Lower-cased searchable text of an item, computed once per item object. */
export function haystackOf(item: LibraryItemView): string {
  let h = haystacks.get(item);
  if (h === undefined) {
    h = [
      item.title,
      item.tags.join(' '),
      item.prompt ?? '',
      item.file,
      item.model ?? '',
      KIND_LABELS[item.kind],
    ]
      .join('\n')
      .toLowerCase();
    haystacks.set(item, h);
  }
  return h;
}

/**
 * Prepares the searchable text of every item a chunk at a time between tasks, so the first
 * keystroke does not pay for 10,000 of them. Answers a function that stops it.
 */
export function warmSearch(items: readonly LibraryItemView[], chunk = 1000): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = (from: number) => {
    if (stopped) return;
    for (const item of items.slice(from, from + chunk)) haystackOf(item);
    if (from + chunk < items.length) timer = setTimeout(() => step(from + chunk), 0);
  };
  timer = setTimeout(() => step(0), 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function comparator(sort: SortId): (a: LibraryItemView, b: LibraryItemView) => number {
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
    case 'kind':
      return (a, b) => collator.compare(KIND_LABELS[a.kind], KIND_LABELS[b.kind]) || newest(a, b);
    default:
      return newest;
  }
}

const sortedCache = new WeakMap<readonly LibraryItemView[], Map<SortId, LibraryItemView[]>>();
/**
 * `items` in `sort` order, sorted once per list and order (filtering keeps the order, so a
 * keystroke filters the sorted list instead of sorting what matched).
 */
function sortedOnce(items: readonly LibraryItemView[], sort: SortId): LibraryItemView[] {
  let bySort = sortedCache.get(items);
  if (!bySort) sortedCache.set(items, (bySort = new Map()));
  let sorted = bySort.get(sort);
  if (!sorted) bySort.set(sort, (sorted = [...items].sort(comparator(sort))));
  return sorted;
}

/** The rows to show: matching items, sorted, each variation group together under its first take. */
export function buildRows(
  items: readonly LibraryItemView[],
  query: ViewQuery,
  byId?: ReadonlyMap<string, LibraryItemView>,
): Row[] {
  const terms = query.text.toLowerCase().split(/\s+/).filter(Boolean);
  const kinds = KIND_FILTERS.find((k) => k.id === query.kind)?.kinds ?? null;
  const matching = sortedOnce(items, query.sort).filter((item) => {
    if (kinds && !(kinds as readonly LibraryKind[]).includes(item.kind)) return false;
    if (query.withLyrics && !item.hasLyrics) return false;
    if (terms.length === 0) return true;
    if (query.alsoMatching?.has(item.id)) return true;
    const h = haystackOf(item);
    return terms.every((t) => h.includes(t));
  });
  const groups = new Map<string, LibraryItemView[]>();
  for (const item of matching) {
    if (!item.variationGroup) continue;
    const g = groups.get(item.variationGroup);
    if (g) g.push(item);
    else groups.set(item.variationGroup, [item]);
  }
  const titles = byId ?? new Map(items.map((i) => [i.id, i]));
  const parentTitle = (item: LibraryItemView) =>
    item.parentId ? (titles.get(item.parentId)?.title ?? null) : null;
  const rows: Row[] = [];
  const emitted = new Set<string>();
  for (const item of matching) {
    const group = item.variationGroup ? groups.get(item.variationGroup) : undefined;
    if (!group || group.length < 2) {
      rows.push({ item, take: null, grouped: false, parentTitle: parentTitle(item) });
      continue;
    }
    if (emitted.has(item.variationGroup ?? '')) continue;
    emitted.add(item.variationGroup ?? '');
    const takes = [...group].sort((a, b) =>
      a.createdAt < b.createdAt
        ? -1
        : a.createdAt > b.createdAt
          ? 1
          : collator.compare(a.file, b.file),
    );
    takes.forEach((take, i) =>
      rows.push({ item: take, take: i + 1, grouped: i > 0, parentTitle: parentTitle(take) }),
    );
  }
  return rows;
}

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

/** "3:05": the player's length format (one rounding everywhere). */
export function formatDurationMs(ms: number | null): string {
  return ms === null ? '—' : formatLength(ms / 1000);
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
