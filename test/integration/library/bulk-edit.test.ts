/**
 * Bulk artist/album/genre over a real library (issue 31, point 2): the sidecars and the list have
 * them as soon as the edit answers (read-modify-write: every other field kept), the files Cadenza
 * made get them in their tags through the background tag queue (read back by ffprobe, the audio
 * untouched, the sidecar's hash following), and a file Cadenza did not make keeps its bytes.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { createTagQueue, editItems } from '../../../src/main/services/library/bulk';
import { audioPayloadHash } from '../../../src/main/services/audio/tags';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';

const root = mkdtempSync(join(tmpdir(), 'cadenza-bulk-edit-'));
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

const save = (title: string, name: string, ext: string) =>
  lib.createItem({
    meta: {
      kind: 'song',
      title,
      tags: ['city pop'],
      prompt: 'city pop, warm bass',
      created_at: '2026-11-28T10:00:00.000Z',
    },
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

describe('bulk artist, album and genre', () => {
  it('sidecars and list at once; the files Cadenza made retagged by the queue; others keep their bytes', async () => {
    const mp3 = await save('Harbour Lights', 'mp3-id3v2-art.mp3', '.mp3');
    const flac = await save('Night Swim', 'flac-16.flac', '.flac');
    const outside = join(dir, 'Outside.mp3');
    copyFileSync(source('mp3-id3v2-art.mp3'), outside);
    await lib.rescan();
    const found = lib.items().find((i) => i.file === 'Outside.mp3')!;
    const outsideBytes = readFileSync(outside);
    const audio = await audioPayloadHash(lib.pathOf(mp3));

    const queue = createTagQueue({ library: async () => lib, defaults: () => ({ artist: 'Ada' }) });
    const ids = [mp3.id, flac.id, found.id];
    await editItems(lib, ids, { artist: 'The Harbour', album: 'Tides', genre: 'Ambient' }, queue);
    // the list (main's index) and the sidecars have it as soon as the edit answers
    for (const id of ids)
      expect(lib.get(id)).toMatchObject({
        artist: 'The Harbour',
        album: 'Tides',
        genre: 'Ambient',
      });
    const sidecar = JSON.parse(readFileSync(`${lib.pathOf(mp3)}.json`, 'utf8')) as Record<
      string,
      unknown
    >;
    // read-modify-write: the fields it did not name are kept
    expect(sidecar).toMatchObject({
      title: 'Harbour Lights',
      prompt: 'city pop, warm bass',
      tags: ['city pop'],
      artist: 'The Harbour',
    });

    await queue.idle();
    for (const item of [mp3, flac])
      expect(ffprobeTags(lib.pathOf(item)), item.file).toMatchObject({
        ARTIST: 'The Harbour', // the item's own artist wins over Settings' default (Ada)
        ALBUM: 'Tides',
        GENRE: 'Ambient',
        TITLE: item.title,
      });
    const after = await audioPayloadHash(lib.pathOf(mp3));
    expect(after.sha256).toBe(audio.sha256);
    expect(lib.get(mp3.id)!.audio_sha256).toBe(after.sha256);
    // a file Cadenza did not make: its own bytes, the edit in its sidecar
    expect(readFileSync(outside).equals(outsideBytes)).toBe(true);

    // an empty value clears (the Settings default comes back in the file)
    await editItems(lib, [mp3.id], { artist: '' }, queue);
    expect(lib.get(mp3.id)!.artist).toBeNull();
    await queue.idle();
    expect(ffprobeTags(lib.pathOf(mp3))).toMatchObject({ ARTIST: 'Ada', ALBUM: 'Tides' });
    await queue.close();
  });
});
