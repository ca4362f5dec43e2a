/**
 * The loudness worker task (registered in services/worker-tasks/registry.ts):
 * `audioWorker().run('audio.loudness', { path })`.
 */
import type { Loudness } from '@shared/domain/loudness';
import type { TaskContext } from '../../worker/protocol';
import { measureLoudness } from './measure';

export const loudnessTasks = {
  'audio.loudness': (input: { path: string }, ctx: TaskContext): Promise<Loudness | null> =>
    measureLoudness(input.path, { signal: ctx.signal }),
};
