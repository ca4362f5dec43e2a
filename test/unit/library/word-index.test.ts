/**
 * The word index (word-index.ts) answers exactly what a plain substring scan of every entry's
 * text answers, over random vocabularies and queries, with entries added, changed, removed and
 * re-ordered between searches; and a keystroke on an indexed library reads no entry's text.
 */
import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '@shared/domain/library';
import type { IndexEntry } from '../../../src/main/services/library/index-entry';
import { LibrarySearch, type LibraryQuery } from '../../../src/main/services/library/search';

/** A small seeded generator (mulberry32): the same cases every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const LETTERS = 'aabcdeeiklmnoorstuvé';

function vocabulary(rnd: () => number, size: number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = 1 + Math.floor(rnd() * 7);
    let w = '';
    for (let i = 0; i < n; i++) w += LETTERS[Math.floor(rnd() * LETTERS.length)];
    words.add(w);
  }
  return [...words];
}

let made = 0;
function entryOf(rnd: () => number, words: string[]): IndexEntry {
  made += 1;
  const n = Math.floor(rnd() * 12);
  const own = new Set<string>();
  for (let i = 0; i < n; i++) own.add(words[Math.floor(rnd() * words.length)]!);
  const item = { id: `id-${made}`, kind: rnd() < 0.3 ? 'tts' : 'song' } as unknown as LibraryItem;
  // as searchTextOf makes it: distinct words, one space between them (none: empty)
  return {
    item,
    mediaSize: 1,
    mediaMtimeMs: 1,
    sidecarSize: 1,
    sidecarMtimeMs: 1,
    text: [...own].join(' '),
  };
}

const plain = (entries: readonly IndexEntry[], q: LibraryQuery): string[] => {
  const ts = (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return entries
    .filter((e) => (!q.kind || e.item.kind === q.kind) && ts.every((t) => e.text!.includes(t)))
    .map((e) => e.item.id);
};

/** A query as a creator types one: a word or two of the vocabulary, a piece of one, or none. */
function typed(rnd: () => number, words: string[]): string {
  const pick = () => {
    const w = words[Math.floor(rnd() * words.length)]!;
    const from = Math.floor(rnd() * w.length);
    return rnd() < 0.5 ? w : w.slice(from, from + 1 + Math.floor(rnd() * 3));
  };
  const parts = [pick()];
  if (rnd() < 0.4) parts.push(pick());
  if (rnd() < 0.1) parts.push('zq');
  return parts.join(rnd() < 0.2 ? '  ' : ' ');
}

/** The next list: some entries gone, some changed (a new object), some new, re-sorted or not. */
function edited(rnd: () => number, entries: IndexEntry[], words: string[]): IndexEntry[] {
  const share = rnd() < 0.5 ? 0.02 : 0.4;
  const next: IndexEntry[] = [];
  for (const e of entries) {
    const r = rnd();
    if (r < share / 2) continue; // removed
    next.push(r < share ? entryOf(rnd, words) : e); // changed, or kept
  }
  for (let i = 0; i < entries.length * share * rnd(); i++)
    next.splice(Math.floor(rnd() * next.length), 0, entryOf(rnd, words));
  if (rnd() < 0.3) next.reverse();
  return next;
}

/** Counts each read of the entries' texts from now on into `reads` (a test may reset it). */
function countTextReads(
  entries: readonly IndexEntry[],
  reads: { count: number } = { count: 0 },
): { count: number } {
  for (const e of entries) {
    const text = e.text;
    Object.defineProperty(e, 'text', {
      enumerable: true,
      get: () => {
        reads.count += 1;
        return text;
      },
    });
  }
  return reads;
}

describe('word index', () => {
  it('answers as a plain substring scan over random words, queries and edits', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const rnd = random(seed);
      const words = vocabulary(rnd, 5 + Math.floor(rnd() * 300));
      let entries = Array.from({ length: 1 + Math.floor(rnd() * 400) }, () => entryOf(rnd, words));
      const search = new LibrarySearch();
      if (rnd() < 0.5) search.ids(entries, {}); // indexed before the first key, or by it
      for (let round = 0; round < 12; round++) {
        const text = typed(rnd, words);
        const kind = rnd() < 0.2 ? ('tts' as const) : undefined;
        // typed a key at a time, then deleted back a little
        const keys = Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));
        keys.push(text.slice(0, Math.max(0, text.length - 2)), text);
        for (const k of keys) {
          const q: LibraryQuery = { text: k, ...(kind ? { kind } : {}) };
          const want = plain(entries, q);
          expect(search.ids(entries, q), `seed ${seed} round ${round} "${k}"`).toEqual(want);
          const got = search.answer(entries, q);
          const all = entries.map((e) => e.item.id);
          expect(got.ids ?? all.filter((id) => !got.except!.includes(id))).toEqual(want);
        }
        if (rnd() < 0.6) {
          entries = edited(rnd, entries, words);
          if (rnd() < 0.5) search.ids(entries, {}); // indexed at the change, or by the next key
        }
      }
    }
  });

  it('finds words held by entries far apart (postings of several bytes) past 65,536 entries', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta'];
    const far = [0, 1, 127, 128, 129, 16_383, 16_384, 16_511, 40_000, 65_535, 65_536, 69_999];
    const entries = Array.from({ length: 70_000 }, () => entryOf(() => 0, ['x']));
    for (const i of far) entries[i]!.text = words[i % 4]!;
    entries[5]!.text = words.join(' ');
    const search = new LibrarySearch();
    for (const q of ['a', 'alpha', 'lt', 'e', 'gamma', 'mm', 'a b', 'zz', 'beta gam'])
      expect(search.ids(entries, { text: q }), q).toEqual(plain(entries, { text: q }));
  });

  it('reads no entry text on a keystroke once the library is indexed', () => {
    const rnd = random(7);
    const words = vocabulary(rnd, 400);
    const entries = Array.from({ length: 2000 }, () => entryOf(rnd, words));
    const search = new LibrarySearch();
    search.ids(entries, {}); // the worker indexes after an open (`library.warm`)
    const reads = countTextReads(entries);
    const rare = words.find((w) => w.length >= 5 && plain(entries, { text: w }).length < 50)!;
    for (let i = 1; i <= rare.length; i++) search.ids(entries, { text: rare.slice(0, i) });
    search.ids(entries, { text: '' });
    expect(search.ids(entries, { text: rare })).toEqual(plain(entries, { text: rare }));
    reads.count = 0;
    search.ids(entries, { text: '' });
    search.ids(entries, { text: rare }); // a fresh query: the index, not 2,000 texts
    expect(reads.count).toBe(0);
  });

  it("answers a first key, one letter in most words, from the entries' letters, not their texts", () => {
    const rnd = random(11);
    // long texts of words that all hold an "e": its postings cost more than reading the texts
    const words = vocabulary(rnd, 400).map((w) => `e${w}`);
    const entries = Array.from({ length: 2000 }, () => {
      const e = entryOf(rnd, ['x']);
      e.text = [...new Set(Array.from({ length: 80 }, () => words[Math.floor(rnd() * 400)]!))].join(
        ' ',
      );
      return e;
    });
    const search = new LibrarySearch();
    search.ids(entries, {});
    const reads = countTextReads(entries);
    expect(search.ids(entries, { text: 'e' })).toHaveLength(2000);
    expect(search.ids(entries, { text: 'e k' })).toEqual(plain(entries, { text: 'e k' }));
    reads.count = 0;
    search.ids(entries, { text: '' });
    search.ids(entries, { text: 'e' });
    search.ids(entries, { text: 'e k' });
    expect(reads.count).toBe(0);
  });

  it('answers one-character terms of letters, digits and anything else as the scan does', () => {
    const texts = ['take 2 neon', 'b-side 1999', 'café', '', 'x', 'ゆめ 7', 'zq 0'];
    const entries = texts.map((text, i) => ({
      ...entryOf(() => 0, ['x']),
      text,
      item: { id: `c${i}`, kind: 'song' } as unknown as LibraryItem,
    }));
    const search = new LibrarySearch();
    search.ids(entries, {});
    for (const q of ['2', '9', '0', '7', 'a', 'é', '-', 'ゆ', 'x', 'z 0', 'k 2', 'q'])
      expect(search.ids(entries, { text: q }), q).toEqual(plain(entries, { text: q }));
  });

  it('is built for a library once asked, and only followed after a change', () => {
    const rnd = random(11);
    const words = vocabulary(rnd, 200);
    const reads = { count: 0 };
    const counted = (e: IndexEntry): IndexEntry => {
      countTextReads([e], reads);
      return e;
    };
    const entries = Array.from({ length: 500 }, () => counted(entryOf(rnd, words)));
    const search = new LibrarySearch();
    search.follow(entries); // a listing command's scan: nothing built
    expect(reads.count).toBe(0);
    search.index(entries);
    expect(reads.count).toBe(500);
    // a refresh: one entry changed, one added; the rest keep their words
    const next = [counted(entryOf(rnd, words)), ...entries.slice(1), counted(entryOf(rnd, words))];
    reads.count = 0;
    search.follow(next);
    expect(reads.count).toBe(0);
    for (const w of words.slice(0, 20))
      expect(search.ids(next, { text: w })).toEqual(plain(next, { text: w }));
  });
});
