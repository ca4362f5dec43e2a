import type { LibraryChange, LibraryItem } from '@shared/domain/library';
import type { IndexEntry } from './index-entry';
import type { ScanResult } from './index-tasks';

export const byNewest = (a: LibraryItem, b: LibraryItem): number =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.file.localeCompare(b.file);

/** Merges two newest-first lists into one (O(n): a rescan rarely changes more than a few items). */
function mergeNewest(a: readonly LibraryItem[], b: readonly LibraryItem[]): LibraryItem[] {
  const out: LibraryItem[] = new Array<LibraryItem>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length)
    out[k++] = byNewest(a[i] as LibraryItem, b[j] as LibraryItem) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * What main holds of the index: the entries the worker sent by path, the items newest first and
 * by id. Changes arrive as diffs (see `publish`).
 */
export class ItemList {
  entries = new Map<string, IndexEntry>();
  /** All items, newest first; replaced (never mutated) when the library changes. */
  list: readonly LibraryItem[] = [];
  byId = new Map<string, LibraryItem>();

  reset(): void {
    this.entries = new Map();
    this.byId = new Map();
    this.list = [];
  }

  /**
   * Applies what the worker found: `changed` entries (newest first) replace those at their paths,
   * `removed` paths go. Work here is proportional to the change, plus at most one O(n) merge of
   * the list (none when the change only adds older items, as the chunks of an open do).
   */
  publish(changed: readonly IndexEntry[], removed: readonly string[]): LibraryChange {
    const change: LibraryChange = { added: [], updated: [], removed: [] };
    if (changed.length === 0 && removed.length === 0) return change;
    const { entries, byId } = this;
    const before = new Map<string, LibraryItem | undefined>();
    const note = (id: string): void => {
      if (!before.has(id)) before.set(id, byId.get(id));
    };
    const gone = new Set<LibraryItem>();
    const drop = (old: IndexEntry): void => {
      note(old.item.id);
      gone.add(old.item);
      if (byId.get(old.item.id) === old.item) byId.delete(old.item.id);
    };
    for (const rel of removed) {
      const old = entries.get(rel);
      if (!old) continue;
      drop(old);
      entries.delete(rel);
    }
    for (const e of changed) {
      const old = entries.get(e.item.file);
      if (old) drop(old);
      note(e.item.id);
      entries.set(e.item.file, e);
    }
    for (const e of changed) byId.set(e.item.id, e.item);
    const list = this.list;
    const kept = gone.size === 0 ? list : list.filter((i) => !gone.has(i));
    // the worker sends entries newest first, so this sort is a linear check
    const incoming = changed.map((e) => e.item).sort(byNewest);
    const last = kept.at(-1);
    const first = incoming[0];
    this.list =
      kept.length === 0
        ? incoming
        : !first
          ? kept
          : last && byNewest(last, first) <= 0
            ? kept.concat(incoming)
            : mergeNewest(kept, incoming);
    for (const [id, old] of before) {
      const now = byId.get(id);
      if (!old && now) change.added.push(id);
      else if (old && !now) change.removed.push(id);
      else if (old !== now) change.updated.push(id);
    }
    return change;
  }

  /** The paths a scan or refresh found gone (all not sent, when it sent the whole index). */
  removedBy(result: Omit<ScanResult, 'dirs'>, sent: readonly IndexEntry[]): string[] {
    if (!result.complete) return result.removed;
    const listed = new Set(sent.map((e) => e.item.file));
    return [...this.entries.keys()].filter((rel) => !listed.has(rel));
  }
}
