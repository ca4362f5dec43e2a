/**
 * The probe's worker task (registered in services/worker-tasks/registry.ts): the library's
 * background reading of files added outside the app, clone and cover checks.
 *
 *   const probe = await sharedWorker<typeof probeTasks>().run('media.probe', { path });
 */
import { probeFile, type MediaProbe } from './index';

export const probeTasks = {
  'media.probe': (input: { path: string; art?: boolean }): Promise<MediaProbe | null> =>
    probeFile(input.path, { art: input.art }),
};
