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
import { join } from 'node:path';
import { getPriority } from 'node:os';

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

  it('runs long audio work on a thread of its own, as low, so search never queues behind it', async () => {
    const search = await sharedWorker<WorkerTasks>().run('worker.thread', undefined);
    const audio = await audioWorker<WorkerTasks>().run('worker.thread', undefined);
    expect(audio.threadId).not.toBeNull();
    expect(audio.threadId).not.toBe(search.threadId);
    expect(audio.nice).toBe(search.nice);
  });
});
