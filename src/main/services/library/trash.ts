/**
 * Moving items to the trash with Undo. The OS trash has no restore call, so items go first to a
 * hidden folder inside the library (`.cadenza-trash/<batch>/`, never indexed: the indexer skips
 * hidden names) with a manifest of where each file came from. Undo moves them back; when the undo
 * window closes, at quit, or at the next start (leftovers of a crash), they move to the OS trash.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { appError } from '@shared/app-error';
import type { LibraryChange, LibraryItem } from '@shared/domain/library';
import { writeJsonAtomic } from '../ground/atomic';
import { readRegularText } from '../ground/regular-file';
import { logger } from '../log';
import { sidecarNameFor } from './index-entry';

const log = logger('library-trash');

/** The hidden folder in the library that holds trashed items during their undo window. */
export const TRASH_FOLDER = '.cadenza-trash';
/** How long main keeps a batch for Undo (the renderer's toast shows for about 10 s). */
export const UNDO_WINDOW_MS = 15_000;
/** At most this many items in one move (a whole 50,000-item library is several moves). */
export const MAX_TRASH_BATCH = 10_000;

const BATCH_ID = /^[0-9a-f-]{36}$/;
const ManifestSchema = z.object({
  items: z
    .array(z.object({ id: z.string().max(200), files: z.array(z.string().max(4096)).max(3) }))
    .max(MAX_TRASH_BATCH),
});
type Manifest = z.infer<typeof ManifestSchema>;

export interface UndoTrashContext {
  dir: string;
  get(id: string): LibraryItem | undefined;
  refresh(files: readonly string[]): Promise<LibraryChange>;
  /** Moves a file to the OS trash (default: delete). */
  osTrash?: (absolutePath: string) => Promise<void>;
  windowMs?: number;
}

export interface UndoTrash {
  /** Moves the items' files (media, cover, sidecar) into a new batch; answers its id. */
  stash(ids: readonly string[]): Promise<{ batchId: string; itemIds: string[] }>;
  /** Puts a batch's files back where they were; answers the item ids restored. */
  restore(batchId: string): Promise<string[]>;
  /** Moves one batch (or every batch, leftovers of an earlier run included) to the OS trash. */
  flush(batchId?: string): Promise<void>;
}

/** Files of an item, relative to the library folder: media first, then cover and sidecar. */
function filesOf(item: LibraryItem): string[] {
  const files = [item.file];
  if (item.cover) files.push(item.cover);
  if (item.hasSidecar) files.push(sidecarNameFor(item.file));
  return files;
}

export function createUndoTrash(ctx: UndoTrashContext): UndoTrash {
  const root = join(ctx.dir, TRASH_FOLDER);
  const windowMs = ctx.windowMs ?? UNDO_WINDOW_MS;
  const timers = new Map<string, NodeJS.Timeout>();
  const osTrash = ctx.osTrash ?? ((p: string) => fs.rm(p, { force: true }));
  const batchDir = (batchId: string) => join(root, batchId);

  async function readManifest(batchId: string): Promise<Manifest | null> {
    // non-blocking, regular files only, capped before reading
    const text = await readRegularText(join(batchDir(batchId), 'manifest.json'), 8_000_000).catch(
      () => null,
    );
    if (text === null) return null;
    try {
      return ManifestSchema.parse(JSON.parse(text));
    } catch {
      return null;
    }
  }

  async function flushOne(batchId: string): Promise<void> {
    clearTimeout(timers.get(batchId));
    timers.delete(batchId);
    const manifest = await readManifest(batchId);
    for (const entry of manifest?.items ?? [])
      for (const rel of entry.files) {
        const at = join(batchDir(batchId), 'files', rel);
        if (await fs.lstat(at).catch(() => null))
          await osTrash(at).catch((e: unknown) => log.warn('could not move to the OS trash', e));
      }
    await fs.rm(batchDir(batchId), { recursive: true, force: true });
  }

  return {
    async stash(ids) {
      if (ids.length > MAX_TRASH_BATCH) throw appError('validation', 'errors:library.trashTooMany');
      const items = [...new Set(ids)].map((id) => ctx.get(id)).filter((i) => i !== undefined);
      if (items.length === 0) throw appError('not_found', 'errors:library.itemGone');
      const batchId = randomUUID();
      const at = batchDir(batchId);
      await fs.mkdir(join(at, 'files'), { recursive: true });
      const manifest: Manifest = { items: [] };
      const moved: string[] = [];
      try {
        for (const item of items) {
          const files: string[] = [];
          for (const rel of filesOf(item)) {
            const to = join(at, 'files', rel);
            await fs.mkdir(dirname(to), { recursive: true });
            try {
              await fs.rename(join(ctx.dir, rel), to);
              files.push(rel);
            } catch (e) {
              // a missing cover or sidecar is fine; the media itself must move
              if (rel === item.file) throw e;
            }
          }
          manifest.items.push({ id: item.id, files });
          moved.push(item.file);
          // the manifest is written as it grows: a crash mid-way still finds every moved file
          if (manifest.items.length % 500 === 1 || manifest.items.length === items.length)
            await writeJsonAtomic(join(at, 'manifest.json'), manifest);
        }
      } catch (e) {
        await writeJsonAtomic(join(at, 'manifest.json'), manifest);
        await restoreBatch(batchId).catch(() => undefined);
        throw appError('io', 'errors:library.trashFailed', {}, { cause: e });
      }
      await ctx.refresh(moved);
      timers.set(
        batchId,
        setTimeout(
          () => void flushOne(batchId).catch((e: unknown) => log.warn('trash flush', e)),
          windowMs,
        ),
      );
      return { batchId, itemIds: manifest.items.map((i) => i.id) };
    },

    restore: (batchId) => restoreBatch(batchId),

    async flush(batchId) {
      if (batchId !== undefined) {
        if (BATCH_ID.test(batchId)) await flushOne(batchId);
        return;
      }
      const names = await fs.readdir(root).catch(() => [] as string[]);
      for (const name of names) if (BATCH_ID.test(name)) await flushOne(name);
      await fs.rmdir(root).catch(() => undefined);
    },
  };

  async function restoreBatch(batchId: string): Promise<string[]> {
    if (!BATCH_ID.test(batchId)) throw appError('validation', 'errors:library.undoGone');
    const manifest = await readManifest(batchId);
    if (!manifest) throw appError('not_found', 'errors:library.undoGone');
    clearTimeout(timers.get(batchId));
    timers.delete(batchId);
    const restored: string[] = [];
    const media: string[] = [];
    for (const entry of manifest.items) {
      let back = false;
      for (const rel of entry.files) {
        const to = join(ctx.dir, rel);
        // a file made since under the same name is never overwritten
        if (await fs.lstat(to).catch(() => null)) continue;
        await fs.mkdir(dirname(to), { recursive: true });
        await fs.rename(join(batchDir(batchId), 'files', rel), to).then(
          () => (back = true),
          (e: unknown) => log.warn('could not restore a trashed file', e),
        );
      }
      if (back) {
        restored.push(entry.id);
        if (entry.files[0]) media.push(entry.files[0]);
      }
    }
    // what could not go back (its name was taken) goes to the OS trash with the rest
    await flushOne(batchId);
    if (media.length > 0) await ctx.refresh(media);
    return restored;
  }
}
