/** files:* — picked and dropped files become opaque handles in main's FileRegistry. */
import type { FileInfo, FileKind } from '@shared/domain/files';
import type { FileRegistry } from '../../services/files/registry';
import { EXTENSIONS, KIND_LABELS } from '../../services/files/sniff';
import type { HandlerContext, NamespaceHandlers } from '../ipc';

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
  return [{ name: KIND_LABELS[kind], extensions: [...EXTENSIONS[kind]] }];
}

const TITLES: Record<FileKind, string> = {
  audio: 'Choose audio',
  image: 'Choose an image',
  video: 'Choose a video',
};

export function filesHandlers(deps: FilesHandlerDeps): NamespaceHandlers<'files'> {
  return {
    async pick(ctx, { kind, multiple }) {
      const paths = await deps.showOpenDialog(ctx, {
        filters: dialogFilters(kind),
        multiple,
        title: TITLES[kind],
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
