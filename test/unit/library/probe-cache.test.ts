/**
 * The probe cache: files added outside the app are probed once, then known by path + size +
 * mtime + inode from the data folder — across processes (a new cache read from the file), never
 * beside the files, bounded, and rebuilt when damaged.
 */
import type { Stats } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanLibrary } from '../../../src/main/services/library/indexer';
import { createLibrary } from '../../../src/main/services/library/library';
import { CachedLyrics, ProbeCache } from '../../../src/main/services/library/probe-cache';
import { mp3Frame, toneWav } from '../../support/media-fixtures';

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
  it('reads a file of many chunks whole: lines across chunk ends, multi-byte text, a line too long', async () => {
    const stat = { size: 1, mtimeMs: 2, ino: 3 } as Stats;
    const first = new ProbeCache(cacheFile);
    // 3,000 lines of about 700 bytes: 2 MB, read 1 MiB at a time
    const lyrics = 'ça va — 歌 '.repeat(60);
    for (let i = 0; i < 3000; i++) {
      const facts = { durationMs: i, title: `t${i}`, genre: [], lyrics, hasArt: false };
      await first.set(join(lib, `f${i}.mp3`), stat, { facts, recipe: null });
    }
    await first.save();
    const text = await readFile(cacheFile, 'utf8');
    const long = JSON.stringify({
      path: 'x',
      size: 1,
      mtimeMs: 2,
      ino: 3,
      facts: null,
      recipe: null,
      pad: 'y'.repeat(40_000),
    });
    await writeFile(cacheFile, text.replace('\n', `\n${long}\n`));
    const second = new ProbeCache(cacheFile);
    for (const i of [0, 1499, 2999]) {
      const got = await second.get(join(lib, `f${i}.mp3`), stat);
      expect(got?.facts).toMatchObject({ durationMs: i, lyrics });
    }
    expect(await second.get('x', stat)).toBeUndefined();
    expect(second.stats).toEqual({ hits: 3, misses: 1 });
  });

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

  it("gives main a found file's lyrics without reading its tags again (library list --json)", async () => {
    const home = join(root, 'data');
    const song = join(lib, 'found.mp3');
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    await writeFile(song, mp3WithLyrics('first words'));
    await utimes(song, at, at);
    const library = createLibrary({
      dir: lib,
      indexFile: join(home, 'library-index.json'),
      watch: false,
    });
    await library.open();
    try {
      const item = library.items().find((i) => i.file === 'found.mp3')!;
      expect(item.hasLyrics).toBe(true);
      expect((await library.full(item)).lyrics).toBe('first words');
      // the same bytes' length and mtime (and inode): the cache answers, the file is not parsed
      await writeFile(song, mp3WithLyrics('fresh words'));
      await utimes(song, at, at);
      expect((await library.full(item)).lyrics).toBe('first words');
      // a changed file is read again
      await writeFile(song, mp3WithLyrics('fresh words, longer'));
      expect((await library.full(item)).lyrics).toBe('fresh words, longer');
    } finally {
      await library.close();
    }
  });

  it('keeps the lyrics in main only while they are asked for', async () => {
    const song = join(lib, 'found.mp3');
    await writeFile(song, mp3WithLyrics('kept a while'));
    const probe = new ProbeCache(cacheFile);
    await scanLibrary(lib, new Map(), { probeCache: probe });
    await probe.save();
    const lyrics = new CachedLyrics(cacheFile, 50);
    const { stat } = await import('node:fs/promises');
    expect(await lyrics.get(song, await stat(song))).toBe('kept a while');
    expect(await lyrics.get(join(lib, 'one.wav'), await stat(join(lib, 'one.wav')))).toBe(
      undefined,
    );
    expect((lyrics as unknown as { lines: unknown }).lines).not.toBeNull();
    await new Promise((r) => setTimeout(r, 120));
    expect((lyrics as unknown as { lines: unknown }).lines).toBeNull();
  });

  it('answers lyrics from the lines a cache in this thread holds, without reading the file again', async () => {
    // the CLI: its scan runs on this thread and loaded the lines; --json then asks for lyrics
    const song = join(lib, 'found.mp3');
    await writeFile(song, mp3WithLyrics('held in memory'));
    const probe = new ProbeCache(cacheFile);
    await scanLibrary(lib, new Map(), { probeCache: probe });
    // not saved: only the cache in memory knows the file
    const { stat } = await import('node:fs/promises');
    expect(await new CachedLyrics(cacheFile).get(song, await stat(song))).toBe('held in memory');
    expect(await new CachedLyrics(join(root, 'other.json')).get(song, await stat(song))).toBe(
      undefined,
    );
  });
});

/** An MP3 of silent frames with an ID3v2.3 tag holding unsynchronised lyrics (USLT). */
function mp3WithLyrics(lyrics: string): Buffer {
  const body = Buffer.concat([
    Buffer.from([0]),
    Buffer.from('eng'),
    Buffer.from([0]),
    Buffer.from(lyrics, 'latin1'),
  ]);
  const head = Buffer.alloc(10);
  head.write('USLT', 0, 'latin1');
  head.writeUInt32BE(body.length, 4);
  const frame = Buffer.concat([head, body]);
  const n = frame.length;
  const tag = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (n >> 21) & 0x7f,
    (n >> 14) & 0x7f,
    (n >> 7) & 0x7f,
    n & 0x7f,
  ]);
  return Buffer.concat([tag, frame, ...Array.from({ length: 200 }, () => mp3Frame())]);
}
