import { promises as fsp } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { freeFileName } from '../../../src/main/services/library/names';

// a real worker thread answers; its first start has taken over 5 s on the loaded machine
vi.setConfig({ testTimeout: 30_000 });

let root: string;
let dir: string;
let lib: Library | null = null;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-names-'));
  dir = join(root, 'Library');
  await mkdir(dir);
  lib = createLibrary({ dir, indexFile: join(root, 'data', 'index.json'), watch: false });
  await lib.open();
  await lib.ready();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await lib?.close();
  lib = null;
  await rm(root, { recursive: true, force: true });
});

const save = (title: string) =>
  lib!.createItem({
    meta: { kind: 'tts', title },
    ext: 'wav',
    writeMedia: (t) => writeFile(t, title),
  });

describe('free file names without listing the library folder', () => {
  it('asks about each candidate and its sidecar name until one is free', async () => {
    const taken = new Set(['song.mp3', 'song (2).mp3.json']);
    const asked: string[] = [];
    const name = await freeFileName('Song', '.mp3', async (n) => {
      asked.push(n);
      return taken.has(n.toLowerCase());
    });
    expect(name).toBe('Song (3).mp3');
    expect(asked).toEqual([
      'Song.mp3',
      'Song (2).mp3',
      'Song (2).mp3.json',
      'Song (3).mp3',
      'Song (3).mp3.json',
    ]);
  });

  it('a save and a rename never list the folder (100,000 names at 50,000 items)', async () => {
    const listed: string[] = [];
    const real = fsp.readdir.bind(fsp);
    vi.spyOn(fsp, 'readdir').mockImplementation(((p: string, o?: unknown) => {
      listed.push(String(p));
      return real(p, o as never);
    }) as typeof fsp.readdir);
    const item = await save('Morning');
    await lib!.rename(item.id, 'Evening');
    expect(listed.filter((p) => p === dir)).toEqual([]);
  });

  it("keeps names free of other items' names in any case, and of files it does not list", async () => {
    await save('Harbour');
    // a sidecar without its media is not an item, but its name is taken
    await writeFile(join(dir, 'Note.wav.json'), '{}');
    const other = await save('Draft');
    expect((await save('HARBOUR')).file).toBe('HARBOUR (2).wav');
    expect((await save('Note')).file).toBe('Note (2).wav');
    expect((await lib!.rename(other.id, 'harbour')).file).toBe('harbour (3).wav');
  });

  it("a rename that changes only the case keeps the item's own name free", async () => {
    const item = await save('quiet tide');
    const renamed = await lib!.rename(item.id, 'Quiet Tide');
    expect(renamed.file).toBe('Quiet Tide.wav');
    expect((await readdir(dir)).sort()).toEqual(['Quiet Tide.wav', 'Quiet Tide.wav.json']);
  });
});
