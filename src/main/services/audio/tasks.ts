/**
 * The audio engine's worker tasks. `audio.decode` decodes a file to PCM in the worker thread and
 * moves the sample buffers to the caller (no copy). Registered in services/worker/tasks.ts.
 */
import type { TaskContext } from '../worker/protocol';
import { decodePcm, type Pcm } from './decode/pcm';

export interface DecodeTaskInput {
  path: string;
  /** Decode only the first `maxMs` milliseconds. */
  maxMs?: number;
}

export const audioTasks = {
  'audio.decode': async (input: DecodeTaskInput, ctx: TaskContext): Promise<Pcm | null> => {
    const pcm = await decodePcm(input.path, { signal: ctx.signal, maxMs: input.maxMs });
    if (pcm) ctx.transfer(...new Set(pcm.channels.map((c) => c.buffer as ArrayBuffer)));
    return pcm;
  },
};
