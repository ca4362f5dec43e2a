import { randomUUID } from 'node:crypto';
import { promises as fs, statSync } from 'node:fs';
import { basename, dirname, extname, join, posix } from 'node:path';
import { appError } from '@shared/app-error';
import { AppError } from '@shared/errors';
import {
  SIDECAR_SCHEMA_VERSION,
  SidecarSchema,
  type LibraryItem,
  type LibraryChange,
  type FullLibraryItem,
  type Sidecar,
} from '@shared/domain/library';
import {
  commitTemp,
  placeExclusive,
  tempPathFor,
  writeFileExclusive,
  writeJsonAtomic,
} from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';
import { guessKind, isItemMedia } from '../ground/media-types';
import { logger } from '../log';
import { sidecarNameFor } from './index-entry';
import { probeFile } from '../audio/probe';
import { CachedLyrics, PROBE_CACHE_NAME } from './probe-cache';
import { ensureLibraryFolder } from './placement';
import { tagLibraryFile } from './file-tags';
import { freeFileName, isBareName, normalizeExtension, sanitizeBaseName } from './names';
import type { CreateItemOptions, Library, LibraryOptions, NewItemMeta } from './library-types';

const log = logger('library');

export interface WritesContext {
  options: LibraryOptions;
  /** The item with this id in main's list. */
  get(id: string): LibraryItem | undefined;
  /** Every item of main's list. */
  items(): Iterable<LibraryItem>;
  /** Re-reads these media files (relative paths) after a write. */
  refresh(files: readonly string[]): Promise<LibraryChange>;
  /** The prompts the index worker holds for these items (null: none), in their order. */
  prompts(items: readonly LibraryItem[]): Promise<(string | null)[]>;
}

export type LibraryWrites = Pick<
  Library,
  | 'ensureFolder'
  | 'reserveName'
  | 'createItem'
  | 'importFile'
  | 'rename'
  | 'updateMeta'
  | 'remove'
  | 'full'
>;

/**
 * Everything that changes the library folder: new items (downloads, imports), renames, sidecar
 * edits and removals. Each write is followed by a refresh of the files it touched.
 */
export function createLibraryWrites({
  options,
  get,
  items,
  refresh,
  prompts,
}: WritesContext): LibraryWrites {
  const dir = options.dir;
  /** Names picked for items being saved (held for this process). */
  const reserved = new Set<string>();

  function writable(): void {
    if (options.readOnly)
      // English only: only the CLI's listing opens the library read-only, and it never writes
      throw new AppError('internal', 'The library was opened read-only.');
  }

  const ensureFolder = async (): Promise<void> => {
    writable();
    await ensureLibraryFolder(dir, options.placementFile);
  };

  function requireItem(id: string): LibraryItem {
    const item = get(id);
    if (!item) throw appError('not_found', 'errors:library.itemGone');
    return item;
  }

  /**
   * Whether `name` is taken in the folder `relDir`, compared case-insensitively as macOS and
   * Windows folders compare names: a file there (the file system answers for its own case rule),
   * a name reserved by a save in progress, or an item of main's list whose name differs only in
   * case (on a case-sensitive file system, so that the library still moves to one that is not).
   * `mine` are names that count as free: the renamed item's own.
   */
  function takenIn(relDir: string, mine: readonly string[] = []) {
    const lowerMine = new Set(mine.map((n) => n.toLowerCase()));
    const inFolder = (name: string) => (relDir ? posix.join(relDir, name) : name);
    return async (name: string): Promise<boolean> => {
      const lower = name.toLowerCase();
      if (lowerMine.has(lower)) return false;
      const path = inFolder(name);
      const lowerPath = path.toLowerCase();
      for (const r of reserved)
        if (r.length === path.length && r.toLowerCase() === lowerPath) return true;
      if (await fs.lstat(join(dir, path)).catch(() => null)) return true;
      // an item's sidecar is its media name with ".json": both names are its
      for (const item of items()) {
        const f = item.file;
        if (f.length === path.length && f.toLowerCase() === lowerPath) return true;
        if (f.length + 5 === path.length && `${f}.json`.toLowerCase() === lowerPath) return true;
      }
      return false;
    };
  }

  async function reserveName(title: string, ext: string): Promise<string> {
    const name = await freeFileName(sanitizeBaseName(title), normalizeExtension(ext), takenIn(''));
    reserved.add(name);
    return name;
  }

  /**
   * Whether a planned name (from a job record) can be used: a bare name (a record naming
   * `../x.mp3` is never followed), with nothing there, or only our own sidecar from an interrupted
   * try ('resumed': that sidecar and cover are ours to replace).
   */
  async function plannedName(fileName: string, id: string): Promise<'free' | 'resumed' | null> {
    if (!isBareName(fileName)) return null;
    const media = await fs.lstat(join(dir, fileName)).catch(() => null);
    if (media) return null;
    try {
      const side = JSON.parse(
        await readRegularText(join(dir, sidecarNameFor(fileName)), READ_CAPS.sidecarBytes),
      ) as {
        id?: unknown;
      };
      return side.id === id ? 'resumed' : null;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'free' : null;
    }
  }

  async function createItem(o: CreateItemOptions): Promise<LibraryItem> {
    const ext = normalizeExtension(o.ext);
    const id = o.meta.id ?? `itm_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const existing = get(id);
    if (existing) return existing; // already saved by an earlier run of the same job
    await ensureFolder();
    const planned =
      o.fileName && extname(o.fileName) === ext ? await plannedName(o.fileName, id) : null;
    const fileName = planned && o.fileName ? o.fileName : await reserveName(o.meta.title, ext);
    const resumed = planned === 'resumed';
    reserved.add(fileName);
    const mediaPath = join(dir, fileName);
    const base = fileName.slice(0, fileName.length - ext.length);
    let coverName = o.cover ? `${base}${normalizeExtension(o.cover.ext)}` : null;
    // someone else's file under the cover's name stays as it is: the item goes without a cover
    if (coverName && !resumed && (await fs.lstat(join(dir, coverName)).catch(() => null))) {
      log.warn('a file is already where the cover would go; saved without it', { file: coverName });
      coverName = null;
    }
    const mediaTmp = tempPathFor(mediaPath);
    const coverTmp = coverName ? tempPathFor(join(dir, coverName)) : null;
    try {
      await o.writeMedia(mediaTmp);
      if (o.cover && coverTmp) await o.cover.write(coverTmp);
      const meta = { ...o.meta, id, created_at: o.meta.created_at ?? new Date().toISOString() };
      // the file tells its own story: tags and recipe merged in, its audio as it came
      const facts =
        o.tag === false
          ? null
          : await tagLibraryFile(mediaTmp, meta, {
              fileName,
              coverPath: coverTmp,
              defaults: options.tagDefaults?.(),
            });
      const sidecar = SidecarSchema.parse({
        ...meta,
        schema_version: 1,
        cover_file: coverName,
        ...facts,
      });
      // sidecar first: a sidecar without its media is ignored, so the item appears only with the
      // media's placement, complete. Every file is created exclusively (never replacing one that
      // appeared meanwhile), except our own sidecar and cover from an interrupted try.
      const sidecarPath = join(dir, sidecarNameFor(fileName));
      if (resumed) await writeJsonAtomic(sidecarPath, sidecar);
      else await writeFileExclusive(sidecarPath, `${JSON.stringify(sidecar, null, 2)}\n`);
      if (coverTmp && coverName) {
        if (resumed) await commitTemp(coverTmp, join(dir, coverName));
        else await placeExclusive(coverTmp, join(dir, coverName));
      }
      await placeExclusive(mediaTmp, mediaPath);
    } finally {
      await fs.rm(mediaTmp, { force: true });
      if (coverTmp) await fs.rm(coverTmp, { force: true });
      reserved.delete(fileName);
    }
    await refresh([fileName]);
    return requireItem(id);
  }

  async function importFile(
    sourcePath: string,
    meta: Partial<NewItemMeta> = {},
  ): Promise<LibraryItem> {
    const name = basename(sourcePath);
    if (!isItemMedia(name)) throw appError('validation', 'errors:library.importKinds');
    const ext = extname(name);
    return createItem({
      meta: {
        kind: meta.kind ?? guessKind(name),
        title: meta.title ?? name.slice(0, name.length - ext.length),
        ...meta,
      },
      ext,
      writeMedia: (tmp) => fs.copyFile(sourcePath, tmp),
      tag: false,
    });
  }

  /**
   * The sidecar as it is on disk now (every field, unknown ones too), or null when the item has
   * none. Main's items are compact (no lyrics), so every sidecar write starts from this.
   */
  async function sidecarOnDisk(item: LibraryItem): Promise<Record<string, unknown> | null> {
    if (!item.hasSidecar) return null;
    let text: string;
    try {
      text = await readRegularText(join(dir, sidecarNameFor(item.file)), READ_CAPS.sidecarBytes);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const parsed = SidecarSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw appError('busy', 'errors:library.sidecarUnreadable');
    return parsed.data;
  }

  const foundLyrics = options.indexFile
    ? new CachedLyrics(join(dirname(options.indexFile), PROBE_CACHE_NAME))
    : undefined;

  async function full(item: LibraryItem): Promise<FullLibraryItem> {
    if (item.hasSidecar && (item.hasLyrics || item.hasPrompt)) {
      const onDisk = await sidecarOnDisk(item).catch(() => null);
      if (onDisk) {
        const lyrics = typeof onDisk.lyrics === 'string' ? onDisk.lyrics : null;
        const prompt = typeof onDisk.prompt === 'string' ? onDisk.prompt : null;
        return { ...item, lyrics, prompt };
      }
    }
    // a file without its sidecar (added outside the app, or re-linked from its recipe): its
    // prompt is the index worker's, its lyrics are in its own tags
    const prompt = item.hasPrompt ? ((await prompts([item]).catch(() => [null]))[0] ?? null) : null;
    if (!item.hasLyrics || item.hasSidecar) return { ...item, lyrics: null, prompt };
    // the probe cache remembers the lyrics while the file is unchanged (else its tags are read,
    // pictures skipped)
    const path = join(dir, item.file);
    // one stat, synchronous: `library list --json` asks for every found file's (1,410 of the
    // probe bench's 3,000), and the thread pool's round trip cost several times the stat
    const stat = statSync(path, { throwIfNoEntry: false }) ?? null;
    const cached = stat && (await foundLyrics?.get(path, stat).catch(() => undefined));
    if (cached !== undefined && cached !== null) return { ...item, lyrics: cached, prompt };
    const found = await probeFile(path, { tagsOnly: true }).catch(() => null);
    return { ...item, lyrics: found?.tags.lyrics ?? null, prompt };
  }

  /** One sidecar write at a time per item: each reads what the one before wrote. */
  const sidecarQueues = new Map<string, Promise<unknown>>();

  function writeSidecarFor(
    item: LibraryItem,
    patch: Partial<Sidecar>,
    fileName = posix.basename(item.file),
  ): Promise<void> {
    const before = sidecarQueues.get(item.id) ?? Promise.resolve();
    const run = before.then(() => writeSidecarNow(item, patch, fileName));
    const tail = run.catch(() => undefined);
    sidecarQueues.set(item.id, tail);
    void tail.then(() => {
      if (sidecarQueues.get(item.id) === tail) sidecarQueues.delete(item.id);
    });
    return run;
  }

  /** Read-modify-write: the patch goes onto the sidecar on disk, never onto main's compact row. */
  async function writeSidecarNow(
    item: LibraryItem,
    patch: Partial<Sidecar>,
    fileName: string,
  ): Promise<void> {
    const relDir = posix.dirname(item.file) === '.' ? '' : posix.dirname(item.file);
    // unknown fields of the sidecar (a newer version's) travel in `current` and are kept; an
    // item without a sidecar starts from everything known of it (its lyrics and prompt too)
    const current = (await sidecarOnDisk(item)) ?? sidecarFieldsOf(await full(item));
    if (Number(current.schema_version) > SIDECAR_SCHEMA_VERSION)
      throw appError('busy', 'errors:library.newerVersion');
    const sidecar = SidecarSchema.parse({ ...current, ...patch, schema_version: 1, id: item.id });
    await writeJsonAtomic(join(dir, relDir, sidecarNameFor(fileName)), sidecar);
  }

  /** The sidecar fields of a full item (the index's own fields left out). */
  function sidecarFieldsOf(item: FullLibraryItem): Record<string, unknown> {
    const {
      file: _f,
      cover: _c,
      sizeBytes: _s,
      modifiedAtMs: _m,
      hasSidecar: _h,
      hasLyrics: _l,
      hasPrompt: _p,
      artEmbedded: _a,
      ...fields
    } = item;
    return fields;
  }

  async function rename(id: string, title: string): Promise<LibraryItem> {
    writable();
    const item = requireItem(id);
    const relDir = posix.dirname(item.file) === '.' ? '' : posix.dirname(item.file);
    const oldName = posix.basename(item.file);
    const ext = extname(oldName);
    const newName = await freeFileName(
      sanitizeBaseName(title),
      ext,
      takenIn(relDir, [oldName, sidecarNameFor(oldName)]),
    );
    const newCover = item.cover
      ? `${newName.slice(0, newName.length - ext.length)}${extname(item.cover)}`
      : null;
    await writeSidecarFor(item, { title, cover_file: newCover }, newName);
    if (newName !== oldName) {
      if (item.cover && newCover)
        await fs.rename(join(dir, item.cover), join(dir, relDir, newCover));
      await fs.rename(join(dir, item.file), join(dir, relDir, newName));
      if (item.hasSidecar) await fs.rm(join(dir, relDir, sidecarNameFor(oldName)), { force: true });
    }
    await refresh([item.file, relDir ? posix.join(relDir, newName) : newName]);
    return requireItem(id);
  }

  async function updateMeta(
    id: string,
    patch: Partial<Omit<Sidecar, 'schema_version' | 'id'>>,
    { rescan: scan = true }: { rescan?: boolean } = {},
  ): Promise<LibraryItem> {
    writable();
    const item = requireItem(id);
    await writeSidecarFor(item, patch);
    if (!scan) return item;
    await refresh([item.file]);
    return requireItem(id);
  }

  async function remove(id: string): Promise<void> {
    writable();
    const item = requireItem(id);
    const trash = options.trash ?? ((p: string) => fs.rm(p, { force: true }));
    await trash(join(dir, item.file));
    if (item.cover) await trash(join(dir, item.cover)).catch(() => undefined);
    if (item.hasSidecar) await trash(join(dir, sidecarNameFor(item.file))).catch(() => undefined);
    await refresh([item.file]);
  }

  return {
    ensureFolder,
    reserveName,
    createItem,
    importFile,
    rename,
    updateMeta,
    remove,
    full,
  };
}
