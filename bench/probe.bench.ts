/**
 * A big folder of other people's files, listed (issue 30, point 3): `cadenza library list --json`
 * over the folder of bench/probe-folder.ts (default 3,000 files, about 5 GB of MP3/M4A/Ogg/Opus/
 * FLAC/WAV; BENCH_PROBE_FILES to change) by the CLI of today's sources (first run with an empty
 * data folder, then a second run: a new process reading the probe cache) and by the CLI of the
 * sources BEFORE the header-first probe (BENCH_PROBE_BEFORE, default 6c6f953^: whole MP3s and Ogg
 * files read, no cache), beside a plain music-metadata loop over the same files, all in one run.
 * Both CLIs are bundled here from their sources with their own scripts/build-cli.mjs (git archive
 * of the old commit into bench/.data). The files are read once first, so every side reads them
 * from the OS cache: the figures are CPU and system calls, not the disk.
 *
 * Then, in this process: the header-first probe over every file, and the library's scan with an
 * empty and a warm probe cache (as the app's worker runs it).
 *
 *   npm run bench -- probe                      BENCH_PROBE_FILES=300 npm run bench -- probe
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, open, rm, symlink } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseFile } from 'music-metadata';
import { probeFile } from '../src/main/services/audio/probe';
import { scanLibrary } from '../src/main/services/library/indexer';
import { ProbeCache } from '../src/main/services/library/probe-cache';
import { probeFolder } from './probe-folder';

const COUNT = Number(process.env.BENCH_PROBE_FILES ?? 3000);
/** The commit the "before" CLI is built from; `none` leaves it out (a quick run of today's). */
const BEFORE = process.env.BENCH_PROBE_BEFORE ?? '6c6f953^';
/** BENCH_PROBE_MM=0 leaves out the music-metadata loop (minutes at 3,000 files under load). */
const WITH_MM = process.env.BENCH_PROBE_MM !== '0';
const root = resolve(__dirname, '..');
const base = join(__dirname, '.data', 'probe-folder');

const load = (): string => `load ${loadavg()[0]!.toFixed(1)}`;

function line(label: string, ms: number, extra = '', cpuMs?: number): void {
  const cpu = cpuMs === undefined ? '' : `, CPU ${cpuMs.toFixed(0)} ms`;
  console.log(
    `${label.padEnd(72)} ${ms.toFixed(0).padStart(8)} ms   (${load()}${cpu})${extra ? `  ${extra}` : ''}`,
  );
}

/** Wall time of `fn` in this process, printed with this process's CPU time meanwhile. */
async function timed(label: string, fn: () => Promise<unknown> | unknown): Promise<number> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  await fn();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  line(label, ms, '', (used.user + used.system) / 1000);
  return ms;
}

/** The CLI bundled from a copy of the sources: today's working tree, or a commit's. */
async function buildCli(name: string, ref: string | null): Promise<string> {
  const tree = join(__dirname, '.data', `cli-${name}`);
  await rm(tree, { recursive: true, force: true });
  await mkdir(tree, { recursive: true });
  if (ref === null) {
    for (const p of ['src', 'scripts', 'package.json'])
      await cp(join(root, p), join(tree, p), { recursive: true });
  } else {
    const tar = execFileSync('git', ['archive', ref, 'src', 'scripts', 'package.json'], {
      cwd: root,
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['-x', '-C', tree], { input: tar });
  }
  await symlink(join(root, 'node_modules'), join(tree, 'node_modules'));
  execFileSync(process.execPath, [join(tree, 'scripts/build-cli.mjs')], {
    cwd: tree,
    stdio: 'ignore',
  });
  return join(tree, 'out/cli/cadenza.cjs');
}

/** `cadenza library list --json` over the folder with `home` as the data folder. */
interface Listing {
  ms: number;
  /** The CLI process's CPU time, all threads. */
  cpuMs: number;
  items: number;
}

function listWith(cli: string, home: string, dir: string, extra: string[] = []): Listing {
  const t = performance.now();
  const preload = join(__dirname, 'support', 'cpu-at-exit.cjs');
  const args = ['-r', preload, cli, 'library', 'list', '--json', ...extra];
  const res = spawnSync(process.execPath, args, {
    env: {
      ...process.env,
      CADENZA_HOME: home,
      CADENZA_LIBRARY: dir,
      CADENZA_KEYCHAIN: 'off',
      CADENZA_API_KEY: '',
    },
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const ms = performance.now() - t;
  if (res.status !== 0) throw new Error(`${cli} failed (${res.status}): ${res.stderr}`);
  const cpuMs = Number(/CADENZA_BENCH_CPU_MS (\d+)/.exec(res.stderr)?.[1] ?? NaN);
  return { ms, cpuMs, items: (JSON.parse(res.stdout) as unknown[]).length };
}

async function main(): Promise<void> {
  let t = performance.now();
  const folder = await probeFolder(base, COUNT);
  const { files, dir } = folder;
  console.log(
    `${files.length} files, ${(folder.bytes / 2 ** 30).toFixed(2)} GB (${Object.entries(
      folder.kinds,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}); ready in ${Math.round(performance.now() - t)} ms`,
  );
  t = performance.now();
  const cliBefore = BEFORE === 'none' ? null : await buildCli('before', BEFORE);
  const cliNow = await buildCli('now', null);
  console.log(`CLIs built in ${Math.round(performance.now() - t)} ms (before: ${BEFORE})`);
  // read every file once: every side then reads from the OS cache
  const chunk = Buffer.alloc(1 << 20);
  for (const f of files) {
    const h = await open(f, 'r');
    while ((await h.read(chunk, 0, chunk.length)).bytesRead > 0);
    await h.close();
  }
  console.log(`(${cpus().length} cores, ${load()} before the first figure)`);

  const homes = join(base, 'homes');
  await rm(homes, { recursive: true, force: true });
  // an empty folder is answered by the quick listing (src/cli/quick-list.ts) since session 16;
  // `--verbose` leaves it to the CLI, whose start-up every other command pays
  const emptyDir = join(homes, 'empty-library');
  await mkdir(emptyDir, { recursive: true });
  const empty = listWith(cliNow, join(homes, 'empty'), emptyDir);
  line('`library list --json` of an empty folder (today)', empty.ms, '', empty.cpuMs);
  const startup = listWith(cliNow, join(homes, 'startup'), emptyDir, ['--verbose']);
  line('CLI start-up: the same by the CLI itself (--verbose)', startup.ms, '', startup.cpuMs);

  const none: Listing = { ms: NaN, cpuMs: NaN, items: NaN };
  const before1 = cliBefore ? listWith(cliBefore, join(homes, 'before'), dir) : none;
  line(
    `before (${BEFORE}): library list --json, first`,
    before1.ms,
    `${before1.items} items`,
    before1.cpuMs,
  );
  const before2 = cliBefore ? listWith(cliBefore, join(homes, 'before'), dir) : none;
  line(`before (${BEFORE}): library list --json, second`, before2.ms, '', before2.cpuMs);

  const now1 = listWith(cliNow, join(homes, 'now'), dir);
  line(
    'today: library list --json, first (empty data folder)',
    now1.ms,
    `${now1.items} items`,
    now1.cpuMs,
  );
  const now2 = listWith(cliNow, join(homes, 'now'), dir);
  line(
    'today: library list --json, second (probe cache from the data folder)',
    now2.ms,
    '',
    now2.cpuMs,
  );
  const now3 = listWith(cliNow, join(homes, 'now'), dir);
  line('today: library list --json, third', now3.ms, '', now3.cpuMs);
  const cacheBytes = readFileSync(join(homes, 'now', 'probe-cache.json')).length;
  console.log(`  probe cache: ${(cacheBytes / 1024).toFixed(0)} KB in the data folder`);

  let mm = NaN;
  if (WITH_MM)
    mm = await timed('plain music-metadata loop: parseFile(duration: true)', async () => {
      for (const f of files) await parseFile(f, { duration: true, skipCovers: true });
    });

  await timed('in process: header-first probe over every file (with art)', async () => {
    for (const f of files) await probeFile(f, { art: true });
  });
  const cacheFile = join(base, 'in-process', 'probe-cache.json');
  await rm(cacheFile, { force: true });
  const scan1 = await timed('in process: library scan, probe cache empty', async () => {
    const cache = new ProbeCache(cacheFile);
    await scanLibrary(dir, new Map(), { probeCache: cache });
    await cache.save();
  });
  const scan2 = await timed('in process: library scan, a new cache read from disk', async () => {
    const cache = new ProbeCache(cacheFile);
    await scanLibrary(dir, new Map(), { probeCache: cache });
    if (cache.stats.misses > 0) throw new Error(`${cache.stats.misses} files probed again`);
  });

  if (!existsSync(join(homes, 'now', 'probe-cache.json'))) throw new Error('no probe cache');
  const x = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
  console.log(`\n${files.length} files, ${(folder.bytes / 2 ** 30).toFixed(2)} GB:`);
  console.log(
    `first listing: today ${x(before1.ms, now1.ms)} faster than before by wall time, ${x(before1.cpuMs, now1.cpuMs)} by CPU (target ≥ 3×)` +
      `; second listing ${x(now1.ms, now2.ms)} faster than the first by wall time, ${x(now1.cpuMs, now2.cpuMs)} by CPU (target ≥ 10×)` +
      `${WITH_MM ? `; music-metadata loop ${x(mm, now1.ms)} the first listing's time` : ''}` +
      `; in process, scan with a warm cache ${x(scan1, scan2)} faster`,
  );
  if (cliBefore && before1.items !== now1.items)
    console.log(`NOTE: before listed ${before1.items} items, today ${now1.items}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
