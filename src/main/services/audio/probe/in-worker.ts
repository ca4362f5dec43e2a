/** The probe run in the worker thread (a large MP3's frames are counted there, not on main). */
import { sharedWorker } from '../../worker';
import type { MediaProbe, ProbeOptions } from './index';
import type { probeTasks } from './tasks';

export const probeInWorker = (
  path: string,
  options: ProbeOptions = {},
): Promise<MediaProbe | null> =>
  sharedWorker<typeof probeTasks>().run('media.probe', { path, art: options.art });
