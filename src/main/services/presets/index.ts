/**
 * Saved style presets (issue 32, point 4): `presets.json` in the data folder, plain JSON
 * (`{ kind: "cadenza-presets", version: 1, presets: [...] }`), read bounded and checked, written
 * atomically, one change at a time. Export writes the same document to a file the creator picked;
 * import reads one (bounded: a FIFO or a huge file is refused) and keeps each valid preset, a
 * preset of the same name replaced. A damaged presets.json (not JSON, not a presets document, an
 * entry that is not a preset) reads as its valid presets; the next change first renames it to
 * `presets.json.damaged-<time>` beside it, so nothing in it is overwritten.
 *
 *   const presets = createPresetsService({ file: join(dataDir, 'presets.json') });
 *   await presets.save({ name: 'Night drive', mode: 'custom', prompt: 'synthwave', … });
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { appError } from '@shared/app-error';
import {
  MAX_PRESETS,
  PRESETS_FILE_KIND,
  PresetSchema,
  SavePresetSchema,
  type Preset,
  type SavePreset,
} from '@shared/domain/presets';
import { writeJsonAtomic } from '../ground/atomic';
import { readRegularText } from '../ground/regular-file';
import { logger } from '../log';

const log = logger('presets');

/** 200 presets of at most ~400 bytes each, with room to spare. */
export const MAX_PRESETS_FILE_BYTES = 256 * 1024;

const DocumentSchema = z.object({
  kind: z.literal(PRESETS_FILE_KIND),
  version: z.literal(1),
  presets: z.array(z.unknown()).max(MAX_PRESETS * 5),
});

export interface ImportSummary {
  added: number;
  replaced: number;
  /** Entries that were not a valid preset (or past the most kept). */
  skipped: number;
}

export interface PresetsService {
  list(): Promise<Preset[]>;
  /** Saves the style under its name (a preset of the same name, any case, is replaced). */
  save(input: SavePreset): Promise<Preset>;
  remove(id: string): Promise<void>;
  /** Writes the saved presets (or those of `ids`) to `path`; how many were written. */
  exportTo(path: string, ids?: readonly string[]): Promise<number>;
  importFrom(path: string): Promise<ImportSummary>;
}

const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

const toDocument = (presets: readonly Preset[]) => ({
  kind: PRESETS_FILE_KIND,
  version: 1,
  presets,
});

/** The valid presets of a parsed document, and how many entries were not. */
function validPresets(entries: readonly unknown[]): { presets: Preset[]; skipped: number } {
  const presets: Preset[] = [];
  let skipped = 0;
  for (const entry of entries) {
    const p = PresetSchema.safeParse(entry);
    if (p.success) presets.push(p.data);
    else skipped += 1;
  }
  return { presets, skipped };
}

export function createPresetsService(opts: { file: string; now?: () => number }): PresetsService {
  const now = opts.now ?? Date.now;
  let chain: Promise<unknown> = Promise.resolve();
  /** One change at a time: read, change, write atomically. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };

  /**
   * The saved presets. `damaged`: the file holds something this would not write back as it is
   * (not JSON, not a presets document, an entry that is not a valid preset, too many, too large):
   * a change first keeps it aside (`keepAside`), never overwrites it silently.
   */
  async function readAll(): Promise<{ presets: Preset[]; damaged: boolean }> {
    try {
      const text = await readRegularText(opts.file, MAX_PRESETS_FILE_BYTES);
      const doc = DocumentSchema.safeParse(JSON.parse(text));
      if (doc.success) {
        const { presets, skipped } = validPresets(doc.data.presets);
        return {
          presets: presets.slice(0, MAX_PRESETS),
          damaged: skipped > 0 || presets.length > MAX_PRESETS,
        };
      }
      log.warn(
        'presets.json is not a presets file; it is read as empty and kept aside on a change',
      );
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { presets: [], damaged: false };
      log.warn('presets.json could not be read; it is kept aside on a change', {
        error: String(e),
      });
    }
    return { presets: [], damaged: true };
  }
  const read = async () => (await readAll()).presets;
  /** Renames a damaged presets.json to presets.json.damaged-<time>, beside it. */
  async function keepAside(): Promise<void> {
    const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
    const aside = `${opts.file}.damaged-${stamp}`;
    await rename(opts.file, aside);
    log.warn('a damaged presets.json was kept aside before saving', { aside });
  }
  /** Reads for a change: a damaged file is kept aside first, so the write cannot lose it. */
  async function readForChange(): Promise<{ list: Preset[]; keptAside: boolean }> {
    const { presets, damaged } = await readAll();
    if (damaged) await keepAside();
    return { list: presets, keptAside: damaged };
  }
  async function write(presets: readonly Preset[]): Promise<void> {
    await mkdir(dirname(opts.file), { recursive: true });
    await writeJsonAtomic(opts.file, toDocument(presets));
  }

  /** `list` with `incoming` merged: same name replaced in place, new ones appended. */
  function merge(list: Preset[], incoming: Preset): 'added' | 'replaced' | 'full' {
    const at = list.findIndex((p) => sameName(p.name, incoming.name));
    if (at >= 0) {
      list[at] = { ...incoming, id: list[at]!.id };
      return 'replaced';
    }
    if (list.length >= MAX_PRESETS) return 'full';
    list.push(incoming);
    return 'added';
  }

  return {
    list: () => serial(read),
    save: (input) =>
      serial(async () => {
        const parsed = SavePresetSchema.safeParse(input);
        if (!parsed.success) throw appError('validation', 'errors:presets.invalid');
        const { list } = await readForChange();
        const preset: Preset = { ...parsed.data, id: randomUUID(), createdAtMs: now() };
        if (merge(list, preset) === 'full')
          throw appError('validation', 'errors:presets.full', { max: MAX_PRESETS });
        await write(list);
        return list.find((p) => sameName(p.name, preset.name))!;
      }),
    remove: (id) =>
      serial(async () => {
        const { list, keptAside } = await readForChange();
        const kept = list.filter((p) => p.id !== id);
        if (kept.length !== list.length || keptAside) await write(kept);
      }),
    exportTo: (path, ids) =>
      serial(async () => {
        const list = await read();
        const chosen = ids ? list.filter((p) => ids.includes(p.id)) : list;
        await writeJsonAtomic(path, toDocument(chosen));
        return chosen.length;
      }),
    importFrom: (path) =>
      serial(async () => {
        let doc: z.infer<typeof DocumentSchema>;
        try {
          const parsed = DocumentSchema.safeParse(
            JSON.parse(await readRegularText(path, MAX_PRESETS_FILE_BYTES)),
          );
          if (!parsed.success) throw new Error('not a presets file');
          doc = parsed.data;
        } catch (e) {
          throw appError('validation', 'errors:presets.notAFile', {}, { cause: e });
        }
        const { presets, skipped } = validPresets(doc.presets);
        const { list, keptAside } = await readForChange();
        const summary: ImportSummary = { added: 0, replaced: 0, skipped };
        for (const p of presets) {
          const outcome = merge(list, { ...p, id: randomUUID() });
          if (outcome === 'full') summary.skipped += 1;
          else summary[outcome] += 1;
        }
        if (summary.added + summary.replaced > 0 || keptAside) await write(list);
        return summary;
      }),
  };
}
