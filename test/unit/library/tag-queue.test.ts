/**
 * The background tag queue outlives a quit (issue 31, point 2): what a bulk edit still had to
 * write into the files when the app quit waits in the queue's file in the data folder and is
 * retagged after the next start; the file is bounded and a damaged one is ignored.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryItem } from '@shared/domain/library';
import { createTagQueue } from '../../../src/main/services/library/bulk';
import {
  loadTagQueue,
  MAX_SAVED_RETAGS,
  saveTagQueue,
} from '../../../src/main/services/library/tag-queue-file';
import type { Library } from '../../../src/main/services/library/library-types';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const queueFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cadenza-tag-queue-'));
  dirs.push(dir);
  return join(dir, 'data', 'tag-queue.json');
};

/**
 * A library whose files are not taggable (`.ogg`): a retag reads the item and stops there, so
 * what the queue asked for is what `get` saw. Each `get` waits `ms` (a slow disk).
 */
function library(ids: readonly string[], ms = 0) {
  const asked: string[] = [];
  const lib = {
    dir: '/nowhere',
    get(id: string) {
      asked.push(id);
      return ids.includes(id) ? ({ id, file: `${id}.ogg` } as LibraryItem) : undefined;
    },
    refresh: async () => ({ added: [], updated: [], removed: [] }),
  } as unknown as Library;
  const slowLib = async () => {
    await new Promise((r) => setTimeout(r, ms));
    return lib;
  };
  return { slowLib, asked };
}

describe('the tag queue across a quit', () => {
  it('what is still queued at quit is saved and retagged after the next start', async () => {
    const file = queueFile();
    const ids = Array.from({ length: 250 }, (_, i) => `itm_q${String(i).padStart(4, '0')}`);
    const first = library(ids, 50);
    const queue = createTagQueue({ library: first.slowLib, defaults: () => ({}), file });
    queue.add(ids.slice(0, 200), 'all');
    queue.add(ids.slice(200), 'rating');
    await queue.close(); // the first chunk of 100 is finished; 150 wait
    const saved = await loadTagQueue(file);
    expect(saved).toHaveLength(150);
    expect(saved.filter(([, k]) => k === 'rating')).toHaveLength(50);
    expect(first.asked).toHaveLength(100);

    const next = library(ids);
    const again = createTagQueue({ library: next.slowLib, defaults: () => ({}), file });
    await again.resume();
    await again.idle();
    expect(next.asked.sort()).toEqual(ids.filter((id) => !first.asked.includes(id)).sort());
    expect(existsSync(file)).toBe(false); // nothing left: no file
  });

  it('a crash mid-chunk: the chunk being written is in the file too', async () => {
    const file = queueFile();
    const ids = ['itm_a', 'itm_b', 'itm_c'];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const lib = library(ids);
    const queue = createTagQueue({
      library: async () => {
        await gate;
        return lib.slowLib();
      },
      defaults: () => ({}),
      file,
    });
    queue.add(ids, 'all');
    await new Promise((r) => setTimeout(r, 500)); // the queue's file is written meanwhile
    expect((await loadTagQueue(file)).map(([id]) => id).sort()).toEqual(ids);
    release();
    await queue.idle();
    expect(existsSync(file)).toBe(false);
  });

  it('the file is bounded, and a damaged or hostile one is ignored entry by entry', async () => {
    const file = queueFile();
    const many = Array.from(
      { length: MAX_SAVED_RETAGS + 500 },
      (_, i) => [`itm_${i}`, 'all'] as const,
    );
    await saveTagQueue(file, many);
    expect(await loadTagQueue(file)).toHaveLength(MAX_SAVED_RETAGS);
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        retag: [['itm_ok', 'all'], ['../../etc/passwd', 'all'], ['itm_x', 'delete'], 'itm_y', null],
      }),
    );
    expect(await loadTagQueue(file)).toEqual([['itm_ok', 'all']]);
    writeFileSync(file, '{"retag": [["itm_a", "all"]');
    expect(await loadTagQueue(file)).toEqual([]);
    writeFileSync(file, 'x'.repeat(2_000_000));
    expect(await loadTagQueue(file)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toHaveLength(2_000_000); // read, never rewritten by a load
  });
});
