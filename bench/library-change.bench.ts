/**
 * What a library change costs the Library view in the renderer, at 50,000 items (Node, the view's
 * own code: lib/library-change.ts merges, panels/library/rows.ts derives and builds rows):
 *
 *  - a loudness batch (500 items edited in place) merged, then the rows for the shown order
 *  - a new take (one item added), the same
 *
 * Printed: time per change (median of 9) and the heap the change leaves to collect. An edit in
 * place patches the id index and sorted views; an added item builds them again.
 * BENCH_LIBRARY_ITEMS changes the size.
 */
import { performance } from 'node:perf_hooks';
import type { LibraryItemView } from '@shared/ipc/library';
import * as rowsModule from '../src/renderer/panels/library/rows';
import { mergeFetched } from '../src/renderer/lib/library-change';

const COUNT = Number(process.env.BENCH_LIBRARY_ITEMS ?? 50_000);
const RUNS = 9;
const query = { text: '', kind: 'all', sort: 'newest', withLyrics: false } as const;
const gc = (globalThis as { gc?: () => void }).gc;

const newestFirst = (a: LibraryItemView, b: LibraryItemView): number =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.file.localeCompare(b.file);

function makeItem(n: number): LibraryItemView {
  const title = `Song ${n} ${n % 7 ? 'night' : 'harbour'} drive`;
  return {
    id: `itm_bench${String(n).padStart(8, '0')}`,
    kind: n % 4 === 0 ? 'tts' : 'song',
    title,
    file: `${title}.mp3`,
    durationMs: 60_000 + n,
    createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
    prompt: 'warm synthwave with soft vocals',
    tags: ['synthwave', 'night'],
    jobId: `job_${n >> 1}`,
    sizeBytes: 1_000_000,
    hasSidecar: true,
    modifiedAtMs: 0,
    parentId: null,
    songId: null,
    voice: null,
    emotion: null,
    variationGroup: n % 4 === 0 ? null : `job_${n >> 1}`,
    coverUrl: null,
    hasLyrics: n % 2 === 0,
    hasServiceUrl: true,
    model: 'v4.5',
    loudness: null,
    trimmedFrom: null,
  };
}

// what the Library panel does per items array: the id index and extensions, then the rows. Code
// from before the in-place patch (no deriveView) built the index and extensions itself, the same
// way, so this script measures both.
type Rows = {
  deriveView?: (items: readonly LibraryItemView[]) => unknown;
  buildRows: (items: readonly LibraryItemView[], q: typeof query, byId?: unknown) => unknown[];
  warmSearch: (items: readonly LibraryItemView[]) => () => void;
};
const rows = rowsModule as unknown as Rows;
function render(list: readonly LibraryItemView[]): void {
  if (rows.deriveView) {
    rows.deriveView(list);
    rows.buildRows(list, query);
    return;
  }
  const byId = new Map(list.map((i) => [i.id, i]));
  const childrenOf = new Map<string, LibraryItemView[]>();
  for (const i of list)
    if (i.parentId) childrenOf.set(i.parentId, [...(childrenOf.get(i.parentId) ?? []), i]);
  rows.buildRows(list, query, byId);
}
console.log(
  `(view code ${rows.deriveView ? 'patches edits in place' : 'builds every list again'})`,
);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;

let items: LibraryItemView[] = Array.from({ length: COUNT }, (_, n) => makeItem(n)).sort(
  newestFirst,
);
render(items);
rows.warmSearch(items)();

function measure(
  label: string,
  change: (now: LibraryItemView[], run: number) => LibraryItemView[],
) {
  const times: number[] = [];
  const garbage: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const t = performance.now();
    items = change(items, run);
    render(items);
    times.push(performance.now() - t);
    garbage.push((process.memoryUsage().heapUsed - heapBefore) / 1048576);
  }
  console.log(
    `${label}: ${ms(median(times))} median of ${RUNS} (max ${ms(Math.max(...times))}); heap after it, before GC: +${median(garbage).toFixed(1)} MB`,
  );
}

console.log(`\n-- ${COUNT.toLocaleString('en-US')} library items in the Library view --`);
measure('a loudness batch (500 items edited in place) merged, then the rows', (now, run) => {
  const ids = now.slice(run * 500, run * 500 + 500).map((i) => i.id);
  const fetched = now
    .slice(run * 500, run * 500 + 500)
    .map((i) => ({ ...i, loudness: { integratedLufs: -14 - run, truePeakDb: -1 } }));
  return mergeFetched(
    now,
    { added: [], updated: ids, removed: [] },
    fetched,
    (i) => i.id,
    newestFirst,
  );
});
measure('a new take (one item added) merged, then the rows', (now, run) => {
  const fresh = makeItem(COUNT + run);
  return mergeFetched(
    now,
    { added: [fresh.id], updated: [], removed: [] },
    [fresh],
    (i) => i.id,
    newestFirst,
  );
});
