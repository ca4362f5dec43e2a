/**
 * Issue 31, point 2 with point 4: Undo of a trash puts the items' collection entries back where
 * they stood. A trashed item's entry leaves every playlist at once (other players never list a
 * file that is gone) and comes back, in its place, when the trash is undone.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import {
  COLLECTIONS_FOLDER,
  createCollectionsService,
} from '../../../src/main/services/collections';

let root: string;
let lib: Library;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-undo-entries-'));
  lib = createLibrary({ dir: join(root, 'Library'), watch: false, trash: (p) => rm(p) });
  await lib.open();
});

afterEach(async () => {
  await lib.close();
  await rm(root, { recursive: true, force: true });
});

const song = (title: string) =>
  lib.createItem({
    meta: { kind: 'song', title },
    ext: '.mp3',
    writeMedia: (t) => writeFile(t, `audio of ${title}`),
  });

const entryLines = async (name: string): Promise<string[]> =>
  (await readFile(join(lib.dir, COLLECTIONS_FOLDER, `${name}.m3u8`), 'utf8'))
    .split('\n')
    .filter((l) => l.startsWith('#CADENZA-ITEM:'))
    .map((l) => l.slice('#CADENZA-ITEM:'.length));

describe('undo of a trash and the collections', () => {
  it('takes the entries out at once and puts them back in their places on Undo', async () => {
    const service = createCollectionsService({ library: async () => lib, tagDefaults: () => ({}) });
    const store = await service.store();
    const [a, b, c, d] = [
      await song('One'),
      await song('Two'),
      await song('Three'),
      await song('Four'),
    ];
    const ep = await store.create('Harbour EP');
    await store.add(ep.id, [a.id, b.id, c.id, d.id]);
    const mix = await store.create('Mix');
    await store.add(mix.id, [d.id, b.id]);

    const batch = await lib.trash.stash([b.id, d.id]);
    await service.trashed(batch.batchId, batch.itemIds);
    expect(await entryLines('Harbour EP')).toEqual([a.id, c.id]);
    expect(await entryLines('Mix')).toEqual([]);

    const restored = await lib.trash.restore(batch.batchId);
    expect(restored.sort()).toEqual([b.id, d.id].sort());
    await service.untrashed(batch.batchId, restored);
    expect(await entryLines('Harbour EP')).toEqual([a.id, b.id, c.id, d.id]);
    expect(await entryLines('Mix')).toEqual([d.id, b.id]);
    // the entries resolve to the items again, paths and all
    const back = await store.get(ep.id);
    expect(back.entries.map((e) => e.item?.id)).toEqual([a.id, b.id, c.id, d.id]);
    expect(back.entries[1]!.entry.path).toBe(`../${b.file}`);
    // a second Undo of the same batch adds nothing twice
    await service.untrashed(batch.batchId, restored);
    expect(await entryLines('Harbour EP')).toEqual([a.id, b.id, c.id, d.id]);
  });

  it('a batch that went to the OS trash leaves the playlists without its items', async () => {
    const service = createCollectionsService({ library: async () => lib, tagDefaults: () => ({}) });
    const store = await service.store();
    const [a, b] = [await song('One'), await song('Two')];
    const ep = await store.create('EP');
    await store.add(ep.id, [a.id, b.id]);
    const batch = await lib.trash.stash([a.id]);
    await service.trashed(batch.batchId, batch.itemIds);
    await lib.trash.flush(batch.batchId);
    service.forget(batch.batchId);
    await service.untrashed(batch.batchId, [a.id]);
    expect(await entryLines('EP')).toEqual([b.id]);
  });
});
