/**
 * Security (issue 26, point 2): a FIFO planted where Cadenza keeps a record — a job record, the
 * library index and its head, the data-folder lock, the library's placement, a sidecar — never
 * hangs a command. Every open of such a file is non-blocking and regular-file-only
 * (`ground/regular-file.ts`); before, `open()` waited forever for a writer and the command with it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noiseWav } from '../../support/media-fixtures';
import { runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-fifo-records-key-8c2a';
const cli = useCliAgainstEmulator({ key: KEY, emulator: { stepMs: 20 } });

/**
 * A hang shows as a null exit code (the harness kills the command then). Generous: a command's
 * start alone took 7 s at load 20 (bench/hostile-records), and a hang never ends at all.
 */
const HANG_MS = 45_000;

function fifo(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  execFileSync('mkfifo', [path]);
}

const run = (args: string[]) => runCli(args, { env: cli.env(), timeoutMs: HANG_MS });

describe('a FIFO where a record should be', () => {
  it('in the data folder: jobs list, library list, song create and jobs resume all end', async () => {
    const data = cli.box.dataDir;
    fifo(join(data, 'jobs', 'job_planted.json'));
    fifo(join(data, 'library-index.json'));
    fifo(join(data, 'library-index.head.json'));
    fifo(join(data, 'library-placement.json'));
    fifo(join(data, 'jobs.lock'));

    for (const args of [
      ['jobs', 'list'],
      ['library', 'list'],
      ['song', 'create', '--prompt', 'night drive', '--wait'],
      ['jobs', 'resume'],
    ]) {
      const started = Date.now();
      const r = await run(args);
      expect(r.code, `${args.join(' ')} hung on a FIFO\n${r.stderr}`).not.toBeNull();
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
      expect(Date.now() - started).toBeLessThan(HANG_MS);
    }
    // nothing outside the data and library folders was touched, and the planted FIFOs were never
    // taken for records (the lock was set aside as not a lock, so the song was still saved)
    expect(readdirSync(cli.box.root).filter((n) => n !== 'home')).toEqual(['data', 'library']);
    expect(readdirSync(cli.box.libraryDir).filter((n) => n.endsWith('.mp3'))).toHaveLength(2);
  }, 240_000);

  it('in the library: a FIFO sidecar and a FIFO named as media are skipped, not waited on', async () => {
    const lib = cli.box.libraryDir;
    mkdirSync(lib, { recursive: true });
    writeFileSync(join(lib, 'Real take.wav'), noiseWav(1));
    fifo(join(lib, 'Real take.wav.json'));
    fifo(join(lib, 'Pipe.mp3'));
    const r = await runCli(['library', 'list', '--json'], { env: cli.env(), timeoutMs: HANG_MS });
    expect(r.code, `library list hung on a FIFO\n${r.stderr}`).toBe(0);
    const files = (JSON.parse(r.stdout) as Array<{ file: string }>).map((i) => i.file);
    expect(files).toEqual(['Real take.wav']);
    expect(statSync(join(lib, 'Pipe.mp3')).isFIFO()).toBe(true);
  }, 90_000);
});
