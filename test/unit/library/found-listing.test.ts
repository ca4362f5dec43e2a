/**
 * A found folder listed from the probe cache alone (found-listing.ts, the CLI's quick listing):
 * exactly what the library's own open prints for `library list --json` — the same items, fields,
 * order and JSON — and null (the library opens as usual) whenever it cannot be sure of that.
 */
import { mkdir, mkdtemp, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fullItems, sidecarOf } from '../../../src/cli/support';
import type { FoundFacts } from '../../../src/main/services/library/found';
import { listFoundFromCache } from '../../../src/main/services/library/found-listing';
import { libraryTasks } from '../../../src/main/services/library/index-tasks';
import { createLibrary } from '../../../src/main/services/library/library';
import { PROBE_CACHE_NAME, ProbeCache } from '../../../src/main/services/library/probe-cache';
import { tasksHere } from '../../../src/main/services/worker/here';

let root: string;
let lib: string;
let dataDir: string;
let cacheFile: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'found-listing-'));
  lib = join(root, 'Library');
  dataDir = join(root, 'data');
  cacheFile = join(dataDir, PROBE_CACHE_NAME);
  await mkdir(lib, { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const facts = (f: Partial<FoundFacts>): FoundFacts => ({
  durationMs: 61_000,
  title: null,
  genre: [],
  lyrics: null,
  hasArt: false,
  ...f,
});

/** Files with what the probe learned of each, written to the cache as the probe writes it. */
async function folder(files: Record<string, FoundFacts | null>, recipe = false): Promise<void> {
  const cache = new ProbeCache(cacheFile);
  let t = 1_700_000_000;
  for (const [rel, f] of Object.entries(files)) {
    const path = join(lib, rel);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `not read: ${rel}`);
    await utimes(path, t, t); // one pair shares a time below: ties go by path
    t += rel.includes('tie') ? 0 : 60;
    await cache.set(path, await stat(path), {
      facts: f,
      recipe: recipe ? ({ id: 'x' } as never) : null,
    });
  }
  await cache.save();
}

/** What the library's open prints for `library list --json` (as the CLI does it). */
async function listedByTheLibrary(): Promise<string> {
  const library = createLibrary({
    dir: lib,
    indexFile: join(dataDir, 'library-index.json'),
    readOnly: true,
    watch: false,
    worker: tasksHere(libraryTasks),
  });
  await library.open();
  try {
    return JSON.stringify((await fullItems(library, library.items())).map(sidecarOf), null, 2);
  } finally {
    await library.close();
  }
}

describe('a found folder listed from the probe cache', () => {
  it('prints what the library prints: fields, defaults, lyrics, kinds, order', async () => {
    await folder({
      'Artist/Album/01 Song.mp3': facts({
        title: 'Sóng \u0007 one',
        genre: ['Ambient', 'Drone'],
        lyrics: 'la la\nla',
        hasArt: true,
      }),
      'Artist/Album/01 Song.jpg': null,
      'Artist/Album/02 blank lyrics.flac': facts({ lyrics: '  \n ', estimated: true }),
      'Artist/no facts.ogg': null,
      'Artist/no length.opus': facts({ durationMs: null, title: '' }),
      'LOUD.MP3': facts({ title: 'Upper case' }),
      'clip.mp4': facts({ genre: ['Video'] }),
      'tie b.wav': facts({}),
      'tie a.wav': facts({}),
      'notes.txt': null,
    });
    await writeFile(join(lib, '.hidden.mp3'), 'hidden');
    const quick = listFoundFromCache(lib, cacheFile);
    expect(quick).not.toBeNull();
    expect(quick!.map((i) => i.file)).toContain('clip.mp4');
    expect(JSON.stringify(quick, null, 2)).toBe(await listedByTheLibrary());
  });

  it('a folder without media lists nothing, with or without a cache', async () => {
    await writeFile(join(lib, 'notes.txt'), 'not media');
    expect(listFoundFromCache(lib, cacheFile)).toEqual([]);
    await folder({ 'gone.wav': facts({}) });
    await rm(join(lib, 'gone.wav'));
    expect(listFoundFromCache(lib, cacheFile)).toEqual([]);
    expect(await listedByTheLibrary()).toBe('[]');
  });

  it.each([
    ['no probe cache', async () => rm(cacheFile)],
    ['a cache of another version', async () => writeFile(cacheFile, '{"schema_version":2}\n')],
    ['a sidecar', async () => writeFile(join(lib, 'a.mp3.json'), '{}')],
    ['any other .json file', async () => writeFile(join(lib, 'playlist.JSON'), '{}')],
    ['a file the cache does not know', async () => writeFile(join(lib, 'new.wav'), 'new')],
    ['a file changed since', async () => utimes(join(lib, 'a.mp3'), 1, 1)],
    ['a symbolic link', async () => symlink(join(lib, 'a.mp3'), join(lib, 'link.mp3'))],
    ['no library folder', async () => rm(lib, { recursive: true })],
  ])('leaves the listing to the library with %s', async (_what, change) => {
    await folder({ 'a.mp3': facts({}) });
    expect(listFoundFromCache(lib, cacheFile)).not.toBeNull();
    await change();
    expect(listFoundFromCache(lib, cacheFile)).toBeNull();
  });

  it("leaves a file carrying Cadenza's recipe to re-linking", async () => {
    await folder({ 'a.mp3': facts({}) }, true);
    expect(listFoundFromCache(lib, cacheFile)).toBeNull();
  });
});
