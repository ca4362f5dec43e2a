/**
 * Hostile records and answers (issue 26, points 2 and 6): time and peak memory of the built CLI
 * (out/cli/cadenza.cjs, rebuilt first) against the emulator, each command in its own process (peak
 * RSS from /proc/<pid>/status VmHWM, sampled every 50 ms). A command still running after HANG_MS
 * is killed and shown as "hung".
 * - FIFOs planted at jobs/<id>.json, library-index.json, library-index.head.json,
 *   library-placement.json and jobs.lock: `jobs list`, `library list`, `song create --wait`,
 *   `jobs resume` (they hung in open() before: no end at all);
 * - one submission answered with 10,000 songs: `song create --wait` — time, peak memory, the job
 *   record's size and how many songs were fetched (before: 841 downloaded in 4 minutes of
 *   ~48, a 15.3 MB job file).
 * Usage: npm run bench -- hostile-records
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator } from '../test/emulator';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'out/cli/cadenza.cjs');
const KEY = 'bench-hostile-records-key-3a9';
const HANG_MS = 120_000;

function peakOf(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface Run {
  code: number | null;
  ms: number;
  peakBytes: number;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [CLI, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let peakBytes = 0;
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const sample = setInterval(() => (peakBytes = Math.max(peakBytes, peakOf(child.pid!))), 50);
    const kill = setTimeout(() => child.kill('SIGKILL'), HANG_MS);
    child.on('close', (code) => {
      clearInterval(sample);
      clearTimeout(kill);
      done({ code, ms: Date.now() - started, peakBytes, stderr });
    });
  });
}

function sandbox(emuUrl: string): {
  root: string;
  data: string;
  library: string;
  env: NodeJS.ProcessEnv;
} {
  const root = mkdtempSync(join(tmpdir(), 'cadenza-bench-records-'));
  const data = join(root, 'data');
  const library = join(root, 'library');
  const home = join(root, 'home');
  return {
    root,
    data,
    library,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_RUNTIME_DIR: root,
      CADENZA_HOME: data,
      CADENZA_LIBRARY: library,
      CADENZA_ALLOW_LOOPBACK: '1',
      CADENZA_BASE_URL: emuUrl,
      CADENZA_API_KEY: KEY,
      CADENZA_KEYCHAIN: 'off',
      CADENZA_POLL_INTERVAL_MS: '100',
    },
  };
}

const line = (label: string, r: Run, extra = ''): void =>
  console.log(
    `${label.padEnd(48)} ${r.code === null ? 'hung (killed)' : `exit ${r.code}`.padEnd(13)} ` +
      `${(r.ms / 1000).toFixed(1).padStart(6)} s  peak RSS ${(r.peakBytes / 1024 ** 2).toFixed(0).padStart(4)} MB${extra}`,
  );

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { cwd: ROOT });
  const emu = await startEmulator({ keys: [KEY], stepMs: 50 });
  try {
    // FIFOs where records should be
    emu.reset();
    emu.configure({ stepMs: 50 });
    const box = sandbox(emu.url);
    for (const p of [
      join(box.data, 'jobs', 'job_planted.json'),
      join(box.data, 'library-index.json'),
      join(box.data, 'library-index.head.json'),
      join(box.data, 'library-placement.json'),
      join(box.data, 'jobs.lock'),
    ]) {
      mkdirSync(join(p, '..'), { recursive: true });
      execFileSync('mkfifo', [p]);
    }
    for (const args of [
      ['jobs', 'list'],
      ['library', 'list'],
      ['song', 'create', '--prompt', 'night drive', '--wait'],
      ['jobs', 'resume'],
    ])
      line(`FIFO records: ${args.slice(0, 2).join(' ')}`, await run(args, box.env));
    rmSync(box.root, { recursive: true, force: true });

    // one submission answered with 10,000 songs
    emu.reset();
    emu.configure({ stepMs: 50, songsPerSubmission: 10_000, songDurationMs: 2_000 });
    const big = sandbox(emu.url);
    const r = await run(['song', 'create', '--prompt', 'too many', '--wait'], big.env);
    const jobsDir = join(big.data, 'jobs');
    const records = readdirSync(jobsDir).filter((n) => n.endsWith('.json'));
    const recordBytes = records.reduce((n, f) => n + statSync(join(jobsDir, f)).size, 0);
    const fetched = emu.log.filter((e) => /^\/media\/(song|stream)\//.test(e.path)).length;
    const saved = readdirSync(big.library).filter((n) => n.endsWith('.mp3')).length;
    line(
      '10,000-song answer: song create --wait',
      r,
      `  job file ${(recordBytes / 1024).toFixed(1)} KB, songs fetched ${fetched}, saved ${saved}`,
    );
    rmSync(big.root, { recursive: true, force: true });
  } finally {
    await emu.close();
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
