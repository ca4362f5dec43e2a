/** library:* actions on a real library in a temp folder: rename, trash, export, lyrics, waveform, drag. */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { libraryHandlers } from '../../../src/main/shell/handlers/library';
import type { JobsRuntime } from '../../../src/main/services/core';
import type { JobsHost } from '../../../src/main/services/jobs-host';
import { createWaveformStore } from '../../../src/main/services/library/waveform';
import type { HandlerContext } from '../../../src/main/shell/ipc';

let root: string;
let lib: Library;
let trashed: string[];
let exportDir: string | null;
let textFile: string | null;
let drags: Array<{ file: string; icon: string }>;
const ctx = {} as HandlerContext;

function handlers() {
  return libraryHandlers({
    core: {
      settings: { get: () => ({}) } as never,
      paths: { dataDir: join(root, 'data') },
      jobsHost: {
        runtime: async () => ({ library: lib }) as unknown as JobsRuntime,
        reopen: async () => ({ library: lib }) as unknown as JobsRuntime,
      } as unknown as JobsHost,
      waveforms: createWaveformStore({ dir: join(root, 'data', 'waveforms') }),
    },
    env: {},
    chooseFolderDialog: async () => null,
    showItemInFolder: () => undefined,
    notifyFolderChanged: () => undefined,
    chooseExportFolder: async () => exportDir,
    chooseTextFile: async () => textFile,
    startDrag: (_c, file, icon) => drags.push({ file, icon }),
  });
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
    await handlers().remove(ctx, item.id);
    expect(trashed.map((p) => p.split('/').pop()).sort()).toEqual(['Gone.mp3', 'Gone.mp3.json']);
    expect(lib.get(item.id)).toBeUndefined();
    expect(await code(handlers().remove(ctx, item.id))).toBe('not_found');
  });

  it('exports copies to the chosen folder without overwriting, and says cancelled on Cancel', async () => {
    const a = await add('Alpha');
    const b = await add('Beta');
    expect(await code(handlers().exportItems(ctx, [a.id]))).toBe('cancelled');
    exportDir = join(root, 'out');
    await mkdir(exportDir);
    await writeFile(join(exportDir, 'Alpha.mp3'), 'someone else');
    const result = await handlers().exportItems(ctx, [a.id, b.id]);
    expect(result.files).toEqual(['Alpha (2).mp3', 'Beta.mp3']);
    expect(await readFile(join(exportDir, 'Alpha.mp3'), 'utf8')).toBe('someone else');
    expect(await readFile(join(exportDir, 'Alpha (2).mp3'), 'utf8')).toBe('Alpha');
  });

  it('answers lyrics and writes them to the chosen .txt', async () => {
    const item = await add('Song');
    expect(await handlers().lyrics(ctx, item.id)).toEqual({
      title: 'Song',
      lyrics: '[Verse]\nla la',
    });
    textFile = join(root, 'song.txt');
    await handlers().exportLyrics(ctx, item.id);
    expect((await readFile(textFile, 'utf8')).replace(/\r\n/g, '\n')).toBe(
      'Song\n\n[Verse]\nla la\n',
    );
    const bare = await add('Instrumental', { lyrics: null });
    expect(await code(handlers().exportLyrics(ctx, bare.id))).toBe('not_found');
  });

  it('answers no waveform for a file without frames, and starts drags with the file and an icon', async () => {
    const item = await add('Wave');
    expect(await handlers().waveform(ctx, item.id)).toBeNull();
    await handlers().startDrag(ctx, item.id);
    expect(drags[0]?.file).toBe(join(root, 'Library', 'Wave.mp3'));
    expect((await readFile(drags[0]?.icon ?? '')).subarray(1, 4).toString()).toBe('PNG');
  });
});
