/**
 * Loudness (ITU-R BS.1770-4 / EBU R128) as main, the CLI and the export call it:
 *
 *   const l = await measureLoudnessInWorker('/library/song.mp3');   // { integratedLufs, truePeakDb, … }
 *   core.loudness.measure(itemId)   // kept in the item's sidecar, measured once
 *
 * The meter and decoding run in the worker thread (task `audio.loudness`), never on main's loop.
 */
import type { Loudness } from '@shared/domain/loudness';
import { audioWorker } from '../../worker';
import type { loudnessTasks } from './tasks';

export { levellingGain, type Loudness } from '@shared/domain/loudness';

/** Measures a file in the worker; null when it cannot be decoded here (AAC, video). */
export const measureLoudnessInWorker = (
  path: string,
  signal?: AbortSignal,
): Promise<Loudness | null> =>
  audioWorker<typeof loudnessTasks>().run('audio.loudness', { path }, { signal });
