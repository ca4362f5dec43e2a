/** The library's index lives in the worker thread; main keeps working when that thread dies. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLibrary } from '../../../src/main/services/library/library';
import { createWorkerClient } from '../../../src/main/services/worker';
import type { WorkerTasks } from '../../../src/main/services/worker-tasks/registry';
import { libraryTasks } from '../../../src/main/services/library/index-tasks';
import type { MainEntry } from '../../../src/main/services/library/index-entry';
import type { TaskContext } from '../../../src/main/services/worker/protocol';
import type * as indexer from '../../../src/main/services/library/indexer';
import { scanLibrary } from '../../../src/main/services/library/indexer';

/** While set, an index build in this thread waits for it before it reads the folder. */
let scanGate: Promise<void> | null = null;
// the index builds in this thread are counted and can be held (the real worker threads' are not)
vi.mock('../../../src/main/services/library/indexer', async (load) => {
  const real = await load<typeof indexer>();
  return {
    ...real,
    scanLibrary: vi.fn(async (...args: Parameters<typeof real.scanLibrary>) => {
      const gate = scanGate;
      scanGate = null;
      await gate;
      return real.scanLibrary(...args);
    }),
  };
});

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
  }, 30_000); // a real worker thread started twice: seconds on a loaded CI machine

  it("answers searches in main's order after refreshes add, re-date and remove items", async () => {
    const worker = createWorkerClient<WorkerTasks>();
    const dir = join(root, 'Library');
    const lib = createLibrary({ dir, watch: false, worker });
    await lib.open();
    const made = [];
    for (const [n, day] of [3, 1, 4, 2, 5].entries())
      made.push(
        await lib.createItem({
          meta: {
            kind: 'song',
            title: `Tide ${n}`,
            lyrics: 'harbour',
            created_at: `2025-01-0${day}T00:00:00.000Z`,
          },
          ext: '.mp3',
          writeMedia: (t) => writeFile(t, String(n)),
        }),
      );
    // re-dated to the newest, and one removed: each a refresh of just that file
    await lib.updateMeta(made[1]!.id, { created_at: '2025-01-09T00:00:00.000Z' });
    await lib.remove(made[3]!.id);
    const inMain = lib.items().map((i) => i.title);
    expect(inMain).toEqual(['Tide 1', 'Tide 4', 'Tide 2', 'Tide 0']);
    expect((await lib.filter({ text: 'harbour' })).map((i) => i.title)).toEqual(inMain);
    await lib.close();
    await worker.close();
  });

  it('finds items by artist, album and genre, from the folder and from the saved index', async () => {
    const worker = createWorkerClient<WorkerTasks>();
    const dir = join(root, 'Library');
    const indexFile = join(root, 'index.json');
    const lib = createLibrary({ dir, indexFile, watch: false, worker });
    await lib.open();
    const tagged = await lib.createItem({
      meta: {
        kind: 'song',
        title: 'Harbour',
        artist: 'Mira Vale',
        album: 'Tidewater Sessions',
        genre: 'Dream Pop',
        lyrics: 'hey hey hey\nhey hey hey',
      },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, '1'),
    });
    const plain = await lib.createItem({
      meta: { kind: 'song', title: 'Plain', lyrics: 'nothing here' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, '2'),
    });
    const ids = async (l: typeof lib, text: string) => (await l.filter({ text })).map((i) => i.id);
    expect(await ids(lib, 'vale')).toEqual([tagged.id]);
    expect(await ids(lib, 'TIDEWATER sess')).toEqual([tagged.id]);
    expect(await ids(lib, 'dream pop harbour')).toEqual([tagged.id]);
    expect(await ids(lib, 'hey')).toEqual([tagged.id]);
    // a term never spans two words or two fields
    expect(await ids(lib, 'valetidewater')).toEqual([]);
    // set later by a metadata edit (a refresh of that file)
    await lib.updateMeta(plain.id, { artist: 'Ostro' });
    expect(await ids(lib, 'ostro')).toEqual([plain.id]);
    await lib.close();

    // the saved index keeps each entry's words: the same answers from it
    const again = createLibrary({ dir, indexFile, watch: false, worker });
    await again.open();
    expect(await ids(again, 'mira')).toEqual([tagged.id]);
    expect(await ids(again, 'pop')).toEqual([tagged.id]);
    expect(await ids(again, 'ostro')).toEqual([plain.id]);
    await again.close();
    // each word once: the chorus's six "hey" are one
    const line = (await readFile(indexFile, 'utf8')).split('\n').find((l) => l.includes(tagged.id));
    expect(
      (JSON.parse(line!) as { text: string }).text.split(' ').filter((w) => w === 'hey'),
    ).toEqual(['hey']);
    await worker.close();
  }, 30_000);

  it('gives its heap back once quiet after an open, not while searches come', async () => {
    const worker = createWorkerClient<WorkerTasks>();
    const dir = join(root, 'Library');
    const lib = createLibrary({ dir, watch: false, worker });
    await lib.open();
    const before = (await worker.run('library.memory', {})).shrinks;
    // searches every 200 ms put the shrink (due 1 s after the open) off, 3 s at most
    for (let i = 0; i < 10; i++) {
      await lib.filter({ text: `word${i}` });
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await worker.run('library.memory', {})).shrinks).toBe(before);
    // quiet: it runs
    let shrinks = before;
    for (let t = 0; t < 50 && shrinks === before; t++) {
      await new Promise((r) => setTimeout(r, 100));
      shrinks = (await worker.run('library.memory', {})).shrinks;
    }
    expect(shrinks).toBe(before + 1);
    await lib.close();
    await worker.close();
  }, 30_000);

  it('answers a page of prompts during an open from what the open knows, without building the index again', async () => {
    const dir = join(root, 'Library');
    const indexFile = join(root, 'index.json');
    const lib = createLibrary({ dir, indexFile, watch: false });
    await lib.open();
    for (const n of [1, 2])
      await lib.createItem({
        meta: { kind: 'song', title: `Tide ${n}`, prompt: `tide ${n} prompt` },
        ext: '.mp3',
        writeMedia: (t) => writeFile(t, String(n)),
      });
    await lib.close(); // the saved index and its head are written
    // an open in this thread whose chunks main has not taken yet (the open cannot finish)
    const ref = { handle: 'h-open', dir, indexFile };
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const chunks: MainEntry[][] = [];
    const ctx = {
      signal: new AbortController().signal,
      progress: () => undefined,
      deliver: async (c: string) => {
        chunks.push(JSON.parse(c) as MainEntry[]);
        await held;
      },
    } as unknown as TaskContext<string>;
    // the open's own build of the index is held until the prompts are answered
    let openScan!: () => void;
    scanGate = new Promise<void>((r) => (openScan = r));
    const opened = libraryTasks['library.open'](ref, ctx);
    // the head's chunk is out and the open waits at its build (it reads its saved index first)
    while (chunks.length === 0 || vi.mocked(scanLibrary).mock.calls.length === 0)
      await new Promise((r) => setTimeout(r, 5));
    const files = chunks[0]!.map((e) => e.item.file);
    expect(await libraryTasks['library.prompts']({ ...ref, files })).toEqual(
      files.map((f) => `${f.replace('.mp3', '').toLowerCase()} prompt`),
    );
    // no second index was built for the prompts: the open in progress holds the only one
    expect(vi.mocked(scanLibrary)).toHaveBeenCalledTimes(1);
    expect(libraryTasks['library.memory']().entries).toBe(0);
    openScan();
    release();
    await opened;
    expect(libraryTasks['library.memory']().entries).toBe(2);
    libraryTasks['library.close'](ref);
  });

  it('sends a search or a refresh asked for during an open after it: no second index in the worker', async () => {
    const shared = createWorkerClient<WorkerTasks>();
    const log: string[] = [];
    const worker: typeof shared = {
      run: (task, input, opts) => {
        log.push(`${task} start`);
        return shared.run(task, input, opts).finally(() => log.push(`${task} end`));
      },
      get restarts() {
        return shared.restarts;
      },
      close: () => shared.close(),
    };
    const dir = join(root, 'Library');
    const indexFile = join(root, 'index.json');
    const first = createLibrary({ dir, indexFile, watch: false, worker });
    await first.open();
    const made = await first.createItem({
      meta: { kind: 'song', title: 'Harbour', lyrics: 'moonlit harbour' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, '1'),
    });
    await first.close();
    log.length = 0;
    const lib = createLibrary({ dir, indexFile, watch: false, worker });
    const opened = lib.open();
    const [found] = await Promise.all([
      lib.filter({ text: 'moonlit' }),
      lib.refresh([made.file]),
      opened,
    ]);
    expect(found.map((i) => i.id)).toEqual([made.id]);
    const openEnd = log.indexOf('library.open end');
    expect(log.indexOf('library.search start')).toBeGreaterThan(openEnd);
    expect(log.indexOf('library.refresh start')).toBeGreaterThan(openEnd);
    expect((await worker.run('library.memory', {})).entries).toBe(1);
    await lib.close();
    await shared.close();
  }, 30_000);

  it('sends the ids of a typed word once while they stay the same, and maps them anew after a change', async () => {
    const shared = createWorkerClient<WorkerTasks>();
    const sent: string[] = [];
    const worker: typeof shared = {
      run: async (task, input, opts) => {
        const out = await shared.run(task, input, opts);
        const { ids, except } = out as { ids?: string[]; except?: string[] };
        if (task === 'library.search')
          sent.push(ids ? `${ids.length} ids` : except ? `all but ${except.length}` : 'same');
        return out;
      },
      get restarts() {
        return shared.restarts;
      },
      close: () => shared.close(),
    };
    const lib = createLibrary({ dir: join(root, 'Library'), watch: false, worker });
    await lib.open();
    const made = [];
    for (const n of [1, 2, 3])
      made.push(
        await lib.createItem({
          meta: { kind: 'song', title: `Velvet ${n}`, lyrics: n === 3 ? 'night' : 'day' },
          ext: '.mp3',
          writeMedia: (t) => writeFile(t, String(n)),
        }),
      );
    const titles = async (text: string) => (await lib.filter({ text })).map((i) => i.title);
    for (const text of ['v', 've', 'vel', 'velvet', 'velvet '])
      expect(await titles(text)).toEqual(['Velvet 3', 'Velvet 2', 'Velvet 1']);
    // the first key's answer (every item: none left out), then the same answer
    expect(sent).toEqual(['all but 0', 'same', 'same', 'same', 'same']);
    // a change in main's list: the same answer's ids are mapped to the items as they are now
    await lib.updateMeta(made[1]!.id, { title: 'Velvet two' });
    expect(await titles('velvet')).toEqual(['Velvet 3', 'Velvet two', 'Velvet 1']);
    expect(await titles('velvet n')).toEqual(['Velvet 3']);
    expect(await titles('velvet d')).toEqual(['Velvet two', 'Velvet 1']); // all but one
    expect(sent.slice(-2)).toEqual(['1 ids', 'all but 1']);
    // the answer it held is not another's: deleting back asks anew
    expect(await titles('velvet')).toEqual(['Velvet 3', 'Velvet two', 'Velvet 1']);
    const list = await lib.filter({ text: 'velvet' });
    list.pop(); // each caller has its own array
    expect(await titles('velvet')).toHaveLength(3);
    await lib.close();
    await shared.close();
  }, 30_000);
});
