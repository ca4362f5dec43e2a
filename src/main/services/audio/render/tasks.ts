/**
 * The render tasks the worker runs: `audio.trim` (decode → cut → fade → encode → write).
 * Registered in services/worker-tasks/registry.ts.
 */
import type { TaskContext } from '../../worker/protocol';
import { trimFile, type TrimFileInput, type TrimFileResult } from './trim-file';

export const renderTasks = {
  'audio.trim': (input: TrimFileInput, ctx: TaskContext<number>): Promise<TrimFileResult> =>
    trimFile(input, { signal: ctx.signal, onProgress: (f) => ctx.progress(f) }),
};
