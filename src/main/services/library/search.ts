import type { LibraryKind } from '@shared/domain/library';
import type { IndexEntry } from './index-entry';
import { WordIndex, allPositions } from './word-index';

export interface LibraryQuery {
  /** Words that must all appear in the title, tags, artist, album, genre, lyrics or prompt. */
  text?: string;
  kind?: LibraryKind;
}

const terms = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Per-keystroke filtering over the worker's index. Each entry's searchable text is lower-cased
 * once, when its sidecar is read (`IndexEntry.text`, kept in the saved index too), and its words
 * are indexed (word-index.ts: a term's entries come from its words' postings, not from reading
 * 50,000 texts, which cost the worker 16-19 ms of CPU a key at 50,000 items); when the new
 * query only adds to the previous one (the user kept typing), only the previous matches are
 * searched again, and only for the terms that are new: a term the previous query had is held by
 * every previous match. A query whose terms are the previous ones (a space typed) searches
 * nothing, and an answer with the same matches as the previous one (the first letters of a
 * common word match every item) gives the same ids: at 50,000 items, mapping 40,000 matches to
 * their ids cost about 10 ms of a keystroke. Each different answer has a name (`answer`): main,
 * holding the answer of that name already, is told so instead of sent the ids again (sending
 * 50,000 ids and mapping them to items cost main 13 ms of CPU a key, most keys of a typed word
 * answering the same; issue 30).
 */
export class LibrarySearch {
  private last: {
    entries: readonly IndexEntry[];
    key: string;
    terms: string[];
    result: IndexEntry[];
    /** The matches' positions in `entries`, ascending. */
    positions: Uint32Array;
    ids?: string[];
    /** The ids of the entries not matched, when fewer than half (`excepted`). */
    except?: string[];
    answer: string;
  } | null = null;

  private readonly words = new WordIndex();

  /** Builds the word index for `entries` (after an open: not on the first keystroke). */
  index(entries: readonly IndexEntry[]): void {
    this.words.sync(entries);
  }

  /**
   * After a change: a word index already built answers for `entries` from now on (updated here,
   * not on the next keystroke); none is built for a library nobody searched (a listing command).
   */
  follow(entries: readonly IndexEntry[]): void {
    this.words.follow(entries);
  }

  filter(entries: readonly IndexEntry[], query: LibraryQuery): IndexEntry[] {
    const ts = terms(query.text ?? '');
    const key = query.kind ?? '';
    const prev = this.last;
    const narrowing =
      prev !== null && prev.entries === entries && prev.key === key && narrows(prev.terms, ts);
    let result: IndexEntry[];
    let positions: Uint32Array;
    if (narrowing && ts.every((t) => prev.terms.includes(t))) {
      result = prev.result;
      positions = prev.positions;
    } else {
      this.words.sync(entries);
      // a narrowing query checks only the previous matches, for its new terms
      let pool: Uint32Array | null = narrowing ? prev.positions : null;
      if (!narrowing && query.kind) pool = ofKind(entries, query.kind);
      for (const t of narrowing ? ts.filter((x) => !prev.terms.includes(x)) : ts)
        pool = this.words.match(t, pool);
      positions = pool ?? allPositions(entries.length);
      // nothing left out: the same matches, in the same order
      if (narrowing && positions.length === prev.positions.length) {
        result = prev.result;
        positions = prev.positions;
      } else {
        result = new Array<IndexEntry>(positions.length);
        for (let i = 0; i < positions.length; i++) result[i] = entries[positions[i]!]!;
      }
    }
    const same = result === prev?.result;
    const ids = same ? prev.ids : undefined;
    const except = same ? prev.except : undefined;
    const answer = same ? prev.answer : `${THREAD}:${(answers += 1)}`;
    this.last = { entries, key, terms: ts, result, positions, answer, ...(ids ? { ids } : {}) };
    if (except) this.last.except = except;
    return result;
  }

  /** The ids of `filter`'s matches (the previous answer's when the matches are the same). */
  ids(entries: readonly IndexEntry[], query: LibraryQuery): string[] {
    this.filter(entries, query);
    const last = this.last as NonNullable<LibrarySearch['last']>;
    return (last.ids ??= last.result.map((e) => e.item.id));
  }

  /**
   * `ids`' answer with its name; without the ids when it is the answer named `have` (the one the
   * asker holds).
   */
  answer(
    entries: readonly IndexEntry[],
    query: LibraryQuery,
    have?: string,
  ): { answer: string; ids?: string[]; except?: string[] } {
    this.filter(entries, query);
    const last = this.last as NonNullable<LibrarySearch['last']>;
    if (have === last.answer) return { answer: last.answer };
    const except = query.kind ? undefined : (last.except ??= excepted(entries, last.result));
    if (except) return { answer: last.answer, except };
    return { answer: last.answer, ids: (last.ids ??= last.result.map((e) => e.item.id)) };
  }
}

/** Answers' names are unique in the process: a restarted thread names its answers anew. */
const THREAD = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
let answers = 0;

/**
 * The ids of the entries `result` (in their order, as every answer is) leaves out, when most
 * entries match: a first key's answer at 50,000 items is then a few ids, not 50,000 that main
 * would look up one by one (23-30 ms of its CPU).
 */
function excepted(
  entries: readonly IndexEntry[],
  result: readonly IndexEntry[],
): string[] | undefined {
  if (result.length * 2 < entries.length) return undefined;
  const out: string[] = [];
  let j = 0;
  for (const e of entries) {
    if (result[j] === e) j += 1;
    else out.push(e.item.id);
  }
  return j === result.length ? out : undefined;
}

/** The positions of the entries of this kind. */
function ofKind(entries: readonly IndexEntry[], kind: LibraryKind): Uint32Array {
  const out = new Uint32Array(entries.length);
  let k = 0;
  for (let i = 0; i < entries.length; i++) if (entries[i]!.item.kind === kind) out[k++] = i;
  return out.subarray(0, k);
}

/** True when every match of `next` is also a match of `prev` (each old term is inside a new one). */
function narrows(prev: string[], next: string[]): boolean {
  if (prev.length === 0) return true;
  return prev.every((p) => next.some((n) => n.includes(p)));
}
