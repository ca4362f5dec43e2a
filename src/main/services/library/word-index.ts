/**
 * The worker's word index for per-keystroke search (issue 30): which entries hold a word with a
 * term inside it, without reading every entry's text. An entry's search text is its distinct
 * words joined by single spaces (`searchTextOf`); a query's term holds no white space, so it is
 * inside the text exactly when it is inside one of the text's space-separated words. The index
 * keeps each distinct word once (all of them in one string, `vocabulary`) and, per word, the
 * entries that hold it (one byte array for every word, `postings`, cut at `starts`: no object per
 * word or per posting; each slot as its distance from the one before, in 7-bit bytes, about one
 * byte a posting). A term's entries are the union of its words' postings, marked in a
 * generation-stamped array; its words come from searching the vocabulary once per term (a longer
 * term typed after a shorter one tests only the shorter one's words). A one-character term — a
 * search's first key, a new word's first letter — is held by most words: it is answered from
 * each entry's letters instead (two 32-bit masks an entry, 0.4 MB at 50,000; `BuiltWords.chars`).
 *
 * Entries keep their `text` (the saved index and re-linking copy it): the index is built from it
 * once, and entries added since (a refresh, a scan) are looked up by their text until enough have
 * changed that building the index again is cheaper than searching them so (`sync`).
 */
import { searchTextOf, type IndexEntry } from './index-entry';
import { buildWords, charBit, type BuiltWords } from './word-index-build';

/** The search text of an entry (the saved index of an older version may have none). */
const textOf = (e: IndexEntry): string => e.text ?? (e.text = searchTextOf(e.item, null, e.prompt));

/**
 * Relative costs, in about 5 ns of a core: reading one entry's text for a term (a scattered string
 * of ~450 bytes), testing one word of a cached term's, marking one posting (about a byte).
 */
const COST_TEXT = 40;
const COST_WORD = 6;
/** Characters of the vocabulary one unit searches through. */
const COST_CHARS = 4;

/** Searches run after a build (see `build`). */
const WARM_UPS = 5;

/** Words a term's cache keeps (the terms of the last two queries). */
const CACHED_TERMS = 16;

/** An index of `entries`: slots are positions in the array it was built from. */
interface Built extends BuiltWords {
  /** Slots built: a slot at or past this is an entry added since, searched by its text. */
  slots: number;
}

/** Positions 0 .. n - 1. */
export function allPositions(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

export class WordIndex {
  private built: Built | null = null;
  /** The entries the index answers for, and the slot of each of their positions. */
  private entries: readonly IndexEntry[] = [];
  private slotAt: Uint32Array = new Uint32Array(0);
  /** Marks of the last term's entries, by slot: `gen` marks, nothing is cleared. */
  private mark: Uint32Array = new Uint32Array(0);
  private gen = 0;
  /** The word ids of recent terms: a longer term's words are among a shorter one's. */
  private termWords = new Map<string, Uint32Array>();

  /**
   * Makes the index answer for `entries` (main's order). The first time, or once a quarter of the
   * entries changed, it is built from their texts (about 0.4 s of CPU at 50,000 entries); else the
   * entries it was built from keep their slots and new ones are searched by their text.
   */
  sync(entries: readonly IndexEntry[]): void {
    if (entries === this.entries && this.built) return;
    const built = this.built;
    if (built && Math.abs(entries.length - built.slots) <= built.slots / 4) {
      const slotOf = new Map<IndexEntry, number>();
      for (let p = 0; p < this.entries.length; p++) {
        const s = this.slotAt[p]!;
        if (s < built.slots) slotOf.set(this.entries[p]!, s);
      }
      const slotAt = new Uint32Array(entries.length);
      let added = 0;
      for (let p = 0; p < entries.length; p++) {
        const s = slotOf.get(entries[p]!);
        if (s === undefined) added += 1;
        // an entry added since the build: past every built slot (searched by its text)
        slotAt[p] = s ?? built.slots;
      }
      // a slot whose entry is gone is never looked up again (its postings only cost time)
      const gone = built.slots - (entries.length - added);
      if (added + gone <= built.slots / 4) {
        this.entries = entries;
        this.slotAt = slotAt;
        return;
      }
    }
    this.build(entries);
  }

  /** `sync`, only when the index has been built. */
  follow(entries: readonly IndexEntry[]): void {
    if (this.built) this.sync(entries);
  }

  private build(entries: readonly IndexEntry[]): void {
    this.built = { ...buildWords(entries.map(textOf)), slots: entries.length };
    this.entries = entries;
    this.slotAt = allPositions(entries.length);
    this.mark = new Uint32Array(entries.length);
    this.gen = 0;
    // a few searches now, so that the first keys do not run the loops before V8 has compiled
    // them: at 50,000 entries the first search of "v" took 12 ms, the fifth 2 ms
    // (a letter, answered from the letter masks, and the start of the first word, from postings)
    const word = this.built.vocabulary.slice(0, this.built.at[1]! - 1);
    for (const some of new Set([word.charAt(0), word.slice(0, 2)]))
      for (let i = 0; some && i < WARM_UPS; i++) this.match(some, i % 2 === 0 ? null : this.slotAt);
    this.termWords.clear();
  }

  /**
   * The positions (in the synced entries) among `pool` (positions, ascending) whose text holds
   * `term`; `pool` null: every entry. Chooses by cost between the index (the term's words'
   * postings) and reading each pool entry's text.
   */
  match(term: string, pool: Uint32Array | null): Uint32Array {
    const built = this.built as Built;
    const size = pool ? pool.length : this.entries.length;
    const bit = term.length === 1 ? charBit(term.charCodeAt(0)) : -1;
    if (bit >= 0) return this.matchChar(term, bit, pool, size);
    const cached = this.wordsCached(term);
    const wordCost = cached ? cached.length * COST_WORD : built.vocabulary.length / COST_CHARS;
    if (wordCost >= size * COST_TEXT) return this.scan(term, pool);
    const ws = this.wordsOf(term);
    let hits = 0;
    for (const w of ws) hits += built.starts[w + 1]! - built.starts[w]!;
    if (hits >= size * COST_TEXT) return this.scan(term, pool);
    const gen = this.nextGen();
    const { starts, postings } = built;
    const mark = this.mark;
    for (const w of ws) {
      let slot = -1;
      for (let i = starts[w]!, end = starts[w + 1]!; i < end;) {
        let b = postings[i++]!;
        let step = b & 0x7f;
        for (let shift = 7; b & 0x80; shift += 7) {
          b = postings[i++]!;
          step |= (b & 0x7f) << shift;
        }
        slot += step + 1;
        mark[slot] = gen;
      }
    }
    const out = new Uint32Array(size);
    let k = 0;
    const slots = built.slots;
    const slotAt = this.slotAt;
    for (let i = 0; i < size; i++) {
      const p = pool ? pool[i]! : i;
      const s = slotAt[p]!;
      if (s < slots ? mark[s] === gen : textOf(this.entries[p]!).includes(term)) out[k++] = p;
    }
    return out.subarray(0, k);
  }

  /** `match` of a one-character term, from the entries' letter masks (`BuiltWords.chars`). */
  private matchChar(
    term: string,
    bit: number,
    pool: Uint32Array | null,
    size: number,
  ): Uint32Array {
    const { chars, slots } = this.built as Built;
    const half = bit >> 5;
    const flag = 1 << (bit & 31);
    const slotAt = this.slotAt;
    const out = new Uint32Array(size);
    let k = 0;
    for (let i = 0; i < size; i++) {
      const p = pool ? pool[i]! : i;
      const s = slotAt[p]!;
      if (s < slots ? (chars[2 * s + half]! & flag) !== 0 : textOf(this.entries[p]!).includes(term))
        out[k++] = p;
    }
    return out.subarray(0, k);
  }

  private scan(term: string, pool: Uint32Array | null): Uint32Array {
    const size = pool ? pool.length : this.entries.length;
    const out = new Uint32Array(size);
    let k = 0;
    for (let i = 0; i < size; i++) {
      const p = pool ? pool[i]! : i;
      if (textOf(this.entries[p]!).includes(term)) out[k++] = p;
    }
    return out.subarray(0, k);
  }

  private nextGen(): number {
    if (this.gen === 0xffffffff) {
      this.mark.fill(0);
      this.gen = 0;
    }
    return (this.gen += 1);
  }

  /** The words of the cached term with the fewest inside which `term` is (null: none). */
  private wordsCached(term: string): Uint32Array | null {
    let best: Uint32Array | null = null;
    for (const [t, ws] of this.termWords)
      if (term.includes(t) && (!best || ws.length < best.length)) best = ws;
    return best;
  }

  /** The ids of the built words with `term` inside. */
  private wordsOf(term: string): Uint32Array {
    const had = this.termWords.get(term);
    if (had) return had;
    const { vocabulary, at } = this.built as Built;
    const from = this.wordsCached(term);
    const out: number[] = [];
    if (from) {
      for (const w of from) {
        const end = at[w + 1]! - 1 - term.length;
        for (let i = at[w]!; i <= end; i++)
          if (vocabulary.startsWith(term, i)) {
            out.push(w);
            break;
          }
      }
    } else {
      for (let i = vocabulary.indexOf(term); i >= 0;) {
        const w = wordAt(at, i);
        out.push(w);
        i = vocabulary.indexOf(term, at[w + 1]);
      }
    }
    const ws = Uint32Array.from(out);
    this.termWords.delete(term);
    this.termWords.set(term, ws);
    if (this.termWords.size > CACHED_TERMS)
      this.termWords.delete(this.termWords.keys().next().value as string);
    return ws;
  }
}

/** The word whose span in the vocabulary holds position `i` (`at` ascending). */
function wordAt(at: Uint32Array, i: number): number {
  let lo = 0;
  let hi = at.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (at[mid]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
