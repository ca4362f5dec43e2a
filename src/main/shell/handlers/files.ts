/** files:* — picked and dropped files become opaque handles in main's FileRegistry. */
import type { FileInfo, FileKind } from '@shared/domain/files';
import type { FileRegistry } from '../../services/files/registry';
import { EXTENSIONS } from '../../services/files/sniff';
import type { HandlerContext, NamespaceHandlers } from '../ipc';
import { tr } from '../i18n';

export interface OpenDialogFilter {
  name: string;
  extensions: string[];
}

export interface FilesHandlerDeps {
  registry: FileRegistry;
  /** Shows the OS open dialog; resolves the chosen paths ([] when cancelled). */
  showOpenDialog(
    ctx: HandlerContext,
    options: { filters: OpenDialogFilter[]; multiple: boolean; title: string },
  ): Promise<string[]>;
  /** Files opened with Cadenza waiting for the renderer (shell/open-files.ts); none without it. */
  takeOpened?(): Promise<FileInfo[]>;
}

export function dialogFilters(kind: FileKind): OpenDialogFilter[] {
  return [{ name: tr(FILTER_NAMES[kind]), extensions: [...EXTENSIONS[kind]] }];
}

/** Catalog keys (main namespace) of the open dialog's filter names and titles. */
const FILTER_NAMES: Record<FileKind, string> = {
  audio: 'main:dialog.filterAudio',
  image: 'main:dialog.filterImages',
  video: 'main:dialog.filterVideos',
};
const TITLES: Record<FileKind, string> = {
  audio: 'main:dialog.chooseAudio',
  image: 'main:dialog.chooseImage',
  video: 'main:dialog.chooseVideo',
};

export function filesHandlers(deps: FilesHandlerDeps): NamespaceHandlers<'files'> {
  return {
    async pick(ctx, { kind, multiple }) {
      const paths = await deps.showOpenDialog(ctx, {
        filters: dialogFilters(kind),
        multiple,
        title: tr(TITLES[kind]),
      });
      return deps.registry.registerAll(multiple ? paths : paths.slice(0, 1), kind);
    },
    registerDropped: (_ctx, paths, kind) => deps.registry.registerAll(paths, kind),
    release(_ctx, handles) {
      deps.registry.release(handles);
      return null;
    },
    takeOpened: async () => (deps.takeOpened ? deps.takeOpened() : []),
  };
}
