/**
 * Issue 13 point 8: a job that stops moving becomes "stalled" after its kind's threshold, measured
 * with the emulator's clock; Check again asks the service now; Cancel never drops a result the
 * service already finished (it is saved); nothing is ever submitted again.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STALL_AFTER_MS, stallOf } from '@shared/domain/stall';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { createJobsService, type JobsService } from '../../../src/main/services/jobs';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { leftovers } from './support';

const KEY = 'stalled-key-41d9';
const HOUR = 3600_000;
let emu: Emulator;
let dir: string;
let client: ServiceClient;
let library: Library;
let jobs: JobsService;
/** The emulator's clock and the jobs service's move together. */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const advance = (ms: number) => {
  offsetMs += ms;
  emu.advance(ms);
};

beforeEach(async () => {
  offsetMs = 0;
  // a service whose songs take ten hours a step: they sit in the queue
  emu = await startEmulator({ keys: [KEY], stepMs: 10 * HOUR });
  emu.configure({ songDurationMs: 2_400 });
  dir = await mkdtemp(join(tmpdir(), 'cadenza-stalled-'));
  client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
  library = createLibrary({ dir: join(dir, 'library'), watch: false });
  await library.open();
  jobs = createJobsService({
    dataDir: join(dir, 'data'),
    library,
    client: () => client,
    pollIntervalMs: 100,
    now,
  });
  await jobs.open();
});
afterEach(async () => {
  await jobs.close();
  await library.close();
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

const submits = () => emu.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit');

describe('stalled jobs', () => {
  it('a song that stops moving is stalled after its threshold; Check again follows it to the library once it moves', async () => {
    const submit = createSongSubmitters(jobs, () => client, library);
    const job = await submit.songV2({ mode: 'auto', prompt: 'slow tide' });
    for (let i = 0; i < 100 && jobs.get(job.id)!.state === 'pending'; i++)
      await new Promise((r) => setTimeout(r, 20));
    await jobs.pollNow();
    expect(jobs.get(job.id)!.state).toBe('submitted');
    expect(stallOf(jobs.get(job.id)!, now())).toBeNull();

    advance(STALL_AFTER_MS['song-v2'] - 60_000);
    await jobs.pollNow();
    expect(stallOf(jobs.get(job.id)!, now())).toBeNull(); // nine minutes: still normal

    advance(2 * 60_000);
    const checked = await jobs.checkAgain(job.id); // the service is asked: nothing changed
    expect(checked.checkedAt).not.toBeNull();
    const stall = stallOf(checked, now());
    expect(stall).toMatchObject({ afterMs: STALL_AFTER_MS['song-v2'] });
    expect(Date.parse(stall!.since)).toBe(Date.parse(checked.submittedAt!));

    // the service moves again: Check again sees it, the job is no longer stalled and finishes
    emu.configure({ stepMs: 30 });
    const moved = await jobs.checkAgain(job.id);
    expect(stallOf(moved, now())).toBeNull();
    const done = await jobs.waitFor(job.id, 15_000);
    expect(done.state).toBe('done');
    expect(done.resultItemIds).toHaveLength(2);
    expect(submits()).toHaveLength(1);
    expect(leftovers(library.dir)).toEqual([]);
  }, 30_000);

  it('cancelling a stalled job saves the result the service already finished', async () => {
    emu.configure({ stepMs: 30 });
    const [ready] = await client.songs.submit({ mode: 'auto', prompt: 'half done' });
    await new Promise((r) => setTimeout(r, 300)); // that song is finished on the service
    // one song finished, one the service never moves (it does not know the id)
    const job = await jobs.track({
      kind: 'song-v2',
      tracking: 'v2-query',
      ids: [ready!.id, 'never-moves-1'],
      label: 'Half done',
    });
    for (let i = 0; i < 20 && jobs.get(job.id)!.outputs[0]!.status !== 'complete'; i++)
      await jobs.pollNow();
    expect(jobs.get(job.id)!.state).toBe('running'); // waiting for the other song
    advance(STALL_AFTER_MS['song-v2'] + 60_000);
    expect(stallOf(jobs.get(job.id)!, now())).not.toBeNull();

    const cancelled = await jobs.cancel(job.id);
    expect(cancelled!.state).toBe('downloading'); // the finished song is still saved
    const done = await jobs.waitFor(job.id, 15_000);
    expect(done.state).toBe('done');
    expect(done.resultItemIds).toHaveLength(1);
    expect(done.error?.message).toMatch(/Cancelled before the service finished it/);
    expect((await readdir(library.dir)).filter((n) => n.endsWith('.mp3'))).toHaveLength(1);
    expect(submits()).toHaveLength(1); // the test's own submission; nothing sent again
  }, 30_000);
});
