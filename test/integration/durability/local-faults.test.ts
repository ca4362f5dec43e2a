/**
 * Issue 13 point 5: local faults pause a paid job, they never fail it. A real full disk (a small
 * tmpfs; CI runs as root, so under CI=true this runs, never skips) and the library folder removed
 * mid-download: the job waits visibly, continues by itself when the fault clears, and ends with
 * complete files, no temp left and exactly one submission in the emulator's log.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobWait } from '@shared/domain/jobs';
import { createServiceClient } from '../../../src/main/services/api';
import { createJobsService } from '../../../src/main/services/jobs';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { createLibrary } from '../../../src/main/services/library/library';
import { CLI, runCli, useCliAgainstEmulator } from '../cli/run-cli';
import { leftovers } from './support';
import { sameAudio } from '../../support/same-audio';

const KEY = 'local-faults-key-77aa';
const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 40 },
  eachTest: (emu) => emu.configure({ stepMs: 40, songDurationMs: 12_000 }),
});
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Whether this machine lets us mount a tmpfs (root); under CI=true the test must run regardless. */
function canMountTmpfs(): boolean {
  if (process.env.CI === 'true') return true;
  if (process.getuid?.() !== 0) return false;
  const probe = join(tmpdir(), `cadenza-mount-probe-${process.pid}`);
  mkdirSync(probe, { recursive: true });
  const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]).status === 0;
  if (ok) spawnSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  return ok;
}

const songBytes = async (mediaUrl: string, songId: string): Promise<Buffer> =>
  Buffer.from(await (await fetch(`${mediaUrl}/media/song/${songId}.mp3`)).arrayBuffer());

async function until<T>(f: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('local faults pause, they do not fail', () => {
  it.skipIf(!canMountTmpfs())(
    'a full disk (real tmpfs) makes the job wait "Disk full" and it finishes when space is freed',
    async () => {
      const { emu, box } = cli;
      const disk = join(box.root, 'disk');
      mkdirSync(disk, { recursive: true });
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', disk]);
      expect(mounted.status, mounted.stderr.toString()).toBe(0);
      cleanups.push(() => void spawnSync('umount', ['-l', disk]));
      const libraryDir = join(disk, 'Library');
      // leave ~40 KB free: less than one song (48 KB)
      const filler = join(disk, 'filler.bin');
      writeFileSync(filler, Buffer.alloc(256 * 1024 - 40 * 1024));
      const library = createLibrary({ dir: libraryDir, watch: false });
      await library.open();
      const client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
      const jobs = createJobsService({
        dataDir: box.dataDir,
        library,
        client: () => client,
        pollIntervalMs: 50,
        localFaultRetryMs: { min: 100, max: 400 },
      });
      cleanups.push(async () => {
        await jobs.close();
        await library.close();
      });
      await jobs.open();
      const waits: JobWait[] = [];
      jobs.on('job-updated', (j) => {
        if (j.waiting) waits.push(j.waiting);
      });
      const job = await createSongSubmitters(jobs, () => client, library).songV2({
        mode: 'custom',
        prompt: 'low tide',
        title: 'Sandbar',
        lyrics: 'shells',
      });
      await until(() => (waits.length > 0 ? true : undefined), 'the job to wait');
      expect(waits[0]).toMatchObject({
        reason: 'disk_full',
        message: 'Disk full — free space and Cadenza will continue.',
      });
      expect(jobs.get(job.id)?.state).toBe('downloading');
      await new Promise((r) => setTimeout(r, 300)); // a few more tries while still full
      expect(jobs.get(job.id)?.state).toBe('downloading');
      rmSync(filler);
      const done = await jobs.waitFor(job.id, 20_000);
      expect(done.state).toBe('done');
      expect(done.waiting).toBeNull();
      expect(done.id).toBe(job.id);
      for (const id of done.resultItemIds) {
        const item = library.get(id)!;
        const served = await songBytes(emu.mediaUrl, item.service_ids.song_id!);
        expect(await sameAudio(library.pathOf(item), served)).toBe(true);
      }
      expect(done.resultItemIds).toHaveLength(2);
      expect(leftovers(libraryDir)).toEqual([]);
      expect(emu.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit')).toHaveLength(1);
    },
    40_000,
  );

  it('the library folder removed mid-download: jobs resume waits "Library folder missing" and finishes when it is back', async () => {
    const { emu, box } = cli;
    const drive = join(box.root, 'drive');
    const libraryDir = join(drive, 'Library');
    mkdirSync(libraryDir, { recursive: true });
    const env = cli.env({ CADENZA_LIBRARY: libraryDir });
    const lyrics = join(box.root, 'lyrics.txt');
    writeFileSync(lyrics, '[Verse]\nRopes on the bollard\n');
    const submitted = await runCli(
      ['song', 'create', '--prompt', 'harbour lights', '--title', 'Quay', '--lyrics-file', lyrics],
      { env },
    );
    expect(submitted.code, submitted.stderr).toBe(0);
    const jobId = submitted.stdout.trim();
    emu.advance(10_000);
    const made = emu.songs();
    const served = new Map<string, Buffer>();
    for (const s of made) served.set(s.songId, await songBytes(emu.mediaUrl, s.songId));
    // a slow media server: the downloads are still running when the folder goes
    emu.configure({ drip: { bytes: 4096, everyMs: 40 } });
    emu.inject({ path: '/media/song/*', kind: 'drip', times: 2 });

    const proc: ChildProcess = spawn(process.execPath, [CLI, 'jobs', 'resume', '--wait'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => void (proc.exitCode === null && proc.kill('SIGKILL')));
    let out = '';
    let err = '';
    proc.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
    proc.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
    const exited = new Promise<number | null>((r) => proc.on('close', (c) => r(c)));

    await until(
      () => (existsSync(libraryDir) && leftovers(libraryDir).length > 0 ? true : undefined),
      'a download in progress',
    );
    rmSync(drive, { recursive: true, force: true }); // the drive goes away
    const record = () =>
      JSON.parse(readFileSync(join(box.dataDir, 'jobs', `${jobId}.json`), 'utf8')) as {
        state: string;
        waiting: JobWait | null;
      };
    const waiting = await until(
      () => (record().waiting?.reason === 'library_missing' ? record() : undefined),
      'the job to wait for its folder',
    );
    expect(waiting.state).toBe('downloading');
    expect(waiting.waiting?.message).toMatch(/^Library folder missing/);
    expect(existsSync(drive)).toBe(false); // not made again on another device's mount point
    mkdirSync(drive); // the drive is back (same device): the library folder may be made again

    expect(await exited, err).toBe(0);
    expect(out).toContain(`done  ${jobId}`);
    const files = readdirSync(libraryDir).filter((n) => n.endsWith('.mp3'));
    expect(files).toHaveLength(2);
    for (const name of files) {
      const side = JSON.parse(readFileSync(join(libraryDir, `${name}.json`), 'utf8')) as {
        service_ids: { song_id: string };
      };
      expect(await sameAudio(join(libraryDir, name), served.get(side.service_ids.song_id)!)).toBe(
        true,
      );
    }
    expect(leftovers(libraryDir)).toEqual([]);
    expect(emu.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit')).toHaveLength(1);
    expect(record()).toMatchObject({ state: 'done', waiting: null });
  }, 60_000);
});
