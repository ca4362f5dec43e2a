/**
 * Issue 13 point 7: a voice clone cut off by a crash (the synchronous /v1/clone call was sent and
 * the service made the voice, but the process died before the answer was recorded) is looked for
 * in the clone list: a voice with its name, created after the job started and not among the clones
 * the key had then, is offered to the user — never assumed — and nothing is sent again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { createJobsService, type JobsService } from '../../../src/main/services/jobs';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { createVoicesService } from '../../../src/main/services/voices';
import { pcmWav } from '../../support/media-fixtures';

const KEY = 'clone-reconcile-key-7a1c';
let emu: Emulator;
let dir: string;
let client: ServiceClient;
let library: Library;

beforeEach(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 20 });
  dir = await mkdtemp(join(tmpdir(), 'cadenza-clone-reconcile-'));
  client = createServiceClient({
    baseUrl: emu.url,
    getKey: async () => KEY,
    retry: { attempts: 1 },
  });
  library = createLibrary({ dir: join(dir, 'library'), watch: false });
  await library.open();
});
afterEach(async () => {
  await library.close();
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

const openJobs = async (c: () => ServiceClient): Promise<JobsService> => {
  const jobs = createJobsService({
    dataDir: join(dir, 'data'),
    library,
    client: c,
    pollIntervalMs: 100,
  });
  await jobs.open();
  return jobs;
};

async function recording(name: string): Promise<{ path: string; name: string; sizeBytes: number }> {
  const path = join(dir, name);
  const bytes = pcmWav(randomBytes(16_000 * 2 * 3));
  await writeFile(path, bytes);
  return { path, name, sizeBytes: bytes.length };
}

const until = async (ok: () => boolean, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('an interrupted voice clone is reconciled through the clone list', () => {
  it('offers the voice the cut-off call made (not an older one of the same name); the user adopts it; nothing is sent again', async () => {
    // the key already has a voice called "Ada" (made earlier) when the job starts
    const older = await client.voices.clone({
      name: 'Ada',
      files: [(await recording('a.wav')).path],
    });

    // process 1: the service makes the voice, then the process dies before the answer is recorded
    const dying: ServiceClient = {
      ...client,
      voices: {
        ...client.voices,
        clone: async (input, opts) => {
          await client.voices.clone(input, opts);
          return new Promise(() => undefined); // the answer never reaches the job record
        },
      },
    };
    const jobs1 = await openJobs(() => dying);
    const rt1 = {
      library,
      jobs: jobs1,
      submit: createSongSubmitters(jobs1, () => dying, library),
      close: () => jobs1.close(),
    };
    const voices = createVoicesService({
      dataDir: join(dir, 'data'),
      client: () => dying,
      runtime: async () => rt1,
    });
    await voices.catalogue({ refresh: true }); // knows the older "Ada"
    const job = await voices.clone({ name: 'Ada', files: [await recording('b.wav')] });
    await until(() => emu.cloneVoices().filter((c) => c.name === 'Ada').length === 2);
    const made = emu.cloneVoices().find((c) => c.name === 'Ada' && c.speaker !== older.speaker)!;
    await jobs1.close(); // like a crash: the call never answered; the record says running

    // process 2, with the clone list failing at first: the job is interrupted, nothing offered yet
    emu.inject({ path: '/v1/clone_voices_list', kind: 'http500', times: 1 });
    const jobs2 = await openJobs(() => client);
    try {
      const interrupted = jobs2.get(job.id)!;
      expect(interrupted.state).toBe('interrupted');
      expect(interrupted.candidates).toEqual([]);
      expect(interrupted.candidatesCheckedAt).toBeNull();

      // Check again looks through the clone list: only the voice made after the job started
      const checked = await jobs2.checkAgain(job.id);
      expect(checked.state).toBe('interrupted'); // offered, never assumed
      expect(checked.candidates).toEqual([
        expect.objectContaining({ serviceId: made.speaker, name: 'Ada' }),
      ]);
      expect(checked.checkedAt).not.toBeNull();

      // "Not mine": none offered, the job stays interrupted (may have been charged)
      const rejected = await jobs2.rejectCandidates(job.id);
      expect(rejected).toMatchObject({ state: 'interrupted', candidates: [] });
      await expect(jobs2.adoptCandidate(job.id, made.speaker)).rejects.toMatchObject({
        code: 'not_found',
      });

      // looked at again on request, then adopted: the job is done with that voice
      await jobs2.checkAgain(job.id);
      const done = await jobs2.adoptCandidate(job.id, made.speaker);
      expect(done).toMatchObject({
        state: 'done',
        error: null,
        serviceIds: [made.speaker],
        candidates: [],
        meta: expect.objectContaining({ voice: made.speaker }),
      });
      expect(emu.log.filter((e) => e.method === 'POST' && e.path === '/v1/clone')).toHaveLength(2); // the older voice and the job's one call: nothing sent again
    } finally {
      await jobs2.close();
    }
  }, 30_000);

  it('finds the voice by itself when the clone list answers at the next start', async () => {
    const dying: ServiceClient = {
      ...client,
      voices: {
        ...client.voices,
        clone: async (input, opts) => {
          await client.voices.clone(input, opts);
          return new Promise(() => undefined);
        },
      },
    };
    const jobs1 = await openJobs(() => dying);
    const job = await jobs1.submit(
      {
        kind: 'clone',
        synchronous: true,
        request: { name: 'Bea', description: '', files: [], knownClones: [] },
        label: 'Voice: Bea',
      },
      async (signal) => {
        await dying.voices.clone(
          { name: 'Bea', files: [(await recording('c.wav')).path] },
          { signal },
        );
        return { outputs: [] };
      },
    );
    await until(() => emu.cloneVoices().some((c) => c.name === 'Bea'));
    await jobs1.close();
    const jobs2 = await openJobs(() => client);
    try {
      const found = jobs2.get(job.id)!;
      expect(found.state).toBe('interrupted');
      expect(found.candidates.map((c) => c.name)).toEqual(['Bea']);
      expect(found.candidatesCheckedAt).not.toBeNull();
    } finally {
      await jobs2.close();
    }
  }, 30_000);
});
