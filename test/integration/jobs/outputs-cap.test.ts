/**
 * Issue 26, point 6: a service that answers one submission with 10,000 songs. The job keeps the
 * first ones up to its kind's cap (the registry's `maxOutputs`: two songs), records the surplus as
 * ignored with a warning on the job, and downloads nothing beyond the cap.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { createJobsService, type JobsService } from '../../../src/main/services/jobs';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { JOB_KIND_FACTS } from '@shared/domain/job-kinds';
import type { Job } from '@shared/domain/jobs';

const KEY = 'test-key-cap-0001';
const ANSWERED = 10_000;
let emu: Emulator;
let root: string;
let client: ServiceClient;
let jobs: JobsService;
let library: Library;

beforeEach(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 50 });
  emu.configure({ songsPerSubmission: ANSWERED, songDurationMs: 2_000 });
  root = await mkdtemp(join(tmpdir(), 'cadenza-cap-'));
  library = createLibrary({ dir: join(root, 'Library'), watch: false });
  await library.open();
  client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
  jobs = createJobsService({
    dataDir: join(root, 'data'),
    library,
    client: () => client,
    pollIntervalMs: 100,
  });
  await jobs.open();
});

afterEach(async () => {
  await jobs.close();
  await library.close();
  await emu.close();
  await rm(root, { recursive: true, force: true });
});

/** The job once the service's answer has been recorded (no longer pending or waiting for it). */
async function answered(id: string): Promise<Job> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = jobs.get(id)!;
    if (job.state !== 'pending' && !(job.synchronous && job.state === 'running')) return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.state}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const songDownloads = (): string[] =>
  emu.log.filter((e) => /^\/media\/(song|stream)\//.test(e.path)).map((e) => e.path);

describe('a submission answered with 10,000 songs', () => {
  it('keeps the first two (paid work), records the rest as ignored with a warning, downloads no more', async () => {
    const submit = createSongSubmitters(jobs, () => client, library);
    const job = await submit.songV2({ mode: 'auto', prompt: 'endless night drive' });
    const recorded = await answered(job.id);
    expect(emu.songs()).toHaveLength(ANSWERED);
    const cap = JOB_KIND_FACTS['song-v2'].maxOutputs;
    expect(cap).toBe(2);
    expect(recorded.outputs).toHaveLength(cap);
    expect(recorded.serviceIds).toEqual(
      emu
        .songs()
        .slice(0, cap)
        .map((s) => s.songId),
    );
    expect(recorded.ignoredOutputs).toBe(ANSWERED - cap);
    expect(recorded.warnings.join(' ')).toMatch(/10,?000 results.*first 2.*9,?998/s);

    const done = await jobs.waitFor(job.id, 30_000);
    expect(done.state).toBe('done');
    expect(done.resultItemIds).toHaveLength(cap);
    expect(library.items()).toHaveLength(cap);
    // nothing beyond the cap was fetched: only the kept songs' media
    const kept = new Set(done.serviceIds);
    expect(songDownloads().every((p) => [...kept].some((id) => p.includes(id)))).toBe(true);
    // the record stays small: no 10,000 outputs, the raw answer cut for diagnosis
    const size = (await stat(join(root, 'data', 'jobs', `${job.id}.json`))).size;
    expect(size).toBeLessThan(64 * 1024);
  }, 60_000);

  it('caps a synchronous /v1/music answer the same way', async () => {
    const submit = createSongSubmitters(jobs, () => client, library);
    const job = await submit.songV1({ mode: 'auto', prompt: 'endless morning' });
    const recorded = await answered(job.id);
    expect(recorded.outputs).toHaveLength(JOB_KIND_FACTS['song-v1'].maxOutputs);
    expect(recorded.ignoredOutputs).toBe(ANSWERED - 2);
  }, 60_000);

  it('a tracked job takes no more ids than its kind yields (a history import: 1,000)', async () => {
    const ids = Array.from({ length: JOB_KIND_FACTS['history-import'].maxOutputs + 1 }, (_, i) =>
      String(i),
    );
    await expect(
      jobs.track({ kind: 'history-import', tracking: 'v3-tasks', ids, label: 'Import' }),
    ).rejects.toThrow(/at most 1,?000/);
    expect(jobs.list()).toHaveLength(0);
  });
});
