/**
 * The peaks' worker tasks (registered in services/worker-tasks/registry.ts): decoding to waveform
 * peaks, of whole files and of a window of one at any zoom.
 *
 *   const peaks = await sharedWorker<typeof peaksTasks>().run('media.peaks', { path });
 */
import type { TaskContext } from '../../worker';
import { decodePeaks, type Peaks } from './peaks';
import { windowPeaks, type PeaksWindow } from './peaks-window';

export const peaksTasks = {
  'media.peaks': (input: { path: string }, ctx: TaskContext): Promise<Peaks | null> =>
    decodePeaks(input.path, { signal: ctx.signal }),
  'media.peaksWindow': (
    input: { path: string } & PeaksWindow,
    ctx: TaskContext,
  ): Promise<number[] | null> => windowPeaks(input.path, input, ctx.signal),
};
