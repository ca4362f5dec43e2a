/**
 * export:* — items exported to a folder chosen in a main-process dialog (converted or copied,
 * progress to the window that started it, stopped on its request), lyrics to a chosen .txt file,
 * and the export defaults kept in settings.
 */
import { promises as fs } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { appError } from '@shared/app-error';
import type { ExportProgress } from '@shared/domain/export';
import type { Core } from '../../services/core';
import { albumCover } from '../../services/collections';
import { sanitizeBaseName } from '../../services/library/names';
import type { HandlerContext, NamespaceHandlers } from '../ipc';
import { requireItem, senderOf } from './items';

export interface ExportHandlerDeps {
  core: Pick<Core, 'settings' | 'jobsHost' | 'exporter'> & Partial<Pick<Core, 'collections'>>;
  /** Shows the OS folder dialog for exports; the chosen folder or null. */
  chooseExportFolder?(ctx: HandlerContext): Promise<string | null>;
  /** Sends the export's progress to the window that started it. */
  sendExportProgress?(ctx: HandlerContext, progress: ExportProgress): void;
  /** Shows the OS save dialog for a .txt file; the chosen path or null. */
  chooseTextFile?(ctx: HandlerContext, defaultName: string): Promise<string | null>;
  /** Shows a file in the OS file manager. */
  showItemInFolder?(absolutePath: string): void;
}

/** How many finished exports `showInFolder` can still find (the oldest are forgotten). */
const REMEMBERED_EXPORTS = 50;

export function exportHandlers(deps: ExportHandlerDeps): NamespaceHandlers<'export'> {
  const { settings, jobsHost, exporter } = deps.core;
  /** Exports in progress, by the window that started them (`cancel` stops that window's). */
  const exportsBySender = new Map<unknown, AbortController[]>();
  /** Where recent exports wrote, by their id: the renderer names an export, never a path. */
  const written = new Map<string, { folder: string; first: string | undefined }>();

  return {
    async items(ctx, ids, options = { format: 'original' }) {
      const rt = await jobsHost.runtime();
      const items = [...new Set(ids)].map((id) => requireItem(rt, id));
      // a collection's album: its artist and cover (the items come in its order from the window)
      const collection =
        options.collection && deps.core.collections
          ? await (await deps.core.collections.store()).get(options.collection)
          : null;
      const album = collection
        ? { artist: collection.artist, cover: albumCover(collection) }
        : undefined;
      const folder = await deps.chooseExportFolder?.(ctx);
      if (!folder) throw appError('cancelled', 'errors:export.nothingExported');
      const controller = new AbortController();
      const sender = senderOf(ctx);
      exportsBySender.set(sender, [...(exportsBySender.get(sender) ?? []), controller]);
      try {
        const outcome = await exporter.exportItems(
          { items, library: rt.library, folder, options, album },
          {
            signal: controller.signal,
            onProgress: (p) => deps.sendExportProgress?.(ctx, p),
          },
        );
        const exportId = randomUUID();
        written.set(exportId, { folder: outcome.folder, first: outcome.files[0] });
        for (const old of written.keys()) {
          if (written.size <= REMEMBERED_EXPORTS) break;
          written.delete(old);
        }
        return { exportId, ...outcome };
      } finally {
        const left = (exportsBySender.get(sender) ?? []).filter((c) => c !== controller);
        if (left.length > 0) exportsBySender.set(sender, left);
        else exportsBySender.delete(sender);
      }
    },
    showInFolder(_ctx, exportId) {
      const at = written.get(exportId);
      if (!at) throw appError('not_found', 'errors:export.whereUnknown');
      deps.showItemInFolder?.(at.first ? join(at.folder, at.first) : at.folder);
      return null;
    },
    cancel(ctx) {
      for (const c of exportsBySender.get(senderOf(ctx)) ?? []) c.abort();
      return null;
    },
    defaults() {
      return settings.get().export ?? {};
    },
    async setDefaults(_ctx, defaults) {
      return (await settings.update({ export: defaults })).export ?? {};
    },
    async lyrics(ctx, id) {
      const rt = await jobsHost.runtime();
      const item = await rt.library.full(requireItem(rt, id));
      if (!item.lyrics?.trim()) throw appError('not_found', 'library:lyrics.none');
      const path = await deps.chooseTextFile?.(ctx, `${sanitizeBaseName(item.title)}.txt`);
      if (!path) throw appError('cancelled', 'errors:export.lyricsNotExported');
      const text = `${item.title}\n\n${item.lyrics.trim()}\n`.replace(
        /\r?\n/g,
        process.platform === 'win32' ? '\r\n' : '\n',
      );
      try {
        await fs.writeFile(path, text, 'utf8');
      } catch (e) {
        throw appError('io', 'errors:export.fileUnwritten', {}, { cause: e });
      }
      return { path };
    },
  };
}
