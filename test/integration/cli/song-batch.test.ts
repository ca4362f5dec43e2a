/**
 * `cadenza song batch` as a user runs it (issue 32, points 1 and 6): the built CLI against the
 * emulator over real HTTP. Three prompts, one submission each, make six songs through three
 * submissions, filed in a collection named after the batch; a batch killed with SIGKILL in the
 * middle and resumed sends nothing twice; a charge-free "too many requests" is sent again.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-batch-key-5be01c7d';
const PROMPTS = ['harbour lights, slow piano', 'desert road, dusty guitar', 'neon rain, synthwave'];

const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 150, counters: { key_music_counts: 20 } },
  eachTest: (emu) => emu.configure({ stepMs: 150, songDurationMs: 6_000 }),
});

const submits = () =>
  cli.emu.log.filter(
    (e) => e.origin === 'service' && e.method === 'POST' && e.path === '/v2/submit',
  );
const promptsSent = () => submits().map((e) => (e.json as { prompt?: string }).prompt);
const libraryMp3 = (): string[] =>
  existsSync(cli.box.libraryDir)
    ? readdirSync(cli.box.libraryDir).filter((n) => n.endsWith('.mp3'))
    : [];
const playlist = (name: string): string[] => {
  const file = join(cli.box.libraryDir, 'Collections', `${name}.m3u8`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
};

function listFile(name: string): string {
  const path = join(cli.box.root, name);
  writeFileSync(path, `# three moods\n${PROMPTS.join('\n')}\n`);
  return path;
}

interface BatchOut {
  id: string;
  state: string;
  collectionId: string | null;
  counts: { total: number; done: number; songs: number; failed: number; interrupted: number };
  music_counts: { before: number | null; after: number | null };
}

describe('cadenza song batch', () => {
  it('3 prompts × 1 submission: 3 submissions, 6 songs in the library and in the collection', async () => {
    const r = await runCli(['song', 'batch', listFile('Moods.txt'), '--wait', '--json'], {
      env: cli.env(),
      timeoutMs: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as BatchOut;
    expect(out.state).toBe('done');
    expect(out.counts).toMatchObject({ total: 3, done: 3, songs: 6, failed: 0 });
    expect(promptsSent().sort()).toEqual([...PROMPTS].sort());
    expect(libraryMp3()).toHaveLength(6);
    expect(out.collectionId).toBe('Moods');
    expect(playlist('Moods')).toHaveLength(6);
    expect(out.music_counts).toEqual({ before: 20, after: 17 });
    // the songs counter is read once before the first submission (the quote), not again
    const log = cli.emu.log.filter((e) => e.origin === 'service');
    const first = log.findIndex((e) => e.path === '/v2/submit');
    expect(log.slice(0, first).filter((e) => e.path === '/v1/get_api_key_info')).toHaveLength(1);
  }, 90_000);

  it('killed mid-batch and resumed: every prompt sent once, all six songs land', async () => {
    cli.emu.configure({ stepMs: 400 });
    const file = listFile('Night.txt');
    const child = spawn(
      process.execPath,
      [CLI, 'song', 'batch', file, '--concurrency', '1', '--wait', '--json'],
      { env: cli.env(), stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.on('close', resolve));
    // the first submission is answered and recorded; the second is not yet sent
    const jobsDir = join(cli.box.dataDir, 'jobs');
    const submitted = (): boolean =>
      existsSync(jobsDir) &&
      readdirSync(jobsDir).some((n) => {
        // a record, not a temp file about to be renamed into place (a kill then loses it)
        if (!/^job_[^.]+\.json$/.test(n)) return false;
        try {
          return (
            (JSON.parse(readFileSync(join(jobsDir, n), 'utf8')) as { state?: string }).state ===
            'submitted'
          );
        } catch {
          return false;
        }
      });
    const deadline = Date.now() + 30_000;
    while (!submitted() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(submits()).toHaveLength(1);
    child.kill('SIGKILL');
    await exited;
    const sentBeforeKill = submits().length;
    expect(sentBeforeKill).toBeLessThan(3);

    const ids = readdirSync(join(cli.box.dataDir, 'batches')).map((n) => n.replace(/\.json$/, ''));
    expect(ids).toHaveLength(1);
    const r = await runCli(['song', 'batch', '--resume', ids[0]!, '--wait', '--json'], {
      env: cli.env(),
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const out = JSON.parse(r.stdout) as BatchOut;
    expect(out.counts).toMatchObject({ total: 3, done: 3, songs: 6 });
    // no duplicate submission: three posts in all, one per prompt
    expect(promptsSent().sort()).toEqual([...PROMPTS].sort());
    expect(cli.emu.counters().key_music_counts).toBe(17);
    expect(libraryMp3()).toHaveLength(6);
    expect(playlist('Night')).toHaveLength(6);
  }, 120_000);

  it('a "too many requests" answer that charged nothing is sent again after a pause', async () => {
    cli.emu.inject({ path: '/v2/submit', kind: 'http429', times: 1 });
    const r = await runCli(['song', 'batch', listFile('Busy.txt'), '--wait', '--json'], {
      env: cli.env({ CADENZA_BATCH_RETRY_MS: '300' }),
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as BatchOut;
    expect(out.counts).toMatchObject({ total: 3, done: 3, songs: 6, failed: 0 });
    // four posts, one refused: each prompt made once, three submissions charged
    expect(submits()).toHaveLength(4);
    expect(new Set(promptsSent())).toEqual(new Set(PROMPTS));
    expect(cli.emu.counters().key_music_counts).toBe(17);
  }, 90_000);

  it('a list with a bad line is refused whole, naming the line; nothing is sent', async () => {
    const path = join(cli.box.root, 'bad.csv');
    writeFileSync(path, `prompt,model\nfine prompt,v4.5\nother prompt,v9\n`);
    const r = await runCli(['song', 'batch', path], { env: cli.env(), timeoutMs: 30_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Line 3: “v9” is not a model/);
    expect(submits()).toHaveLength(0);
    expect(existsSync(join(cli.box.dataDir, 'batches'))).toBe(false);
  }, 60_000);
});
