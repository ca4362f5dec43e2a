/**
 * A compressed soak (issue 30, point 1): the core's library in this dedicated Node process, as
 * the responsiveness bench runs it, with BENCH_SOAK_ITEMS items (default 10,000; sidecars and tiny
 * media made by bench/support/library-data.ts into bench/.data, reused) held open while, for
 * BENCH_SOAK_MINUTES (default 3), a creator's day is replayed as fast as the machine allows:
 * typing (a query key by key through the worker's search), scrolling (windows of 50 rows read as
 * the list shows them, the shown ones' lyrics fetched), playing (an item's media read in 64 KiB
 * ranges, as the media protocol serves it) and library changes (an item added — media + sidecar
 * written, then refreshed as the app does after its own writes — renamed and removed). Every 20 s
 * it prints main's heap after GC, the process RSS (main + worker threads) after main's GC and as
 * it stood before it (a sample every 20 s lands anywhere in both heaps' cycles), the worker thread's
 * heap and the RSS outside both heaps as committed, then the growth per hour of each, from a
 * line fitted to the samples after the first (warm-up) one, and of the second half alone (after an early rise has levelled off), with
 * the RSS that rate would reach after 8 hours. Flat means ±a few MB per hour.
 *
 * BENCH_COUNTS=1000,10000,50000 runs one soak per count, each in a Node process of its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { libraryTasks } from '../src/main/services/library/index-tasks';
import { createLibrary } from '../src/main/services/library/library';
import { boundHeapGrowth, sharedWorker } from '../src/main/services/worker';
import { toneWav } from '../test/support/media-fixtures';
import { generateLibrary } from './support/library-data';
import { SOAK_ROUND_OPS, soakRound } from './support/soak-round';

const COUNTS = (process.env.BENCH_COUNTS ?? '').split(',').filter(Boolean).map(Number);
const ITEMS = Number(process.env.BENCH_SOAK_ITEMS ?? COUNTS[0] ?? 10_000);
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 3);
const SAMPLE_MS = 20_000;
const base = resolve(__dirname, '.data', `soak-${ITEMS}`);
const dir = join(base, 'Library');
const indexFile = join(base, 'library-index.json');
const MB = 2 ** 20;
const gc = (globalThis as { gc?: () => void }).gc;

interface Sample {
  s: number;
  heap: number;
  rss: number;
  /** The RSS as it stood, before this sample's collections (the app forces none). */
  asIs: number;
  worker: number;
  /** RSS less both isolates' committed heaps: native memory (buffers, the allocator, code). */
  outside: number;
  ops: number;
}

/** Least-squares slope (MB per hour) of `pick` over the samples. */
function perHour(samples: Sample[], pick: (x: Sample) => number): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((a, x) => a + x.s, 0) / n;
  const my = samples.reduce((a, x) => a + pick(x), 0) / n;
  let num = 0;
  let den = 0;
  for (const x of samples) {
    num += (x.s - mx) * (pick(x) - my);
    den += (x.s - mx) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 3600;
}

async function main(): Promise<void> {
  boundHeapGrowth(); // as the app's main does at its start (shell/app.ts)
  if (!existsSync(join(base, 'done'))) {
    await rm(base, { recursive: true, force: true });
    await generateLibrary(dir, ITEMS);
    await writeFile(join(base, 'done'), '');
  }
  const worker = sharedWorker<typeof libraryTasks>();
  const lib = createLibrary({ dir, indexFile, watch: false });
  await lib.open();
  await lib.ready();
  console.log(
    `${lib.items().length} items open; soak of ${MINUTES} min (${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)})`,
  );
  const media = toneWav(0.05);
  const samples: Sample[] = [];
  const t0 = performance.now();
  let ops = 0;
  let n = 0;
  let nextSample = 0;
  while (performance.now() - t0 < MINUTES * 60_000) {
    if (performance.now() - t0 >= nextSample) {
      const asIs = process.memoryUsage.rss();
      gc?.();
      // the RSS as the process has it while working (the worker's garbage in it)
      const rss = process.memoryUsage.rss();
      // "outside" from an RSS read after the worker's collection too, and a moment for V8 to give
      // the freed pages back: read before it, the worker's garbage (tens of MB while typing)
      // counted as memory outside the heaps
      await worker.run('library.memory', { collect: true });
      await new Promise((r) => setTimeout(r, 500));
      const m = process.memoryUsage();
      const w = await worker.run('library.memory', {});
      const s: Sample = {
        s: (performance.now() - t0) / 1000,
        heap: m.heapUsed / MB,
        rss: rss / MB,
        asIs: asIs / MB,
        worker: w.heapUsed / MB,
        outside: (m.rss - m.heapTotal - w.heapTotal) / MB,
        ops,
      };
      samples.push(s);
      console.log(
        `t=${s.s.toFixed(0).padStart(4)} s  main heap ${s.heap.toFixed(1)} MB  RSS ${s.rss.toFixed(0)} MB (as it stood ${s.asIs.toFixed(0)})  worker heap ${s.worker.toFixed(1)} MB  outside the heaps ${s.outside.toFixed(0)} MB  (${ops} operations, ${lib.items().length} items, load ${loadavg()[0]!.toFixed(1)})`,
      );
      nextSample += SAMPLE_MS;
    }
    await soakRound(lib, dir, n, media);
    n += 1;
    ops += SOAK_ROUND_OPS;
  }
  await lib.close();
  const kept = samples.slice(1);
  if (kept.length > 0)
    console.log(
      `${ITEMS} items: RSS as it stood (no collection forced), samples after the first: ${Math.min(...kept.map((x) => x.asIs)).toFixed(0)}–${Math.max(...kept.map((x) => x.asIs)).toFixed(0)} MB (soak-trace.ts samples it every 100 ms)`,
    );
  const growth = (of: Sample[]): string =>
    `main heap ${perHour(of, (x) => x.heap).toFixed(1)} MB/h, RSS ${perHour(of, (x) => x.rss).toFixed(1)} MB/h, worker heap ${perHour(of, (x) => x.worker).toFixed(1)} MB/h, outside the heaps ${perHour(of, (x) => x.outside).toFixed(1)} MB/h`;
  console.log(
    `${ITEMS} items: growth per hour (fitted over ${kept.length} samples after the first): ${growth(kept)}; ${n} rounds of add/rename/type/scroll/play/remove (load ${loadavg()[0]!.toFixed(1)})`,
  );
  // an early rise that levels off (caches filling, the allocator's pages) is not a leak: the
  // second half's slope says whether memory still grows once the process has settled
  const late = kept.slice(Math.floor(kept.length / 2));
  if (late.length >= 3) {
    const last = kept[kept.length - 1]!;
    const span = last.s - late[0]!.s;
    // a few minutes' slope says little about eight hours: projected only from 10 minutes or more
    const projected =
      span >= 600
        ? `; RSS after 8 h at that rate ${(last.rss + perHour(late, (x) => x.rss) * 8).toFixed(0)} MB`
        : ' (too short to project over 8 h: BENCH_SOAK_MINUTES=30 or more)';
    console.log(
      `${ITEMS} items: second half (${late.length} samples from t=${late[0]!.s.toFixed(0)} s): ${growth(late)}${projected}`,
    );
  }
  await worker.close();
}

if (COUNTS.length > 1 && !process.env.BENCH_SOAK_ITEMS) {
  // one soak per count, each in a process of its own (what one leaves behind is not the next's)
  let failed = 0;
  for (const count of COUNTS) {
    console.log(`\n-- soak at ${count} items --`);
    const res = spawnSync(process.execPath, [...process.execArgv, __filename], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_SOAK_ITEMS: String(count) },
    });
    if (res.status !== 0) failed += 1;
  }
  process.exit(failed === 0 ? 0 : 1);
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
