/**
 * The audio engine's worker tasks, registered in services/worker-tasks/registry.ts. `audio.decode` decodes
 * a file to PCM in the worker thread and moves the sample buffers to the caller (no copy);
 * `audio.wholeSong` renders an extension chain into one MP3 file (whole/render.ts).
 */
import type { TaskContext } from '../worker/protocol';
import { decodePcm, type Pcm } from './decode/pcm';
import { inRenderTurn } from './render/queue';
import {
  renderWholeSong,
  type WholeSongInput,
  type WholeSongProgress,
  type WholeSongReport,
} from './whole/render';

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
  'audio.wholeSong': (
    input: WholeSongInput,
    ctx: TaskContext<WholeSongProgress>,
  ): Promise<WholeSongReport> =>
    inRenderTurn(ctx.signal, () =>
      renderWholeSong(input, { signal: ctx.signal, onProgress: (p) => ctx.progress(p) }),
    ),
};
