/**
 * Batches through the real core against the emulator over real HTTP (issue 32, points 1 and 6):
 * a batch of 3 prompts × 2 songs killed inside the crash window of a submission (written
 * `sending`, its job recorded, not yet `active`) and resumed by a new process sends nothing twice
 * and files all six songs in its collection; a submission cut off before the service answered
 * waits for the creator; pause holds new submissions back and resume sends them; cancel stops
 * sending and keeps every finished result.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchRecord, BatchView } from '@shared/domain/batch';
import { startEmulator, type Emulator } from '../../emulator';
import { createCore, type Core } from '../../../src/main/services/core';
import { spawnTs } from '../jobs/fixtures/spawn';

const KEY = 'batch-run-key-4f2a9c';
const CHILD = resolve(__dirname, 'batch-child.ts');
const PROMPTS = ['harbour lights, slow piano', 'desert road, dusty guitar', 'neon rain, synthwave'];
const TEXT = `${PROMPTS.join('\n')}\n`;

let emu: Emulator;
let dir: string;
const cores: Core[] = [];

beforeAll(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 100 });
});
afterAll(() => emu.close());

const env = (): NodeJS.ProcessEnv => ({
  CADENZA_HOME: join(dir, 'data'),
  CADENZA_LIBRARY: join(dir, 'library'),
  CADENZA_BASE_URL: emu.url,
  CADENZA_API_KEY: KEY,
  CADENZA_KEYCHAIN: 'off',
  CADENZA_POLL_INTERVAL_MS: '100',
});

function openCore(): Core {
  const core = createCore({
    env: env(),
    keychainBackend: null,
    jobs: { holder: 'test', watch: false },
  });
  cores.push(core);
  return core;
}

beforeEach(async () => {
  emu.reset();
  emu.configure({ stepMs: 100, songDurationMs: 4_000 });
  dir = await mkdtemp(join(tmpdir(), 'cadenza-batch-'));
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  await rm(dir, { recursive: true, force: true });
});

const submits = () => emu.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit');
/** The prompts sent (undefined for a request the service never read to its end). */
const promptsSent = () => submits().map((e) => (e.json as { prompt?: string } | undefined)?.prompt);

/** The library files a collection's playlist lists (relative paths, comments left out). */
async function playlist(name: string): Promise<string[]> {
  const text = await readFile(join(dir, 'library', 'Collections', `${name}.m3u8`), 'utf8');
  return text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
}

async function recordOnDisk(id: string): Promise<BatchRecord> {
  return JSON.parse(await readFile(join(dir, 'data', 'batches', `${id}.json`), 'utf8'));
}

/** Starts a batch in a child process that dies with SIGKILL inside its second slot's window. */
async function crashChild(crashAt: 'answered' | 'recorded', name: string) {
  const go = join(dir, 'go');
  const child = spawnTs(CHILD, {
    ...(env() as Record<string, string>),
    BATCH_TEXT: TEXT,
    BATCH_NAME: name,
    CRASH_AT: crashAt,
    GO_FILE: go,
  });
  const { id } = (await child.waitEvent('created', 60_000)) as { id: string };
  if (crashAt === 'recorded') {
    // the second submission reaches the service, which never answers it; then the child dies
    await expect.poll(() => submits().length, { timeout: 60_000, interval: 10 }).toBe(1);
    emu.inject({ path: '/v2/submit', kind: 'timeout', times: 1 });
    await expect.poll(() => submits().length, { timeout: 60_000, interval: 10 }).toBe(2);
    await writeFile(go, '');
  }
  const crashing = (await child.waitEvent('crashing', 60_000)) as { job: string | null };
  expect((await child.exited).signal).toBe('SIGKILL');
  return { id, job: crashing.job };
}

/** Resolves with the batch's view once `test` holds (now, or at one of the service's events). */
function until(core: Core, id: string, test: (b: BatchView) => boolean): Promise<BatchView> {
  return new Promise((done, fail) => {
    const off = core.batches.on('batch-updated', (b) => {
      if (b.id === id && test(b)) {
        off();
        done(b);
      }
    });
    core.batches.get(id).then((b) => {
      if (test(b)) {
        off();
        done(b);
      }
    }, fail);
  });
}

describe('a batch against the emulator', () => {
  it('killed between sending and active after the service answered: resumed, it sends nothing twice and files all six songs', async () => {
    const { id, job } = await crashChild('answered', 'Night');
    expect(job).toBe('submitted');
    // the crash window: the slot says `sending` on disk, its job was answered
    const left = await recordOnDisk(id);
    expect(left.slots.map((s) => s.state)).toEqual(['done', 'sending', 'waiting']);
    expect(submits()).toHaveLength(2);

    const core = openCore();
    core.batches.start();
    const done = await core.batches.waitFor(id, 60_000);
    expect(done.state).toBe('done');
    expect(done.counts).toMatchObject({ total: 3, done: 3, songs: 6, failed: 0, interrupted: 0 });
    // exactly three submissions: the one cut off was followed, not sent again
    expect(submits()).toHaveLength(3);
    expect(promptsSent().sort()).toEqual([...PROMPTS].sort());
    expect(done.collectionId).toBe('Night');
    expect(await playlist('Night')).toHaveLength(6);
    const { library } = await core.jobsHost.runtime();
    expect(library.items().filter((i) => i.kind === 'song')).toHaveLength(6);
  }, 150_000);

  it('killed before the service answered: that submission waits for the creator, never sent again by itself', async () => {
    const { id, job } = await crashChild('recorded', 'Dawn');
    expect(job).toBe('pending');
    expect(submits()).toHaveLength(2);
    const sentBefore = 2;

    const core = openCore();
    core.batches.start();
    const after = await core.batches.waitFor(id, 60_000);
    // the batch ends without it: interrupted, it may have been charged
    expect(after.slots.map((s) => s.state)).toEqual(['done', 'interrupted', 'done']);
    expect(after.state).toBe('running');
    expect(after.finishedAt).not.toBeNull();
    // only the third prompt was sent after the restart
    expect(promptsSent().slice(sentBefore)).toEqual([PROMPTS[2]]);
    expect(await playlist('Dawn')).toHaveLength(4);

    // the creator sends it again: once
    await core.batches.sendAgain(id, 1);
    const done = await until(core, id, (b) => b.state === 'done');
    expect(done.counts).toMatchObject({ done: 3, songs: 6, interrupted: 0 });
    expect(promptsSent().slice(sentBefore)).toEqual([PROMPTS[2], PROMPTS[1]]);
    expect(await playlist('Dawn')).toHaveLength(6);
  }, 150_000);

  it('pause holds new submissions back (the one in flight lands); resume sends the rest', async () => {
    const core = openCore();
    core.batches.start();
    const b = await core.batches.create({
      name: 'Slow hours',
      text: TEXT,
      perPrompt: 1,
      concurrency: 1,
      spendConfirmed: true,
    });
    const paused = await core.batches.pause(b.id);
    expect(paused.state).toBe('paused');
    // the submission in flight finishes and lands; nothing else is sent while paused
    const landed = await until(core, b.id, (v) => v.counts.done === 1 && v.counts.active === 0);
    expect(landed.state).toBe('paused');
    for (let i = 0; i < 3; i += 1) await core.batches.drive();
    await new Promise((r) => setTimeout(r, 500));
    await core.batches.drive();
    expect(submits()).toHaveLength(1);
    expect((await core.batches.get(b.id)).counts).toMatchObject({ done: 1, waiting: 2 });

    await core.batches.resume(b.id);
    const done = await core.batches.waitFor(b.id, 60_000);
    expect(done.state).toBe('done');
    expect(done.counts).toMatchObject({ done: 3, songs: 6 });
    expect(submits()).toHaveLength(3);
    expect(await playlist('Slow hours')).toHaveLength(6);
  }, 120_000);

  it('cancel sends nothing more, cancels the job in flight and keeps every finished result', async () => {
    const core = openCore();
    core.batches.start();
    const b = await core.batches.create({
      name: 'Short night',
      text: TEXT,
      perPrompt: 1,
      concurrency: 1,
      spendConfirmed: true,
    });
    // the first submission finished and filed; the second is in flight
    await until(core, b.id, (v) => v.counts.done === 1 && v.counts.songs === 2);
    const first = (await core.batches.get(b.id)).slots[0]!;
    expect(first.state).toBe('done');
    await until(core, b.id, (v) => v.slots[1]!.state === 'active');
    await core.batches.cancel(b.id);
    const sentAtCancel = submits().length;
    const over = await core.batches.waitFor(b.id, 60_000);
    expect(over.state).toBe('cancelled');
    expect(over.slots.map((s) => s.state)).toEqual(['done', 'cancelled', 'cancelled']);
    for (let i = 0; i < 3; i += 1) await core.batches.drive();
    expect(submits()).toHaveLength(sentAtCancel);
    expect(sentAtCancel).toBe(2);
    // the finished result stays: two songs in the library and in the collection
    expect(over.counts.songs).toBeGreaterThanOrEqual(2);
    const { library, jobs } = await core.jobsHost.runtime();
    expect(library.items().filter((i) => i.kind === 'song').length).toBeGreaterThanOrEqual(2);
    expect((await playlist('Short night')).length).toBeGreaterThanOrEqual(2);
    expect(jobs.get(over.slots[1]!.jobId!)?.state).toBe('cancelled');
  }, 120_000);
});
