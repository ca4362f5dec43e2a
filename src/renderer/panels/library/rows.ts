/**
 * The Library view's rows: which items match the search and filters, in the chosen order, each
 * variation group together under its first take. Runs on every keystroke over the whole library
 * (50,000 items), so the work that does not depend on the query is done once per list and order
 * (the sort, each group's takes, each item's searchable text) and a query that only adds
 * characters to the last one filters the last one's matches instead of every item.
 */
import type { LibraryKind } from '@shared/domain/library';
import type { LibraryItemView } from '@shared/ipc/library';
import { currentLanguage, t } from '../../i18n/bound';
import { takeNumbersOf } from '../../lib/take-title';
import { KIND_FILTERS, KIND_LABELS, type KindFilterId, type SortId } from './view';
import { collator, comparator } from './sort-order';

export interface ViewQuery {
  text: string;
  kind: KindFilterId;
  sort: SortId;
  withLyrics: boolean;
  /** Starred items only. */
  favourites?: boolean;
  /**
   * Items main's search matched for this same text (main also looks in the lyrics, which the
   * renderer does not hold): they match even when nothing the view holds contains the words.
   */
  alsoMatching?: ReadonlySet<string>;
}

export interface Row {
  item: LibraryItemView;
  /**
   * Its take number in its variation group (`takeNumbersOf`: the same whatever the filter shows,
   * so a take found alone by a search is still "Take 2"), or null outside a group.
   */
  take: number | null;
  /** Not the first take of its group (drawn indented under it). */
  grouped: boolean;
  /** Title of the item this one extends, when it is in the library. */
  parentTitle: string | null;
}

let haystacks = new WeakMap<LibraryItemView, string>();
let haystackLanguage = '';
/**
 * Lower-cased searchable text of an item, computed once per item object and language: its kind
 * is matched in the app's language ("Sprache" finds speech in German).
 */
export function haystackOf(item: LibraryItemView): string {
  if (haystackLanguage !== currentLanguage()) {
    haystacks = new WeakMap();
    haystackLanguage = currentLanguage();
  }
  let h = haystacks.get(item);
  if (h === undefined) {
    h = [
      item.title,
      item.tags.join(' '),
      item.prompt ?? '',
      item.file,
      item.model ?? '',
      t(KIND_LABELS[item.kind]),
      // a bulk edit's (or the details') artist, album and genre
      item.artist ?? '',
      item.album ?? '',
      item.genre ?? '',
    ]
      .join('\n')
      .toLowerCase();
    haystacks.set(item, h);
  }
  return h;
}

/** Oldest take first: the order of takes inside a group, whatever the list's order. */
const takeOrder = (a: LibraryItemView, b: LibraryItemView): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : collator.compare(a.file, b.file);

/** What one list in one order needs for any query; items are named by position in `list`. */
interface SortedView {
  list: LibraryItemView[];
  /**
   * Each item's position in `list` by its index in the items array (the first patch makes it;
   * patches keep every item in its place, so it stays right).
   */
  posOf: Int32Array | null;
  /** Searchable text by position, filled as first needed. */
  hay: Array<string | undefined>;
  /** Each position's variation group (an index into `takes`), or -1. */
  group: Int32Array;
  /** Each group's takes (positions), oldest first. */
  takes: number[][];
  parentTitle: Array<string | null>;
  /** Rows made before, by position (reused while their take number is unchanged). */
  rows: Array<Row | undefined>;
  /** Scratch: 1 for positions matched by the query being built. */
  matched: Uint8Array;
  /** The last query's filters, text and matches (positions in order), to narrow from. */
  last: { filters: string; text: string; positions: Int32Array } | null;
}

function sortedView(
  items: readonly LibraryItemView[],
  sort: SortId,
  byId: ReadonlyMap<string, LibraryItemView>,
): SortedView {
  const list = [...items].sort(comparator(sort));
  const group = new Int32Array(list.length).fill(-1);
  const takes: number[][] = [];
  const groupIndex = new Map<string, number>();
  const parentTitle = new Array<string | null>(list.length);
  for (let p = 0; p < list.length; p++) {
    const item = list[p]!;
    parentTitle[p] = item.parentId ? (byId.get(item.parentId)?.title ?? null) : null;
    if (!item.variationGroup) continue;
    let g = groupIndex.get(item.variationGroup);
    if (g === undefined) {
      g = takes.length;
      groupIndex.set(item.variationGroup, g);
      takes.push([]);
    }
    group[p] = g;
    takes[g]!.push(p);
  }
  for (const t of takes) if (t.length > 1) t.sort((a, b) => takeOrder(list[a]!, list[b]!));
  return {
    list,
    posOf: null,
    hay: new Array<string | undefined>(list.length),
    group,
    takes,
    parentTitle,
    rows: new Array<Row | undefined>(list.length),
    matched: new Uint8Array(list.length),
    last: null,
  };
}

/**
 * What the view derives from one items array: the id index, each item's extensions and a sorted
 * view per order. A library change that only edits items in place (a loudness result, a new tag)
 * patches the last one — the new objects go where the old ones were — instead of building 50,000
 * entries again, which at that size costs tens of milliseconds and leaves as much garbage.
 */
export interface Derived {
  items: readonly LibraryItemView[];
  byId: Map<string, LibraryItemView>;
  childrenOf: Map<string, LibraryItemView[]>;
  views: Map<SortId, SortedView>;
  /** The language its kind order and search text were made in. */
  language: string;
}

let derived: Derived | null = null;

function childrenOfItems(items: readonly LibraryItemView[]): Map<string, LibraryItemView[]> {
  const m = new Map<string, LibraryItemView[]>();
  for (const i of items) {
    if (!i.parentId) continue;
    const list = m.get(i.parentId);
    if (list) list.push(i);
    else m.set(i.parentId, [i]);
  }
  return m;
}

/** The same item in the same place as far as order, groups and parent titles go. */
const samePlace = (a: LibraryItemView, b: LibraryItemView): boolean =>
  a.id === b.id &&
  a.createdAt === b.createdAt &&
  a.file === b.file &&
  a.title === b.title &&
  a.durationMs === b.durationMs &&
  a.kind === b.kind &&
  a.variationGroup === b.variationGroup &&
  a.parentId === b.parentId;

/** Indexes of the items `next` changed in place from `prev`, or null when more than that changed. */
function editedInPlace(
  prev: readonly LibraryItemView[],
  next: readonly LibraryItemView[],
): number[] | null {
  if (prev.length !== next.length) return null;
  const edited: number[] = [];
  for (let i = 0; i < next.length; i++) {
    if (prev[i] === next[i]) continue;
    if (!samePlace(prev[i]!, next[i]!) || edited.length >= 5000) return null;
    edited.push(i);
  }
  return edited;
}

/** Where each of `items` (by index) sits in `list`, the same items in another order. */
function positionsOf(
  list: readonly LibraryItemView[],
  items: readonly LibraryItemView[],
): Int32Array {
  const at = new Map<LibraryItemView, number>();
  for (let p = 0; p < list.length; p++) at.set(list[p]!, p);
  const posOf = new Int32Array(items.length);
  for (let i = 0; i < items.length; i++) posOf[i] = at.get(items[i]!)!;
  return posOf;
}

/** The id index, extensions and sorted views of `items` (patched from the last ones when it can). */
export function deriveView(items: readonly LibraryItemView[]): Derived {
  // another language: the kind order and the search text are its words, so start again
  if (derived && derived.language !== currentLanguage()) derived = null;
  if (derived?.items === items) return derived;
  const edited = derived ? editedInPlace(derived.items, items) : null;
  if (derived && edited) {
    const { byId, views } = derived;
    let extensionEdited = false;
    for (const view of views.values()) view.posOf ??= positionsOf(view.list, derived.items);
    for (const i of edited) {
      const item = items[i]!;
      byId.set(item.id, item);
      if (item.parentId) extensionEdited = true;
      for (const view of views.values()) {
        const p = view.posOf![i]!;
        view.list[p] = item;
        view.hay[p] = undefined;
        view.rows[p] = undefined;
        view.last = null;
      }
    }
    // an extension's new object goes into its parent's list: built once for the whole change
    const childrenOf = extensionEdited ? childrenOfItems(items) : derived.childrenOf;
    derived = { items, byId, childrenOf, views, language: derived.language };
    return derived;
  }
  derived = {
    items,
    language: currentLanguage(),
    byId: new Map(items.map((i) => [i.id, i])),
    childrenOf: childrenOfItems(items),
    views: new Map(),
  };
  return derived;
}

function viewOf(items: readonly LibraryItemView[], sort: SortId): SortedView {
  const d = deriveView(items);
  let view = d.views.get(sort);
  if (!view) {
    view = sortedView(items, sort, d.byId);
    d.views.set(sort, view);
  }
  return view;
}

/**
 * Prepares the searchable text of every item in the view of `sort`, a chunk at a time between
 * tasks, then runs one search nobody sees so the search loop is compiled too: the first keystroke
 * over 50,000 items does not pay for either. Answers a function that stops it.
 */
export function warmSearch(
  items: readonly LibraryItemView[],
  sort: SortId = 'newest',
  chunk = 2000,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = (from: number) => {
    if (stopped) return;
    const view = viewOf(items, sort);
    const end = Math.min(view.list.length, from + chunk);
    for (let p = from; p < end; p++) view.hay[p] ??= haystackOf(view.list[p]!);
    if (end < view.list.length) {
      timer = setTimeout(() => step(end), 0);
      return;
    }
    const last = view.last;
    matchPositions(view, { text: 'e', kind: 'all', sort, withLyrics: false });
    view.last = last;
  };
  timer = setTimeout(() => step(0), 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Positions matching the query, in order; from the last query's matches when it narrows them. */
function matchPositions(view: SortedView, query: ViewQuery): Int32Array {
  const text = query.text.toLowerCase();
  const terms = text.split(/\s+/).filter(Boolean);
  const kinds = (KIND_FILTERS.find((k) => k.id === query.kind)?.kinds ?? null) as
    readonly LibraryKind[] | null;
  const also = query.alsoMatching;
  const filters = `${query.kind}|${query.withLyrics}|${query.favourites === true}|${also ? 'also' : ''}`;
  // typing more characters only narrows: every earlier word is still inside one of the new ones
  const last = view.last;
  const from =
    !also && last && last.filters === filters && text.startsWith(last.text) ? last : null;
  const { list, hay } = view;
  const candidates = from?.positions;
  const total = candidates ? candidates.length : list.length;
  const out = new Int32Array(total);
  let n = 0;
  for (let k = 0; k < total; k++) {
    const p = candidates ? candidates[k]! : k;
    const item = list[p]!;
    if (kinds && !kinds.includes(item.kind)) continue;
    if (query.withLyrics && !item.hasLyrics) continue;
    if (query.favourites && !item.favourite) continue;
    if (terms.length > 0 && !also?.has(item.id)) {
      const h = (hay[p] ??= haystackOf(item));
      let all = true;
      for (const t of terms)
        if (!h.includes(t)) {
          all = false;
          break;
        }
      if (!all) continue;
    }
    out[n++] = p;
  }
  const positions = out.subarray(0, n);
  view.last = { filters, text, positions };
  return positions;
}

function rowAt(view: SortedView, p: number, take: number | null, grouped: boolean): Row {
  const cached = view.rows[p];
  if (cached && cached.take === take && cached.grouped === grouped) return cached;
  const row: Row = {
    item: view.list[p]!,
    take,
    grouped,
    parentTitle: view.parentTitle[p] ?? null,
  };
  view.rows[p] = row;
  return row;
}

/** The rows to show: matching items, sorted, each variation group together under its first take. */
export function buildRows(items: readonly LibraryItemView[], query: ViewQuery): Row[] {
  const view = viewOf(items, query.sort);
  const positions = matchPositions(view, query);
  const { group, takes, matched, list } = view;
  const numbers = takeNumbersOf(items);
  const numberAt = (p: number): number | null =>
    group[p]! < 0 ? null : (numbers.get(list[p]!.id) ?? null);
  // how many of each group's takes match: a group shows as a group only with two or more
  const counts = new Int32Array(takes.length);
  const n = positions.length;
  for (let k = 0; k < n; k++) {
    const p = positions[k]!;
    matched[p] = 1;
    const g = group[p]!;
    if (g >= 0) counts[g]! += 1;
  }
  const rows: Row[] = [];
  const emitted = new Uint8Array(takes.length);
  for (let k = 0; k < n; k++) {
    const p = positions[k]!;
    const g = group[p]!;
    if (g < 0 || counts[g]! < 2) {
      rows.push(rowAt(view, p, numberAt(p), false));
      continue;
    }
    if (emitted[g]) continue;
    emitted[g] = 1;
    let first = true;
    for (const t of takes[g]!)
      if (matched[t]) {
        rows.push(rowAt(view, t, numberAt(t), !first));
        first = false;
      }
  }
  for (let k = 0; k < n; k++) matched[positions[k]!] = 0;
  return rows;
}
