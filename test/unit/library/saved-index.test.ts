import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IndexEntry } from '../../../src/main/services/library/index-entry';
import { loadSavedIndex, saveIndex } from '../../../src/main/services/library/saved-index';

const entry = (n: number, text: string): IndexEntry => ({
  item: {
    schema_version: 1,
    id: `itm_${n.toString(16).padStart(20, '0')}`,
    kind: 'song',
    title: `Été ${n} — 夜の歌 🎵`,
    tags: ['ça'],
    model: null,
    voice: null,
    singer: null,
    emotion: null,
    duration_ms: 1000,
    service_ids: {},
    source_url: null,
    parent_id: null,
    variation_group: null,
    created_at: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
    job_id: null,
    cover_file: null,
    file: `Été ${n}.mp3`,
    cover: null,
    sizeBytes: 64,
    modifiedAtMs: 1_700_000_000_000.5 + n,
    hasSidecar: true,
    artEmbedded: false,
    hasLyrics: true,
    hasPrompt: false,
  },
  mediaSize: 64,
  mediaMtimeMs: 1_700_000_000_000.5 + n,
  sidecarSize: 100,
  sidecarMtimeMs: 1_700_000_000_001.25 + n,
  text,
});

describe('saved index', () => {
  let dir = '';
  let file = '';
  const libraryDir = '/music/Library';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cadenza-saved-index-'));
    file = join(dir, 'library-index.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads back every entry of a file many reads long, multi-byte text cut anywhere', async () => {
    // ~12 MB: several of the reader's 4 MB reads, with lines and multi-byte characters
    // straddling every boundary, and one line (6 MB) longer than a whole read
    const entries = new Map<string, IndexEntry>();
    const lyric = 'ñandú 夜 🎵 '.repeat(300);
    for (let n = 0; n < 1500; n++) {
      const e = entry(n, n === 700 ? 'é'.repeat(3_000_000) : `${lyric}${n}`);
      entries.set(e.item.file, e);
    }
    await saveIndex(file, libraryDir, entries);
    expect((await readFile(file)).length).toBeGreaterThan(12 * 1024 * 1024);
    const loaded = await loadSavedIndex(file, libraryDir);
    expect(loaded.size).toBe(1500);
    for (const [rel, e] of entries) expect(loaded.get(rel)).toEqual(e);
  });

  it('reads a last line without its newline, and nothing for another folder', async () => {
    const e = entry(1, 'one');
    const header = JSON.stringify({ schema_version: 4, libraryDir });
    await writeFile(file, `${header}\n${JSON.stringify(e)}`);
    expect((await loadSavedIndex(file, libraryDir)).get(e.item.file)).toEqual(e);
    expect((await loadSavedIndex(file, '/elsewhere')).size).toBe(0);
  });

  it('a damaged line drops the whole index (the folder is read again)', async () => {
    const header = JSON.stringify({ schema_version: 4, libraryDir });
    await writeFile(file, `${header}\n${JSON.stringify(entry(1, 'one'))}\n{"item":`);
    expect((await loadSavedIndex(file, libraryDir)).size).toBe(0);
  });
});
