/**
 * library:* — the library folder (chosen in a main-process dialog; the renderer never sends a
 * path), its items, showing a file in the file manager, and media URLs for playing items.
 */
import { AppError } from '@shared/errors';
import type { LibraryItem } from '@shared/domain/library';
import { toLibraryItemView, type LibraryFolder } from '@shared/ipc/library';
import type { Core, JobsRuntime } from '../../services/core';
import { libraryMediaUrl } from '../../services/media/handler';
import type { HandlerContext, NamespaceHandlers } from '../ipc';

export interface LibraryHandlerDeps {
  core: Pick<Core, 'settings'>;
  env: NodeJS.ProcessEnv;
  runtime(): Promise<JobsRuntime>;
  /** Reopens the library and jobs on the folder the settings name now. */
  reopen(): Promise<JobsRuntime>;
  /** Shows the OS folder dialog starting at `defaultPath`; the chosen folder or null. */
  chooseFolderDialog(ctx: HandlerContext, defaultPath: string): Promise<string | null>;
  showItemInFolder(absolutePath: string): void;
  /** Tells every window the library changed as a whole (a new folder). */
  notifyFolderChanged(removed: string[], added: string[]): void;
}

export function libraryHandlers(deps: LibraryHandlerDeps): NamespaceHandlers<'library'> {
  const { settings } = deps.core;

  const folder = (dir: string): LibraryFolder => ({
    path: dir,
    source: deps.env.CADENZA_LIBRARY?.trim() ? 'environment' : settings.get().libraryDir ? 'settings' : 'default',
  });

  const requireItem = (rt: JobsRuntime, id: string): LibraryItem => {
    const item = rt.library.get(id);
    if (!item) throw new AppError('not_found', 'That item is no longer in the library.');
    return item;
  };

  return {
    async getFolder() {
      const rt = await deps.runtime();
      return folder(rt.library.dir);
    },
    async chooseFolder(ctx) {
      if (deps.env.CADENZA_LIBRARY?.trim()) {
        throw new AppError('validation', 'CADENZA_LIBRARY sets the library folder for this run; unset it to choose another.');
      }
      const rt = await deps.runtime();
      const before = rt.library.dir;
      const beforeIds = rt.library.items().map((i) => i.id);
      const chosen = await deps.chooseFolderDialog(ctx, before);
      if (!chosen) throw new AppError('cancelled', 'The library folder was not changed.');
      if (chosen === before) return folder(before);
      const previousSetting = settings.get().libraryDir;
      await settings.update({ libraryDir: chosen });
      let next: JobsRuntime;
      try {
        next = await deps.reopen();
      } catch (e) {
        await settings.update({ libraryDir: previousSetting });
        await deps.reopen().catch(() => undefined);
        throw new AppError('io', 'Cadenza could not use that folder for the library. Choose a folder you can write to.', { cause: e });
      }
      deps.notifyFolderChanged(beforeIds, next.library.items().map((i) => i.id));
      return folder(next.library.dir);
    },
    async list(_ctx, query) {
      const rt = await deps.runtime();
      const items = query && (query.text || query.kind) ? rt.library.filter(query) : rt.library.items();
      return items.map(toLibraryItemView);
    },
    async showInFolder(_ctx, id) {
      const rt = await deps.runtime();
      deps.showItemInFolder(rt.library.pathOf(requireItem(rt, id)));
      return null;
    },
    async mediaUrl(_ctx, id) {
      const rt = await deps.runtime();
      return libraryMediaUrl(requireItem(rt, id).file);
    },
  };
}
