/**
 * The kill -9 trial (issue 13): the built CLI makes songs against the emulator and is killed with
 * SIGKILL at seeded random moments in five phases — submitting, polling, downloading, renaming the
 * media into place, writing the sidecar — then `cadenza jobs resume --wait` finishes what is left.
 * Afterwards every paid song must be in the library exactly once (or, when the kill fell between
 * the charge and the record, its job must say "interrupted — may have been charged"), with no
 * second submission and no partial file. Used by `npm run bench -- kill` (30 kills) and by
 * test/integration/durability/kill-trial.test.ts (a few).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { sameAudio } from '../same-audio';

export const PHASES = ['submitting', 'polling', 'downloading', 'renaming', 'sidecar'] as const;
export type Phase = (typeof PHASES)[number];

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'out/cli/cadenza.cjs');
const HOOK = join(__dirname, 'hook.cjs');
const KEY = 'kill-trial-key-9f3e';

/** How long after the phase is seen the kill may fall (ms): the seeded delay is within it. */
const WINDOW_MS: Record<Phase, number> = {
  submitting: 40,
  polling: 250,
  downloading: 150,
  renaming: 60,
  sidecar: 60,
};

export interface PhaseFigures {
  kills: number;
  /** The process was still running when the kill came (else it had finished first). */
  landed: number;
  paidJobs: number;
  inLibraryOnce: number;
  /** Killed between the charge and the record: shown "interrupted — may have been charged". */
  interruptedHonest: number;
  lost: number;
  duplicateSubmissions: number;
  duplicateItems: number;
  partialFiles: number;
}

export interface TrialReport {
  seed: number;
  kills: number;
  byPhase: Record<Phase, PhaseFigures>;
  /** Temp, partial or unpaired files left anywhere in the library after the last resume. */
  leftovers: string[];
  seconds: number;
}

/** mulberry32: a small seeded generator, so a trial can be run again exactly. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): boolean;
  markers: string[];
  stderr(): string;
  alive(): boolean;
}

function runCli(args: string[], env: NodeJS.ProcessEnv, hook: boolean): Run {
  const child = spawn(process.execPath, [...(hook ? ['--require', HOOK] : []), CLI, ...args], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  let exited = false;
  const markers: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    for (const m of d.matchAll(/@@trial (\w+)/g)) markers.push(m[1] as string);
  });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('exit', (code, signal) => {
      exited = true;
      r({ code, signal });
    }),
  );
  return {
    done,
    markers,
    stderr: () => err,
    alive: () => !exited,
    kill: () => !exited && child.kill('SIGKILL'),
  };
}

/** Resolves when the phase starts in this run (a marker, or the emulator seeing its request). */
async function phaseSeen(phase: Phase, run: Run, emu: Emulator, since: number): Promise<boolean> {
  const seen = (): boolean => {
    const log = emu.log.slice(since);
    switch (phase) {
      case 'submitting':
        return run.markers.includes('record');
      case 'polling':
        return log.some((e) => e.path === '/v2/query');
      case 'downloading':
        return log.some((e) => /^\/media\/(song|stream)\//.test(e.path));
      case 'renaming':
        return run.markers.includes('renaming');
      case 'sidecar':
        return run.markers.includes('sidecar');
    }
  };
  while (run.alive()) {
    if (seen()) return true;
    await sleep(1);
  }
  return false;
}

const emptyFigures = (): PhaseFigures => ({
  kills: 0,
  landed: 0,
  paidJobs: 0,
  inLibraryOnce: 0,
  interruptedHonest: 0,
  lost: 0,
  duplicateSubmissions: 0,
  duplicateItems: 0,
  partialFiles: 0,
});

interface Sidecar {
  service_ids?: { song_id?: string };
}

/** Library media with their sidecars' song ids; sidecars without media and temps are leftovers. */
function readLibrary(dir: string): { items: Map<string, string[]>; leftovers: string[] } {
  const items = new Map<string, string[]>();
  const leftovers: string[] = [];
  if (!existsSync(dir)) return { items, leftovers };
  const names = readdirSync(dir);
  for (const name of names) {
    if (name.startsWith('.cadenza-tmp-') || /\.part(-|$)/.test(name)) leftovers.push(name);
    else if (name.endsWith('.json')) {
      const media = name.slice(0, -'.json'.length);
      if (!names.includes(media)) {
        leftovers.push(name); // a sidecar whose media never arrived
        continue;
      }
      const songId = (JSON.parse(readFileSync(join(dir, name), 'utf8')) as Sidecar).service_ids
        ?.song_id;
      if (songId) items.set(songId, [...(items.get(songId) ?? []), media]);
    }
  }
  return { items, leftovers };
}

interface JobLine {
  id: string;
  state: string;
  label: string;
  serviceIds: string[];
}

export async function runKillTrial(opts: {
  seed: number;
  kills: number;
  log?: (line: string) => void;
}): Promise<TrialReport> {
  const started = Date.now();
  const rng = seeded(opts.seed);
  const emu = await startEmulator({ keys: [KEY], stepMs: 120 });
  emu.configure({ songDurationMs: 6_000, drip: { bytes: 2048, everyMs: 8 } });
  const root = mkdtempSync(join(tmpdir(), 'cadenza-kill-trial-'));
  const library = join(root, 'library');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: join(root, 'home'),
    XDG_CONFIG_HOME: join(root, 'home', '.config'),
    XDG_RUNTIME_DIR: root,
    CADENZA_HOME: join(root, 'data'),
    CADENZA_LIBRARY: library,
    CADENZA_ALLOW_LOOPBACK: '1',
    CADENZA_BASE_URL: emu.url,
    CADENZA_API_KEY: KEY,
    CADENZA_KEYCHAIN: 'off',
    CADENZA_POLL_INTERVAL_MS: '50',
  };
  const byPhase = Object.fromEntries(PHASES.map((p) => [p, emptyFigures()])) as Record<
    Phase,
    PhaseFigures
  >;
  const rounds: Array<{ phase: Phase; prompt: string }> = [];
  try {
    for (let k = 0; k < opts.kills; k++) {
      const phase = PHASES[k % PHASES.length] as Phase;
      const delayMs = Math.round(rng() * WINDOW_MS[phase]);
      const prompt = `kill trial round ${k}`;
      rounds.push({ phase, prompt });
      // every song download trickles, so a kill can fall inside it
      emu.inject({ path: '/media/song/*', kind: 'drip', times: 4 });
      const since = emu.log.length;
      const run = runCli(['song', 'create', '--prompt', prompt, '--wait'], env, true);
      const seen = await phaseSeen(phase, run, emu, since);
      if (seen) await sleep(delayMs);
      const landed = run.kill();
      const ended = await run.done;
      const fig = byPhase[phase];
      fig.kills += 1;
      if (landed && ended.signal === 'SIGKILL') fig.landed += 1;
      // restart: the next process takes over the jobs and finishes them
      const resume = runCli(['jobs', 'resume', '--wait', '--timeout', '60'], env, false);
      const r = await resume.done;
      opts.log?.(
        `kill ${String(k + 1).padStart(2)}  ${phase.padEnd(11)} +${String(delayMs).padStart(3)} ms  ${landed ? 'killed' : 'had finished'}; resume exit ${r.code}`,
      );
      if (r.code !== 0 && !/interrupted|No active jobs/.test(resume.stderr()))
        opts.log?.(`    resume said: ${resume.stderr().trim().split('\n').slice(-2).join(' / ')}`);
    }

    // the figures, per round's phase
    const listed = runCliJson(env);
    const jobs = (await listed) as JobLine[];
    const { items, leftovers } = readLibrary(library);
    const expectedBytes = new Map<string, Buffer>();
    for (const round of rounds) {
      const fig = byPhase[round.phase];
      const submits = emu.log.filter(
        (e) =>
          e.method === 'POST' &&
          e.path === '/v2/submit' &&
          (e.json as { prompt?: string } | undefined)?.prompt === round.prompt,
      ).length;
      const paid = emu.songs().filter((s) => s.prompt === round.prompt);
      if (submits > 1) fig.duplicateSubmissions += submits - 1;
      if (paid.length === 0) continue; // killed before the request reached the service
      fig.paidJobs += 1;
      const job = jobs.find((j) => paid.some((s) => j.serviceIds.includes(s.songId)));
      const counts = paid.map((s) => items.get(s.songId)?.length ?? 0);
      for (const s of paid) {
        const files = items.get(s.songId) ?? [];
        for (const f of files) {
          const want = expectedBytes.get(s.songId) ?? (await mediaBytes(emu, s.songId));
          expectedBytes.set(s.songId, want);
          // saved files are tagged: the audio payload must be exactly what was served
          if (!(await sameAudio(join(library, f), want))) fig.partialFiles += 1;
        }
      }
      if (counts.some((c) => c > 1)) fig.duplicateItems += 1;
      if (counts.every((c) => c === 1)) fig.inLibraryOnce += 1;
      else if (
        !job &&
        counts.every((c) => c === 0) &&
        jobs.some((j) => j.state === 'interrupted' && j.label.includes(round.prompt))
      )
        fig.interruptedHonest += 1;
      else if (counts.some((c) => c === 0)) fig.lost += 1;
    }
    for (const name of leftovers) {
      opts.log?.(`leftover in the library: ${name}`);
    }
    return {
      seed: opts.seed,
      kills: opts.kills,
      byPhase,
      leftovers,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await emu.close();
    rmSync(root, { recursive: true, force: true });
  }
}

async function runCliJson(env: NodeJS.ProcessEnv): Promise<unknown> {
  const child = spawn(process.execPath, [CLI, 'jobs', 'list', '--json'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  await new Promise((r) => child.on('exit', r));
  return JSON.parse(out || '[]');
}

async function mediaBytes(emu: Emulator, songId: string): Promise<Buffer> {
  const res = await fetch(`${emu.mediaUrl}/media/song/${songId}.mp3`);
  return Buffer.from(await res.arrayBuffer());
}

/** The figures as a table: one line per phase, then the totals. */
export function formatReport(r: TrialReport): string {
  const head = `phase        kills landed paid once interrupted lost dup-submit dup-item partial`;
  const row = (name: string, f: PhaseFigures) =>
    `${name.padEnd(12)} ${[
      f.kills,
      f.landed,
      f.paidJobs,
      f.inLibraryOnce,
      f.interruptedHonest,
      f.lost,
      f.duplicateSubmissions,
      f.duplicateItems,
      f.partialFiles,
    ]
      .map((n, i) => String(n).padStart([5, 6, 4, 4, 11, 4, 10, 8, 7][i] as number))
      .join(' ')}`;
  const total = emptyFigures();
  for (const f of Object.values(r.byPhase))
    for (const k of Object.keys(total) as Array<keyof PhaseFigures>) total[k] += f[k];
  return [
    `kill -9 trial: seed ${r.seed}, ${r.kills} kills, ${r.seconds} s`,
    head,
    ...PHASES.map((p) => row(p, r.byPhase[p])),
    row('total', total),
    `leftover files in the library: ${r.leftovers.length}`,
  ].join('\n');
}

/** Totals that must be zero. */
export function failures(r: TrialReport): { lost: number; duplicates: number; partial: number } {
  const all = Object.values(r.byPhase);
  return {
    lost: all.reduce((n, f) => n + f.lost, 0),
    duplicates: all.reduce((n, f) => n + f.duplicateSubmissions + f.duplicateItems, 0),
    partial: all.reduce((n, f) => n + f.partialFiles, 0) + r.leftovers.length,
  };
}
