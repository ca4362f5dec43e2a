import type { FileInfo, FileKind } from '../domain/files';
import type { Result } from '../result';
import type { CadenzaEvents, CadenzaInvokeApi } from './contract';

/** Something the preload can turn into a path with webUtils.getPathForFile (a DOM File). */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/**
 * `window.cadenza`: one named function per contract entry, plus event subscriptions.
 * `files.registerDropped` takes DOM File objects; the preload resolves their paths.
 */
export type CadenzaApi = Omit<CadenzaInvokeApi, 'files'> & {
  files: Omit<CadenzaInvokeApi['files'], 'registerDropped'> & {
    registerDropped(files: readonly DroppedFile[], kind: FileKind): Promise<Result<FileInfo[]>>;
  };
  on: CadenzaEvents;
};
