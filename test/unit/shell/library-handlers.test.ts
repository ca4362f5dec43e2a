/**
 * library:*, edit:*, analysis:* and export:* on a real library in a temp folder: rename, trash,
 * export, lyrics, waveform, loudness, whole song, trim, drag.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { libraryHandlers } from '../../../src/main/shell/handlers/library';
import { editHandlers } from '../../../src/main/shell/handlers/edit';
import { analysisHandlers } from '../../../src/main/shell/handlers/analysis';
import { exportHandlers } from '../../../src/main/shell/handlers/export';
import type { JobsRuntime } from '../../../src/main/services/core';
import type { JobsHost } from '../../../src/main/services/jobs-host';
import { createExportService } from '../../../src/main/services/export/service';
import { createWaveformStore } from '../../../src/main/services/analysis/waveform';
import type { HandlerContext } from '../../../src/main/shell/ipc';
import { createLoudnessService } from '../../../src/main/services/analysis/loudness';
import { measureLoudness } from '../../../src/main/services/audio/loudness/measure';
import { encodeMp3, encodeWav } from '../../../src/main/services/audio/encode';
import { renderWholeSong } from '../../../src/main/services/audio/whole/render';
import { createWholeSongService } from '../../../src/main/services/songs/whole';
import { FileRegistry } from '../../../src/main/services/files/registry';
import type { RenderProgress } from '@shared/ipc/edit';
import { melody, TONE_RATE } from '../../emulator/media/song-audio';

let root: string;
let lib: Library;
let trashed: string[];
let exportDir: string | null;
let textFile: string | null;
let drags: Array<{ files: string[]; icon: string }>;
let progress: RenderProgress[];
let trimProgress: RenderProgress[];
/** Called on each progress report (a test stops a render from here, while it runs). */
let onProgress: (() => void) | null = null;
const ctx = {} as HandlerContext;

/** The jobs' side of a trash made on purpose: which items were marked, and unmarked. */
const marked: [string[], boolean][] = [];
const trashJobs = {
  markTrashed: async (ids: string[], trashed = true) => void marked.push([ids, trashed]),
};

function handlers() {
  const jobsHost = {
    runtime: async () => ({ library: lib }) as unknown as JobsRuntime,
    on: () => () => undefined,
  } as unknown as JobsHost;
  const core = {
    settings: { get: () => ({}) } as never,
    paths: { dataDir: join(root, 'data') },
    jobsHost: {
      runtime: async () => ({ library: lib, jobs: trashJobs }) as unknown as JobsRuntime,
      reopen: async () => ({ library: lib, jobs: trashJobs }) as unknown as JobsRuntime,
      listing: async () => lib,
    } as unknown as JobsHost,
    waveforms: createWaveformStore({ dir: join(root, 'data', 'waveforms') }),
    loudness: createLoudnessService({
      dataDir: join(root, 'data'),
      host: jobsHost,
      measure: (path) => measureLoudness(path),
    }),
    exporter: createExportService({ settings: { get: () => ({}) as never } }),
    wholeSongs: createWholeSongService({
      runtime: async () => ({ library: lib, jobs: { get: () => undefined } }),
      // the worker task's own function, run in this thread
      render: (input, o) => renderWholeSong(input, o),
    }),
  };
  return {
    ...libraryHandlers({
      core,
      env: {},
      registry: new FileRegistry(),
      chooseFolderDialog: async () => null,
      showItemInFolder: () => undefined,
      notifyFolderChanged: () => undefined,
      startDrag: (_c, files, icon) => drags.push({ files, icon }),
    }),
    ...analysisHandlers({ core }),
    edit: editHandlers({
      core,
      wholeSongProgress: (_c, p) => {
        progress.push(p);
        onProgress?.();
      },
      trimProgress: (_c, p) => {
        trimProgress.push(p);
        onProgress?.();
      },
    }),
    exports: exportHandlers({
      core,
      chooseExportFolder: async () => exportDir,
      chooseTextFile: async () => textFile,
    }),
  };
}

/** A song of `songS` seconds and its extension of `extS` seconds from `atS`, as WAV items. */
async function addChain(songS: number, extS: number, atS: number) {
  const wav = (id: string, seconds: number) =>
    Buffer.from(encodeWav({ sampleRate: TONE_RATE, channels: [melody(id, seconds * TONE_RATE)] }));
  const song = await lib.createItem({
    meta: { kind: 'song', title: 'Tide' },
    ext: '.wav',
    writeMedia: (t) => writeFile(t, wav('tide', songS)),
  });
  const ext = await lib.createItem({
    meta: { kind: 'song', title: 'Tide, later', parent_id: song.id, continue_at_s: atS },
    ext: '.wav',
    writeMedia: (t) => writeFile(t, wav('later', extS)),
  });
  return { song, ext };
}

async function code(p: unknown): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : 'thrown';
  }
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-libh-'));
  trashed = [];
  drags = [];
  progress = [];
  trimProgress = [];
  onProgress = null;
  exportDir = null;
  textFile = null;
  const trashDir = join(root, 'trash');
  await mkdir(trashDir);
  lib = createLibrary({
    dir: join(root, 'Library'),
    watch: false,
    trash: async (p) => {
      trashed.push(p);
      await writeFile(join(trashDir, p.split('/').pop() ?? 'x'), await readFile(p));
      await rm(p);
    },
  });
  await lib.open();
});
afterEach(async () => {
  await lib.close();
  await rm(root, { recursive: true, force: true });
});

const add = (title: string, extra: Record<string, unknown> = {}) =>
  lib.createItem({
    meta: { kind: 'song', title, lyrics: '[Verse]\nla la', ...extra },
    ext: '.mp3',
    writeMedia: (t) => writeFile(t, Buffer.from(title)),
  });

describe('library handlers', () => {
  it('renames file and sidecar together, sanitised', async () => {
    const item = await add('Old name');
    const view = await handlers().rename(ctx, item.id, 'New: name / two');
    expect(view).toMatchObject({
      id: item.id,
      title: 'New: name / two',
      file: 'New name - two.mp3',
    });
    expect((await readdir(join(root, 'Library'))).sort()).toEqual([
      'New name - two.mp3',
      'New name - two.mp3.json',
    ]);
    const sidecar = JSON.parse(
      await readFile(join(root, 'Library', 'New name - two.mp3.json'), 'utf8'),
    ) as { title: string; id: string };
    expect(sidecar).toMatchObject({ id: item.id, title: 'New: name / two' });
  });

  it('moves media and sidecar to the trash and drops the item', async () => {
    const item = await add('Gone');
    marked.length = 0;
    await handlers().remove(ctx, item.id);
    expect(trashed.map((p) => p.split('/').pop()).sort()).toEqual(['Gone.mp3', 'Gone.mp3.json']);
    // trashed on purpose: its job is told first, so the result is never reported lost
    expect(marked).toEqual([[[item.id], true]]);
    expect(lib.get(item.id)).toBeUndefined();
    expect(await code(handlers().remove(ctx, item.id))).toBe('not_found');
  });

  it('exports copies to the chosen folder without overwriting, and says cancelled on Cancel', async () => {
    const a = await add('Alpha');
    const b = await add('Beta');
    expect(await code(handlers().exports.items(ctx, [a.id]))).toBe('cancelled');
    exportDir = join(root, 'out');
    await mkdir(exportDir);
    await writeFile(join(exportDir, 'Alpha.mp3'), 'someone else');
    const result = await handlers().exports.items(ctx, [a.id, b.id]);
    expect(result.files).toEqual(['Alpha (2).mp3', 'Beta.mp3']);
    expect(await readFile(join(exportDir, 'Alpha.mp3'), 'utf8')).toBe('someone else');
    expect(await readFile(join(exportDir, 'Alpha (2).mp3'), 'utf8')).toBe('Alpha');
  });

  it("answers main's search as ids (lyrics included) and the items a change named", async () => {
    const harbour = await add('Harbour', { lyrics: '[Verse]\nmoonlit harbour lights' });
    const field = await add('Field', { lyrics: '[Verse]\nwheat and wind' });
    await lib.ready();
    expect(await handlers().matching(ctx, 'moonlit lights')).toEqual([harbour.id]);
    expect(await handlers().matching(ctx, 'wind')).toEqual([field.id]);
    expect(await handlers().matching(ctx, 'nowhere')).toEqual([]);
    // gone items are left out of an answer by ids
    await handlers().remove(ctx, field.id);
    const views = await handlers().list(ctx, { ids: [harbour.id, field.id] });
    expect(views.map((v) => v.id)).toEqual([harbour.id]);
    expect(views[0]).toMatchObject({ title: 'Harbour', hasLyrics: true });
  });

  it("fills each view's prompt from the index worker (main's rows hold none) and finds items by prompt", async () => {
    const harbour = await add('Harbour', { prompt: 'slow sea shanty' });
    const field = await add('Field');
    await lib.ready();
    expect(lib.get(harbour.id)).not.toHaveProperty('prompt');
    const prompts = (views: { id: string; prompt: string | null }[]) =>
      Object.fromEntries(views.map((v) => [v.id, v.prompt]));
    const want = { [harbour.id]: 'slow sea shanty', [field.id]: null };
    expect(prompts(await handlers().list(ctx, { offset: 0, limit: 50 }))).toEqual(want);
    expect(prompts(await handlers().list(ctx, { ids: [harbour.id, field.id] }))).toEqual(want);
    expect(prompts(await handlers().list(ctx, { text: 'shanty' }))).toEqual({
      [harbour.id]: 'slow sea shanty',
    });
    expect(await handlers().matching(ctx, 'sea shan')).toEqual([harbour.id]);
    expect((await handlers().rename(ctx, harbour.id, 'Harbour Lights')).prompt).toBe(
      'slow sea shanty',
    );
  });

  it('answers lyrics and writes them to the chosen .txt', async () => {
    const item = await add('Song');
    expect(await handlers().lyrics(ctx, item.id)).toEqual({
      title: 'Song',
      lyrics: '[Verse]\nla la',
    });
    textFile = join(root, 'song.txt');
    await handlers().exports.lyrics(ctx, item.id);
    expect((await readFile(textFile, 'utf8')).replace(/\r\n/g, '\n')).toBe(
      'Song\n\n[Verse]\nla la\n',
    );
    const bare = await add('Instrumental', { lyrics: null });
    expect(await code(handlers().exports.lyrics(ctx, bare.id))).toBe('not_found');
  });

  it("answers an item's loudness, measured once and kept in its sidecar, and lists it; null for what is not audio", async () => {
    const tone = await lib.createItem({
      meta: { kind: 'song', title: 'Tone' },
      ext: '.wav',
      writeMedia: async (t) => {
        // 2 s of a 997 Hz sine at half scale, 16-bit mono at 48 kHz
        const rate = 48_000;
        const frames = rate * 2;
        const wav = Buffer.alloc(44 + frames * 2);
        wav.write('RIFF', 0, 'latin1');
        wav.writeUInt32LE(36 + frames * 2, 4);
        wav.write('WAVEfmt ', 8, 'latin1');
        wav.writeUInt32LE(16, 16);
        wav.writeUInt16LE(1, 20);
        wav.writeUInt16LE(1, 22);
        wav.writeUInt32LE(rate, 24);
        wav.writeUInt32LE(rate * 2, 28);
        wav.writeUInt16LE(2, 32);
        wav.writeUInt16LE(16, 34);
        wav.write('data', 36, 'latin1');
        wav.writeUInt32LE(frames * 2, 40);
        for (let i = 0; i < frames; i++)
          wav.writeInt16LE(
            Math.round(16383 * Math.sin((2 * Math.PI * 997 * i) / rate)),
            44 + i * 2,
          );
        await writeFile(t, wav);
      },
    });
    const h = handlers();
    const measured = await h.loudness(ctx, tone.id);
    // a 997 Hz sine at -6.02 dBFS in one channel reads -6.02 - 3.01 = -9.03 LUFS (BS.1770 calibration)
    expect(measured?.integratedLufs).toBeCloseTo(-9.03, 1);
    expect(measured?.truePeakDb).toBeCloseTo(-6.02, 1);
    const sidecar = JSON.parse(await readFile(join(root, 'Library', 'Tone.wav.json'), 'utf8')) as {
      schema_version: number;
      loudness: { integratedLufs: number; version: number };
    };
    expect(sidecar.schema_version).toBe(1);
    expect(sidecar.loudness).toMatchObject({
      integratedLufs: measured?.integratedLufs,
      version: 1,
    });
    const listed = await h.list(ctx, undefined);
    expect(listed.find((v) => v.id === tone.id)?.loudness).toEqual(measured);
    // an MP3 that holds no frames cannot be measured: null, and the sidecar is left as it was
    const noise = await add('Not audio');
    expect(await h.loudness(ctx, noise.id)).toBeNull();
    expect(lib.get(noise.id)?.loudness).toBeUndefined();
  });

  it('joins an extension to its song as a new MP3 item, with progress, leaving both as they were', async () => {
    const { song, ext } = await addChain(6, 5, 4);
    const before = await readFile(lib.pathOf(ext));
    const view = await handlers().edit.wholeSong(ctx, ext.id);
    expect(view).toMatchObject({
      title: 'Tide, later (whole song)',
      parentId: ext.id,
      kind: 'song',
    });
    expect(view.file.endsWith('.mp3')).toBe(true);
    // 4 s of the song, then 5 s of the extension, less one 30 ms crossfade
    expect(view.durationMs).toBe(8970);
    const sidecar = lib.get(view.id)!;
    expect(sidecar.whole_song?.chain.map((c) => [c.id, c.continue_at_s])).toEqual([
      [song.id, null],
      [ext.id, 4],
    ]);
    expect(sidecar.whole_song?.seams).toMatchObject([{ id: ext.id, at_ms: 4000, shape: 'new' }]);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((p) => p.itemId === ext.id)).toBe(true);
    expect(progress.map((p) => p.fraction)).toEqual([...progress.map((p) => p.fraction)].sort());
    expect(progress.at(-1)!.fraction).toBeGreaterThan(0.95);
    expect(await readFile(lib.pathOf(ext))).toEqual(before);
    expect(await code(handlers().edit.wholeSong(ctx, song.id))).toBe('validation');
    expect(await code(handlers().edit.wholeSong(ctx, 'itm_missing'))).toBe('not_found');
  }, 60_000);

  it('trims an MP3 item into a new MP3 item in the worker, with progress, leaving the source as it was', async () => {
    const pcm = { sampleRate: TONE_RATE, channels: [melody('trim', 6 * TONE_RATE)] };
    const song = await lib.createItem({
      meta: { kind: 'song', title: 'Harbour', lyrics: '[Chorus]\nla' },
      ext: '.mp3',
      writeMedia: async (t) => writeFile(t, await encodeMp3(pcm, { kbps: 128 })),
    });
    const before = await readFile(lib.pathOf(song));
    const request = {
      startMs: 1000,
      endMs: 4500,
      fadeInMs: 0,
      fadeOutMs: 500,
      fadeCurve: 'linear' as const,
    };
    const view = await handlers().edit.trim(ctx, song.id, request);
    expect(view).toMatchObject({
      title: 'Harbour (trimmed)',
      file: 'Harbour (trimmed).mp3',
      kind: 'song',
      durationMs: 3500,
      hasLyrics: true,
      trimmedFrom: { sourceId: song.id, sourceTitle: 'Harbour', startMs: 1000, endMs: 4500 },
    });
    expect(lib.get(view.id)?.trimmed_from).toEqual({
      source_id: song.id,
      source_title: 'Harbour',
      start_ms: 1000,
      end_ms: 4500,
      fade_in_ms: 0,
      fade_out_ms: 500,
      fade_curve: 'linear',
    });
    const fractions = trimProgress.map((p) => p.fraction);
    expect(trimProgress.every((p) => p.itemId === song.id)).toBe(true);
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    expect(await readFile(lib.pathOf(song))).toEqual(before);
    expect(
      await code(
        handlers().edit.trim(ctx, song.id, { ...request, startMs: 60_000, endMs: 61_000 }),
      ),
    ).toBe('validation');
    expect(await code(handlers().edit.trim(ctx, 'itm_missing', request))).toBe('not_found');
  }, 60_000);

  it('stops a whole song or a trim on request: cancelled, nothing saved, no item left behind', async () => {
    const { song, ext } = await addChain(20, 20, 15);
    // media and sidecars; a stopped render's hidden `.cadenza-tmp-*.part` can outlive the call
    // (the worker notices the stop at its next check, after main was answered) and is removed by
    // the library's repair at the next start
    const files = async () =>
      (await readdir(join(root, 'Library'))).filter((f) => !f.startsWith('.cadenza-tmp-')).sort();
    const before = await files();
    const h = handlers();
    // another window's Stop does not reach this one's render; a Stop with nothing running is fine
    expect(
      h.edit.cancel({ event: { sender: 'other' } } as unknown as HandlerContext, ext.id),
    ).toBeNull();
    onProgress = () => h.edit.cancel(ctx, ext.id);
    expect(await code(h.edit.wholeSong(ctx, ext.id))).toBe('cancelled');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.fraction).toBeLessThan(1);
    const request = {
      startMs: 1000,
      endMs: 12_000,
      fadeInMs: 0,
      fadeOutMs: 0,
      fadeCurve: 'linear' as const,
    };
    onProgress = () => h.edit.cancel(ctx, song.id);
    expect(await code(h.edit.trim(ctx, song.id, request))).toBe('cancelled');
    expect(
      lib
        .items()
        .map((i) => i.title)
        .sort(),
    ).toEqual(['Tide', 'Tide, later']);
    expect(await files()).toEqual(before);
    // stopping is for the render under way only: the next one runs to the end
    onProgress = null;
    expect((await h.edit.trim(ctx, song.id, request)).title).toBe('Tide (trimmed)');
    expect(h.edit.cancel(ctx, song.id)).toBeNull();
  }, 60_000);

  it('answers no waveform for a file without frames, and starts drags with the file and an icon', async () => {
    const item = await add('Wave');
    expect(await handlers().waveform(ctx, item.id)).toBeNull();
    await handlers().startDrag(ctx, [item.id]);
    expect(drags[0]?.files).toEqual([join(root, 'Library', 'Wave.mp3')]);
    expect((await readFile(drags[0]?.icon ?? '')).subarray(1, 4).toString()).toBe('PNG');
  });

  it('drags a selection out as its files, each once; an id not in the library drags nothing', async () => {
    const a = await add('Tide');
    const b = await add('Shore');
    await handlers().startDrag(ctx, [a.id, b.id, a.id]);
    expect(drags.at(-1)?.files).toEqual([
      join(root, 'Library', 'Tide.mp3'),
      join(root, 'Library', 'Shore.mp3'),
    ]);
    const before = drags.length;
    await expect(handlers().startDrag(ctx, [a.id, 'itm_0000000000'])).rejects.toThrow();
    expect(drags).toHaveLength(before);
  });
});
