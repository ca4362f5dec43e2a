/**
 * `cadenza jobs list|resume` and `cadenza library list`, run as the built CLI against the emulator
 * with real temp folders: songs submitted by one process are followed to the library by another,
 * only one process tracks jobs at a time, failures carry the service's reason, and a synchronous
 * call cut off by a crash is reported as interrupted, never resent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-jobs-key-7d21c9e4';

const children: ChildProcess[] = [];
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 40 },
  eachTest: (emu) => emu.configure({ stepMs: 40, songDurationMs: 4_800 }),
});
// registered after the harness's hooks, so it runs before the sandbox is removed
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});
const env = cli.env;

/** Submits a song with the CLI (no --wait): answers the job id. */
async function submitSong(prompt: string, title: string): Promise<string> {
  const r = await runCli(
    ['song', 'create', '--prompt', prompt, '--title', title, '--lyrics-file', lyricsFile()],
    { env: env() },
  );
  expect(r.stderr).not.toMatch(/^cadenza: /m);
  expect(r.code).toBe(0);
  const id = r.stdout.trim();
  expect(id).toMatch(/^job_[A-Za-z0-9_-]+$/);
  return id;
}

function lyricsFile(): string {
  const path = join(cli.box.root, 'lyrics.txt');
  if (!existsSync(path)) writeFileSync(path, '[Verse]\nLights on the water\n');
  return path;
}

interface Background {
  proc: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

function startCli(args: string[], e: NodeJS.ProcessEnv): Background {
  const proc = spawn(process.execPath, [CLI, ...args], {
    env: e,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  let err = '';
  proc.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((r) => proc.on('close', (code) => r(code)));
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitForStderr(pattern, timeoutMs = 15_000) {
      const start = Date.now();
      while (!pattern.test(err)) {
        if (proc.exitCode !== null)
          throw new Error(`cadenza exited (${proc.exitCode}) before ${pattern}: ${err}${out}`);
        if (Date.now() - start > timeoutMs) throw new Error(`no ${pattern} on stderr: ${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

interface ListedJob {
  id: string;
  kind: string;
  state: string;
  label: string;
  asked: { label: string; value: string }[];
  error: { code: string; message: string } | null;
  resultItemIds: string[];
  serviceIds: string[];
}

async function listJobs(): Promise<ListedJob[]> {
  const r = await runCli(['jobs', 'list', '--json'], { env: env() });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as ListedJob[];
}

describe('cadenza jobs / library', () => {
  it('lists nothing, then resumes a submitted song to the library and lists its sidecars', async () => {
    const empty = await runCli(['jobs', 'list'], { env: env() });
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr.trim()).toBe('No jobs yet.');
    expect(await listJobs()).toEqual([]);

    cli.emu.configure({ stepMs: 60_000 }); // the songs stay queued until the clock moves
    const jobId = await submitSong('dream pop, airy vocals', 'Glass Harbor');
    const [listed] = await listJobs();
    expect(listed?.id).toBe(jobId);
    expect(listed?.kind).toBe('song-v2');
    expect(['submitted', 'running']).toContain(listed?.state);
    expect(listed?.serviceIds).toHaveLength(2);
    expect(listed?.asked).toEqual(
      expect.arrayContaining([
        { label: 'Prompt', value: 'dream pop, airy vocals' },
        { label: 'Title', value: 'Glass Harbor' },
      ]),
    );
    const text = await runCli(['jobs', 'list'], { env: env() });
    expect(text.stdout).toMatch(
      new RegExp(`^${jobId}\\s+song-v2\\s+(queued|generating) \\d+%\\s+Glass Harbor$`, 'm'),
    );

    cli.emu.configure({ stepMs: 40 });
    cli.emu.advance(60_000 * 4);
    const resumed = await runCli(['jobs', 'resume', '--wait'], { env: env(), timeoutMs: 60_000 });
    expect(resumed.stderr).toContain('Following 1 job');
    expect(resumed.code).toBe(0);
    const lines = resumed.stdout.trim().split('\n');
    expect(lines[0]).toBe(`done  ${jobId}  Glass Harbor`);
    const files = lines.slice(1).map((l) => l.trim());
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(f.startsWith(cli.box.libraryDir)).toBe(true);
      expect(
        readFileSync(f).subarray(0, 3).toString('latin1') === 'ID3' || readFileSync(f)[0] === 0xff,
      ).toBe(true);
      expect(existsSync(`${f}.json`)).toBe(true);
    }

    const lib = await runCli(['library', 'list', '--json'], { env: env() });
    expect(lib.code).toBe(0);
    const sidecars = JSON.parse(lib.stdout) as Array<Record<string, unknown>>;
    expect(sidecars).toHaveLength(2);
    for (const s of sidecars) {
      expect(s).toMatchObject({
        schema_version: 1,
        kind: 'song',
        job_id: jobId,
        prompt: 'dream pop, airy vocals',
      });
      expect(String(s.title)).toMatch(/^Glass Harbor/);
      expect(s.duration_ms).toBe(4_800); // whole 24 ms frames
      expect(files.map((f) => f.slice(cli.box.libraryDir.length + 1))).toContain(s.file);
      // the sidecar printed is the one on disk
      const onDisk = JSON.parse(
        readFileSync(join(cli.box.libraryDir, `${String(s.file)}.json`), 'utf8'),
      ) as Record<string, unknown>;
      expect({ ...s, file: undefined }).toEqual({ ...onDisk, file: undefined });
    }
    const libText = await runCli(['library', 'list'], { env: env() });
    expect(libText.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(libText.stdout).toMatch(/^Glass Harbor.*\s+song\s+0:05\s+Glass Harbor.*\.mp3$/m);

    const [after] = await listJobs();
    expect(after?.state).toBe('done');
    expect(after?.resultItemIds).toHaveLength(2);
    // nothing left to do
    const again = await runCli(['jobs', 'resume'], { env: env() });
    expect(again.code).toBe(0);
    expect(again.stderr.trim()).toBe('No active jobs.');
  }, 90_000);

  it('refuses a second tracker while `jobs resume --wait` holds the data folder, then finishes', async () => {
    cli.emu.configure({ stepMs: 60_000 });
    const jobId = await submitSong('late night jazz', 'Blue Hour');
    const follower = startCli(['jobs', 'resume', '--wait'], env());
    await follower.waitForStderr(/Following 1 job/);

    const second = await runCli(['jobs', 'resume'], { env: env() });
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    const errLines = second.stderr.split('\n').filter(Boolean);
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toMatch(
      new RegExp(`^cadenza: Cadenza is already tracking jobs \\(pid ${follower.proc.pid}\\)`),
    );
    const secondWait = await runCli(['jobs', 'resume', '--wait'], { env: env() });
    expect(secondWait.code).toBe(1);
    expect(secondWait.stderr).toContain(`already tracking jobs (pid ${follower.proc.pid})`);

    // listing needs no lock
    expect((await listJobs()).map((j) => j.id)).toEqual([jobId]);

    cli.emu.configure({ stepMs: 40 });
    cli.emu.advance(60_000 * 4);
    expect(await follower.exited).toBe(0);
    expect(follower.stdout()).toMatch(new RegExp(`^done  ${jobId}  Blue Hour$`, 'm'));
    expect(follower.stderr()).toMatch(new RegExp(`${jobId}  (saving|generating|queued)`));
    expect(readdirSync(cli.box.libraryDir).filter((n) => n.endsWith('.mp3'))).toHaveLength(2);

    // the lock is free again
    const free = await runCli(['jobs', 'resume'], { env: env() });
    expect(free.code).toBe(0);
  }, 90_000);

  it('reports a song the service failed to make and exits 1', async () => {
    const jobId = await submitSong('noise #fail', 'Broken Glass');
    const r = await runCli(['jobs', 'resume', '--wait'], { env: env(), timeoutMs: 60_000 });
    // it may already have failed during the submitting process's own poll
    if (r.stderr.includes('No active jobs.')) {
      expect(r.code).toBe(0);
    } else {
      expect(r.code).toBe(1);
      expect(r.stdout.trim()).toBe(
        `failed  ${jobId}  Broken Glass: The service stopped without saying why. Try again in a moment; if it fails again, change what you asked for.`,
      );
      expect(r.stderr).toContain('cadenza: 1 of 1 jobs did not finish');
    }
    const [job] = await listJobs();
    expect(job?.state).toBe('failed');
    const text = await runCli(['jobs', 'list'], { env: env() });
    expect(text.stdout).toContain(`${jobId}  song-v2         failed`);
    const saved = existsSync(cli.box.libraryDir) ? readdirSync(cli.box.libraryDir) : [];
    expect(saved.filter((n) => n.endsWith('.mp3'))).toHaveLength(0);
  }, 60_000);

  it("keeps the service's reason when a submission is refused (no songs left)", async () => {
    cli.emu.setCounter('key_music_counts', 0);
    const refused = await runCli(['song', 'create', '--prompt', 'city pop'], { env: env() });
    expect(refused.code).toBe(1);
    const reason = refused.stderr.trim().replace(/^cadenza: /, '');
    expect(reason.length).toBeGreaterThan(10);
    const [job] = await listJobs();
    expect(job?.state).toBe('failed');
    expect(job?.error?.code).toBe('entitlement');
    expect(job?.error?.message).toBe(reason);
    const text = await runCli(['jobs', 'list'], { env: env() });
    expect(text.stdout).toContain(`\n    ${reason}`);
  }, 60_000);

  it('marks a synchronous call cut off by a crash as interrupted and never resends it', async () => {
    cli.emu.inject({ path: '/v1/music', kind: 'timeout' });
    const crashed = startCli(['song', 'create', '--api', 'v1', '--prompt', 'sea shanty'], env());
    // wait until the request is on its way (the job file says so), then kill the process
    const start = Date.now();
    while (!cli.emu.log.some((e) => e.path.startsWith('/v1/music'))) {
      if (Date.now() - start > 15_000) throw new Error(`no /v1/music request: ${crashed.stderr()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    crashed.proc.kill('SIGKILL');
    await crashed.exited;
    const musicCalls = () => cli.emu.log.filter((e) => e.path.startsWith('/v1/music')).length;
    expect(musicCalls()).toBe(1);

    const r = await runCli(['jobs', 'resume'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/song-v1\s+interrupted — may have been charged\s+sea shanty/);
    const [job] = await listJobs();
    expect(job?.state).toBe('interrupted');
    expect(job?.error?.message).toMatch(/may have been charged/);
    expect(musicCalls()).toBe(1); // never resubmitted automatically
  }, 60_000);

  it('explains usage errors in one line', async () => {
    const r = await runCli(['jobs', 'forget'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      "cadenza: unknown subcommand 'jobs forget' (see cadenza jobs --help)",
    );
    const lib = await runCli(['library', 'list', 'extra'], { env: env() });
    expect(lib.code).toBe(2);
    const help = await runCli(['--help'], { env: env() });
    expect(help.stdout).toMatch(/^\s+jobs\s+List jobs and resume tracking them$/m);
    expect(help.stdout).toMatch(
      /^\s+library\s+List the items in the library folder, trim one into a new item, show one item's loudness, export items with tags, tag files made by earlier versions$/m,
    );
  });
});
