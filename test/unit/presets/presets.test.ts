import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { createPresetsService, MAX_PRESETS_FILE_BYTES } from '../../../src/main/services/presets';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-presets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const night = {
  name: 'Night drive',
  mode: 'custom',
  prompt: 'synthwave, neon, driving bass',
  modelVersion: 'v4.0',
  instrumental: true,
} as const;
const campfire = {
  name: 'Campfire',
  mode: 'auto',
  prompt: 'A campfire song about old friends',
  modelVersion: 'v4.5',
  instrumental: false,
} as const;

const styleOf = ({ name, mode, prompt, modelVersion, instrumental }: Record<string, unknown>) => ({
  name,
  mode,
  prompt,
  modelVersion,
  instrumental,
});

describe('style presets (presets.json in the data folder)', () => {
  it('round-trips: saved, exported to a file, imported on another data folder, the same styles', async () => {
    const here = createPresetsService({ file: join(dir, 'a', 'presets.json') });
    await here.save(night);
    await here.save(campfire);
    const exported = join(dir, 'shared.json');
    expect(await here.exportTo(exported)).toBe(2);

    // plain JSON a person can read
    const doc = JSON.parse(await readFile(exported, 'utf8')) as {
      kind: string;
      presets: unknown[];
    };
    expect(doc.kind).toBe('cadenza-presets');
    expect(doc.presets.map((p) => styleOf(p as Record<string, unknown>))).toEqual([
      night,
      campfire,
    ]);

    const there = createPresetsService({ file: join(dir, 'b', 'presets.json') });
    expect(await there.importFrom(exported)).toEqual({ added: 2, replaced: 0, skipped: 0 });
    expect((await there.list()).map(styleOf)).toEqual([night, campfire]);
    // and it was written to its own data folder
    const saved = JSON.parse(await readFile(join(dir, 'b', 'presets.json'), 'utf8')) as {
      presets: unknown[];
    };
    expect(saved.presets).toHaveLength(2);
  });

  it('replaces a preset of the same name (any case), keeping its id', async () => {
    const presets = createPresetsService({ file: join(dir, 'presets.json') });
    const first = await presets.save(night);
    const again = await presets.save({ ...night, name: 'night DRIVE', prompt: 'darker synthwave' });
    expect(again.id).toBe(first.id);
    const list = await presets.list();
    expect(list).toHaveLength(1);
    expect(list[0]!.prompt).toBe('darker synthwave');
  });

  it('refuses a prompt past the documented 180 characters and a preset without a name', async () => {
    const presets = createPresetsService({ file: join(dir, 'presets.json') });
    await expect(presets.save({ ...night, prompt: 'x'.repeat(181) })).rejects.toMatchObject({
      key: 'errors:presets.invalid',
    });
    await expect(presets.save({ ...night, name: '  ' })).rejects.toBeInstanceOf(AppError);
    expect(await presets.list()).toEqual([]);
  });

  it('imports only valid entries, counting the others, and refuses a file that is not a presets file or too large', async () => {
    const presets = createPresetsService({ file: join(dir, 'presets.json') });
    const mixed = join(dir, 'mixed.json');
    await writeFile(
      mixed,
      JSON.stringify({
        kind: 'cadenza-presets',
        version: 1,
        presets: [
          { ...night, id: 'x', createdAtMs: 1 },
          { ...night, name: 'bad', modelVersion: 'v9', id: 'y', createdAtMs: 1 },
          'not a preset',
        ],
      }),
    );
    expect(await presets.importFrom(mixed)).toEqual({ added: 1, replaced: 0, skipped: 2 });

    const other = join(dir, 'other.json');
    await writeFile(other, JSON.stringify({ settings: true }));
    await expect(presets.importFrom(other)).rejects.toMatchObject({
      key: 'errors:presets.notAFile',
    });
    const huge = join(dir, 'huge.json');
    await writeFile(huge, ' '.repeat(MAX_PRESETS_FILE_BYTES + 1));
    await expect(presets.importFrom(huge)).rejects.toMatchObject({
      key: 'errors:presets.notAFile',
    });
    expect(await presets.list()).toHaveLength(1);
  });

  it('reads a damaged presets.json as empty without throwing; the next save keeps it aside as presets.json.damaged-<time>, byte for byte', async () => {
    const file = join(dir, 'presets.json');
    const broken = '{"kind": "cadenza-presets", "version": 1, "presets": [';
    await writeFile(file, broken);
    const presets = createPresetsService({ file, now: () => Date.UTC(2026, 10, 28, 18, 30) });
    expect(await presets.list()).toEqual([]);
    // reading changes nothing on disk
    expect(await readdir(dir)).toEqual(['presets.json']);
    await presets.save(campfire);
    expect((await presets.list()).map(styleOf)).toEqual([campfire]);
    const aside = join(dir, 'presets.json.damaged-2026-11-28T18-30-00-000Z');
    expect((await readdir(dir)).sort()).toEqual([
      'presets.json',
      'presets.json.damaged-2026-11-28T18-30-00-000Z',
    ]);
    expect(await readFile(aside, 'utf8')).toBe(broken);
  });

  it('an oversized presets.json, or one with an entry that is not a preset, is kept aside too; its valid presets stay', async () => {
    const file = join(dir, 'presets.json');
    let t = 1;
    const presets = createPresetsService({ file, now: () => t++ });
    await writeFile(file, ' '.repeat(MAX_PRESETS_FILE_BYTES + 1));
    expect(await presets.list()).toEqual([]);
    await presets.save(campfire);
    const mixed = JSON.stringify({
      kind: 'cadenza-presets',
      version: 1,
      presets: [{ ...night, id: 'x', createdAtMs: 1 }, { name: 'from a newer Cadenza' }],
    });
    await writeFile(file, mixed);
    expect((await presets.list()).map(styleOf)).toEqual([night]);
    const a = (await presets.list())[0]!;
    // a removal that changes nothing else still keeps the unknown entry's file aside
    await presets.remove('no-such-id');
    expect((await presets.list()).map((p) => p.id)).toEqual([a.id]);
    const asides = (await readdir(dir)).filter((n) => n.startsWith('presets.json.damaged-'));
    expect(asides).toHaveLength(2);
    const texts = await Promise.all(asides.map((n) => readFile(join(dir, n), 'utf8')));
    expect(texts).toContain(mixed);
    expect(texts.some((x) => x.length === MAX_PRESETS_FILE_BYTES + 1)).toBe(true);
  });

  it('deletes a preset by id', async () => {
    const presets = createPresetsService({ file: join(dir, 'presets.json') });
    const a = await presets.save(night);
    await presets.save(campfire);
    await presets.remove(a.id);
    expect((await presets.list()).map((p) => p.name)).toEqual(['Campfire']);
  });
});
