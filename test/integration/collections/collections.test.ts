/**
 * Favourites, ratings and collections over a real library (issue 31, points 3 and 4): a rating is
 * kept in the sidecar and written into the file Cadenza made (POPM / RATING, read back by
 * ffprobe and music-metadata), cleared again; a file Cadenza did not make keeps its bytes;
 * "Keep starred takes" names the unstarred takes of the starred ones' groups. A collection is an
 * `.m3u8` in `<library>/Collections/` (UTF-8 without BOM, relative forward-slash paths, NFC, the
 * album lines, one id line per entry) that follows a rename and drops a trashed item.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import {
  COLLECTIONS_FOLDER,
  createCollectionStore,
  markItems,
  unstarredTakes,
} from '../../../src/main/services/collections';
import { audioPayloadHash } from '../../../src/main/services/audio/tags';
import { RATING_POPM_EMAIL } from '@shared/domain/rating';
import type { LibraryItem } from '@shared/domain/library';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';

const root = mkdtempSync(join(tmpdir(), 'cadenza-collections-'));
const dir = join(root, 'Library');
let corpus: AudioCorpus;
let lib: Library;
const source = (name: string): string => corpus.files.find((f) => f.name === name)!.path;

function ffprobeTags(path: string): Record<string, string> {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as { format: { tags?: Record<string, string> } };
  return Object.fromEntries(
    Object.entries(out.format.tags ?? {}).map(([k, v]) => [k.toUpperCase(), v]),
  );
}

const save = (title: string, name: string, ext: string, group: string | null = null) =>
  lib.createItem({
    meta: { kind: 'song', title, variation_group: group, created_at: '2026-11-27T21:00:00.000Z' },
    ext,
    writeMedia: async (tmp) => copyFileSync(source(name), tmp),
  });

beforeAll(async () => {
  corpus = await ensureAudioCorpus();
  lib = createLibrary({ dir, indexFile: join(root, 'index.json'), watch: false });
  await lib.open();
}, 300_000);

afterAll(async () => {
  await lib.close();
  if (!process.env.KEEP) rmSync(root, { recursive: true, force: true });
});

describe('ratings and favourites', () => {
  it('an MP3 Cadenza made: the sidecar keeps the rating, the file gets POPM; cleared removes it', async () => {
    const item = await save('Harbour Lights', 'mp3-id3v2-art.mp3', '.mp3');
    const audio = await audioPayloadHash(lib.pathOf(item));
    await markItems(lib, [item.id], { favourite: true, rating: 4 });
    const rated = lib.get(item.id)!;
    expect(rated).toMatchObject({ favourite: true, rating: 4 });
    const sidecar = JSON.parse(readFileSync(`${lib.pathOf(rated)}.json`, 'utf8')) as LibraryItem;
    expect(sidecar).toMatchObject({ favourite: true, rating: 4 });
    const meta = await parseFile(lib.pathOf(rated));
    expect(meta.common.rating?.find((r) => r.source === RATING_POPM_EMAIL)?.rating).toBeCloseTo(
      0.77,
      2,
    );
    // the audio is untouched, and the sidecar's size and hash follow the retag
    const after = await audioPayloadHash(lib.pathOf(rated));
    expect(after.sha256).toBe(audio.sha256);
    expect(sidecar.audio_sha256).toBe(after.sha256);
    await markItems(lib, [item.id], { rating: null });
    expect(lib.get(item.id)!.rating).toBeNull();
    const cleared = await parseFile(lib.pathOf(rated));
    expect(cleared.common.rating?.find((r) => r.source === RATING_POPM_EMAIL)).toBeUndefined();
  });

  it('a FLAC Cadenza made gets RATING and FMPS_RATING', async () => {
    const item = await save('Night Swim', 'flac-16.flac', '.flac');
    await markItems(lib, [item.id], { rating: 5 });
    expect(ffprobeTags(lib.pathOf(item))).toMatchObject({ RATING: '5', FMPS_RATING: '1' });
  });

  it('a file Cadenza did not make keeps its bytes; the rating lives in a sidecar', async () => {
    const outside = join(dir, 'Outside.mp3');
    copyFileSync(source('mp3-id3v2-art.mp3'), outside);
    await lib.rescan();
    const found = lib.items().find((i) => i.file === 'Outside.mp3')!;
    expect(found.hasSidecar).toBe(false);
    const before = readFileSync(outside);
    await markItems(lib, [found.id], { rating: 3, favourite: true });
    expect(readFileSync(outside).equals(before)).toBe(true);
    expect(lib.get(found.id)).toMatchObject({ rating: 3, favourite: true });
  });

  it('opted in, a file Cadenza did not make gets its rating frame only; the sidecar wins', async () => {
    const outside = join(dir, 'Outside Opted.mp3');
    copyFileSync(source('mp3-id3v2-art.mp3'), outside);
    await lib.rescan();
    const found = lib.items().find((i) => i.file === 'Outside Opted.mp3')!;
    const before = ffprobeTags(outside);
    const audio = await audioPayloadHash(outside);
    await markItems(lib, [found.id], { rating: 2 }, {}, { otherFiles: true });
    const meta = await parseFile(outside);
    expect(meta.common.rating?.find((r) => r.source === RATING_POPM_EMAIL)?.rating).toBeCloseTo(
      64 / 255,
      2,
    );
    // every other tag as it was, the audio untouched
    const after = ffprobeTags(outside);
    for (const [k, v] of Object.entries(before)) expect(after[k], k).toBe(v);
    expect((await audioPayloadHash(outside)).sha256).toBe(audio.sha256);
    expect(lib.get(found.id)).toMatchObject({ rating: 2 });
    // cleared: Cadenza's frame goes again
    await markItems(lib, [found.id], { rating: null }, {}, { otherFiles: true });
    const cleared = await parseFile(outside);
    expect(cleared.common.rating?.find((r) => r.source === RATING_POPM_EMAIL)).toBeUndefined();
  });

  it('"Keep starred takes": the unstarred takes of a group with a starred one', async () => {
    const a = await save('Tide · Take 1', 'mp3-id3v2-art.mp3', '.mp3', 'grp_tide');
    const b = await save('Tide · Take 2', 'mp3-id3v2-art.mp3', '.mp3', 'grp_tide');
    const c = await save('Dune · Take 1', 'mp3-id3v2-art.mp3', '.mp3', 'grp_dune');
    await save('Dune · Take 2', 'mp3-id3v2-art.mp3', '.mp3', 'grp_dune');
    await markItems(lib, [a.id], { favourite: true });
    expect(unstarredTakes(lib.items(), [a.id]).map((i) => i.id)).toEqual([b.id]);
    // a group with no star keeps every take
    expect(unstarredTakes(lib.items(), [c.id])).toEqual([]);
  });
});

describe('collections as .m3u8', () => {
  it('writes a playlist players open, in order, that follows a rename and drops a trashed item', async () => {
    const store = createCollectionStore({ dir, items: () => lib.items() });
    const one = await save('Ünder Lights', 'mp3-id3v2-art.mp3', '.mp3');
    const two = await save('Second Song', 'flac-16.flac', '.flac');
    const three = await save('Third', 'wav-pcm16.wav', '.wav');
    const c = await store.create('Harbour EP', { artist: 'Ada' });
    expect(c.id).toBe('Harbour EP');
    await store.add(c.id, [one.id, two.id, three.id]);
    let got = await store.reorder(c.id, [three.id, one.id, two.id]);
    expect(got.entries.map((e) => e.item?.id)).toEqual([three.id, one.id, two.id]);

    const path = join(dir, COLLECTIONS_FOLDER, 'Harbour EP.m3u8');
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]); // no BOM
    const text = bytes.toString('utf8');
    expect(text).toBe(text.normalize('NFC'));
    expect(text).not.toContain('\r');
    const lines = text.trimEnd().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '#EXTM3U',
      '#PLAYLIST:Harbour EP',
      '#EXTALB:Harbour EP',
      '#EXTART:Ada',
    ]);
    expect(lines.filter((l) => !l.startsWith('#'))).toEqual([
      '../Third.wav',
      '../Ünder Lights.mp3'.normalize('NFC'),
      '../Second Song.flac',
    ]);
    expect(lines.filter((l) => l.startsWith('#CADENZA-ITEM:'))).toEqual(
      [three.id, one.id, two.id].map((id) => `#CADENZA-ITEM:${id}`),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^#EXTINF:-?\d+,Third$/));

    // renamed in the app: the playlist follows on the next sync
    await lib.rename(one.id, 'Renamed Song');
    expect(await store.sync()).toBe(1);
    expect(readFileSync(path, 'utf8')).toContain('../Renamed Song.mp3');
    // trashed: dropped
    await lib.remove(two.id);
    await store.sync();
    got = await store.get(c.id);
    expect(got.entries.map((e) => e.item?.id)).toEqual([three.id, one.id]);
    expect(readFileSync(path, 'utf8')).not.toContain('Second Song');
  });

  it('reads a playlist edited by another program: CRLF, a BOM, an entry without an id', async () => {
    const store = createCollectionStore({ dir, items: () => lib.items() });
    const item = lib.items().find((i) => i.file === 'Third.wav')!;
    writeFileSync(
      join(dir, COLLECTIONS_FOLDER, 'Mixed.m3u8'),
      '\uFEFF#EXTM3U\r\n#EXTINF:12,Third\r\n..\\Third.wav\r\n# a comment\r\n../Nowhere.mp3\r\n',
    );
    const c = await store.get('Mixed');
    expect(c.name).toBe('Mixed');
    expect(c.entries.map((e) => e.item?.id ?? null)).toEqual([item.id, null]);
    await expect(store.get('../Library')).rejects.toThrow();
  });
});
