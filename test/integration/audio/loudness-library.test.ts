/**
 * Loudness kept per library item: the background queue measures every item once (in the worker),
 * items the app made keep it in their sidecar (new optional field, schema version unchanged,
 * unknown fields kept), files added outside the app in the data folder (nothing written beside
 * them), and a later run finds it kept instead of measuring again. Older sidecars still load.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SidecarSchema, type LibraryChange, type LibraryItem } from '@shared/domain/library';
import { toLibraryItemView } from '@shared/ipc/library';
import { measureLoudnessInWorker } from '../../../src/main/services/audio/loudness';
import { createLoudnessService } from '../../../src/main/services/analysis/loudness';
import type { JobsHost } from '../../../src/main/services/jobs-host';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';

let corpus: AudioCorpus;
let root: string;
let lib: Library;
beforeAll(async () => {
  corpus = await ensureAudioCorpus();
}, 300_000);
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-loud-'));
  await mkdir(join(root, 'Library'));
});
afterEach(async () => {
  await lib?.close();
  await rm(root, { recursive: true, force: true });
});

const corpusFile = (name: string): string => corpus.files.find((f) => f.name === name)!.path;

function ffmpegIntegrated(path: string): number {
  const { stderr } = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostats', '-i', path, '-af', 'ebur128', '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf('Summary:')))![1]);
}

/** What core.jobsHost gives the service: the runtime's library and its change events. */
const hostOf = (library: Library) =>
  ({
    runtime: async () => ({ library }),
    on: (_name: string, listener: (c: LibraryChange) => void) => library.on('changed', listener),
  }) as unknown as JobsHost;

/** Measures in the worker thread (task audio.loudness), as the app does, counting the calls. */
function serviceOver(library: Library, calls: string[] = []) {
  return createLoudnessService({
    dataDir: join(root, 'data'),
    host: hostOf(library),
    measure: (path, signal) => {
      calls.push(path);
      return measureLoudnessInWorker(path, signal);
    },
    startDelayMs: 10,
  });
}

describe('loudness kept per library item', () => {
  it('measures every item once in the background: sidecar items in their sidecar, found files in the data folder', async () => {
    const dir = join(root, 'Library');
    // an item the app made before loudness existed: a version 1 sidecar without the field, with a
    // field from elsewhere that must survive the rewrite
    await copyFile(corpusFile('mp3-cbr128.mp3'), join(dir, 'Old song.mp3'));
    const oldSidecar = {
      schema_version: 1,
      id: 'itm_old0000000000000001',
      kind: 'song',
      title: 'Old song',
      created_at: '2025-01-01T00:00:00.000Z',
      from_elsewhere: { keep: true },
    };
    await writeFile(join(dir, 'Old song.mp3.json'), JSON.stringify(oldSidecar));
    // a file added outside the app
    await copyFile(corpusFile('flac-24-art.flac'), join(dir, 'Found.flac'));
    // and one no decoder here reads (AAC): tried once, remembered, never tried again
    await copyFile(corpusFile('m4a-moov-first.m4a'), join(dir, 'Found.m4a'));
    lib = createLibrary({ dir, watch: false });
    await lib.open();
    // the old sidecar loads as it is
    expect(SidecarSchema.safeParse(oldSidecar).success).toBe(true);
    const old = lib.get('itm_old0000000000000001')!;
    expect(old.loudness).toBeUndefined();
    expect(toLibraryItemView(old).loudness).toBeNull();
    // an item the app makes now
    const made = await lib.importFile(corpusFile('opus.opus'), { title: 'Made' });

    const calls: string[] = [];
    const service = serviceOver(lib, calls);
    service.start();
    await new Promise((r) => setTimeout(r, 50));
    await service.idle();
    await service.stop();

    expect(calls).toHaveLength(4);
    const items = lib.items();
    const byFile = (f: string): LibraryItem => items.find((i) => i.file === f)!;
    for (const [file, source] of [
      ['Old song.mp3', 'mp3-cbr128.mp3'],
      ['Made.opus', 'opus.opus'],
      ['Found.flac', 'flac-24-art.flac'],
    ] as const) {
      const kept = service.of(byFile(file));
      expect(kept, file).not.toBeNull();
      expect(
        Math.abs(kept!.integratedLufs! - ffmpegIntegrated(corpusFile(source))),
        file,
      ).toBeLessThanOrEqual(0.5);
      expect(kept!.version).toBe(1);
    }
    // the sidecars: the new field, the same schema version, the unknown field kept
    const rewritten = JSON.parse(await readFile(join(dir, 'Old song.mp3.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(rewritten).toMatchObject({ schema_version: 1, from_elsewhere: { keep: true } });
    expect(rewritten.loudness).toEqual(byFile('Old song.mp3').loudness);
    expect(SidecarSchema.parse(rewritten).loudness?.integratedLufs).toBeTypeOf('number');
    expect(byFile('Made.opus').loudness).toEqual(service.of(byFile('Made.opus')));
    // nothing was written beside the found file; its measurement is in the data folder
    expect((await readdir(dir)).sort()).toEqual([
      'Found.flac',
      'Found.m4a',
      'Made.opus',
      'Made.opus.json',
      'Old song.mp3',
      'Old song.mp3.json',
    ]);
    expect(byFile('Found.flac').hasSidecar).toBe(false);
    const store = JSON.parse(await readFile(join(root, 'data', 'loudness-found.json'), 'utf8')) as {
      entries: Record<string, unknown>;
      unmeasurable: string[];
    };
    expect(Object.keys(store.entries)).toHaveLength(1);
    expect(store.unmeasurable).toEqual([expect.stringMatching(/^Found\.m4a\|/)]);
    expect(service.of(byFile('Found.m4a'))).toBeNull();
    expect(
      toLibraryItemView(byFile('Found.flac'), service.of(byFile('Found.flac'))).loudness,
    ).toEqual({
      integratedLufs: service.of(byFile('Found.flac'))!.integratedLufs,
      truePeakDb: service.of(byFile('Found.flac'))!.truePeakDb,
    });
    expect(made.id).toBe(byFile('Made.opus').id);

    // a later run (a new service over a reopened library) measures nothing again
    await lib.close();
    lib = createLibrary({ dir, watch: false });
    await lib.open();
    const again: string[] = [];
    const later = serviceOver(lib, again);
    later.start();
    await new Promise((r) => setTimeout(r, 50));
    await later.idle();
    expect(again).toEqual([]);
    for (const item of lib.items())
      if (item.file === 'Found.m4a') expect(await later.measure(item.id)).toBeNull();
      else expect(await later.measure(item.id), item.file).not.toBeNull();
    expect(again).toEqual([]);
    await later.stop();
  }, 60_000);

  it('measures again when the media file changed after the measurement', async () => {
    const dir = join(root, 'Library');
    lib = createLibrary({ dir, watch: false });
    await lib.open();
    const item = await lib.importFile(corpusFile('wav-float.wav'), { title: 'Changing' });
    const calls: string[] = [];
    const service = serviceOver(lib, calls);
    const first = await service.measure(item.id);
    expect(calls).toHaveLength(1);
    expect(await service.measure(item.id)).toEqual(first);
    expect(calls).toHaveLength(1);
    // the file is replaced by a quieter one, its mtime well after the measurement
    spawnSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      corpusFile('wav-float.wav'),
      '-af',
      'volume=-12dB',
      '-c:a',
      'pcm_f32le',
      join(root, 'quiet.wav'),
    ]);
    await copyFile(join(root, 'quiet.wav'), lib.pathOf(item));
    const later = new Date(Date.now() + 5000);
    const { utimes } = await import('node:fs/promises');
    await utimes(lib.pathOf(item), later, later);
    await lib.rescan();
    const second = await service.measure(item.id);
    expect(calls).toHaveLength(2);
    expect(second!.integratedLufs!).toBeCloseTo(first!.integratedLufs! - 12, 0);
    await service.stop();
  });
});
