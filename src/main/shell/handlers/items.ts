/** Helpers the item handlers share (library, edit, analysis, export). */
import { appError } from '@shared/app-error';
import type { LibraryItem } from '@shared/domain/library';
import type { JobsRuntime } from '../../services/core';
import type { HandlerContext } from '../ipc';

/** The item, or `not_found` when it has left the library. */
export function requireItem(rt: JobsRuntime, id: string): LibraryItem {
  const item = rt.library.get(id);
  if (!item) throw appError('not_found', 'errors:library.itemGone');
  return item;
}

/** The window (webContents) a call came from; null without one (tests calling handlers directly). */
export const senderOf = (ctx: HandlerContext): unknown =>
  (ctx as Partial<HandlerContext>).event?.sender ?? null;
