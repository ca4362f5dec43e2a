/**
 * Idle cost: main's services and IPC handlers (as in responsiveness.bench.ts) with a 10,000-item
 * library open from its saved index and no active job. Reports main's CPU time over 60 idle
 * seconds, its RSS and heap, and the timers still alive (what remains periodic).
 * BENCH_IDLE_S shortens the idle window for a quick look.
 */
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateLibrary } from './support/library-data';
import { createMainHost } from './support/main-host';

const COUNT = 10_000;
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 60);
const base = resolve(__dirname, '.data', `responsiveness-${COUNT}`);
const libraryDir = join(base, 'Library');

async function main(): Promise<void> {
  if (!existsSync(join(base, 'done'))) {
    await rm(base, { recursive: true, force: true });
    await generateLibrary(libraryDir, COUNT, { longCount: 0 });
    await writeFile(join(base, 'done'), '');
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CADENZA_HOME: join(base, 'home-idle'),
    CADENZA_LIBRARY: libraryDir,
    CADENZA_BASE_URL: 'http://127.0.0.1:9',
    CADENZA_API_KEY: 'bench-key-0001',
    CADENZA_KEYCHAIN: 'off',
  };
  // once to write the saved index, then the measured run opens from it
  const first = createMainHost(env);
  await (await first.host.start()).library.ready();
  await first.close();

  const main = createMainHost(env);
  const rt = await main.host.start();
  await rt.library.ready();
  const rows = await main.invoke<unknown[]>('library', 'list');
  if (!rows.ok) throw new Error(rows.error.message);
  await new Promise((r) => setTimeout(r, 2000)); // let start-up work settle
  (globalThis as { gc?: () => void }).gc?.();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  const mem = process.memoryUsage();
  const resources = process.getActiveResourcesInfo();
  const counts = new Map<string, number>();
  for (const r of resources) counts.set(r, (counts.get(r) ?? 0) + 1);
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
  console.log(`(machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)})`);
  console.log(
    `idle ${(wall / 1000).toFixed(0)} s with ${rt.library.items().length} items open, no active job:`,
  );
  console.log(
    `  main's CPU: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(2)} % of one core)`,
  );
  console.log(`  main's RSS: ${mb(mem.rss)}; heap used ${mb(mem.heapUsed)}`);
  console.log(
    `  alive in main's event loop: ${[...counts].map(([k, n]) => `${k} ×${n}`).join(', ')}`,
  );
  await main.close();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
