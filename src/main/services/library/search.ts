import type { LibraryItem, LibraryKind } from '@shared/domain/library';

export interface LibraryQuery {
  /** Words that must all appear in the title, tags, lyrics or prompt (case-insensitive). */
  text?: string;
  kind?: LibraryKind;
}

const terms = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Per-keystroke filtering over the index. Each item's searchable text is lower-cased once and
 * cached; when the new query only adds to the previous one (the user kept typing), only the
 * previous matches are searched again.
 */
export class LibrarySearch {
  private haystacks = new WeakMap<LibraryItem, string>();
  private last: {
    items: readonly LibraryItem[];
    key: string;
    terms: string[];
    result: LibraryItem[];
  } | null = null;

  private haystack(item: LibraryItem): string {
    let h = this.haystacks.get(item);
    if (h === undefined) {
      h = [item.title, item.tags.join(' '), item.lyrics ?? '', item.prompt ?? '']
        .join('\n')
        .toLowerCase();
      this.haystacks.set(item, h);
    }
    return h;
  }

  /** Prepares the searchable text of every item, a chunk at a time, so the first keystroke is quick. */
  async warm(items: readonly LibraryItem[], chunk = 1000): Promise<void> {
    for (let i = 0; i < items.length; i += chunk) {
      for (const item of items.slice(i, i + chunk)) this.haystack(item);
      await new Promise((r) => setImmediate(r));
    }
  }

  filter(items: readonly LibraryItem[], query: LibraryQuery): LibraryItem[] {
    const ts = terms(query.text ?? '');
    const key = query.kind ?? '';
    let pool: readonly LibraryItem[] = items;
    const prev = this.last;
    if (prev && prev.items === items && prev.key === key && narrows(prev.terms, ts))
      pool = prev.result;
    const result = pool.filter((item) => {
      if (query.kind && item.kind !== query.kind) return false;
      if (ts.length === 0) return true;
      const h = this.haystack(item);
      return ts.every((t) => h.includes(t));
    });
    this.last = { items, key, terms: ts, result };
    return result;
  }
}

/** True when every match of `next` is also a match of `prev` (each old term is inside a new one). */
function narrows(prev: string[], next: string[]): boolean {
  if (prev.length === 0) return true;
  return prev.every((p) => next.some((n) => n.includes(p)));
}
