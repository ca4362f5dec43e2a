/** Library item actions through the bridge; each answers null or the error to show. */
import type { ExportOptions } from '@shared/domain/export';
import type { AppErrorShape } from '@shared/errors';
import type { ExportResult } from '@shared/ipc/export';
import type { LibraryItemView, Lyrics } from '@shared/ipc/library';
import { DRAG_OUT_MAX } from '@shared/ipc/library-limits';
import type { Result } from '@shared/result';
import { call } from '../../bridge';

export const renameItem = (id: string, title: string): Promise<Result<LibraryItemView>> =>
  call((api) => api.library.rename(id, title));
export const exportItems = (
  ids: string[],
  options?: ExportOptions,
): Promise<Result<ExportResult>> =>
  call((api) => (options ? api.export.items(ids, options) : api.export.items(ids)));
export const cancelExport = (): Promise<Result<null>> => call((api) => api.export.cancel());
export const loadLyrics = (id: string): Promise<Result<Lyrics>> =>
  call((api) => api.library.lyrics(id));
export const exportLyrics = (id: string): Promise<Result<{ path: string }>> =>
  call((api) => api.export.lyrics(id));

/** Starts the OS drag of the items' files (main calls webContents.startDrag). */
export async function startDragOut(ids: readonly string[]): Promise<AppErrorShape | null> {
  const these = ids.slice(0, DRAG_OUT_MAX);
  if (these.length === 0) return null;
  const r = await call((api) => api.library.startDrag(these));
  return r.ok ? null : r.error;
}
