/** The library's index lives in the worker thread; main keeps working when that thread dies. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLibrary } from '../../../src/main/services/library/library';
import { createWorkerClient } from '../../../src/main/services/worker';
import type { WorkerTasks } from '../../../src/main/services/worker-tasks/registry';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-libworker-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('library index in the worker', () => {
  it('rebuilds its index from the folder after the worker thread restarts', async () => {
    const worker = createWorkerClient<WorkerTasks>();
    const dir = join(root, 'Library');
    const lib = createLibrary({ dir, indexFile: join(root, 'index.json'), watch: false, worker });
    await lib.open();
    const first = await lib.createItem({
      meta: { kind: 'song', title: 'First', lyrics: 'moonlit harbour' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, '1'),
    });
    await worker.close(); // the thread and its copy of the index are gone
    await lib.createItem({
      meta: { kind: 'song', title: 'Second' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, '2'),
    });
    expect(lib.items().map((i) => i.title)).toEqual(['Second', 'First']);
    expect((await lib.filter({ text: 'harbour' })).map((i) => i.id)).toEqual([first.id]);
    await lib.close();

    // the saved index written by the new thread opens the same library
    const again = createLibrary({ dir, indexFile: join(root, 'index.json'), watch: false, worker });
    await again.open();
    expect(again.items().map((i) => i.title)).toEqual(['Second', 'First']);
    expect(again.get(first.id)?.hasLyrics).toBe(true);
    expect((await again.full(again.get(first.id)!)).lyrics).toBe('moonlit harbour');
    await again.close();
    await worker.close();
  });
});
