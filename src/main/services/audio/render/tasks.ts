/**
 * The render tasks the worker runs: `audio.trim` (decode → cut → fade → encode → write), in the
 * render queue (queue.ts).
 * Registered in services/worker-tasks/registry.ts.
 */
import type { TaskContext } from '../../worker/protocol';
import { inRenderTurn } from './queue';
import { trimFile, type TrimFileInput, type TrimFileResult } from './trim-file';

export const renderTasks = {
  'audio.trim': (input: TrimFileInput, ctx: TaskContext<number>): Promise<TrimFileResult> =>
    inRenderTurn(ctx.signal, () =>
      trimFile(input, { signal: ctx.signal, onProgress: (f) => ctx.progress(f) }),
    ),
};
