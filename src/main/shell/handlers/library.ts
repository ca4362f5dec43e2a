/**
 * library:* — the library folder (chosen in a main-process dialog; the renderer never sends a
 * path), its items, showing a file in the file manager, and media URLs for playing items.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@shared/errors';
import type { ExportProgress } from '@shared/domain/export';
import type { LibraryItem } from '@shared/domain/library';
import {
  itemLoudnessOf,
  toLibraryItemView,
  type LibraryFolder,
  type WholeSongProgress,
} from '@shared/ipc/library';
import type { Core, JobsRuntime } from '../../services/core';
import { libraryMediaUrl } from '../../services/media-protocol/handler';
import { trimItem } from '../../services/edit/trim-item';
import { sanitizeBaseName } from '../../services/library/names';
import type { HandlerContext, NamespaceHandlers } from '../ipc';

export interface LibraryHandlerDeps {
  core: Pick<
    Core,
    'settings' | 'jobsHost' | 'waveforms' | 'loudness' | 'exporter' | 'wholeSongs'
  > & {
    paths: { dataDir: string };
  };
  env: NodeJS.ProcessEnv;
  /** Shows the OS folder dialog starting at `defaultPath`; the chosen folder or null. */
  chooseFolderDialog(ctx: HandlerContext, defaultPath: string): Promise<string | null>;
  showItemInFolder(absolutePath: string): void;
  /** Tells every window the library changed as a whole (a new folder). */
  notifyFolderChanged(removed: string[], added: string[]): void;
  /** Shows the OS folder dialog for exports; the chosen folder or null. */
  chooseExportFolder?(ctx: HandlerContext): Promise<string | null>;
  /** Sends the export's progress to the window that started it. */
  sendExportProgress?(ctx: HandlerContext, progress: ExportProgress): void;
  /** Shows the OS save dialog for a .txt file; the chosen path or null. */
  chooseTextFile?(ctx: HandlerContext, defaultName: string): Promise<string | null>;
  /** Tells the asking window how far a whole-song render has come. */
  wholeSongProgress?(ctx: HandlerContext, progress: WholeSongProgress): void;
  /** Sends a trim's progress to the window that asked for it. */
  trimProgress?(ctx: HandlerContext, progress: WholeSongProgress): void;
  /** `webContents.startDrag` of the sender with the file and an icon (a PNG path). */
  startDrag?(ctx: HandlerContext, absolutePath: string, iconPath: string): void;
}

/** A 32×32 PNG shown under the pointer while an item is dragged out of the app. */
const DRAG_ICON_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAaklEQVR42u3X0QkAIQwD0A7qCO7tGOefHHqK4jURScBf8xCE1qxKDOnxPNaLd/EQgi5vEFQAq7wgBPjzsncEEEAAAQSAAOoiGOArMMBs7gSshPICkIGEDhj9AvhItlN8zlCqzeiI5ZS5nmfEJ+AXp9tifQAAAABJRU5ErkJggg==',
  'base64',
);

/** The window (webContents) a call came from; null without one (tests calling handlers directly). */
const senderOf = (ctx: HandlerContext): unknown =>
  (ctx as Partial<HandlerContext>).event?.sender ?? null;

export function libraryHandlers(deps: LibraryHandlerDeps): NamespaceHandlers<'library'> {
  const { settings, jobsHost, waveforms, loudness, exporter } = deps.core;
  /** Exports in progress, by the window that started them (cancelExport stops that window's). */
  const exportsBySender = new Map<unknown, AbortController[]>();
  /** Whole-song and trim renders in progress, by window and source item (cancelRender stops them). */
  const rendersBySender = new Map<unknown, Map<string, Set<AbortController>>>();
  /** Runs a render this window can stop; a stopped one answers `cancelled`, whatever threw. */
  async function stoppable<T>(
    ctx: HandlerContext,
    itemId: string,
    run: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const sender = senderOf(ctx);
    const controller = new AbortController();
    const mine = rendersBySender.get(sender) ?? new Map<string, Set<AbortController>>();
    rendersBySender.set(sender, mine);
    const forItem = mine.get(itemId) ?? new Set<AbortController>();
    mine.set(itemId, forItem.add(controller));
    try {
      return await run(controller.signal);
    } catch (e) {
      if (controller.signal.aborted)
        throw new AppError('cancelled', 'Stopped. Nothing was saved; the original is as it was.');
      throw e;
    } finally {
      forItem.delete(controller);
      if (forItem.size === 0) mine.delete(itemId);
      if (mine.size === 0) rendersBySender.delete(sender);
    }
  }

  const folder = (dir: string): LibraryFolder => ({
    path: dir,
    source: deps.env.CADENZA_LIBRARY?.trim()
      ? 'environment'
      : settings.get().libraryDir
        ? 'settings'
        : 'default',
  });

  const requireItem = (rt: JobsRuntime, id: string): LibraryItem => {
    const item = rt.library.get(id);
    if (!item) throw new AppError('not_found', 'That item is no longer in the library.');
    return item;
  };

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
        throw new AppError(
          'validation',
          'CADENZA_LIBRARY sets the library folder for this run; unset it to choose another.',
        );
      }
      const rt = await jobsHost.runtime();
      const before = rt.library.dir;
      const beforeIds = rt.library.items().map((i) => i.id);
      const chosen = await deps.chooseFolderDialog(ctx, before);
      if (!chosen) throw new AppError('cancelled', 'The library folder was not changed.');
      if (chosen === before) return folder(before);
      const previousSetting = settings.get().libraryDir;
      await settings.update({ libraryDir: chosen });
      let next: JobsRuntime;
      try {
        next = await jobsHost.reopen();
      } catch (e) {
        await settings.update({ libraryDir: previousSetting });
        await jobsHost.reopen().catch(() => undefined);
        throw new AppError(
          'io',
          'Cadenza could not use that folder for the library. Choose a folder you can write to.',
          { cause: e },
        );
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
        return library
          .items()
          .slice(from, from + query.limit)
          .map((item) => toLibraryItemView(item, loudness.of(item)));
      }
      const rt = await jobsHost.runtime();
      if (query?.ids) {
        // the items a change named, as they are now (gone ones are left out)
        const found = query.ids.map((id) => rt.library.get(id)).filter((i) => i !== undefined);
        return found.map((item) => toLibraryItemView(item, loudness.of(item)));
      }
      const items =
        query && (query.text || query.kind) ? await rt.library.filter(query) : rt.library.items();
      const from = query?.offset ?? 0;
      const page =
        from === 0 && query?.limit === undefined
          ? items
          : items.slice(from, query?.limit === undefined ? undefined : from + query.limit);
      return page.map((item) => toLibraryItemView(item, loudness.of(item)));
    },
    async matching(_ctx, text) {
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
      const item = requireItem(rt, id);
      return { title: item.title, lyrics: item.lyrics?.trim() ? item.lyrics : null };
    },
    async exportLyrics(ctx, id) {
      const rt = await jobsHost.runtime();
      const item = requireItem(rt, id);
      if (!item.lyrics?.trim()) throw new AppError('not_found', 'This item has no lyrics.');
      const path = await deps.chooseTextFile?.(ctx, `${sanitizeBaseName(item.title)}.txt`);
      if (!path) throw new AppError('cancelled', 'The lyrics were not exported.');
      const text = `${item.title}\n\n${item.lyrics.trim()}\n`.replace(
        /\r?\n/g,
        process.platform === 'win32' ? '\r\n' : '\n',
      );
      try {
        await fs.writeFile(path, text, 'utf8');
      } catch (e) {
        throw new AppError(
          'io',
          'Cadenza could not write that file. Choose a folder you can write to.',
          { cause: e },
        );
      }
      return { path };
    },
    async rename(_ctx, id, title) {
      const rt = await jobsHost.runtime();
      requireItem(rt, id);
      try {
        const renamed = await rt.library.rename(id, title);
        return toLibraryItemView(renamed, loudness.of(renamed));
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw new AppError(
          'io',
          'Cadenza could not rename the file. It may be open in another program.',
          { cause: e },
        );
      }
    },
    async remove(_ctx, id) {
      const rt = await jobsHost.runtime();
      requireItem(rt, id);
      try {
        await rt.library.remove(id);
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw new AppError('io', 'Cadenza could not move the file to the trash.', { cause: e });
      }
      return null;
    },
    async exportItems(ctx, ids, options = { format: 'original' }) {
      const rt = await jobsHost.runtime();
      const items = [...new Set(ids)].map((id) => requireItem(rt, id));
      const folder = await deps.chooseExportFolder?.(ctx);
      if (!folder) throw new AppError('cancelled', 'Nothing was exported.');
      const controller = new AbortController();
      const sender = senderOf(ctx);
      exportsBySender.set(sender, [...(exportsBySender.get(sender) ?? []), controller]);
      try {
        return await exporter.exportItems(
          { items, library: rt.library, folder, options },
          {
            signal: controller.signal,
            onProgress: (p) => deps.sendExportProgress?.(ctx, p),
          },
        );
      } finally {
        const left = (exportsBySender.get(sender) ?? []).filter((c) => c !== controller);
        if (left.length > 0) exportsBySender.set(sender, left);
        else exportsBySender.delete(sender);
      }
    },
    cancelExport(ctx) {
      for (const c of exportsBySender.get(senderOf(ctx)) ?? []) c.abort();
      return null;
    },
    exportDefaults() {
      return settings.get().export ?? {};
    },
    async setExportDefaults(_ctx, defaults) {
      return (await settings.update({ export: defaults })).export ?? {};
    },
    async startDrag(ctx, id) {
      const rt = await jobsHost.runtime();
      const item = requireItem(rt, id);
      if (!deps.startDrag)
        throw new AppError('forbidden', 'Dragging files out is not available here.');
      deps.startDrag(ctx, rt.library.pathOf(item), await dragIcon());
      return null;
    },
    async waveform(_ctx, id) {
      const rt = await jobsHost.runtime();
      const item = requireItem(rt, id);
      return waveforms.get(item, rt.library.pathOf(item));
    },
    async waveformWindow(_ctx, id, window) {
      const rt = await jobsHost.runtime();
      return waveforms.window(rt.library.pathOf(requireItem(rt, id)), window);
    },
    async wholeSong(ctx, id) {
      let last = -1;
      const item = await stoppable(ctx, id, (signal) =>
        deps.core.wholeSongs.render(id, {
          signal,
          onProgress: (fraction) => {
            // a few steps a second at most: each is a message to the window
            if (fraction - last < 0.02 && fraction < 1) return;
            last = fraction;
            deps.wholeSongProgress?.(ctx, { itemId: id, fraction: Math.min(1, fraction) });
          },
        }),
      );
      return toLibraryItemView(item);
    },
    async trim(ctx, id, request) {
      const rt = await jobsHost.runtime();
      let last = -1;
      const item = await stoppable(ctx, id, (signal) =>
        trimItem(rt.library, id, request, {
          signal,
          onProgress: (fraction) => {
            // a few steps a second at most: each is a message to the window
            if (fraction - last < 0.02 && fraction < 1) return;
            last = fraction;
            deps.trimProgress?.(ctx, { itemId: id, fraction: Math.min(1, fraction) });
          },
        }),
      );
      return toLibraryItemView(item);
    },
    cancelRender(ctx, id) {
      for (const c of rendersBySender.get(senderOf(ctx))?.get(id) ?? []) c.abort();
      return null;
    },
    async loudness(_ctx, id) {
      return itemLoudnessOf(await loudness.measure(id));
    },
  };
}
