/**
 * Issue 13 point 4: temp files have owners (the pid in their name). Read-only commands and views
 * never create, move, rename or delete anything; only the lock holder cleans up, and only temps
 * whose owner process is gone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLibrary } from '../../../src/main/services/library/library';
import { JobStore } from '../../../src/main/services/jobs';
import { PROBE_CACHE_NAME } from '../../../src/main/services/library/probe-cache';
import { toneWav } from '../../support/media-fixtures';
import { runCli, useCliAgainstEmulator } from '../cli/run-cli';
import { snapshotTree } from './support';

const KEY = 'read-only-key-3b8e';
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 30 },
  eachTest: (emu) => emu.configure({ stepMs: 30, songDurationMs: 2_400 }),
});
const sleepers: ChildProcess[] = [];
afterEach(() => {
  for (const p of sleepers.splice(0)) p.kill('SIGKILL');
});

const withoutLogs = (tree: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).filter(([p]) => !p.startsWith('logs/')));

/** A pid that belonged to a process that has exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid as number;
/** A live process other than this one (standing in for a second cadenza mid-download). */
function livePid(): number {
  const p = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  sleepers.push(p);
  return p.pid as number;
}

describe('read-only commands and temp ownership', () => {
  it('library list, jobs list, config get and a read-only library change nothing on disk', async () => {
    const env = cli.env();
    const made = await runCli(
      ['song', 'create', '--prompt', 'rain', '--title', 'Tin Roof', '--wait'],
      {
        env,
        timeoutMs: 30_000,
      },
    );
    expect(made.code).toBe(0);
    const { dataDir, libraryDir } = cli.box;
    // the state a reader must leave alone: temps of a live and a dead process, a damaged job
    // record, one from a newer version, one of an unknown kind, and an unreadable settings file
    writeFileSync(join(libraryDir, `.cadenza-tmp-p${livePid()}-aa.part`), 'half');
    writeFileSync(join(libraryDir, `.cadenza-tmp-p${deadPid()}-bb.part`), 'half');
    writeFileSync(join(dataDir, 'jobs', 'job_damaged0001.json'), '{"schema_version":1,');
    writeFileSync(
      join(dataDir, 'jobs', 'job_newer0000001.json'),
      JSON.stringify({
        schema_version: 2,
        id: 'job_newer0000001',
        kind: 'song-v3',
        label: 'Future',
      }),
    );
    writeFileSync(
      join(dataDir, 'jobs', 'job_oddkind00001.json'),
      JSON.stringify({
        schema_version: 1,
        id: 'job_oddkind00001',
        kind: 'hologram',
        state: 'done',
      }),
    );
    writeFileSync(join(dataDir, 'settings.json'), '{"schema_version": 1, "baseUrl": ');
    // a file added outside the app: listing it probes it, and the probe cache may remember that
    writeFileSync(join(libraryDir, 'Found Song.wav'), toneWav(1));
    const before = { data: snapshotTree(dataDir), library: snapshotTree(libraryDir) };

    for (const args of [
      ['library', 'list'],
      ['library', 'list', '--json'],
      ['jobs', 'list'],
      ['jobs', 'list', '--json'],
      ['config', 'get'],
      ['config', 'get', 'library'],
    ]) {
      const r = await runCli(args, { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    const listed = await runCli(['jobs', 'list'], { env });
    expect(listed.stdout).toMatch(/job_newer0000001 +unknown +unknown +Future/);
    expect(listed.stdout).toMatch(/job_oddkind00001 +unknown +unknown/);
    const lib = createLibrary({
      dir: libraryDir,
      indexFile: join(dataDir, 'library-index.json'),
      readOnly: true,
      watch: false,
    });
    await lib.open();
    expect(lib.items().map((i) => i.title)).toContain('Tin Roof');
    await lib.close();
    const store = new JobStore(join(dataDir, 'jobs'), { readOnly: true });
    await store.open();
    await store.repair();

    // the diagnostics log (logs/cli.N.log) is the one thing every command appends to, and the
    // probe cache (issue 30: what the probe learned of found files, bounded) the one file a
    // read-only command may write
    const after = withoutLogs(snapshotTree(dataDir));
    expect(Object.keys(after).filter((p) => !(p in before.data))).toEqual([PROBE_CACHE_NAME]);
    const cached = readFileSync(join(dataDir, PROBE_CACHE_NAME), 'utf8');
    expect(cached).toContain('Found Song.wav');
    delete after[PROBE_CACHE_NAME];
    expect(after).toEqual(withoutLogs(before.data));
    expect(snapshotTree(libraryDir)).toEqual(before.library);
  }, 60_000);

  it('a missing library folder is not created by listing it', async () => {
    const r = await runCli(['library', 'list'], { env: cli.env() });
    expect(r.code).toBe(0);
    expect(existsSync(cli.box.libraryDir)).toBe(false);
    expect(Object.keys(withoutLogs(snapshotTree(cli.box.dataDir)))).toEqual([]);
  });

  it('the lock holder removes only temps whose owner process is gone', async () => {
    const { libraryDir, dataDir } = cli.box;
    mkdirSync(libraryDir, { recursive: true });
    mkdirSync(join(dataDir, 'jobs'), { recursive: true });
    const live = `.cadenza-tmp-p${livePid()}-cc.part`;
    const liveJob = `.cadenza-tmp-p${livePid()}-dd.tmp`;
    writeFileSync(join(libraryDir, live), 'still downloading');
    writeFileSync(join(dataDir, 'jobs', liveJob), '{}');
    writeFileSync(join(libraryDir, `.cadenza-tmp-p${deadPid()}-ee.part`), 'abandoned');
    writeFileSync(join(dataDir, 'jobs', `.cadenza-tmp-p${deadPid()}-ff.tmp`), '{}');
    const r = await runCli(['jobs', 'resume'], { env: cli.env() });
    expect(r.code).toBe(0);
    expect(Object.keys(snapshotTree(libraryDir))).toEqual([live]);
    expect(Object.keys(snapshotTree(join(dataDir, 'jobs')))).toEqual([liveJob]);
  });
});
