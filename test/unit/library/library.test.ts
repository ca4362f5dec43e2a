import { spawnSync } from 'node:child_process';
import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  writeFile,
  rename as fsRename,
  stat,
  utimes,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SidecarSchema, type LibraryChange } from '@shared/domain/library';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { sharedWorker } from '../../../src/main/services/worker';
import type { AppWorker, WorkerTasks } from '../../../src/main/services/worker-tasks/registry';
import { FIRST_READ_BATCH } from '../../../src/main/services/library/indexer';
import { HEAD_ENTRIES, headFileOf } from '../../../src/main/services/library/saved-index';

// a real worker thread answers: its first start (reading and compiling its code) has taken over
// 5 s on the shared 2-core machine under load
vi.setConfig({ testTimeout: 30_000 });

let root: string;
let dir: string;
let indexFile: string;
const open: Library[] = [];

async function makeLibrary(watch = false): Promise<Library> {
  // opening never creates the folder; a watched library is one the user chose, so it exists
  if (watch) await mkdir(dir, { recursive: true });
  const lib = createLibrary({ dir, indexFile, watch, watchDebounceMs: 50 });
  await lib.open();
  open.push(lib);
  return lib;
}

const bytes = (n: number, seed = 1) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * seed) % 251));

function waitForChange(
  lib: Library,
  pred: (c: LibraryChange) => boolean,
  timeoutMs = 5000,
): Promise<LibraryChange> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('no library change seen')), timeoutMs);
    const off = lib.on('changed', (c) => {
      if (pred(c)) {
        clearTimeout(t);
        off();
        resolve(c);
      }
    });
  });
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-lib-'));
  dir = join(root, 'Library');
  indexFile = join(root, 'data', 'library-index.json');
});

afterEach(async () => {
  for (const lib of open.splice(0)) await lib.close();
  await rm(root, { recursive: true, force: true });
});

describe('library', () => {
  it('writes media, cover beside it and a complete sidecar', async () => {
    const lib = await makeLibrary();
    const item = await lib.createItem({
      meta: {
        kind: 'song',
        title: 'Summer / Rain',
        lyrics: 'la la',
        tags: ['pop'],
        service_ids: { song_id: 's1' },
        job_id: 'job_abcdef',
        duration_ms: 138280,
      },
      ext: '.mp3',
      writeMedia: (tmp) => writeFile(tmp, bytes(5000)),
      cover: { ext: '.png', write: (tmp) => writeFile(tmp, bytes(100)) },
    });
    expect(item.file).toBe('Summer - Rain.mp3');
    expect(item.cover).toBe('Summer - Rain.png');
    expect(item.sizeBytes).toBe(5000);
    expect((await readFile(join(dir, 'Summer - Rain.mp3'))).equals(bytes(5000))).toBe(true);
    const sidecar = SidecarSchema.parse(
      JSON.parse(await readFile(join(dir, 'Summer - Rain.mp3.json'), 'utf8')),
    );
    expect(sidecar).toMatchObject({
      schema_version: 1,
      id: item.id,
      kind: 'song',
      title: 'Summer / Rain',
      lyrics: 'la la',
      duration_ms: 138280,
      job_id: 'job_abcdef',
      cover_file: 'Summer - Rain.png',
    });
    expect(
      Object.keys(JSON.parse(await readFile(join(dir, 'Summer - Rain.mp3.json'), 'utf8'))).sort(),
    ).toEqual(
      [
        'schema_version',
        'id',
        'kind',
        'title',
        'lyrics',
        'tags',
        'prompt',
        'model',
        'voice',
        'singer',
        'emotion',
        'duration_ms',
        'service_ids',
        'source_url',
        'parent_id',
        'variation_group',
        'created_at',
        'job_id',
        'cover_file',
      ].sort(),
    );
    expect(lib.findByServiceId('s1')?.id).toBe(item.id);
    // the cover is not an item of its own, and no temp file is left
    expect(lib.items()).toHaveLength(1);
    expect((await readdir(dir)).sort()).toEqual([
      'Summer - Rain.mp3',
      'Summer - Rain.mp3.json',
      'Summer - Rain.png',
    ]);
  });

  it('gives two items with the same title unique names', async () => {
    const lib = await makeLibrary();
    const a = await lib.createItem({
      meta: { kind: 'tts', title: 'Hello' },
      ext: 'wav',
      writeMedia: (t) => writeFile(t, 'a'),
    });
    const b = await lib.createItem({
      meta: { kind: 'tts', title: 'hello' },
      ext: 'wav',
      writeMedia: (t) => writeFile(t, 'b'),
    });
    expect([a.file, b.file]).toEqual(['Hello.wav', 'hello (2).wav']);
  });

  it('shows nothing when a write fails midway; the lock holder cleans only temps whose owner is gone', async () => {
    const lib = await makeLibrary();
    await expect(
      lib.createItem({
        meta: { kind: 'song', title: 'Broken' },
        ext: '.mp3',
        writeMedia: async (tmp) => {
          await writeFile(tmp, bytes(1000));
          throw new Error('connection reset');
        },
      }),
    ).rejects.toThrow('connection reset');
    expect(lib.items()).toHaveLength(0);
    expect(await readdir(dir)).toEqual([]);
    // a crash leaves a temp file and a sidecar without media: neither is an item; the temp of a
    // dead process goes when the lock holder repairs, a live process's temp stays
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(join(dir, `.cadenza-tmp-p${dead}-0123.part`), bytes(10));
    const live = `.cadenza-tmp-p${process.ppid}-4567.part`;
    await writeFile(join(dir, live), bytes(10));
    await writeFile(
      join(dir, 'Half.mp3.json'),
      JSON.stringify({
        schema_version: 1,
        id: 'x',
        kind: 'song',
        title: 'Half',
        created_at: new Date().toISOString(),
      }),
    );
    await lib.close();
    open.length = 0;
    const again = await makeLibrary();
    expect(again.items()).toHaveLength(0);
    expect((await readdir(dir)).length).toBe(3); // opening removes nothing
    expect(await again.repair()).toBe(1);
    expect((await readdir(dir)).sort()).toEqual([live, 'Half.mp3.json'].sort());
  });

  it('loads the saved index and picks up changes made while closed', async () => {
    const lib = await makeLibrary();
    const kept = await lib.createItem({
      meta: { kind: 'song', title: 'Kept' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, 'k'),
    });
    const edited = await lib.createItem({
      meta: { kind: 'song', title: 'Edited' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, 'e'),
    });
    const gone = await lib.createItem({
      meta: { kind: 'song', title: 'Gone' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, 'g'),
    });
    await lib.close();
    open.length = 0;
    expect((await stat(indexFile)).size).toBeGreaterThan(0);

    await rm(join(dir, 'Gone.mp3'));
    const side = JSON.parse(await readFile(join(dir, 'Edited.mp3.json'), 'utf8'));
    await writeFile(
      join(dir, 'Edited.mp3.json'),
      JSON.stringify({ ...side, title: 'Edited outside', tags: ['changed'] }),
    );
    await writeFile(join(dir, 'Dropped in.wav'), bytes(44));

    const again = await makeLibrary();
    // usable at once from the saved index (the removed file is already gone, the new one there)
    expect(again.get(gone.id)).toBeUndefined();
    expect(again.items().some((i) => i.title === 'Dropped in')).toBe(true);
    // the sidecar edited in place is caught by the verification that follows
    await again.ready();
    const titles = again
      .items()
      .map((i) => i.title)
      .sort();
    expect(titles).toEqual(['Dropped in', 'Edited outside', 'Kept']);
    expect(again.get(kept.id)?.title).toBe('Kept');
    expect(again.get(edited.id)?.tags).toEqual(['changed']);
    expect(again.get(gone.id)).toBeUndefined();
    const dropped = again.items().find((i) => i.title === 'Dropped in');
    expect(dropped).toMatchObject({
      hasSidecar: false,
      kind: 'song',
      file: 'Dropped in.wav',
      sizeBytes: 44,
    });
  });

  it('never runs two saves of the index at once, and close waits for the one writing', async () => {
    // a save that overlapped another, or outlived close, wrote into a data folder already gone
    // ("library index not saved ENOENT")
    const shared = sharedWorker<WorkerTasks>();
    let running = 0;
    let most = 0;
    let started = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = async <T>(save: () => Promise<T>): Promise<T> => {
      running += 1;
      started += 1;
      most = Math.max(most, running);
      try {
        await gate;
        return await save();
      } finally {
        running -= 1;
      }
    };
    const worker: AppWorker = {
      get restarts() {
        return shared.restarts;
      },
      run: (task, input, options) =>
        task === 'library.save'
          ? held(() => shared.run(task, input, options))
          : shared.run(task, input, options),
      close: () => shared.close(),
    };
    const lib = createLibrary({ dir, indexFile, watch: false, worker });
    await lib.open();
    const make = (title: string) =>
      lib.createItem({
        meta: { kind: 'song', title },
        ext: '.mp3',
        writeMedia: (t) => writeFile(t, title),
      });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await make('One');
    while (started === 0) await sleep(20); // the save 500 ms after that change, still writing
    await make('Two'); // a change while it writes, and its own save's timer after it
    await sleep(800);
    let closed = false;
    const closing = lib.close().then(() => (closed = true));
    await sleep(200);
    expect(closed).toBe(false);
    release();
    await closing;
    expect({ most, running }).toEqual({ most: 1, running: 0 });
    // the save after the change holds it
    const again = createLibrary({ dir, indexFile, watch: false });
    open.push(again);
    await again.open();
    expect(
      again
        .items()
        .map((i) => i.title)
        .sort(),
    ).toEqual(['One', 'Two']);
  });

  it('lists the newest rows from the saved head before the whole index has loaded', async () => {
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < HEAD_ENTRIES + 30; i++) {
      const name = `Song ${String(i).padStart(3, '0')}`;
      await writeFile(join(dir, `${name}.mp3`), String(i));
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
      await writeFile(
        join(dir, `${name}.mp3.json`),
        JSON.stringify({
          schema_version: 1,
          id: `song-${i}`,
          kind: 'song',
          title: name,
          created_at: createdAt,
        }),
      );
    }
    const lib = await makeLibrary();
    const newest = lib
      .items()
      .slice(0, HEAD_ENTRIES)
      .map((i) => i.id);
    await lib.close();
    open.length = 0;
    // line-delimited: a header line, then one entry a line
    const [header, ...lines] = (await readFile(headFileOf(indexFile), 'utf8')).trim().split('\n');
    expect(JSON.parse(header!)).toMatchObject({ schema_version: 4, libraryDir: dir });
    const head = lines.map((l) => JSON.parse(l) as { item: { id: string } });
    expect(head.map((e) => e.item.id)).toEqual(newest);
    await rm(join(dir, 'Song 229.mp3')); // the newest, in the head, gone while closed

    const again = createLibrary({ dir, indexFile, watch: false });
    open.push(again);
    const seen: string[] = [];
    const changes: LibraryChange[] = [];
    again.on('changed', (c) => changes.push(c));
    const opening = again.open();
    const listed = again.whenListed(50).then(() => seen.push(`listed ${again.items().length}`));
    await opening;
    seen.push('opened');
    await listed;
    // the first rows came from the head, before the open finished with the rest
    expect(seen).toEqual([`listed ${HEAD_ENTRIES}`, 'opened']);
    expect(changes[0]?.added).toEqual(newest);
    // the rest followed; nothing from the head was sent twice, and what it said wrongly is gone
    expect(again.items()).toHaveLength(HEAD_ENTRIES + 29);
    expect(again.items().some((i) => i.file === 'Song 229.mp3')).toBe(false);
    expect(changes.flatMap((c) => c.updated)).toEqual([]);
  });

  it('a first build lists its newest files before every sidecar is read', async () => {
    await mkdir(dir, { recursive: true });
    const total = FIRST_READ_BATCH * 3;
    for (let i = 0; i < total; i++) {
      const name = `Take ${String(i).padStart(3, '0')}`;
      const made = new Date(Date.UTC(2026, 0, 1, 0, 0, i));
      await writeFile(
        join(dir, `${name}.mp3.json`),
        JSON.stringify({
          schema_version: 1,
          id: `take-${i}`,
          kind: 'song',
          title: name,
          created_at: made.toISOString(),
        }),
      );
      await writeFile(join(dir, `${name}.mp3`), String(i));
      await utimes(join(dir, `${name}.mp3`), made, made); // the file was written when it was made
    }
    const lib = createLibrary({ dir, indexFile, watch: false }); // no saved index yet
    open.push(lib);
    const seen: string[] = [];
    const opening = lib.open();
    const listed = lib.whenListed(50).then(() => {
      seen.push(`listed ${lib.items().length}`);
      return lib.items().map((i) => i.id);
    });
    await opening;
    seen.push('opened');
    const first = await listed;
    expect(seen).toEqual([`listed ${FIRST_READ_BATCH}`, 'opened']);
    // the first batch read is the newest files, already in order
    const newest = Array.from({ length: FIRST_READ_BATCH }, (_, k) => `take-${total - 1 - k}`);
    expect(first).toEqual(newest);
    expect(lib.items().map((i) => i.id)).toEqual(
      Array.from({ length: total }, (_, k) => `take-${total - 1 - k}`),
    );
  });

  it('follows files added, changed and removed outside the app while open (watch)', async () => {
    const lib = await makeLibrary(true);
    const added = waitForChange(lib, (c) => c.added.length === 1);
    await writeFile(join(root, 'staged.mp3'), bytes(10));
    await fsRename(join(root, 'staged.mp3'), join(dir, 'From Finder.mp3'));
    const addChange = await added;
    const id = addChange.added[0] as string;
    expect(lib.get(id)?.title).toBe('From Finder');

    const removed = waitForChange(lib, (c) => c.removed.includes(id));
    await rm(join(dir, 'From Finder.mp3'));
    await removed;
    expect(lib.items()).toHaveLength(0);

    const item = await lib.createItem({
      meta: { kind: 'song', title: 'Tagged' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, 'x'),
    });
    const updated = waitForChange(lib, (c) => c.updated.includes(item.id));
    const side = JSON.parse(await readFile(join(dir, 'Tagged.mp3.json'), 'utf8'));
    await writeFile(join(dir, 'Tagged.mp3.json'), JSON.stringify({ ...side, tags: ['live'] }));
    await updated;
    expect(lib.get(item.id)?.tags).toEqual(['live']);
  });

  it("re-reads only the files a change names: the app's own writes and what the watchers name", async () => {
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < 30; i++) await writeFile(join(dir, `Old ${i}.mp3`), bytes(10, i + 1));
    const shared = sharedWorker<WorkerTasks>();
    const tasks: string[] = [];
    const worker: AppWorker = {
      get restarts() {
        return shared.restarts;
      },
      run: (task, input, options) => {
        tasks.push(task);
        return shared.run(task, input, options);
      },
      close: () => shared.close(),
    };
    const lib = createLibrary({ dir, indexFile, watch: true, watchDebounceMs: 50, worker });
    await lib.open();
    open.push(lib);
    await lib.ready();
    tasks.length = 0;

    const item = await lib.createItem({
      meta: { kind: 'song', title: 'Made here' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, 'x'),
    });
    await lib.updateMeta(item.id, { tags: ['calm'] });
    const renamed = await lib.rename(item.id, 'Named again');
    expect(renamed.tags).toEqual(['calm']);
    // outside the app: a cover appears beside an item, another item's file goes
    const covered = lib.items().find((i) => i.file === 'Old 3.mp3')!;
    const coverSeen = waitForChange(lib, (c) => c.updated.includes(covered.id));
    await writeFile(join(dir, 'Old 3.jpg'), 'c');
    await coverSeen;
    expect(lib.get(covered.id)?.cover).toBe('Old 3.jpg');
    const gone = lib.items().find((i) => i.file === 'Old 4.mp3')!;
    const goneSeen = waitForChange(lib, (c) => c.removed.includes(gone.id));
    await rm(join(dir, 'Old 4.mp3'));
    await goneSeen;
    await lib.remove(renamed.id);
    await new Promise((r) => setTimeout(r, 200)); // the watchers' last events
    expect(lib.items()).toHaveLength(29);
    expect(tasks.filter((t) => t !== 'library.refresh' && t !== 'library.save')).toEqual([]);
    expect(tasks).toContain('library.refresh');
  });

  it('renames media, cover and sidecar together, and removes all three', async () => {
    const trashed: string[] = [];
    const lib = createLibrary({
      dir,
      watch: false,
      trash: async (p) => {
        trashed.push(p);
        await rm(p);
      },
    });
    await lib.open();
    open.push(lib);
    const item = await lib.createItem({
      meta: { kind: 'song', title: 'Old' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, 'x'),
      cover: { ext: '.jpg', write: (t) => writeFile(t, 'c') },
    });
    const renamed = await lib.rename(item.id, 'New: name');
    expect(renamed.id).toBe(item.id);
    expect(renamed.file).toBe('New name.mp3');
    expect(renamed.cover).toBe('New name.jpg');
    expect(renamed.title).toBe('New: name');
    expect((await readdir(dir)).sort()).toEqual([
      'New name.jpg',
      'New name.mp3',
      'New name.mp3.json',
    ]);
    await lib.remove(item.id);
    expect(await readdir(dir)).toEqual([]);
    expect(trashed.map((p) => p.slice(dir.length + 1)).sort()).toEqual([
      'New name.jpg',
      'New name.mp3',
      'New name.mp3.json',
    ]);
    expect(lib.items()).toHaveLength(0);
  });

  it('keeps lyrics and prompt on disk through a rename, a loudness write and a metadata edit (rows are compact)', async () => {
    const lib = await makeLibrary();
    const item = await lib.createItem({
      meta: {
        kind: 'song',
        title: 'Harbour',
        lyrics: 'moonlit harbour\nsecond line',
        prompt: 'slow folk',
      },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, 'x'),
    });
    // main's row holds no lyrics and no prompt, only whether there are any
    expect('lyrics' in item).toBe(false);
    expect(item.hasLyrics).toBe(true);
    expect('prompt' in item).toBe(false);
    expect(item.hasPrompt).toBe(true);
    for (const row of lib.items()) expect(row).not.toHaveProperty('prompt');
    const sidecar = async (file: string) =>
      JSON.parse(await readFile(join(dir, `${file}.json`), 'utf8')) as Record<string, unknown>;
    // a field a newer version wrote (unknown here) is kept too
    await writeFile(
      join(dir, `${item.file}.json`),
      JSON.stringify({ ...(await sidecar(item.file)), future_field: 'kept' }),
    );
    await lib.refresh([item.file]);
    const renamed = await lib.rename(item.id, 'Harbour Lights');
    await lib.updateMeta(item.id, {
      loudness: {
        integratedLufs: -14,
        truePeakDb: -1,
        measuredAt: '2026-01-01T00:00:00Z',
        version: 1,
      },
    });
    await lib.updateMeta(item.id, { tags: ['folk'] });
    const onDisk = await sidecar(renamed.file);
    expect(onDisk).toMatchObject({
      title: 'Harbour Lights',
      lyrics: 'moonlit harbour\nsecond line',
      prompt: 'slow folk',
      tags: ['folk'],
      loudness: { integratedLufs: -14 },
      future_field: 'kept',
    });
    expect(onDisk).not.toHaveProperty('hasLyrics');
    const full = await lib.full(lib.get(item.id)!);
    expect(full.lyrics).toBe('moonlit harbour\nsecond line');
    expect(full.prompt).toBe('slow folk');
    // a page of rows gets its prompts from the worker, which also finds it by lyrics and prompt
    expect(await lib.prompts(lib.items())).toEqual(['slow folk']);
    expect((await lib.filter({ text: 'moonlit' })).map((i) => i.id)).toEqual([item.id]);
    expect((await lib.filter({ text: 'slow fo' })).map((i) => i.id)).toEqual([item.id]);
  });

  it('filters by words in title, tags, lyrics and prompt', async () => {
    const lib = await makeLibrary();
    await lib.createItem({
      meta: { kind: 'song', title: 'Night Drive', tags: ['synthwave'], lyrics: 'neon lights' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, '1'),
    });
    await lib.createItem({
      meta: { kind: 'song', title: 'Morning', prompt: 'acoustic folk', lyrics: 'sunrise' },
      ext: '.mp3',
      writeMedia: (t) => writeFile(t, '2'),
    });
    await lib.createItem({
      meta: { kind: 'tts', title: 'Neon sign' },
      ext: '.wav',
      writeMedia: (t) => writeFile(t, '3'),
    });
    const titles = async (text: string, kind?: 'song' | 'tts') =>
      (await lib.filter({ text, kind })).map((i) => i.title).sort();
    expect(await titles('neon')).toEqual(['Neon sign', 'Night Drive']);
    expect(await titles('ne')).toEqual(['Neon sign', 'Night Drive']);
    expect(await titles('neon l')).toEqual(['Night Drive']);
    expect(await titles('FOLK')).toEqual(['Morning']);
    expect(await titles('synth')).toEqual(['Night Drive']);
    expect(await titles('neon', 'tts')).toEqual(['Neon sign']);
    expect(await titles('')).toHaveLength(3);
  });

  it("answers the first rows' prompts without asking the worker; a changed row's from the worker", async () => {
    const shared = sharedWorker<WorkerTasks>();
    const asked: string[] = [];
    const worker: AppWorker = {
      get restarts() {
        return shared.restarts;
      },
      run: (task, input, options) => {
        asked.push(task);
        return shared.run(task, input, options);
      },
      close: () => shared.close(),
    };
    const first = createLibrary({ dir, indexFile, watch: false });
    await first.open();
    for (const n of [1, 2, 3])
      await first.createItem({
        meta: { kind: 'song', title: `Tide ${n}`, prompt: n === 2 ? null : `tide ${n} prompt` },
        ext: '.mp3',
        writeMedia: (t) => writeFile(t, String(n)),
      });
    await first.close();
    const lib = createLibrary({ dir, indexFile, watch: false, worker });
    open.push(lib);
    await lib.open();
    const page = lib.items();
    asked.length = 0;
    expect(await lib.prompts(page)).toEqual(['tide 3 prompt', null, 'tide 1 prompt']);
    expect(asked).not.toContain('library.prompts');
    // a renamed row's prompt is the worker's (main's copy went with the old row)
    await lib.rename(page[0]!.id, 'Tide Three');
    asked.length = 0;
    expect(await lib.prompts([lib.get(page[0]!.id)!])).toEqual(['tide 3 prompt']);
    expect(asked).toContain('library.prompts');
  });
});
