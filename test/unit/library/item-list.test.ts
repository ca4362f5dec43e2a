/** Main's list of items: each change costs main its own size, and a list handed out never changes. */
import { describe, expect, it, vi } from 'vitest';
import type { LibraryItem } from '@shared/domain/library';
import { newestFirst } from '../../../src/main/services/library/index-tasks';
import { ItemList, byNewest } from '../../../src/main/services/library/item-list';

const at = (n: number): string => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
const item = (n: number, extra: Partial<LibraryItem> = {}): LibraryItem =>
  ({
    id: `itm_${n.toString(16).padStart(20, '0')}`,
    file: `song ${n}.mp3`,
    title: `song ${n}`,
    created_at: at(n),
    ...extra,
  }) as LibraryItem;
/** Items n-1 … n-size (newest first), as the worker sends a chunk of an open. */
const chunk = (from: number, size: number) =>
  Array.from({ length: size }, (_, i) => ({ item: item(from - i) }));

describe('ItemList', () => {
  it('takes the chunks of an open without copying the list per chunk', () => {
    const list = new ItemList();
    for (let c = 0; c < 100; c++) list.publish(chunk(50_000 - c * 500, 500), []);
    expect(list.copies).toBe(0);
    expect(list.count).toBe(50_000);
    const rows = list.list;
    expect(rows[0]?.title).toBe('song 50000');
    expect(rows.at(-1)?.title).toBe('song 1');
  });

  it('never changes a list it handed out: the next change copies it once', () => {
    const list = new ItemList();
    list.publish(chunk(10, 5), []);
    const first = list.list;
    const firstIds = first.map((i) => i.id);
    list.publish(chunk(5, 5), []); // older: an append
    list.publish([{ item: item(20) }], [item(7).file]); // newer, and one removed
    expect(first.map((i) => i.id)).toEqual(firstIds);
    expect(list.copies).toBe(1);
    expect(list.list.map((i) => i.title)).toEqual(
      [20, 10, 9, 8, 6, 5, 4, 3, 2, 1].map((n) => `song ${n}`),
    );
  });

  it('merges chunks that arrive out of order (a first build reads by mtime) into one order', () => {
    const list = new ItemList();
    const all = Array.from({ length: 3000 }, (_, i) => item(i + 1));
    // shuffled into chunks of 250, each sorted newest first as the worker sends them
    let seed = 7;
    const shuffled = [...all].sort(() => ((seed = (seed * 16807) % 2147483647) % 3) - 1);
    for (let i = 0; i < shuffled.length; i += 250) {
      const c = shuffled.slice(i, i + 250).sort(byNewest);
      const change = list.publish(
        c.map((x) => ({ item: x })),
        [],
      );
      expect(change.added).toHaveLength(c.length);
    }
    expect(list.list.map((i) => i.id)).toEqual([...all].sort(byNewest).map((i) => i.id));
    expect(list.byId.size).toBe(3000);
  });

  it('reports added, updated and removed ids; a re-dated item moves to its place', () => {
    const list = new ItemList();
    list.publish(chunk(5, 5), []);
    const moved = item(2, { created_at: at(9) });
    const change = list.publish([{ item: moved }], [item(4).file]);
    expect(change).toEqual({ added: [], updated: [moved.id], removed: [item(4).id] });
    expect(list.list.map((i) => i.title)).toEqual(['song 2', 'song 5', 'song 3', 'song 1']);
    expect(list.paths.has(item(4).file)).toBe(false);
    expect(list.byId.get(moved.id)).toBe(moved);
  });

  it('breaks ties by the paths code units, without collation, the same in main and the worker', () => {
    // found files copied together share a creation time: localeCompare built collation keys per tie
    const spy = vi.spyOn(String.prototype, 'localeCompare');
    const same = at(5);
    const files = ['b.mp3', 'B.mp3', 'a.mp3', 'Z.mp3', 'é.mp3', 'e.mp3'];
    const items = files.map((file, n) => item(n, { file, created_at: same }));
    const sorted = [...items].sort(byNewest).map((i) => i.file);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(sorted).toEqual(['B.mp3', 'Z.mp3', 'a.mp3', 'b.mp3', 'e.mp3', 'é.mp3']);
    expect([...items].sort(newestFirst).map((i) => i.file)).toEqual(sorted);
    expect(byNewest(item(1, { created_at: at(2) }), item(2, { created_at: at(1) }))).toBe(-1);
  });
});
