/**
 * The audio engine as main and the CLI call it: every step runs in the worker thread, never on
 * main's event loop (no decode runs in main: trims, exports, loudness and peaks are worker tasks).
 *
 *   const report = await renderWholeSongInWorker({ parts, outPath }, { onProgress });
 */
import { audioWorker } from '../worker';
import type { audioTasks } from './tasks';
import type { WholeSongInput, WholeSongProgress, WholeSongReport } from './whole/render';

export type { Pcm } from './decode/pcm';

/** Renders an extension chain into one MP3 file in the worker (see whole/render.ts). */
export const renderWholeSongInWorker = (
  input: WholeSongInput,
  options: { signal?: AbortSignal; onProgress?: (p: WholeSongProgress) => void } = {},
): Promise<WholeSongReport> =>
  audioWorker<typeof audioTasks>().run('audio.wholeSong', input, {
    signal: options.signal,
    onProgress: options.onProgress,
  });
