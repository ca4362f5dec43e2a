/**
 * The render tasks the worker runs: `audio.trim` (decode → cut → fade → encode → write).
 * Registered in services/worker-tasks/registry.ts.
 */
import type { TaskContext } from '../../worker/protocol';
import { decodePcm } from '../decode/pcm';
import { encodeAudio } from '../encode';
import { trimFile, type TrimEngine, type TrimFileInput, type TrimFileResult } from './trim-file';

const engine: TrimEngine = {
  decode: (path, options) => decodePcm(path, options),
  encode: (pcm, format, options) => encodeAudio(pcm, format, options),
};

export const renderTasks = {
  'audio.trim': (input: TrimFileInput, ctx: TaskContext<number>): Promise<TrimFileResult> =>
    trimFile(input, engine, { signal: ctx.signal, onProgress: (f) => ctx.progress(f) }),
};
