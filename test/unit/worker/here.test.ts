/**
 * The worker client that runs its tasks on the calling thread (the CLI's library index, issue
 * 30): the same answers, progress, failures and cancellation as a thread's client, and values
 * copied as a thread's messages are.
 */
import { describe, expect, it } from 'vitest';
import { isAppError } from '@shared/errors';
import { tasksHere } from '../../../src/main/services/worker/here';
import { fixtureTasks } from './fixture-tasks';

describe('tasks run on this thread', () => {
  const worker = tasksHere(fixtureTasks);

  it('answers with progress in order, chunks delivered one turn apart', async () => {
    const seen: number[] = [];
    expect(await worker.run('count', { n: 4 }, { onProgress: (i) => seen.push(i) })).toBe(4);
    expect(seen).toEqual([1, 2, 3, 4]);
    const turns: number[] = [];
    let turn = 0;
    const ticking = setInterval(() => (turn += 1), 0);
    try {
      await worker.run(
        'chunks',
        { n: 3, size: 2, paced: true },
        { onProgress: () => turns.push(turn) },
      );
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toHaveLength(3);
  });

  it('copies values as a thread would: the caller and the task never share an object', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const out = await worker.run('double', { bytes });
    expect([...out.bytes]).toEqual([2, 4, 6]);
    expect([...bytes]).toEqual([1, 2, 3]);
  });

  it('keeps a failure keyed, and answers cancelled at once when the caller aborts', async () => {
    const failed = await worker.run('fail', { keyed: true }).catch((e: unknown) => e);
    expect(isAppError(failed) && failed.key).toBe('errors:library.itemGone');
    const before = fixtureTasks.abortedCalls();
    const ac = new AbortController();
    const waiting = worker.run('wait', { ms: 10_000 }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 10);
    const t = Date.now();
    const e = await waiting.catch((x: unknown) => x);
    expect(isAppError(e) && e.code).toBe('cancelled');
    expect(Date.now() - t).toBeLessThan(2_000);
    await new Promise((r) => setTimeout(r, 5));
    expect(fixtureTasks.abortedCalls()).toBe(before + 1);
  });
});
