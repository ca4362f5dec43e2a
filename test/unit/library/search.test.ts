/** The worker's per-keystroke search answers what a plain filter over every entry answers. */
import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '@shared/domain/library';
import { searchTextOf, type IndexEntry } from '../../../src/main/services/library/index-entry';
import { LibrarySearch, type LibraryQuery } from '../../../src/main/services/library/search';

const WORDS = ['velvet', 'night', 'kalora', 'velour', 'nightly', 'rain', 'vela', 'ghost'];

function entry(n: number): IndexEntry {
  const item = {
    id: `id-${n}`,
    kind: n % 3 === 0 ? 'tts' : 'song',
    title: `${WORDS[n % WORDS.length]} ${WORDS[(n * 5) % WORDS.length]}`,
    tags: [WORDS[(n * 3) % WORDS.length]!],
    artist: null,
    album: null,
    genre: null,
  } as unknown as LibraryItem;
  return {
    item,
    mediaSize: 1,
    mediaMtimeMs: n,
    sidecarSize: 1,
    sidecarMtimeMs: n,
    text: searchTextOf(item, `line ${WORDS[(n * 7) % WORDS.length]}`, null),
  };
}

const plain = (entries: IndexEntry[], q: LibraryQuery): string[] => {
  const ts = (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return entries
    .filter((e) => (!q.kind || e.item.kind === q.kind) && ts.every((t) => e.text!.includes(t)))
    .map((e) => e.item.id);
};

describe('library search', () => {
  it('answers as a plain filter while typing, deleting, adding spaces and changing kind', () => {
    const entries = Array.from({ length: 200 }, (_, n) => entry(n));
    const search = new LibrarySearch();
    const typed = 'velvet night kalora';
    const queries: LibraryQuery[] = [
      ...Array.from({ length: typed.length }, (_, i) => ({ text: typed.slice(0, i + 1) })),
      { text: 'velvet night' }, // deleted back
      { text: 'velvet  night ' },
      { text: 'night velvet' },
      { text: 'v' },
      { text: 'v', kind: 'tts' },
      { text: 've', kind: 'tts' },
      { text: 've' },
      { text: '' },
      { text: 'zzz' },
      { text: 'zzz q' },
    ];
    for (const q of queries) {
      const ids = search.ids(entries, q);
      expect(ids, JSON.stringify(q)).toEqual(plain(entries, q));
      expect(search.filter(entries, q).map((e) => e.item.id)).toEqual(ids);
    }
    // every entry's lyrics hold "line": the same matches each key, answered with the same ids
    const first = search.ids(entries, { text: 'l' });
    expect(first).toHaveLength(entries.length);
    for (const text of ['li', 'lin', 'line', 'line '])
      expect(search.ids(entries, { text })).toBe(first);
    // an answer's name: the ids only to an asker who does not hold that answer
    const named = search.answer(entries, { text: 'line' });
    expect(named.except).toEqual([]); // every entry: the ids left out, none
    expect(search.answer(entries, { text: 'zzz' }).except).toBeUndefined(); // fewer than half
    const most = search.answer(entries, { text: 'e' });
    expect(most.except).toEqual(
      entries.map((e) => e.item.id).filter((id) => !plain(entries, { text: 'e' }).includes(id)),
    );
    expect(search.answer(entries, { text: 'line', kind: 'tts' }).ids).toEqual(
      plain(entries, { text: 'line', kind: 'tts' }),
    );
    const named2 = search.answer(entries, { text: 'line' });
    expect(search.answer(entries, { text: 'line ' }, named2.answer)).toEqual({
      answer: named2.answer,
    });
    const other = search.answer(entries, { text: 'line rain' }, named2.answer);
    expect(other.answer).not.toBe(named2.answer);
    const all = entries.map((e) => e.item.id);
    expect(other.ids ?? all.filter((id) => !other.except!.includes(id))).toEqual(
      plain(entries, { text: 'line rain' }),
    );
    // other entries (a refresh made a new order): searched again from them
    const fewer = entries.slice(0, 50);
    expect(search.ids(fewer, { text: 'rain' })).toEqual(plain(fewer, { text: 'rain' }));
  });
});
