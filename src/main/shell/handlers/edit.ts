/**
 * edit:* — a trim or a whole song rendered in the worker into a new item, with progress sent to
 * the window that asked, and stopped on that window's request.
 */
import { appError } from '@shared/app-error';
import { toLibraryItemView } from '@shared/ipc/library';
import type { RenderProgress } from '@shared/ipc/edit';
import type { Core } from '../../services/core';
import { trimItem } from '../../services/edit/trim-item';
import type { HandlerContext, NamespaceHandlers } from '../ipc';
import { senderOf } from './items';

export interface EditHandlerDeps {
  core: Pick<Core, 'jobsHost' | 'wholeSongs'>;
  /** Tells the asking window how far a whole-song render has come. */
  wholeSongProgress?(ctx: HandlerContext, progress: RenderProgress): void;
  /** Sends a trim's progress to the window that asked for it. */
  trimProgress?(ctx: HandlerContext, progress: RenderProgress): void;
}

/** Reports a render's progress a few steps a second at most: each is a message to the window. */
function throttled(report: (fraction: number) => void): (fraction: number) => void {
  let last = -1;
  return (fraction) => {
    if (fraction - last < 0.02 && fraction < 1) return;
    last = fraction;
    report(Math.min(1, fraction));
  };
}

export function editHandlers(deps: EditHandlerDeps): NamespaceHandlers<'edit'> {
  const { jobsHost, wholeSongs } = deps.core;
  /** Renders in progress, by window and source item (`cancel` stops them). */
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
      if (controller.signal.aborted) throw appError('cancelled', 'errors:edit.stoppedNothingSaved');
      throw e;
    } finally {
      forItem.delete(controller);
      if (forItem.size === 0) mine.delete(itemId);
      if (mine.size === 0) rendersBySender.delete(sender);
    }
  }

  return {
    async wholeSong(ctx, id) {
      const onProgress = throttled((fraction) =>
        deps.wholeSongProgress?.(ctx, { itemId: id, fraction }),
      );
      const item = await stoppable(ctx, id, (signal) =>
        wholeSongs.render(id, { signal, onProgress }),
      );
      const rt = await jobsHost.runtime();
      return toLibraryItemView(item, item.loudness, (await rt.library.prompts([item]))[0]);
    },
    async trim(ctx, id, request) {
      const rt = await jobsHost.runtime();
      const onProgress = throttled((fraction) =>
        deps.trimProgress?.(ctx, { itemId: id, fraction }),
      );
      const item = await stoppable(ctx, id, (signal) =>
        trimItem(rt.library, id, request, { signal, onProgress }),
      );
      return toLibraryItemView(item, item.loudness, (await rt.library.prompts([item]))[0]);
    },
    cancel(ctx, id) {
      for (const c of rendersBySender.get(senderOf(ctx))?.get(id) ?? []) c.abort();
      return null;
    },
  };
}
