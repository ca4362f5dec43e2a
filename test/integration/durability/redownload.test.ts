/**
 * Issue 13 point 6: a finished job's results can be downloaded again from the recorded service
 * links (`cadenza jobs redownload JOB`) — never a new submission.
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCliAgainstEmulator } from '../cli/run-cli';
import { leftovers } from './support';
import { sameAudio } from '../../support/same-audio';

const KEY = 'redownload-key-2e0d';
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 30 },
  eachTest: (emu) => emu.configure({ stepMs: 30, songDurationMs: 2_400 }),
});

describe('jobs redownload', () => {
  it('brings back deleted results from the recorded links, byte for byte, without submitting again', async () => {
    const env = cli.env();
    const made = await runCli(
      ['song', 'create', '--prompt', 'ferry horn', '--title', 'Crossing', '--wait'],
      { env, timeoutMs: 30_000 },
    );
    expect(made.code, made.stderr).toBe(0);
    const list = JSON.parse((await runCli(['jobs', 'list', '--json'], { env })).stdout) as Array<{
      id: string;
    }>;
    const jobId = list[0]!.id;
    const lib = cli.box.libraryDir;
    const songs = readdirSync(lib).filter((n) => n.endsWith('.mp3'));
    expect(songs).toHaveLength(2);
    const before = new Map(songs.map((n) => [n, readFileSync(join(lib, n))]));
    for (const n of songs) rmSync(join(lib, n)); // lost from the library

    const r = await runCli(['jobs', 'redownload', jobId], { env, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`done  ${jobId}`);
    const after = readdirSync(lib).filter((n) => n.endsWith('.mp3'));
    expect(after.sort()).toEqual([...songs].sort()); // under their names, beside their sidecars
    expect(readdirSync(lib).filter((n) => n.endsWith('.mp3.json'))).toHaveLength(2);
    // the same audio, byte for byte (compared by payload: the tags are written again at save)
    for (const b of before.values()) {
      const same = await Promise.all(after.map((n) => sameAudio(join(lib, n), b)));
      expect(same.some(Boolean)).toBe(true);
    }
    expect(leftovers(lib)).toEqual([]);
    const submits = cli.emu.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit');
    expect(submits).toHaveLength(1);

    // nothing missing: nothing to do, said in one line
    const again = await runCli(['jobs', 'redownload', jobId], { env });
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/^cadenza: Nothing to download again/);
  }, 60_000);
});
