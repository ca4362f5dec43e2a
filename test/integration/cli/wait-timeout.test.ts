/**
 * Issue 26 point 8 (the CLI part): a waiting command never sits silent and never waits forever.
 * `song create --wait` says on stderr what its job waits for on this computer (here the library
 * folder gone mid-download) and when that clears; `--timeout S` ends the wait with exit 1 and one
 * line naming what the job still waits for, and the job keeps its state for a later resume.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftovers } from '../durability/support';
import { CLI, runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'wait-timeout-key-9d2';
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 40 },
  eachTest: (emu) => emu.configure({ stepMs: 40, songDurationMs: 12_000 }),
});
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

async function until(f: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!f()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('waiting commands say why and can be bounded', () => {
  it('song create --wait --timeout ends in time with one line and keeps the job', async () => {
    cli.emu.configure({ stepMs: 600_000 }); // the song stays queued for the whole test
    const env = cli.env();
    const started = Date.now();
    const r = await runCli(
      ['song', 'create', '--prompt', 'slow dawn', '--wait', '--timeout', '1.5'],
      {
        env,
      },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(r.code, r.stderr).toBe(1);
    const last = r.stderr.trim().split('\n').at(-1) ?? '';
    expect(last).toMatch(
      /^cadenza: Job \S+ did not finish within 1\.5 s \(still \w+\); run cadenza jobs resume --wait to continue\.$/,
    );
    const jobId = /Job (\S+) did not finish/.exec(last)![1]!;
    const listed = await runCli(['jobs', 'list'], { env });
    expect(listed.stdout).toMatch(new RegExp(`${jobId} +song-v2 +queued`));
    const bad = await runCli(['song', 'create', '--prompt', 'x', '--wait', '--timeout', 'soon'], {
      env,
    });
    expect(bad.code).toBe(2);
    const alone = await runCli(['song', 'create', '--prompt', 'x', '--timeout', '5'], { env });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--timeout goes with --wait');
  }, 60_000);

  it('song create --wait says on stderr what the job waits for, and when it goes on', async () => {
    const { emu, box } = cli;
    const drive = join(box.root, 'drive');
    const libraryDir = join(drive, 'Library');
    mkdirSync(libraryDir, { recursive: true });
    const env = cli.env({ CADENZA_LIBRARY: libraryDir });
    // a slow media server: the downloads are still running when the folder goes
    emu.configure({ drip: { bytes: 4096, everyMs: 40 } });
    emu.inject({ path: '/media/song/*', kind: 'drip', times: 2 });

    const proc: ChildProcess = spawn(
      process.execPath,
      [CLI, 'song', 'create', '--prompt', 'harbour lights', '--wait', '--timeout', '50'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    cleanups.push(() => void (proc.exitCode === null && proc.kill('SIGKILL')));
    let err = '';
    proc.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
    proc.stdout?.resume();
    const exited = new Promise<number | null>((r) => proc.on('close', (c) => r(c)));

    await until(
      () => existsSync(libraryDir) && leftovers(libraryDir).length > 0,
      'a download in progress',
    );
    // the drive goes away at once, as an unplugged one does: a recursive remove is not atomic, and
    // the second download's temp file, made while it ran, failed it (ENOTEMPTY)
    renameSync(drive, join(box.root, 'unplugged'));
    await until(() => /Waiting: Library folder missing/.test(err), 'the wait said on stderr');
    mkdirSync(drive); // the drive is back

    expect(await exited, err).toBe(0);
    expect(err).toContain('No longer waiting; continuing.');
  }, 60_000);
});
