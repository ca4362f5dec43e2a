/**
 * The export's worker task (registered in services/worker-tasks/registry.ts): one file per call, progress
 * 0..1 through it.
 *
 *   await audioWorker().run('export.file', input, { signal, onProgress });
 */
import type { TaskContext } from '../worker/protocol';
import { inRenderTurn } from '../audio/render/queue';
import { renderExport, type RenderInput, type RenderResult } from './render';

export const exportTasks = {
  'export.file': (input: RenderInput, ctx: TaskContext<number>): Promise<RenderResult> =>
    inRenderTurn(ctx.signal, () =>
      renderExport(input, { signal: ctx.signal, onProgress: (f) => ctx.progress(f) }),
    ),
};
