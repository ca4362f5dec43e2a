/**
 * A first build (no saved index) hands on its first rows before it lists the whole folder, and
 * main's rows end exactly as a plain scan orders them: the same items, newest first, none twice.
 */
import { unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { libraryTasks } from '../../../src/main/services/library/index-tasks';
import type { IndexEntry, MainEntry } from '../../../src/main/services/library/index-entry';
import type * as indexer from '../../../src/main/services/library/indexer';
import { scanLibrary, type ScanOptions } from '../../../src/main/services/library/indexer';
import { ItemList, byNewest } from '../../../src/main/services/library/item-list';
import type { TaskContext } from '../../../src/main/services/worker/protocol';

/** Called with the first rows a build hands on, and what its listing had found of the folder. */
let onFirst: ((first: IndexEntry[], dirsListed: number) => void) | null = null;
// the first rows come from a sample of 12 directory entries (the app's is thousands)
vi.mock('../../../src/main/services/library/indexer', async (load) => {
  const real = await load<typeof indexer>();
  return {
    ...real,
    scanLibrary: vi.fn(
      async (root: string, previous: Map<string, IndexEntry>, options: ScanOptions = {}) => {
        const { onRead } = options;
        const dirs = options.dirs ?? [];
        let seen = false;
        return real.scanLibrary(root, previous, {
          ...options,
          dirs,
          firstSample: options.firstSample === 0 ? 0 : 12,
          onRead:
            onRead &&
            ((read) => {
              if (!seen) onFirst?.(read, dirs.length);
              seen = true;
              onRead(read);
            }),
        });
      },
    ),
  };
});

let root: string;
let dir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-firstrows-'));
  dir = join(root, 'Library');
});
afterEach(async () => {
  onFirst = null;
  await rm(root, { recursive: true, force: true });
});

/** A media file and its sidecar, written when the item was made (the `n`th second of 2026). */
async function take(rel: string, n: number, extra: Record<string, unknown> = {}): Promise<void> {
  const made = new Date(Date.UTC(2026, 0, 1, 0, 0, n));
  await writeFile(
    join(dir, `${rel}.json`),
    JSON.stringify({
      schema_version: 1,
      id: `take-${n}`,
      kind: 'song',
      title: `Take ${n}`,
      lyrics: `verse ${n}`,
      prompt: `prompt ${n}`,
      created_at: made.toISOString(),
      ...extra,
    }),
  );
  await writeFile(join(dir, rel), String(n));
  await utimes(join(dir, rel), made, made);
}

/** Opens the library in this thread as main does, publishing each chunk into main's rows. */
async function openAsMain(earlyRows?: boolean): Promise<{ rows: ItemList; chunks: MainEntry[][] }> {
  const rows = new ItemList();
  const chunks: MainEntry[][] = [];
  const ctx = {
    signal: new AbortController().signal,
    progress: () => undefined,
    deliver: async (c: string) => {
      const chunk = JSON.parse(c) as MainEntry[];
      chunks.push(chunk);
      rows.publish(chunk, []);
    },
  } as unknown as TaskContext<string>;
  const ref = { handle: `h-${Math.random()}`, dir, ...(earlyRows === false ? { earlyRows } : {}) };
  const opened = await libraryTasks['library.open'](ref, ctx);
  rows.publish([], opened.removed);
  libraryTasks['library.close'](ref);
  return { rows, chunks };
}

describe('first rows of a first build', () => {
  it('are handed on before the folder is listed; the rows then equal a plain scan', async () => {
    await mkdir(join(dir, 'Album'), { recursive: true });
    for (let n = 0; n < 40; n++) await take(`Take ${n}.mp3`, n);
    for (let n = 40; n < 45; n++) await take(`Album/Take ${n}.mp3`, n);
    await writeFile(join(dir, 'Take 7.jpg'), 'cover'); // a cover beside one of them
    await take('Copy of 3.mp3', 3); // a second pair with one id: one gets a derived id
    await writeFile(join(dir, 'Found.mp3'), 'found'); // a file added outside the app
    await writeFile(join(dir, '.hidden.mp3'), 'x');
    const plain = await scanLibrary(dir, new Map()); // no onRead: the whole listing first

    const firsts: Array<{ count: number; dirsListed: number }> = [];
    onFirst = (first, dirsListed) => firsts.push({ count: first.length, dirsListed });
    const { rows, chunks } = await openAsMain();
    // the first chunk came before the listing had found the one subfolder
    expect(firsts).toEqual([{ count: chunks[0]!.length, dirsListed: 0 }]);
    expect(chunks[0]!.length).toBeGreaterThan(0);
    expect(chunks[0]!.length).toBeLessThan(plain.size);
    const expected = [...plain.values()].map((e) => e.item).sort(byNewest);
    expect(rows.list).toEqual(expected);
    expect(new Set(rows.list.map((i) => i.id)).size).toBe(plain.size);
  });

  it('corrects first rows whose files changed or went before the listing', async () => {
    await mkdir(dir, { recursive: true });
    for (let n = 0; n < 30; n++) await take(`Take ${n}.mp3`, n);
    const firstFiles: string[] = [];
    onFirst = (first) => {
      // the first two of the first rows change on disk before the folder is listed
      firstFiles.push(...first.map((e) => e.item.file));
      const [retitled, gone] = first;
      const made = new Date(Date.UTC(2026, 0, 2));
      writeFileSync(
        join(dir, `${retitled!.item.file}.json`),
        JSON.stringify({
          schema_version: 1,
          id: 'retitled',
          kind: 'song',
          title: 'Retitled while listing',
          created_at: made.toISOString(),
        }),
      );
      unlinkSync(join(dir, gone!.item.file));
    };
    const { rows } = await openAsMain();
    // the folder as it ends up, scanned plainly: the full listing re-read one and dropped the other
    const plain = await scanLibrary(dir, new Map());
    expect(rows.list).toEqual([...plain.values()].map((e) => e.item).sort(byNewest));
    expect(rows.list.some((i) => i.file === firstFiles[1])).toBe(false);
    expect(rows.list.find((i) => i.file === firstFiles[0])?.title).toBe('Retitled while listing');
  });

  it('are not walked for by a read-only open (a listing waits for the whole index)', async () => {
    await mkdir(join(dir, 'Album'), { recursive: true });
    for (let n = 0; n < 30; n++) await take(`Take ${n}.mp3`, n);
    await take('Album/Take 30.mp3', 30);
    const firsts: number[] = [];
    onFirst = (_first, dirsListed) => firsts.push(dirsListed);
    const { rows } = await openAsMain(false);
    // the first entries handed on came after the listing had found the subfolder
    expect(firsts).toEqual([1]);
    const plain = await scanLibrary(dir, new Map());
    expect(rows.list).toEqual([...plain.values()].map((e) => e.item).sort(byNewest));
  });
});
