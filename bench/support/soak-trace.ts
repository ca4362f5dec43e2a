/**
 * Diagnostic (not a bench): the soak's loop (bench/soak.bench.ts) with the memory sampled every
 * TRACE_MS without forcing any collection: VmRSS from /proc/self/status, main's heap, the worker
 * thread's heap read from main without waiting for the thread, and the step running at each
 * sample. Prints per step the peak RSS seen while it ran and the spread of each figure; ROWS=1
 * prints every sample (TSV), PROFILE=1 main's allocations by function. Over the soak's own data:
 *   N=50000 MINUTES=1 node --expose-gc --import tsx --require ./bench/support/vite-glob.cjs \
 *     bench/support/soak-trace.ts   (TSX_TSCONFIG_PATH=tsconfig.node.json CADENZA_ALLOW_LOOPBACK=1)
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import type * as WorkerThreads from 'node:worker_threads';
import type { libraryTasks } from '../../src/main/services/library/index-tasks';
import { soakRound } from './soak-round';

for (const flag of (process.env.V8FLAGS ?? '').split(' ').filter(Boolean)) setFlagsFromString(flag);
// the module object itself (an import's namespace is frozen): the Worker class is replaced below
// eslint-disable-next-line @typescript-eslint/no-require-imports
const threads = require('node:worker_threads') as typeof WorkerThreads;

const captured: InstanceType<typeof threads.Worker>[] = [];
const Original = threads.Worker;
class Traced extends Original {
  constructor(...args: ConstructorParameters<typeof Original>) {
    super(...args);
    captured.push(this);
  }
}
(threads as { Worker: typeof Original }).Worker = Traced;

const N = Number(process.env.N ?? 50_000);
const MINUTES = Number(process.env.MINUTES ?? 1);
const TRACE_MS = Number(process.env.TRACE_MS ?? 100);
const base = resolve(__dirname, '..', '.data', `soak-${N}`);
const dir = join(base, 'Library');
const indexFile = join(base, 'library-index.json');
const MB = 2 ** 20;
type HeapInfo = ReturnType<typeof getHeapStatistics>;

const vmRss = (): number => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

async function main(): Promise<void> {
  const { createLibrary } = await import('../../src/main/services/library/library');
  const { boundHeapGrowth, sharedWorker } = await import('../../src/main/services/worker');
  // as the app's main does at its start (TRACE_UNBOUNDED=1: V8's own growth, for a comparison)
  if (!process.env.TRACE_UNBOUNDED) boundHeapGrowth();
  const { toneWav } = await import('../../test/support/media-fixtures');
  const worker = sharedWorker<typeof libraryTasks>();
  const lib = createLibrary({ dir, indexFile, watch: false });
  await lib.open();
  await lib.ready();
  const w = captured[0]!;
  let step = 'idle';
  const peaks = new Map<string, { rss: number; wTotal: number; wUsed: number; n: number }>();
  const t0 = performance.now();
  let pending = false;
  const sample = (): void => {
    if (pending) return;
    pending = true;
    const at = step;
    w.getHeapStatistics().then(
      (ws: HeapInfo) => {
        pending = false;
        const rss = vmRss();
        const m = getHeapStatistics();
        const row = {
          t: ((performance.now() - t0) / 1000).toFixed(2),
          step: at,
          rss: rss.toFixed(0),
          mUsed: (m.used_heap_size / MB).toFixed(0),
          mTotal: (m.total_heap_size / MB).toFixed(0),
          wUsed: (ws.used_heap_size / MB).toFixed(0),
          wTotal: (ws.total_heap_size / MB).toFixed(0),
          wLimit: (ws.heap_size_limit / MB).toFixed(0),
          out: (rss - m.total_physical_size / MB - ws.total_physical_size / MB).toFixed(0),
        };
        if (process.env.ROWS) console.log(Object.values(row).join('\t'));
        const p = peaks.get(at) ?? { rss: 0, wTotal: 0, wUsed: 0, n: 0 };
        p.rss = Math.max(p.rss, rss);
        p.wTotal = Math.max(p.wTotal, ws.total_heap_size / MB);
        p.wUsed = Math.max(p.wUsed, ws.used_heap_size / MB);
        p.n += 1;
        peaks.set(at, p);
        all.push({
          rss,
          wTotal: ws.total_heap_size / MB,
          wUsed: ws.used_heap_size / MB,
          mTotal: m.total_heap_size / MB,
          out: Number(row.out),
        });
      },
      () => {
        pending = false;
      },
    );
  };
  const all: Array<{ rss: number; wTotal: number; wUsed: number; mTotal: number; out: number }> =
    [];
  const timer = setInterval(sample, TRACE_MS);
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  if (process.env.PROFILE) {
    session.connect();
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const media = toneWav(0.05);
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < MINUTES * 60_000) {
    await soakRound(lib, dir, n, media, (now) => (step = now));
    n += 1;
  }
  step = 'end';
  clearInterval(timer);
  if (process.env.PROFILE) {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    type Node = {
      callFrame: { functionName: string; url: string; lineNumber: number };
      selfSize: number;
      children: Node[];
    };
    const byFrame = new Map<string, number>();
    const walk = (node: Node, stack: string[]): void => {
      const f = node.callFrame;
      const here = `${f.functionName || '(anon)'} ${f.url.replace(/.*\/(src|bench|node_modules)\//, '$1/')}:${f.lineNumber}`;
      const s2 = [...stack, here];
      if (node.selfSize) {
        // attribute to the innermost frame in src/ or bench/
        const own = [...s2].reverse().find((x) => / (src|bench)\//.test(x)) ?? here;
        const key = `${own}  <- self ${here}`;
        byFrame.set(key, (byFrame.get(key) ?? 0) + node.selfSize);
      }
      for (const c of node.children) walk(c, s2);
    };
    walk(profile.head as Node, []);
    const total = [...byFrame.values()].reduce((a, b) => a + b, 0);
    console.log(`main allocated ${(total / MB).toFixed(0)} MB (sampled)`);
    for (const [k, v] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`${(v / MB).toFixed(1).padStart(7)} MB  ${k}`);
  }
  await new Promise((r) => setTimeout(r, 300));
  const mem = await worker.run('library.memory', {});
  console.log(
    `rounds ${n}, load ${loadavg()[0]!.toFixed(1)}, worker cpu ${mem.cpuMs.toFixed(0)} ms, shrinks ${mem.shrinks}`,
  );
  for (const [k, p] of peaks)
    console.log(
      `${k.padEnd(8)} samples ${String(p.n).padStart(5)}  peak RSS ${p.rss.toFixed(0)}  worker total ${p.wTotal.toFixed(0)} used ${p.wUsed.toFixed(0)}`,
    );
  const q = (xs: number[], f: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(f * (s.length - 1))]!.toFixed(0);
  };
  for (const k of ['rss', 'wTotal', 'wUsed', 'mTotal', 'out'] as const) {
    const xs = all.slice(Math.floor(all.length / 10)).map((x) => x[k]);
    console.log(
      `${k.padEnd(7)} p10 ${q(xs, 0.1)} p50 ${q(xs, 0.5)} p90 ${q(xs, 0.9)} max ${q(xs, 1)}`,
    );
  }
  await lib.close();
  await worker.close();
}
main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
