/**
 * library:* — the library folder (chosen in a main-process dialog; the renderer never sends a
 * path), its items, showing a file in the file manager or dragging it out, and media URLs for
 * playing items. Trim and whole song are edit:*, waveform and loudness analysis:*, export export:*.
 */
import { composerSettingsFrom } from '@shared/domain/reuse';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';
import { toLibraryItemView, type LibraryFolder, type LibraryItemView } from '@shared/ipc/library';
import type { LibraryItem } from '@shared/domain/library';
import type { Library } from '../../services/library/library';
import type { Core, JobsRuntime } from '../../services/core';
import { libraryMediaUrl } from '../../services/media-protocol/handler';
import type { HandlerContext, NamespaceHandlers } from '../ipc';
import { requireItem } from './items';
import type { FileRegistry } from '../../services/files/registry';
import { settingsInFile } from '../../services/library/relink';
import { logger } from '../../services/log';

const log = logger('library');

export interface LibraryHandlerDeps {
  core: Pick<Core, 'settings' | 'jobsHost' | 'loudness'> &
    Partial<Pick<Core, 'libraryUpgrade' | 'collections'>> & {
      paths: { dataDir: string };
    };
  env: NodeJS.ProcessEnv;
  /** Files the creator picked or dropped (a dropped file's recipe is read through its handle). */
  registry: Pick<FileRegistry, 'get'>;
  /** Shows the OS folder dialog starting at `defaultPath`; the chosen folder or null. */
  chooseFolderDialog(ctx: HandlerContext, defaultPath: string): Promise<string | null>;
  showItemInFolder(absolutePath: string): void;
  /** Tells every window the library changed as a whole (a new folder). */
  notifyFolderChanged(removed: string[], added: string[]): void;
  /** `webContents.startDrag` of the sender with the files and an icon (a PNG path). */
  startDrag?(ctx: HandlerContext, absolutePaths: string[], iconPath: string): void;
}

/** A 32×32 PNG shown under the pointer while an item is dragged out of the app. */
const DRAG_ICON_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAaklEQVR42u3X0QkAIQwD0A7qCO7tGOefHHqK4jURScBf8xCE1qxKDOnxPNaLd/EQgi5vEFQAq7wgBPjzsncEEEAAAQSAAOoiGOArMMBs7gSshPICkIGEDhj9AvhItlN8zlCqzeiI5ZS5nmfEJ+AXp9tifQAAAABJRU5ErkJggg==',
  'base64',
);

export function libraryHandlers(deps: LibraryHandlerDeps): NamespaceHandlers<'library'> {
  const { settings, jobsHost, loudness } = deps.core;
  /** Views of these items with their prompts (main's rows hold none: one worker call a page). */
  const viewsOf = async (
    library: Pick<Library, 'prompts'>,
    items: readonly LibraryItem[],
  ): Promise<LibraryItemView[]> => {
    const prompts = await library.prompts(items);
    return items.map((item, i) => toLibraryItemView(item, loudness.of(item), prompts[i] ?? null));
  };

  const folder = (dir: string): LibraryFolder => ({
    path: dir,
    source: deps.env.CADENZA_LIBRARY?.trim()
      ? 'environment'
      : settings.get().libraryDir
        ? 'settings'
        : 'default',
  });

  const dragIcon = async (): Promise<string> => {
    const path = join(deps.core.paths.dataDir, 'drag-icon.png');
    if (!(await fs.stat(path).catch(() => null))) {
      await fs.mkdir(deps.core.paths.dataDir, { recursive: true });
      await fs.writeFile(path, DRAG_ICON_PNG);
    }
    return path;
  };

  return {
    async getFolder() {
      const rt = await jobsHost.runtime();
      return folder(rt.library.dir);
    },
    async chooseFolder(ctx) {
      if (deps.env.CADENZA_LIBRARY?.trim()) {
        throw appError('validation', 'errors:library.folderFromEnv');
      }
      const rt = await jobsHost.runtime();
      const before = rt.library.dir;
      const beforeIds = rt.library.items().map((i) => i.id);
      const chosen = await deps.chooseFolderDialog(ctx, before);
      if (!chosen) throw appError('cancelled', 'errors:library.folderUnchanged');
      if (chosen === before) return folder(before);
      const previousSetting = settings.get().libraryDir;
      await settings.update({ libraryDir: chosen });
      let next: JobsRuntime;
      try {
        next = await jobsHost.reopen();
      } catch (e) {
        await settings.update({ libraryDir: previousSetting });
        await jobsHost.reopen().catch(() => undefined);
        throw appError('io', 'errors:library.folderUnusable', {}, { cause: e });
      }
      deps.notifyFolderChanged(
        beforeIds,
        next.library.items().map((i) => i.id),
      );
      return folder(next.library.dir);
    },
    async list(_ctx, query) {
      if (query?.limit !== undefined && !query.text && !query.kind && !query.ids) {
        // a page of the whole list, answered as soon as the open in progress has listed it (the
        // saved head comes first), not when a large index has loaded
        const from = query.offset ?? 0;
        const library = await jobsHost.listing();
        await Promise.race([library.whenListed(from + query.limit), jobsHost.runtime()]);
        return viewsOf(library, library.items().slice(from, from + query.limit));
      }
      // a search: the background upgrade of old files waits for a quiet moment
      if (query?.text) deps.core.libraryUpgrade?.noteSearch();
      const rt = await jobsHost.runtime();
      if (query?.ids) {
        // the items a change named, as they are now (gone ones are left out)
        const found = query.ids.map((id) => rt.library.get(id)).filter((i) => i !== undefined);
        return viewsOf(rt.library, found);
      }
      const items =
        query && (query.text || query.kind) ? await rt.library.filter(query) : rt.library.items();
      const from = query?.offset ?? 0;
      const page =
        from === 0 && query?.limit === undefined
          ? items
          : items.slice(from, query?.limit === undefined ? undefined : from + query.limit);
      return viewsOf(rt.library, page);
    },
    async matching(_ctx, text) {
      deps.core.libraryUpgrade?.noteSearch();
      const rt = await jobsHost.runtime();
      return (await rt.library.filter({ text })).map((item) => item.id);
    },
    async showInFolder(_ctx, id) {
      const rt = await jobsHost.runtime();
      deps.showItemInFolder(rt.library.pathOf(requireItem(rt, id)));
      return null;
    },
    async mediaUrl(_ctx, id) {
      const rt = await jobsHost.runtime();
      return libraryMediaUrl(requireItem(rt, id).file);
    },
    async lyrics(_ctx, id) {
      const rt = await jobsHost.runtime();
      const item = await rt.library.full(requireItem(rt, id));
      return { title: item.title, lyrics: item.lyrics?.trim() ? item.lyrics : null };
    },
    async reuseSettings(_ctx, id) {
      const rt = await jobsHost.runtime();
      const item = await rt.library.full(requireItem(rt, id));
      return composerSettingsFrom(item);
    },
    async fileSettings(_ctx, handle) {
      // a file the creator dropped (registered and sniffed as audio); read, never written
      return settingsInFile(deps.registry.get(handle).path);
    },
    async rename(_ctx, id, title) {
      const rt = await jobsHost.runtime();
      requireItem(rt, id);
      try {
        const renamed = await rt.library.rename(id, title);
        return (await viewsOf(rt.library, [renamed]))[0]!;
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw appError('io', 'errors:library.renameFailed', {}, { cause: e });
      }
    },
    async remove(_ctx, id) {
      const rt = await jobsHost.runtime();
      requireItem(rt, id);
      // trashed on purpose: its job does not report it lost (marked first, so the change finds it)
      await rt.jobs.markTrashed([id]);
      try {
        await rt.library.remove(id);
      } catch (e) {
        await rt.jobs.markTrashed([id], false).catch(() => undefined);
        if (e instanceof AppError) throw e;
        throw appError('io', 'errors:library.trashFailed', {}, { cause: e });
      }
      return null;
    },
    async trash(_ctx, ids) {
      const rt = await jobsHost.runtime();
      // trashed on purpose: their jobs do not report them lost (marked first, so the change finds it)
      await rt.jobs.markTrashed(ids);
      try {
        const batch = await rt.library.trash.stash(ids);
        // their entries leave the collections now, and come back with Undo
        await deps.core.collections
          ?.trashed(batch.batchId, batch.itemIds)
          .catch((e: unknown) => log.warn('collections not updated for a trash', e));
        return batch;
      } catch (e) {
        await rt.jobs.markTrashed(ids, false).catch(() => undefined);
        if (e instanceof AppError) throw e;
        throw appError('io', 'errors:library.trashFailed', {}, { cause: e });
      }
    },
    async undoTrash(_ctx, batchId) {
      const rt = await jobsHost.runtime();
      const restored = await rt.library.trash.restore(batchId);
      await rt.jobs.markTrashed(restored, false);
      await deps.core.collections
        ?.untrashed(batchId, restored)
        .catch((e: unknown) => log.warn('collection entries not put back', e));
      return restored;
    },
    async finishTrash(_ctx, batchId) {
      const rt = await jobsHost.runtime();
      await rt.library.trash.flush(batchId);
      deps.core.collections?.forget(batchId);
      return null;
    },
    async startDrag(ctx, ids) {
      const rt = await jobsHost.runtime();
      // only the library's own files, each named by its item (the renderer never sends a path)
      const paths = [...new Set(ids)].map((id) => rt.library.pathOf(requireItem(rt, id)));
      if (!deps.startDrag) throw appError('forbidden', 'errors:library.dragUnavailable');
      deps.startDrag(ctx, paths, await dragIcon());
      return null;
    },
  };
}
