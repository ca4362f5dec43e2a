import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SidecarSchema } from '@shared/domain/library';
import type { Job } from '@shared/domain/jobs';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient } from '../../../src/main/services/api';
import { createJobsService, type JobsService } from '../../../src/main/services/jobs';
import { submitSpeech } from '../../../src/main/services/voices/speak';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { spawnTs } from './fixtures/spawn';
import { sameAudio } from '../../support/same-audio';

const KEY = 'test-key-jobs-0001';
const CHILD = resolve(__dirname, 'fixtures/jobs-child.ts');

let emu: Emulator;
let root: string;
let dataDir: string;
let libraryDir: string;
const cleanups: Array<() => Promise<void>> = [];

async function openApp(pollIntervalMs = 100): Promise<{
  jobs: JobsService;
  library: Library;
  submit: ReturnType<typeof createSongSubmitters>;
}> {
  const library = createLibrary({
    dir: libraryDir,
    indexFile: join(dataDir, 'library-index.json'),
    watch: false,
  });
  await library.open();
  const client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
  const jobs = createJobsService({
    dataDir,
    library,
    client: () => client,
    pollIntervalMs,
    lockStaleMs: 3000,
  });
  const submit = createSongSubmitters(jobs, () => client, library);
  await jobs.open();
  cleanups.push(async () => {
    await jobs.close();
    await library.close();
  });
  return { jobs, library, submit };
}

async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  return Buffer.from(await res.arrayBuffer());
}

/** The final bytes of a song, straight from the emulator's media host. */
const songBytes = (songId: string) => fetchBytes(`${emu.mediaUrl}/media/song/${songId}.mp3`);

async function expectNothingPartial(): Promise<void> {
  const names = await readdir(libraryDir);
  expect(names.filter((n) => n.startsWith('.') || n.includes('.part'))).toEqual([]);
}

beforeEach(async () => {
  emu = await startEmulator({ keys: [KEY], vocabulary: 'logged', stepMs: 150 });
  root = await mkdtemp(join(tmpdir(), 'cadenza-jobs-'));
  dataDir = join(root, 'data');
  libraryDir = join(root, 'Music', 'Cadenza');
});

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await emu.close();
  await rm(root, { recursive: true, force: true });
});

describe('jobs against the emulator', () => {
  it('submits a V2 song, polls in batches and saves both variations with sidecars and covers', async () => {
    const { jobs, library, submit } = await openApp();
    const states: string[] = [];
    jobs.on('job-updated', (j) => states.push(j.state));
    const job = await submit.songV2({
      mode: 'custom',
      prompt: 'city pop, warm bass',
      title: 'Neon Tide',
      lyrics: '[Verse]\nCity lights',
    });
    expect(job.state).toBe('pending');
    const done = await jobs.waitFor(job.id, 20_000);
    expect(done.state).toBe('done');
    expect(done.resultItemIds).toHaveLength(2);
    expect(states).toContain('running');
    expect(states).toContain('downloading');

    const items = await Promise.all(done.resultItemIds.map((id) => library.full(library.get(id)!)));
    for (const item of items) {
      expect(item.title).toBe('Neon Tide');
      expect(item.lyrics).toContain('City lights');
      expect(item.variation_group).toBe(job.id);
      expect(item.job_id).toBe(job.id);
      expect(item.model).toBe('v4.5-plus');
      expect(item.duration_ms).toBeGreaterThan(0);
      expect(item.cover).not.toBeNull();
      const songId = item.service_ids.song_id!;
      expect(await sameAudio(library.pathOf(item), await songBytes(songId))).toBe(true);
      const sidecar = SidecarSchema.parse(
        JSON.parse(await readFile(`${library.pathOf(item)}.json`, 'utf8')),
      );
      expect(sidecar.id).toBe(item.id);
    }
    // one take rule (issue 31): both keep the title, each its number, in its file name too
    expect(items.map((i) => [i.file, i.take]).sort()).toEqual([
      ['Neon Tide · Take 1.mp3', 1],
      ['Neon Tide · Take 2.mp3', 2],
    ]);

    // batched: every poll asked about both songs in one request
    const queries = emu.log.filter((e) => e.origin === 'service' && e.path === '/v2/query');
    expect(queries.length).toBeGreaterThan(0);
    const ids = done.serviceIds.slice().sort();
    for (const q of queries) expect(q.query.song_id?.split(',').sort()).toEqual(ids);
    // the key never goes to the media host, and the job record never holds it
    for (const e of emu.log.filter((x) => x.origin === 'media'))
      expect(e.headers['x-api-key']).toBeUndefined();
    const record = await readFile(join(dataDir, 'jobs', `${job.id}.json`), 'utf8');
    expect(record).not.toContain(KEY);
    await expectNothingPartial();
  });

  it('titles takes by one rule in description mode and extensions: the title once, each take numbered, in its file name too (issue 31)', async () => {
    const { jobs, library, submit } = await openApp();
    const auto = await submit.songV2({ mode: 'auto', prompt: 'slow harbour jazz' });
    const made = await jobs.waitFor(auto.id, 20_000);
    const takes = made.resultItemIds.map((id) => library.get(id)!);
    // the service calls the second take "… (Take 2)" in description mode: the mark is dropped
    const title = takes[0]!.title;
    expect(title).not.toMatch(/take/i);
    expect(takes.map((i) => [i.title, i.take, i.file])).toEqual([
      [title, 1, `${title} · Take 1.mp3`],
      [title, 2, `${title} · Take 2.mp3`],
    ]);
    // an extension of take 2 is a submission of its own: its takes are numbered the same way
    const ext = await submit.songV2({
      mode: 'custom',
      prompt: 'slow harbour jazz',
      title: 'Harbour, later',
      lyrics: '[Verse]\nStill here',
      extend: { songId: takes[1]!.service_ids.song_id!, continueAtS: 20 },
    });
    const extended = await jobs.waitFor(ext.id, 20_000);
    expect(extended.state).toBe('done');
    const extTakes = extended.resultItemIds.map((id) => library.get(id)!);
    expect(extTakes.map((i) => [i.title, i.take, i.file])).toEqual([
      ['Harbour, later', 1, 'Harbour, later · Take 1.mp3'],
      ['Harbour, later', 2, 'Harbour, later · Take 2.mp3'],
    ]);
  });

  it('polls all active songs of several jobs with one request per interval', async () => {
    const { jobs, submit } = await openApp(200);
    const submitted = await Promise.all(
      [1, 2, 3].map((n) => submit.songV2({ mode: 'auto', prompt: `ambient piece ${n}` })),
    );
    // wait until all three have their ids
    await expect
      .poll(() => submitted.every((j) => (jobs.get(j.id)?.serviceIds.length ?? 0) === 2), {
        timeout: 5000,
      })
      .toBe(true);
    const from = emu.log.length;
    await Promise.all(submitted.map((j) => jobs.waitFor(j.id, 20_000)));
    const queries = emu.log.slice(from).filter((e) => e.path === '/v2/query');
    const sizes = queries.map((q) => q.query.song_id?.split(',').length ?? 0);
    expect(Math.max(...sizes)).toBe(6);
    // consecutive queries are at least one interval apart (one per interval, not one per song)
    for (let i = 1; i < queries.length; i++)
      expect(queries[i]!.at - queries[i - 1]!.at).toBeGreaterThanOrEqual(150);
  });

  it('backs off when polling fails and still finishes', async () => {
    const { jobs, submit } = await openApp(100);
    const failures: number[] = [];
    jobs.on('poll-failed', (f) => failures.push(f.retryInMs));
    emu.inject({ path: '/v2/query', kind: 'http500', times: 6 });
    const job = await submit.songV2({ mode: 'auto', prompt: 'slow jazz' });
    const done = await jobs.waitFor(job.id, 25_000);
    expect(done.state).toBe('done');
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures[1]!).toBeGreaterThan(failures[0]!);
  });

  it('resumes after a crash mid-poll: the other process takes the lock and finishes the job', async () => {
    const child = spawnTs(CHILD, {
      DATA_DIR: dataDir,
      LIBRARY_DIR: libraryDir,
      BASE_URL: emu.url,
      API_KEY: KEY,
      ACTION: 'song-v2',
      CRASH_AT: 'running',
    });
    const { jobId } = (await child.waitEvent('submitted')) as { jobId: string };
    await child.waitEvent('crashing');
    expect((await child.exited).signal).toBe('SIGKILL');
    const before = JSON.parse(
      await readFile(join(dataDir, 'jobs', `${jobId}.json`), 'utf8'),
    ) as Job;
    expect(['submitted', 'running']).toContain(before.state);

    const submits = emu.log.filter((e) => e.path === '/v2/submit').length;
    const { jobs, library } = await openApp();
    expect(jobs.isPolling()).toBe(true); // the dead process's lock was taken over
    const done = await jobs.waitFor(jobId, 20_000);
    expect(done.state).toBe('done');
    expect(done.resultItemIds).toHaveLength(2);
    expect(emu.log.filter((e) => e.path === '/v2/submit').length).toBe(submits); // never resubmitted
    for (const id of done.resultItemIds) {
      const item = library.get(id)!;
      expect(
        await sameAudio(library.pathOf(item), await songBytes(item.service_ids.song_id!)),
      ).toBe(true);
    }
    await expectNothingPartial();
  });

  it('resumes after a crash mid-download: nothing partial is ever in the library', async () => {
    emu.configure({ songDurationMs: 240_000 }); // ~1 MB per song, many chunks
    const child = spawnTs(CHILD, {
      DATA_DIR: dataDir,
      LIBRARY_DIR: libraryDir,
      BASE_URL: emu.url,
      API_KEY: KEY,
      ACTION: 'song-v2',
      CRASH_AT: 'download',
    });
    const { jobId } = (await child.waitEvent('submitted')) as { jobId: string };
    await child.waitEvent('crashing');
    await child.exited;
    const before = JSON.parse(
      await readFile(join(dataDir, 'jobs', `${jobId}.json`), 'utf8'),
    ) as Job;
    expect(before.state).toBe('downloading');
    // the crash left a temp file behind, and no media file is visible
    const left = await readdir(libraryDir);
    expect(left.some((n) => n.startsWith('.cadenza-tmp-'))).toBe(true);
    expect(left.filter((n) => n.endsWith('.mp3'))).toEqual([]);
    const planned = before.outputs.map((o) => o.libraryItemId);

    const { jobs, library } = await openApp();
    const done = await jobs.waitFor(jobId, 20_000);
    expect(done.state).toBe('done');
    // the item the first process had planned (id and file name) is the one that was completed
    const plannedIds = planned.filter((x): x is string => x !== null);
    expect(plannedIds.length).toBeGreaterThan(0);
    expect(done.resultItemIds).toHaveLength(2);
    for (const id of plannedIds) expect(done.resultItemIds).toContain(id);
    const plannedName = before.outputs.find((o) => o.fileName)?.fileName;
    expect(library.get(plannedIds[0]!)?.file).toBe(plannedName);
    for (const id of done.resultItemIds) {
      const item = library.get(id)!;
      expect(
        await sameAudio(library.pathOf(item), await songBytes(item.service_ids.song_id!)),
      ).toBe(true);
    }
    expect(library.items()).toHaveLength(2);
    await expectNothingPartial();
  });

  it('marks a synchronous call interrupted by a crash as "may have been charged" and never resends it', async () => {
    emu.configure({ stepMs: 1500 }); // /v1/music takes a while
    const child = spawnTs(CHILD, {
      DATA_DIR: dataDir,
      LIBRARY_DIR: libraryDir,
      BASE_URL: emu.url,
      API_KEY: KEY,
      ACTION: 'song-v1',
      CRASH_AT: 'sent',
    });
    const { jobId } = (await child.waitEvent('submitted')) as { jobId: string };
    await child.exited;
    const { jobs } = await openApp();
    const job = jobs.get(jobId)!;
    expect(job.state).toBe('interrupted');
    expect(job.error?.message).toMatch(/may have been charged/);
    await jobs.pollNow();
    await new Promise((r) => setTimeout(r, 300));
    expect(emu.log.filter((e) => e.path === '/v1/music')).toHaveLength(1);
  }, 20_000); // a child Node process under tsx: seconds on a busy machine

  it('saves a text-to-speech result with its duration, and cancel stops tracking', async () => {
    const { jobs, library, submit } = await openApp();
    const voices = await createServiceClient({
      baseUrl: emu.url,
      getKey: async () => KEY,
    }).voices.list();
    const client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
    const tts = await submitSpeech(jobs, () => client, {
      text: 'Hello from the studio',
      speaker: voices[0]!.speaker,
      emotion: 'Cheerful',
    });
    const done = await jobs.waitFor(tts.id, 20_000);
    expect(done.state).toBe('done');
    const item = library.get(done.resultItemIds[0]!)!;
    expect(item).toMatchObject({
      kind: 'tts',
      title: 'Hello from the studio',
      emotion: 'Cheerful',
      file: 'Hello from the studio.wav',
    });
    expect(item.duration_ms).toBeGreaterThan(0);

    const song = await submit.songV2({ mode: 'auto', prompt: 'to be cancelled' });
    await expect.poll(() => jobs.get(song.id)?.serviceIds.length ?? 0, { timeout: 5000 }).toBe(2);
    await jobs.cancel(song.id);
    const from = emu.log.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(emu.log.slice(from).filter((e) => e.path === '/v2/query')).toEqual([]);
    expect(jobs.get(song.id)?.state).toBe('cancelled');
  });
});
