/**
 * Issue 31, point 4: an album exports in its collection's order with track numbers, the
 * collection's artist as the album artist and the album's cover on every file (even on an item
 * with a cover of its own), read back with ffprobe from MP3 and FLAC.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumCover, createCollectionStore } from '../../../src/main/services/collections';
import { createExportService } from '../../../src/main/services/export/service';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { ensureAudioCorpus } from '../../support/audio-corpus';
import { seedLibrary } from '../../support/export-library';

const root = mkdtempSync(join(tmpdir(), 'cadenza-album-export-'));
let library: Library;
const exporter = createExportService({
  settings: { get: () => ({ schema_version: 1, baseUrl: '', export: { artist: 'Ada' } }) },
});

const picture = (name: string, size: string): string => {
  const path = join(root, name);
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}`].concat(['-frames:v', '1', path]),
  );
  return path;
};

beforeAll(async () => {
  const corpus = await ensureAudioCorpus();
  const file = (n: string) => corpus.files.find((f) => f.name === n)!.path;
  seedLibrary(join(root, 'Library'), [
    {
      id: 'itm_one',
      title: 'One',
      source: file('mp3-cbr128.mp3'),
      file: 'One.mp3',
      cover: picture('own.png', '32x32'),
    },
    {
      id: 'itm_two',
      title: 'Two',
      source: file('flac-16.flac'),
      file: 'Two.flac',
      cover: picture('album.png', '64x48'),
    },
    { id: 'itm_three', title: 'Three', source: file('wav-s24-extensible.wav'), file: 'Three.wav' },
  ]);
  library = createLibrary({ dir: join(root, 'Library'), watch: false });
  await library.open();
}, 300_000);

afterAll(async () => {
  await library.close();
  rmSync(root, { recursive: true, force: true });
});

interface Probed {
  format: { tags?: Record<string, string> };
  streams: Array<{ codec_type: string; width?: number; height?: number }>;
}
const probe = (path: string): Probed =>
  JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as Probed;
const tags = (p: Probed): Record<string, string> =>
  Object.fromEntries(Object.entries(p.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

describe('album export', () => {
  for (const format of ['mp3', 'flac'] as const)
    it(`${format}: the collection's order, track numbers, album artist and cover`, async () => {
      const store = createCollectionStore({ dir: library.dir, items: () => library.items() });
      const c = await store.create(`Harbour EP ${format}`, { artist: 'The Harbour' });
      await store.add(c.id, ['itm_three', 'itm_one', 'itm_two']);
      const album = await store.setAlbum(c.id, { coverItemId: 'itm_two' });
      const items = album.entries.map((e) => e.item!);
      const folder = join(root, `out-${format}`);
      mkdirSync(folder);
      const result = await exporter.exportItems({
        items,
        library,
        folder,
        options: { format, album: album.name, collection: album.id },
        album: { artist: album.artist, cover: albumCover(album) },
      });
      expect(result.files).toEqual([`Three.${format}`, `One.${format}`, `Two.${format}`]);
      for (const [i, name] of result.files.entries()) {
        const p = probe(join(folder, name));
        const t = tags(p);
        expect(t.album, name).toBe(album.name);
        expect(t.artist, name).toBe('Ada');
        expect(t.album_artist ?? t.albumartist, name).toBe('The Harbour');
        expect(t.track, name).toBe(format === 'flac' ? String(i + 1) : `${i + 1}/3`);
        // the album's cover (64×48) on every file, One's own 32×32 cover included
        const pic = p.streams.find((s) => s.codec_type === 'video');
        expect([pic?.width, pic?.height], name).toEqual([64, 48]);
      }
    }, 120_000);
});
