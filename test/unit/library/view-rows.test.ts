/** The Library view's rows: every sort order holds after filtering, and a new list is sorted anew. */
import { describe, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/ipc/library';
import { buildRows, type ViewQuery } from '../../../src/renderer/panels/library/view';

const item = (n: number, title: string, minutesAgo: number, durationMs: number) =>
  ({
    id: `i${n}`,
    title,
    kind: 'song',
    tags: [],
    prompt: null,
    file: `${title}.mp3`,
    model: null,
    hasLyrics: false,
    createdAt: new Date(Date.UTC(2026, 0, 1) - minutesAgo * 60_000).toISOString(),
    durationMs,
    variationGroup: null,
    parentId: null,
  }) as unknown as LibraryItemView;

const query = (text: string, sort: ViewQuery['sort']): ViewQuery =>
  ({ text, kind: 'all', sort, withLyrics: false }) as ViewQuery;
const titles = (items: readonly LibraryItemView[], q: ViewQuery) =>
  buildRows(items, q).map((r) => r.item.title);

describe('library rows', () => {
  const items = [
    item(1, 'Rain b', 30, 3000),
    item(2, 'Sun', 10, 1000),
    item(3, 'Rain a', 20, 2000),
  ];

  it('keeps each order after filtering, keystroke after keystroke', () => {
    expect(titles(items, query('', 'newest'))).toEqual(['Sun', 'Rain a', 'Rain b']);
    expect(titles(items, query('rain', 'newest'))).toEqual(['Rain a', 'Rain b']);
    expect(titles(items, query('rain', 'oldest'))).toEqual(['Rain b', 'Rain a']);
    expect(titles(items, query('rain', 'title'))).toEqual(['Rain a', 'Rain b']);
    expect(titles(items, query('', 'longest'))).toEqual(['Rain b', 'Rain a', 'Sun']);
    expect(titles(items, query('r', 'longest'))).toEqual(['Rain b', 'Rain a']);
  });

  it('sorts a new list anew (the order is kept per list, never reused for another)', () => {
    expect(titles(items, query('', 'title'))).toEqual(['Rain a', 'Rain b', 'Sun']);
    const next = [...items, item(4, 'Aurora', 5, 500)];
    expect(titles(next, query('', 'title'))).toEqual(['Aurora', 'Rain a', 'Rain b', 'Sun']);
    expect(titles(next, query('', 'newest'))[0]).toBe('Aurora');
    expect(titles(items, query('', 'newest'))).toEqual(['Sun', 'Rain a', 'Rain b']);
  });
});
