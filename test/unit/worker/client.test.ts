import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { createWorkerClient, defaultWorkerEntry } from '../../../src/main/services/worker';
import type { FixtureTasks } from './fixture-tasks';

const entry = join(__dirname, 'fixture-worker.ts');
let client = createWorkerClient<FixtureTasks>({ entry });

afterEach(async () => {
  await client.close();
  client = createWorkerClient<FixtureTasks>({ entry });
});

describe('worker client (a real worker thread)', () => {
  it('runs a task in another thread and moves buffers both ways', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const out = await client.run('double', { bytes }, { transfer: [bytes.buffer as ArrayBuffer] });
    expect(bytes.byteLength).toBe(0); // moved, not copied
    expect([...out.bytes]).toEqual([2, 4, 6]);
  });

  it('delivers progress in order before the result', async () => {
    const seen: number[] = [];
    const total = await client.run('count', { n: 5 }, { onProgress: (v) => seen.push(v) });
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(total).toBe(5);
  });

  it('hands each delivered chunk to its own turn of the event loop, in order', async () => {
    // an immediate armed on one chunk has run before the next chunk is handled only when the worker
    // waits for each to be handled; sent back to back, the port drains them all in one task
    const turnsBetween = async (paced: boolean): Promise<{ turns: number; seen: number[] }> => {
      let turns = 0;
      let fired = true;
      const seen: number[] = [];
      const stop = new Promise<void>((resolve) => setTimeout(resolve, 50));
      await client.run(
        'chunks',
        { n: 20, size: 200, paced },
        {
          onProgress: (chunk) => {
            if (fired) turns += 1;
            fired = false;
            setImmediate(() => (fired = true));
            seen.push(chunk[0] as number);
            // handling takes a while (as publishing entries does): later chunks queue meanwhile
            for (const t = performance.now(); performance.now() - t < 3;);
          },
        },
      );
      await stop;
      return { turns, seen };
    };
    const paced = await turnsBetween(true);
    expect(paced.turns).toBe(20);
    expect(paced.seen).toEqual(Array.from({ length: 20 }, (_, i) => i * 200));
    const burst = await turnsBetween(false);
    expect(burst.turns).toBeLessThan(20);
  });

  it('rejects at once with cancelled when the signal aborts, and aborts the handler', async () => {
    const ac = new AbortController();
    const call = client.run('wait', { ms: 10_000 }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 20);
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => client.run('abortedCalls', undefined)).toBe(1);
  });

  it('keeps AppError codes across the thread boundary', async () => {
    await expect(client.run('fail', { code: 'not_found' })).rejects.toBeInstanceOf(AppError);
    await expect(client.run('fail', { code: 'not_found' })).rejects.toMatchObject({
      code: 'not_found',
      message: 'Nothing there.',
    });
    // a keyed error keeps its key, so the renderer says it in the app's language
    await expect(client.run('fail', { keyed: true })).rejects.toMatchObject({
      code: 'not_found',
      message: 'That item is no longer in the library.',
      key: 'errors:library.itemGone',
    });
    await expect(client.run('fail', {})).rejects.toMatchObject({
      name: 'TypeError',
      message: 'plain failure',
    });
  });

  it('rejects calls in flight when the thread dies, then restarts for the next call', async () => {
    const waiting = client.run('wait', { ms: 10_000 });
    const crashing = client.run('crash', undefined);
    await expect(crashing).rejects.toMatchObject({ code: 'internal' });
    await expect(waiting).rejects.toMatchObject({ code: 'internal' });
    expect(await client.run('wait', { ms: 1 })).toBe('waited');
    expect(client.restarts).toBe(1);
  });

  it('a thread over its memory limit is stopped and restarted; main goes on', async () => {
    const limited = createWorkerClient<FixtureTasks>({ entry, memoryLimitMb: 96 });
    try {
      // sample buffers live outside the JS heap: the watchdog stops the thread
      const waiting = limited.run('wait', { ms: 10_000 });
      await expect(limited.run('holdBuffers', { mb: 400 })).rejects.toMatchObject({
        code: 'validation',
        key: 'errors:taskOverMemory',
      });
      await expect(waiting).rejects.toMatchObject({ key: 'errors:taskOverMemory' });
      expect(process.memoryUsage().arrayBuffers).toBeLessThan(96 * 1024 * 1024);
      expect(await limited.run('holdBuffers', { mb: 32 })).toBe(2); // a fresh thread
      // the JS heap: V8 stops the thread at its resourceLimits
      await expect(limited.run('growHeap', undefined)).rejects.toMatchObject({
        key: 'errors:taskOverMemory',
      });
      expect(await limited.run('count', { n: 2 })).toBe(2);
      expect(limited.restarts).toBe(2);
    } finally {
      await limited.close();
    }
  }, 30_000); // a real worker thread filled past its limit, then started again

  it('an unknown task fails without killing the thread', async () => {
    await expect(client.run('nope' as 'count', { n: 1 })).rejects.toThrow(/No worker task/);
    expect(await client.run('count', { n: 1 })).toBe(1);
    expect(client.restarts).toBe(0);
  });

  it('finds the source entry when running from source', () => {
    expect(defaultWorkerEntry(join(__dirname, '../../../src/main/services/worker'))).toMatch(
      /worker-tasks[\\/]entry\.ts$/,
    );
  });
});
