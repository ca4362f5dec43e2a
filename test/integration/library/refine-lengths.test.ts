/**
 * A found VBR MP3 over 2 MiB without a Xing/VBRI header is listed with a sampled length marked
 * `estimated`; the app's index thread then counts it exactly in the background, keeps the count
 * in the probe cache (data folder) and sends main the corrected entry. The file is made here with
 * ffmpeg (libmp3lame, `-write_xing 0`): noise, silent where the probe samples it (start, middle,
 * end), so the estimate is far off (about 287 s for 160 s).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryChange } from '@shared/domain/library';
import { probeFound } from '../../../src/main/services/audio/probe';
import { exactMp3Length } from '../../../src/main/services/audio/probe/exact-length';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { PROBE_CACHE_NAME, ProbeCache } from '../../../src/main/services/library/probe-cache';
import { refineLengths } from '../../../src/main/services/library/refine';

let root: string;
let dir: string;
let dataDir: string;
let file: string;
const EXACT_MS = 160_026;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-refine-'));
  dir = join(root, 'Library');
  dataDir = join(root, 'data');
  await mkdir(join(dir, 'Artist'), { recursive: true });
  file = join(dir, 'Artist', 'noise.mp3');
  // lame's VBR: 32 kbit/s frames where silent, 250+ where noise
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=d=160:a=0.5:seed=7'],
    ...['-af', "volume=enable='lt(t,12)+between(t,74,86)+gt(t,148)':volume=0"],
    ...['-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-q:a', '0', '-write_xing', '0'],
    ...['-id3v2_version', '3', '-metadata', 'title=Noise', file],
  ]);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const cacheLines = async (): Promise<Array<Record<string, unknown>>> =>
  (await readFile(join(dataDir, PROBE_CACHE_NAME), 'utf8'))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('estimated MP3 lengths', () => {
  it('the probe samples the file and says so; the whole count is exact', async () => {
    const p = (await probeFound(file, null))!;
    expect(p.estimated).toBe(true);
    expect(Math.abs(p.durationMs! - EXACT_MS)).toBeGreaterThan(60_000);
    const exact = (await exactMp3Length(file))!;
    // ffmpeg's own count of the same file, within a frame
    expect(Math.abs(exact.durationMs - EXACT_MS)).toBeLessThan(30);
  });

  it('are counted exactly after the app opens the library, kept in the probe cache and sent to main', async () => {
    const indexFile = join(dataDir, 'library-index.json');
    const lib: Library = createLibrary({ dir, indexFile, watch: false });
    const refined = new Promise<LibraryChange>((resolve) => {
      lib.on('changed', (c) => {
        if (c.updated.length > 0) resolve(c);
      });
    });
    try {
      await lib.open();
      const [listed] = lib.items();
      // listed first with the estimate: the listing does not wait for the count
      expect(listed!.duration_ms! - EXACT_MS).toBeGreaterThan(60_000);
      const change = await refined;
      expect(change.updated).toEqual([listed!.id]);
      expect(Math.abs(lib.items()[0]!.duration_ms! - EXACT_MS)).toBeLessThan(30);
    } finally {
      await lib.close();
    }
    const [line] = await cacheLines();
    expect(line!.facts).toMatchObject({ durationMs: lib.items()[0]!.duration_ms });
    expect(line!.facts).not.toHaveProperty('estimated');
    // nothing was written into the library
    expect(await readdir(join(dir, 'Artist'))).toEqual(['noise.mp3']);

    // a second open (from the saved index) lists the exact length at once
    const again = createLibrary({ dir, indexFile, watch: false });
    try {
      await again.open();
      expect(Math.abs(again.items()[0]!.duration_ms! - EXACT_MS)).toBeLessThan(30);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('stop when asked (the library closing)', async () => {
    const cacheFile = join(root, 'other', PROBE_CACHE_NAME);
    const cache = new ProbeCache(cacheFile);
    const p = (await probeFound(file, null))!;
    const facts = { durationMs: p.durationMs, title: p.title, genre: p.genre, hasArt: false };
    await cache.set(file, await stat(file), { facts: { ...facts, estimated: true }, recipe: null });
    expect(await cache.estimated(dir)).toEqual([file]);
    const stop = new AbortController();
    stop.abort();
    const seen: string[] = [];
    const n = await refineLengths(dir, cache, {
      signal: stop.signal,
      onExact: (rel) => seen.push(rel),
    });
    expect(n).toBe(0);
    expect(seen).toEqual([]);
    expect(await cache.estimated(dir)).toEqual([file]);
    await refineLengths(dir, cache, { onExact: (rel) => seen.push(rel) });
    expect(seen).toEqual(['Artist/noise.mp3']);
    expect(await cache.estimated(dir)).toEqual([]);
  });
});
