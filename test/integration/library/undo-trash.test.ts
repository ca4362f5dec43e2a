/**
 * Issue 31 point 2: trash with Undo. Trashed items wait in a hidden folder of the library (never
 * listed), Undo puts every file, cover and sidecar back under the same id, and the batch goes to
 * the OS trash when the undo window closes, at close (quit), or at the next open (a crash).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { TRASH_FOLDER } from '../../../src/main/services/library/trash';

let root: string;
let dir: string;
let osTrashed: string[];
const open: Library[] = [];

async function makeLibrary(): Promise<Library> {
  const lib = createLibrary({
    dir,
    watch: false,
    trash: async (p) => {
      osTrashed.push(
        p
          .slice(dir.length + 1)
          .split('\\')
          .join('/'),
      );
      await rm(p);
    },
  });
  await lib.open();
  open.push(lib);
  return lib;
}

async function song(lib: Library, title: string) {
  return lib.createItem({
    meta: { kind: 'song', title, lyrics: `${title} lyrics` },
    ext: '.mp3',
    writeMedia: (t) => writeFile(t, `audio of ${title}`),
    cover: { ext: '.jpg', write: (t) => writeFile(t, `cover of ${title}`) },
  });
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-trash-'));
  dir = join(root, 'Library');
  osTrashed = [];
});

afterEach(async () => {
  for (const lib of open.splice(0)) await lib.close();
  await rm(root, { recursive: true, force: true });
});

describe('trash with undo', () => {
  it('moves items to a hidden folder (not listed), and Undo puts every file back', async () => {
    const lib = await makeLibrary();
    const a = await song(lib, 'Harbour Lights');
    const b = await song(lib, 'Neon Tide');
    const c = await song(lib, 'Paper Boats');
    const { batchId, itemIds } = await lib.trash.stash([a.id, b.id]);
    expect(itemIds.sort()).toEqual([a.id, b.id].sort());
    expect(lib.items().map((i) => i.id)).toEqual([c.id]);
    expect((await readdir(dir)).filter((n) => !n.startsWith('.')).sort()).toEqual([
      'Paper Boats.jpg',
      'Paper Boats.mp3',
      'Paper Boats.mp3.json',
    ]);
    expect(await readdir(join(dir, TRASH_FOLDER))).toEqual([batchId]);
    // a rescan does not find them in the hidden folder
    await lib.rescan();
    expect(lib.items()).toHaveLength(1);
    expect(osTrashed).toEqual([]);

    const restored = await lib.trash.restore(batchId);
    expect(restored.sort()).toEqual([a.id, b.id].sort());
    expect(
      lib
        .items()
        .map((i) => i.id)
        .sort(),
    ).toEqual([a.id, b.id, c.id].sort());
    const back = lib.get(a.id)!;
    expect(back.cover).toBe('Harbour Lights.jpg');
    expect(await readFile(join(dir, 'Harbour Lights.jpg'), 'utf8')).toBe('cover of Harbour Lights');
    expect((await lib.full(back)).lyrics).toBe('Harbour Lights lyrics');
    expect(await readdir(join(dir, TRASH_FOLDER))).toEqual([]);
    expect(osTrashed).toEqual([]);
    await expect(lib.trash.restore(batchId)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('when the undo window closes the batch goes to the OS trash; Undo is then refused', async () => {
    const lib = await makeLibrary();
    const a = await song(lib, 'Harbour Lights');
    const { batchId } = await lib.trash.stash([a.id]);
    await lib.trash.flush(batchId);
    expect(osTrashed.map((p) => p.split('/').pop()).sort()).toEqual([
      'Harbour Lights.jpg',
      'Harbour Lights.mp3',
      'Harbour Lights.mp3.json',
    ]);
    await expect(lib.trash.restore(batchId)).rejects.toMatchObject({ code: 'not_found' });
    expect(lib.items()).toHaveLength(0);
  });

  it('a batch left behind (quit, crash) goes to the OS trash at close and at the next open', async () => {
    const lib = await makeLibrary();
    const a = await song(lib, 'Harbour Lights');
    await lib.trash.stash([a.id]);
    await lib.close();
    open.splice(0);
    expect(osTrashed).toHaveLength(3);
    // a crash: the folder is still there at the next start
    osTrashed = [];
    const again = await makeLibrary();
    const b = await song(again, 'Neon Tide');
    await again.trash.stash([b.id]);
    const crashed = createLibrary({
      dir,
      watch: false,
      trash: async (p) => {
        osTrashed.push(p);
        await rm(p);
      },
    });
    await crashed.open();
    open.push(crashed);
    await expect.poll(() => osTrashed.length).toBe(3);
    expect(crashed.items()).toHaveLength(0);
  });

  it('Undo never overwrites a file made since under the same name', async () => {
    const lib = await makeLibrary();
    const a = await song(lib, 'Harbour Lights');
    const { batchId } = await lib.trash.stash([a.id]);
    const again = await song(lib, 'Harbour Lights');
    expect(again.file).toBe('Harbour Lights.mp3');
    expect(await lib.trash.restore(batchId)).toEqual([]);
    expect(lib.items().map((i) => i.id)).toEqual([again.id]);
  });
});
