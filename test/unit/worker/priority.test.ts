/** The real worker entry lowers its own thread's priority so main wins the CPU (Linux). */
import { afterAll, describe, expect, it } from 'vitest';
import {
  audioWorker,
  createWorkerClient,
  defaultWorkerEntry,
  sharedWorker,
} from '../../../src/main/services/worker';
import { WORKER_NICE } from '../../../src/main/services/worker/priority';
import type { WorkerTasks } from '../../../src/main/services/worker-tasks/registry';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { getPriority, tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';

const client = createWorkerClient<WorkerTasks>({
  entry: defaultWorkerEntry(join(__dirname, '../../../src/main/services/worker')),
});
afterAll(() => client.close());

describe.runIf(process.platform === 'linux')('worker priority', () => {
  it('runs the worker thread at a lower priority than main, main untouched', async () => {
    const { threadId, nice } = await client.run('worker.thread', undefined);
    expect(threadId).not.toBeNull();
    expect(threadId).not.toBe(process.pid);
    const mainNice = getPriority(process.pid);
    if (mainNice < WORKER_NICE) expect(nice).toBe(WORKER_NICE);
    expect(nice).toBeGreaterThanOrEqual(mainNice);
    expect(getPriority(process.pid)).toBe(mainNice);
  });

  it('runs long audio work on a thread of its own, lowered from its start, so search never queues behind it', async () => {
    const search = await sharedWorker<WorkerTasks>().run('worker.thread', undefined);
    const audio = await audioWorker<WorkerTasks>().run('worker.thread', undefined);
    expect(audio.threadId).not.toBeNull();
    expect(audio.threadId).not.toBe(search.threadId);
    const mainNice = getPriority(process.pid);
    if (mainNice < WORKER_NICE) expect(audio.nice).toBe(WORKER_NICE);
    expect(audio.waitingForOpen).toBe(false);
  });

  it("keeps the shared thread at main's priority until its first library open is done, then lowers it", async () => {
    const shared = createWorkerClient<WorkerTasks>({
      entry: defaultWorkerEntry(join(__dirname, '../../../src/main/services/worker')),
      yieldWhen: 'after-open',
    });
    const dir = await mkdtemp(join(tmpdir(), 'cadenza-priority-'));
    try {
      const mainNice = getPriority(process.pid);
      const before = await shared.run('worker.thread', undefined);
      expect(before.waitingForOpen).toBe(true);
      expect(before.nice).toBe(mainNice); // a creator waits for the first open: no lowered thread
      const ref = { handle: randomUUID(), dir };
      await shared.run('library.open', ref);
      const after = await shared.run('worker.thread', undefined);
      expect(after.waitingForOpen).toBe(false);
      expect(after.threadId).toBe(before.threadId);
      if (mainNice < WORKER_NICE) expect(after.nice).toBe(WORKER_NICE);
      await shared.run('library.close', ref);
    } finally {
      await shared.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
