/**
 * The first open of a library in a fresh process (as at the app's start): from the saved index
 * the library-index bench wrote into bench/.data/library-N (run it first), then memory with the
 * library open. The library-index and responsiveness benches open several times in one process,
 * so only their first open runs before the shared worker lowers its priority (worker/priority.ts).
 *
 *   N=50000 RUNS=1 TSX_TSCONFIG_PATH=../tsconfig.node.json \
 *     ../node_modules/.bin/node --expose-gc --import tsx --require ./support/vite-glob.cjs \
 *     support/first-open.ts          (from bench/)
 */
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createLibrary } from '../../src/main/services/library/library';
import { sharedWorker } from '../../src/main/services/worker';
import type { libraryTasks } from '../../src/main/services/library/index-tasks';

const n = Number(process.env.N ?? 50_000);
const runs = Number(process.env.RUNS ?? 1);
const base = resolve(__dirname, '..', '.data', n === 10_000 ? 'library-10k' : `library-${n}`);
const MB = 2 ** 20;

async function openOnce(run: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const worker = sharedWorker<typeof libraryTasks>();
  const lib = createLibrary({
    dir: join(base, 'Library'),
    indexFile: join(base, 'library-index.json'),
    watch: false,
  });
  const load = loadavg()[0]!.toFixed(1);
  const t = performance.now();
  await lib.open();
  const openMs = performance.now() - t;
  await lib.ready();
  await new Promise((r) => setTimeout(r, 500));
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  const w = await worker.run('library.memory', { collect: true });
  console.log(
    `open ${run + 1} of ${n} items from the saved index: ${openMs.toFixed(0)} ms (load average ${load} at start); ` +
      `main heap ${(m.heapUsed / MB).toFixed(1)} MB, process RSS ${(m.rss / MB).toFixed(0)} MB, ` +
      `worker heap ${(w.heapUsed / MB).toFixed(1)} MB (after GC), worker CPU so far ${w.cpuMs.toFixed(0)} ms`,
  );
  await lib.close();
}

async function main(): Promise<void> {
  for (let run = 0; run < runs; run++) await openOnce(run);
  process.exit(0);
}
void main();
