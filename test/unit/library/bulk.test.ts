/**
 * Bulk star and rate of a selection (issue 31, point 2): 1,000 sidecars are written a few at a
 * time, never one after another (it took 90 s at 50,000 items when serial), with ONE refresh of
 * the index, and the files' rating frames are queued for the background, not awaited.
 */
import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '@shared/domain/library';
import { markItems } from '../../../src/main/services/collections/marks';
import { SIDECAR_WRITES_AT_ONCE, type TagQueue } from '../../../src/main/services/library/bulk';
import type { Library } from '../../../src/main/services/library/library-types';

/** A library of `n` items whose sidecar writes take `writeMs` each, counting what runs at once. */
function slowLibrary(n: number, writeMs: number) {
  const items = new Map<string, LibraryItem>();
  for (let i = 0; i < n; i++) {
    const id = `itm_${String(i).padStart(5, '0')}`;
    items.set(id, {
      id,
      file: `${id}.mp3`,
      rating: null,
      audio_sha256: i % 2 === 0 ? 'a'.repeat(64) : undefined,
    } as unknown as LibraryItem);
  }
  const seen = { inFlight: 0, maxInFlight: 0, writes: 0, refreshes: [] as number[] };
  const library = {
    get: (id: string) => items.get(id),
    async updateMeta(id: string, patch: Partial<LibraryItem>) {
      seen.inFlight += 1;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      await new Promise((r) => setTimeout(r, writeMs));
      items.set(id, { ...items.get(id)!, ...patch });
      seen.writes += 1;
      seen.inFlight -= 1;
      return items.get(id)!;
    },
    async refresh(files: readonly string[]) {
      seen.refreshes.push(files.length);
      return { added: [], updated: [], removed: [] };
    },
  } as unknown as Library;
  return { library, seen, ids: [...items.keys()] };
}

describe('bulk marks', () => {
  it('1,000 stars: sidecars written with bounded concurrency, one refresh, nothing awaited in the files', async () => {
    const { library, seen, ids } = slowLibrary(1000, 4);
    const queued: Array<[readonly string[], string]> = [];
    const queue: TagQueue = {
      add: (these, kind) => void queued.push([these, kind]),
      idle: async () => undefined,
      close: async () => undefined,
    };
    const started = performance.now();
    await markItems(library, ids, { favourite: true }, {}, { queue });
    const ms = performance.now() - started;
    expect(seen.writes).toBe(1000);
    expect(seen.maxInFlight).toBe(SIDECAR_WRITES_AT_ONCE);
    expect(seen.refreshes).toEqual([1000]);
    // one after another this would take at least 4 s; a favourite is not a tag: nothing queued
    expect(ms).toBeLessThan(1000 * 4);
    expect(queued.flatMap(([these]) => these)).toEqual([]);
    expect(ids.every((id) => library.get(id)?.favourite === true)).toBe(true);
  });

  it('a rating of 1,000: the files Cadenza tagged are queued for all tags, no file is written before it answers', async () => {
    const { library, seen, ids } = slowLibrary(1000, 1);
    const queued: Array<[readonly string[], string]> = [];
    const queue: TagQueue = {
      add: (these, kind) => void queued.push([these, kind]),
      idle: async () => undefined,
      close: async () => undefined,
    };
    await markItems(library, ids, { rating: 4 }, {}, { queue });
    expect(seen.refreshes).toEqual([1000]);
    const all = queued.filter(([, k]) => k === 'all').flatMap(([these]) => these);
    expect(all).toHaveLength(500); // the even ones carry Cadenza's audio hash
    // files Cadenza did not make keep their bytes (the creator did not opt in)
    expect(queued.filter(([, k]) => k === 'rating').flatMap(([these]) => these)).toEqual([]);
    // marked again with the same rating: nothing changes, nothing is written
    await markItems(library, ids, { rating: 4 }, {}, { queue });
    expect(seen.writes).toBe(1000);
  });
});
