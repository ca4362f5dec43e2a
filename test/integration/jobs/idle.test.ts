/**
 * With no active job the jobs service runs no tick (no timer in main's event loop); a job
 * submitted here or by another process (the CLI, writing records while the app holds the lock)
 * wakes it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient } from '../../../src/main/services/api';
import { createJobsService } from '../../../src/main/services/jobs';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { createLibrary } from '../../../src/main/services/library/library';

const KEY = 'test-key-idle-0001';
let emu: Emulator;
let root: string;
const cleanups: Array<() => Promise<void>> = [];

const timeouts = (): number =>
  process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function open(holder: string, libraryDir: string) {
  const library = createLibrary({ dir: libraryDir, watch: false });
  await library.open();
  const client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
  const jobs = createJobsService({
    dataDir: join(root, 'data'),
    library,
    client: () => client,
    holder,
    pollIntervalMs: 100,
  });
  await jobs.open();
  cleanups.push(async () => {
    await jobs.close();
    await library.close();
  });
  return { jobs, library, submit: createSongSubmitters(jobs, () => client, library) };
}

beforeEach(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 150 });
  root = await mkdtemp(join(tmpdir(), 'cadenza-idle-'));
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await emu.close();
  await rm(root, { recursive: true, force: true });
});

describe('jobs service when idle', () => {
  it('keeps no tick timer without active jobs and wakes for a new one', async () => {
    await sleep(50);
    const baseline = timeouts();
    const app = await open('app', join(root, 'Library'));
    expect(app.jobs.isPolling()).toBe(true);
    await sleep(400);
    const idleTimers = timeouts() - baseline;
    const requests = emu.log.length;
    await sleep(600);
    expect(emu.log.length).toBe(requests); // nothing sent while idle
    expect(timeouts() - baseline).toBe(idleTimers);

    const job = await app.submit.songV2({ mode: 'auto', prompt: 'wake up' });
    await sleep(50);
    expect(timeouts() - baseline).toBeGreaterThan(idleTimers); // the poll tick is back
    const done = await app.jobs.waitFor(job.id, 20_000);
    expect(done.state).toBe('done');
    await sleep(400);
    expect(timeouts() - baseline).toBe(idleTimers); // and gone again
  });

  it('notices a job another process recorded while it was idle', async () => {
    const app = await open('app', join(root, 'Library'));
    await sleep(300);
    // a second service without the lock (as the CLI would be) writes a record; the idle app
    // has no timer, so only its watcher on the jobs folder can bring the record in
    const cli = await open('cli', join(root, 'Library'));
    expect(cli.jobs.isPolling()).toBe(false);
    const job = await cli.submit.songV2({ mode: 'auto', prompt: 'from the cli' });
    await expect.poll(() => app.jobs.get(job.id), { timeout: 5000 }).toBeDefined();
  });
});
