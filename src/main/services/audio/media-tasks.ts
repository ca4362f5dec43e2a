/**
 * The media toolkit's worker tasks: probing (the library's background reading of files added
 * outside the app, clone and cover checks) and decoding to waveform peaks (whole files, and a
 * window of one at any zoom). Registered in
 * services/worker/tasks.ts; callers run them with `sharedWorker().run('media.peaks', …)`.
 */
import type { TaskContext } from '../worker/protocol';
import { decodePeaks, type Peaks } from './peaks/peaks';
import { windowPeaks, type PeaksWindow } from './peaks/peaks-window';
import { probeFile, type MediaProbe } from './probe';

export const mediaTasks = {
  'media.probe': (input: { path: string; art?: boolean }): Promise<MediaProbe | null> =>
    probeFile(input.path, { art: input.art }),
  'media.peaks': (input: { path: string }, ctx: TaskContext): Promise<Peaks | null> =>
    decodePeaks(input.path, { signal: ctx.signal }),
  'media.peaksWindow': (
    input: { path: string } & PeaksWindow,
    ctx: TaskContext,
  ): Promise<number[] | null> => windowPeaks(input.path, input, ctx.signal),
};
