/**
 * The probe cache: files added outside the app are probed once, then known by path + size +
 * mtime + inode from the data folder — across processes (a new cache read from the file), never
 * beside the files, bounded, and rebuilt when damaged.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanLibrary } from '../../../src/main/services/library/indexer';
import { ProbeCache } from '../../../src/main/services/library/probe-cache';
import { toneWav } from '../../support/media-fixtures';

let root: string;
let lib: string;
let cacheFile: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'probe-cache-'));
  lib = join(root, 'Library');
  cacheFile = join(root, 'data', 'probe-cache.json');
  await mkdir(lib, { recursive: true });
  await writeFile(join(lib, 'one.wav'), toneWav(1.5));
  await writeFile(join(lib, 'two.wav'), toneWav(0.5));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A scan from nothing (no saved index), as a fresh CLI process does it. */
async function scanFresh(cache: ProbeCache) {
  const entries = await scanLibrary(lib, new Map(), { probeCache: cache });
  await cache.save();
  return [...entries.values()].map((e) => [e.item.file, e.item.duration_ms]).sort();
}

describe('the probe cache', () => {
  it('answers the second scan of unchanged files from the data folder, not the files', async () => {
    const first = new ProbeCache(cacheFile);
    const listed = await scanFresh(first);
    expect(listed).toEqual([
      ['one.wav', 1500],
      ['two.wav', 500],
    ]);
    expect(first.stats).toEqual({ hits: 0, misses: 2 });
    const second = new ProbeCache(cacheFile);
    expect(await scanFresh(second)).toEqual(listed);
    expect(second.stats).toEqual({ hits: 2, misses: 0 });
    // nothing was written beside the files
    expect((await readdir(lib)).sort()).toEqual(['one.wav', 'two.wav']);
  });

  it('probes a file again when its size or mtime changed', async () => {
    await scanFresh(new ProbeCache(cacheFile));
    await writeFile(join(lib, 'two.wav'), toneWav(2));
    await utimes(join(lib, 'one.wav'), new Date(), new Date(Date.now() - 60_000));
    const again = new ProbeCache(cacheFile);
    expect(await scanFresh(again)).toEqual([
      ['one.wav', 1500],
      ['two.wav', 2000],
    ]);
    expect(again.stats).toEqual({ hits: 0, misses: 2 });
  });

  it('a damaged file or line is dropped and rebuilt by the next probe', async () => {
    await scanFresh(new ProbeCache(cacheFile));
    const good = await readFile(cacheFile, 'utf8');
    const [header, ...lines] = good.trim().split('\n');
    // one line cut short, one with a wrong shape: those two files are probed again
    await writeFile(
      cacheFile,
      `${header}\n${lines[0]!.slice(0, 20)}\n${JSON.stringify({ path: 'x', size: 'big' })}\n${lines[1]}\n`,
    );
    const partly = new ProbeCache(cacheFile);
    await scanFresh(partly);
    expect(partly.stats).toEqual({ hits: 1, misses: 1 });
    // a file that is not the cache at all
    await writeFile(cacheFile, '\u0000\u0001 not json');
    const broken = new ProbeCache(cacheFile);
    expect(await scanFresh(broken)).toHaveLength(2);
    expect(broken.stats.misses).toBe(2);
    const healed = new ProbeCache(cacheFile);
    await scanFresh(healed);
    expect(healed.stats).toEqual({ hits: 2, misses: 0 });
  });

  it('is bounded: beyond its entries, the least recently used are forgotten', async () => {
    await writeFile(join(lib, 'three.wav'), toneWav(0.25));
    const small = new ProbeCache(cacheFile, 2);
    await scanFresh(small);
    const lines = (await readFile(cacheFile, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1 + 2);
  });
});
