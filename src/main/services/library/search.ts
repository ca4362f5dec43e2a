import type { LibraryKind } from '@shared/domain/library';
import { searchTextOf, type IndexEntry } from './index-entry';

export interface LibraryQuery {
  /** Words that must all appear in the title, tags, artist, album, genre, lyrics or prompt. */
  text?: string;
  kind?: LibraryKind;
}

const terms = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Per-keystroke filtering over the worker's index. Each entry's searchable text is lower-cased
 * once, when its sidecar is read (`IndexEntry.text`, kept in the saved index too); when the new
 * query only adds to the previous one (the user kept typing), only the previous matches are
 * searched again.
 */
export class LibrarySearch {
  private last: {
    entries: readonly IndexEntry[];
    key: string;
    terms: string[];
    result: IndexEntry[];
  } | null = null;

  filter(entries: readonly IndexEntry[], query: LibraryQuery): IndexEntry[] {
    const ts = terms(query.text ?? '');
    const key = query.kind ?? '';
    let pool: readonly IndexEntry[] = entries;
    const prev = this.last;
    if (prev && prev.entries === entries && prev.key === key && narrows(prev.terms, ts))
      pool = prev.result;
    const result = pool.filter((e) => {
      if (query.kind && e.item.kind !== query.kind) return false;
      if (ts.length === 0) return true;
      const h = e.text ?? (e.text = searchTextOf(e.item, null, e.prompt));
      return ts.every((t) => h.includes(t));
    });
    this.last = { entries, key, terms: ts, result };
    return result;
  }
}

/** True when every match of `next` is also a match of `prev` (each old term is inside a new one). */
function narrows(prev: string[], next: string[]): boolean {
  if (prev.length === 0) return true;
  return prev.every((p) => next.some((n) => n.includes(p)));
}
