/** Main's list of items: each change costs main its own size, and a list handed out never changes. */
import { describe, expect, it, vi } from 'vitest';
import { LibraryItemSchema, type LibraryItem } from '@shared/domain/library';
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

  it('keeps every field of an item in objects of its own, empty service ids shared', () => {
    const list = new ItemList();
    const full = {
      ...item(1, { tags: ['pop', 'night'], service_ids: { song_id: 's1' } }),
      schema_version: 1,
      kind: 'song',
      model: 'v4.5',
      voice: null,
      singer: null,
      emotion: null,
      duration_ms: 1000,
      source_url: null,
      parent_id: null,
      variation_group: 'g',
      job_id: 'job_1',
      cover_file: null,
      cover: null,
      sizeBytes: 10,
      modifiedAtMs: 1.5,
      hasSidecar: true,
      artEmbedded: false,
      hasLyrics: true,
      hasPrompt: false,
      take: 2,
      trimmed_from: {
        source_id: 'a',
        source_title: 'A',
        start_ms: 0,
        end_ms: 5,
        fade_in_ms: 0,
        fade_out_ms: 0,
        fade_curve: 'linear',
      },
      loudness: { integratedLufs: -14, truePeakDb: -1, measuredAt: at(1), version: 1 },
      continue_at_s: 12,
      whole_song: null,
      mode: 'custom',
      instrumental: false,
      tran: 0,
      file_size_bytes: 10,
      audio_sha256: 'a'.repeat(64),
      favourite: true,
      rating: 4,
      artist: 'Ann',
      album: 'B',
      genre: 'Pop',
    } as LibraryItem;
    const kept = list.keep(JSON.parse(JSON.stringify(full)) as LibraryItem);
    expect(kept).toStrictEqual(full);
    // an item without the optional fields gets none of them (not even as undefined)
    const bare = { ...full, tags: [], service_ids: {} } as Record<string, unknown>;
    for (const k of ['take', 'trimmed_from', 'loudness', 'continue_at_s', 'whole_song', 'mode'])
      delete bare[k];
    for (const k of ['instrumental', 'tran', 'file_size_bytes', 'audio_sha256', 'favourite'])
      delete bare[k];
    for (const k of ['rating', 'artist', 'album', 'genre']) delete bare[k];
    const a = list.keep(JSON.parse(JSON.stringify(bare)) as LibraryItem);
    const b = list.keep(JSON.parse(JSON.stringify(bare)) as LibraryItem);
    expect(a).toStrictEqual(bare);
    expect(a.service_ids).toBe(b.service_ids);
    expect(a.tags).toBe(b.tags);
    const tags = ['pop', 'night', 'a', 'b', 'c'];
    for (let n = 1; n <= tags.length; n++) {
      const sent = tags.slice(0, n);
      const c = list.keep({ ...full, tags: sent });
      expect(c.tags).toEqual(sent);
      expect(c.tags).not.toBe(sent);
    }
    expect(list.keep({ ...full, service_ids: { song_id: 's2' } }).service_ids).toEqual({
      song_id: 's2',
    });
    // every field an item can have is kept (a field added to the schema and not to keep fails)
    const every = Object.fromEntries(
      Object.keys(LibraryItemSchema.shape).map((k) => [k, `value of ${k}`]),
    ) as unknown as LibraryItem;
    const withAll = { ...every, tags: ['t'], service_ids: { song_id: 's' } };
    expect(list.keep(withAll)).toStrictEqual(withAll);
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
