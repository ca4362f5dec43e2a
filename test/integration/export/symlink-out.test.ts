/**
 * Issue 26, point 8: an item that is a symlink to audio outside the library is refused by every
 * reader alike — exported as it is ("original") or converted, trimmed, drawn as a waveform, retagged
 * by the upgrade — as the media protocol refuses to serve it. Nothing is written from the outside file, and the outside file is untouched.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LibraryItem } from '@shared/domain/library';
import { createExportService } from '../../../src/main/services/export/service';
import { trimItem } from '../../../src/main/services/edit/trim-item';
import { upgradeItem } from '../../../src/main/services/library/upgrade';
import { analysisHandlers } from '../../../src/main/shell/handlers/analysis';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { silentWav } from '../../support/media-fixtures';

const root = mkdtempSync(join(tmpdir(), 'cadenza-symlink-out-'));
const libraryDir = join(root, 'Library');
const outside = join(root, 'elsewhere', 'private.wav');
const secret = silentWav(2);
let library: Library;
const exporter = createExportService({
  settings: { get: () => ({ schema_version: 1, baseUrl: '' }) },
});

function sidecar(file: string, id: string, title: string): void {
  writeFileSync(
    join(libraryDir, `${file}.json`),
    JSON.stringify({
      schema_version: 1,
      id,
      kind: 'song',
      title,
      created_at: '2026-01-01T00:00:00.000Z',
    }),
  );
}

beforeAll(async () => {
  mkdirSync(join(root, 'elsewhere'), { recursive: true });
  mkdirSync(libraryDir, { recursive: true });
  writeFileSync(outside, secret);
  // indexed as a regular file, then swapped for a link to the outside file (the index itself
  // never lists a link out: see the last test)
  writeFileSync(join(libraryDir, 'Linked.wav'), silentWav(2));
  sidecar('Linked.wav', 'itm_linked', 'Linked');
  writeFileSync(join(libraryDir, 'Inside.wav'), silentWav(2));
  sidecar('Inside.wav', 'itm_inside', 'Inside');
  library = createLibrary({ dir: libraryDir, indexFile: join(root, 'index.json'), watch: false });
  await library.open();
  rmSync(join(libraryDir, 'Linked.wav'));
  symlinkSync(outside, join(libraryDir, 'Linked.wav'));
});

afterAll(async () => {
  await library.close();
  rmSync(root, { recursive: true, force: true });
});

const linked = (): LibraryItem => library.items().find((i) => i.id === 'itm_linked') as LibraryItem;

describe('an item that is a symlink out of the library', () => {
  for (const format of ['original', 'wav', 'flac'] as const) {
    it(`is refused by an export as ${format}, saying so, and nothing is written`, async () => {
      const folder = join(root, `out-${format}`);
      mkdirSync(folder);
      const outcome = await exporter
        .exportItems({ items: [linked()], library, folder, options: { format } })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(outcome).toMatchObject({ code: 'forbidden' });
      expect(String((outcome as Error).message)).toMatch(/outside your library/);
      expect(readdirSync(folder)).toEqual([]);
    }, 60_000);
  }

  it('is refused by a trim, in words about trimming', async () => {
    const before = readdirSync(libraryDir).sort();
    const outcome = await trimItem(library, 'itm_linked', {
      startMs: 0,
      endMs: 1500,
      fadeInMs: 0,
      fadeOutMs: 0,
      fadeCurve: 'linear',
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(outcome).toMatchObject({ code: 'forbidden', key: 'errors:trim.linkOutsideLibrary' });
    expect(readdirSync(libraryDir).sort()).toEqual(before);
  }, 60_000);

  it('is not decoded for a waveform; an item inside is', async () => {
    const waveforms = { get: vi.fn(async () => null), window: vi.fn(async () => null) };
    const handlers = analysisHandlers({
      core: {
        jobsHost: { runtime: async () => ({ library }) },
        waveforms,
        loudness: {},
      } as unknown as Parameters<typeof analysisHandlers>[0]['core'],
    });
    const ctx = {} as Parameters<typeof handlers.waveform>[0];
    await expect(handlers.waveform(ctx, 'itm_linked')).rejects.toMatchObject({
      code: 'forbidden',
      key: 'errors:linkOutsideLibraryRead',
    });
    await expect(
      handlers.waveformWindow(ctx, 'itm_linked', { startMs: 0, endMs: 1000, points: 10 } as never),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(waveforms.get).not.toHaveBeenCalled();
    expect(waveforms.window).not.toHaveBeenCalled();
    await handlers.waveform(ctx, 'itm_inside');
    expect(waveforms.get).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'itm_inside' }),
      expect.stringMatching(/Inside\.wav$/),
    );
  });

  it('is never retagged by the upgrade: the outside file is not Cadenza’s to rewrite', async () => {
    const result = await upgradeItem(library, linked());
    expect(result).toMatchObject({ ok: false });
    expect(readFileSync(outside).equals(secret)).toBe(true);
  }, 60_000);

  it('leaves the outside file as it was, and the inside item exports', async () => {
    const folder = join(root, 'out-inside');
    mkdirSync(folder);
    const inside = library.items().find((i) => i.id === 'itm_inside') as LibraryItem;
    const out = await exporter.exportItems({
      items: [inside],
      library,
      folder,
      options: { format: 'wav' },
    });
    expect(out.files).toEqual(['Inside.wav']);
    expect(readFileSync(outside).equals(secret)).toBe(true);
  }, 60_000);

  it('is never listed by a scan; a link to a file inside the library is', async () => {
    writeFileSync(join(libraryDir, 'Real.wav'), silentWav(1));
    symlinkSync(join(libraryDir, 'Real.wav'), join(libraryDir, 'Alias.wav'));
    symlinkSync(outside, join(libraryDir, 'Found outside.wav'));
    const fresh = createLibrary({
      dir: libraryDir,
      indexFile: join(root, 'index-fresh.json'),
      watch: false,
    });
    await fresh.open();
    try {
      const files = fresh.items().map((i) => i.file);
      expect(files).toContain('Alias.wav');
      expect(files).toContain('Inside.wav');
      expect(files).not.toContain('Found outside.wav');
      expect(files).not.toContain('Linked.wav');
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
