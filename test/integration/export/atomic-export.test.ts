/**
 * Exports are atomic and never replace a file: a process killed while writing leaves no file under
 * the final name (only a hidden temp, which the next export to the folder removes, so that export
 * takes the name without " (2)"); a cover larger than FLAC's 16 MB block limit is left out with a
 * note and the batch goes on; a disk that fills during a converted export (a real 1 MiB tmpfs)
 * stops the batch saying so, with the files already placed complete and nothing partial left.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LibraryItem } from '@shared/domain/library';
import { createExportService } from '../../../src/main/services/export/service';
import { createLibrary } from '../../../src/main/services/library/library';
import { spawnTs } from '../jobs/fixtures/spawn';
import { silentWav } from '../../support/media-fixtures';
import { englishExport } from '../../../src/cli/support';

const root = mkdtempSync(join(tmpdir(), 'cadenza-atomic-export-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const exporter = createExportService({
  settings: { get: () => ({ schema_version: 1, baseUrl: '' }) },
});

/** A PNG (signature, IHDR 64×64) padded to `bytes`. */
function bigPng(bytes: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(64, 8);
  ihdr.writeUInt32BE(64, 12);
  ihdr[16] = 8;
  ihdr[17] = 2;
  const head = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length)]);
}

async function libraryWith(
  dir: string,
  items: Array<{ id: string; title: string; cover?: Buffer }>,
  seconds = 1,
) {
  mkdirSync(dir, { recursive: true });
  for (const [i, it] of items.entries()) {
    const file = `${it.title}.wav`;
    writeFileSync(join(dir, file), silentWav(seconds));
    if (it.cover) writeFileSync(join(dir, `${it.title}.png`), it.cover);
    writeFileSync(
      join(dir, `${file}.json`),
      JSON.stringify({
        schema_version: 1,
        id: it.id,
        kind: 'song',
        title: it.title,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, items.length - i)).toISOString(),
        cover_file: it.cover ? `${it.title}.png` : null,
      }),
    );
  }
  const library = createLibrary({
    dir,
    indexFile: join(dir, '..', `${it0(items)}-index.json`),
    watch: false,
  });
  await library.open();
  return library;
}
const it0 = (items: Array<{ id: string }>): string => items[0]?.id ?? 'x';

describe('an export', () => {
  it('killed while writing leaves no file under the final name; the next export cleans up', async () => {
    const folder = join(root, 'killed');
    mkdirSync(folder, { recursive: true });
    const child = spawnTs(resolve(__dirname, 'fixtures/half-written.ts'), {
      EXPORT_DEST: join(folder, 'Neon Tide.wav'),
    });
    await child.waitEvent('writing', 30_000);
    child.proc.kill('SIGKILL');
    await child.exited;
    const left = readdirSync(folder);
    expect(left).not.toContain('Neon Tide.wav');
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.cadenza-tmp-p\d+-/);

    const library = await libraryWith(join(root, 'lib-killed'), [
      { id: 'itm_neon', title: 'Neon Tide' },
    ]);
    try {
      const out = await exporter.exportItems({
        items: library.items() as LibraryItem[],
        library,
        folder,
        options: { format: 'original' },
      });
      expect(out.files).toEqual(['Neon Tide.wav']);
      expect(readdirSync(folder)).toEqual(['Neon Tide.wav']);
      expect(readFileSync(join(folder, 'Neon Tide.wav')).equals(silentWav(1))).toBe(true);
    } finally {
      await library.close();
    }
  }, 60_000);

  it('to FLAC leaves a 17 MB cover out with a note and exports the whole batch', async () => {
    const library = await libraryWith(join(root, 'lib-cover'), [
      { id: 'itm_big', title: 'Big Cover', cover: bigPng(17 * 1024 * 1024) },
      { id: 'itm_small', title: 'Small Cover', cover: bigPng(4096) },
    ]);
    const folder = join(root, 'flac');
    mkdirSync(folder, { recursive: true });
    try {
      const out = await exporter.exportItems({
        items: library.items() as LibraryItem[],
        library,
        folder,
        options: { format: 'flac' },
      });
      expect(out.files.sort()).toEqual(['Big Cover.flac', 'Small Cover.flac']);
      // kept by key (said in the app's language where shown), English words in the CLI
      expect(out.notes).toEqual([
        { title: 'Big Cover', key: 'edit:notes.coverBytes', params: { mb: 17.8 } },
      ]);
      expect(englishExport(out).notes).toEqual([
        'Big Cover: the cover (17.8 MB) is larger than Cadenza reads (16 MB), so it was left out',
      ]);
      expect(readFileSync(join(folder, 'Big Cover.flac')).length).toBeLessThan(1024 * 1024);
    } finally {
      await library.close();
    }
  }, 120_000);

  /** A tmpfs of `size` at `dir` (root on Linux); false where mounting is not allowed. */
  function mountTmpfs(dir: string, size: string): boolean {
    mkdirSync(dir, { recursive: true });
    return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status === 0;
  }
  const canMount = (() => {
    if (process.env.CI === 'true') return true; // CI runs as root: this must run there
    const probe = join(root, 'mount-probe');
    const ok = process.getuid?.() === 0 && mountTmpfs(probe, '64k');
    if (ok) spawnSync('umount', [probe]);
    return ok;
  })();

  it.skipIf(!canMount)(
    'to a disk that fills (a 1 MiB tmpfs) stops, saying the disk is full; placed files complete, nothing partial',
    async () => {
      // three 12 s items, each 375 KB as WAV: two fit in 1 MiB, the third cannot
      const library = await libraryWith(
        join(root, 'lib-full'),
        [
          { id: 'itm_a', title: 'A' },
          { id: 'itm_b', title: 'B' },
          { id: 'itm_c', title: 'C' },
        ],
        12,
      );
      const folder = join(root, 'small-disk');
      expect(mountTmpfs(folder, '1m')).toBe(true);
      try {
        const outcome = await exporter
          .exportItems({
            items: library.items() as LibraryItem[],
            library,
            folder,
            options: { format: 'wav' },
          })
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(outcome).toMatchObject({ key: 'errors:diskFull' });
        const left = readdirSync(folder).sort();
        // no temp and no partial file: only complete exports under their names
        expect(left.filter((n) => n.startsWith('.'))).toEqual([]);
        expect(left.length).toBeGreaterThanOrEqual(1);
        expect(left.length).toBeLessThan(3);
        for (const name of left) {
          const bytes = readFileSync(join(folder, name));
          expect(bytes.readUInt32LE(4), name).toBe(bytes.length - 8); // RIFF length: complete
        }
      } finally {
        spawnSync('umount', ['-l', folder]);
        await library.close();
      }
    },
    120_000,
  );
});
