/**
 * The audio engine as main and the CLI call it: every step runs in the worker thread, never on
 * main's event loop.
 *
 *   const pcm = await decodeInWorker('/library/x.mp3', { signal });   // null: not decodable
 *   const report = await renderWholeSongInWorker({ parts, outPath }, { onProgress });
 */
import { audioWorker } from '../worker';
import type { audioTasks } from './tasks';
import type { Pcm } from './decode/pcm';
import type { WholeSongInput, WholeSongProgress, WholeSongReport } from './whole/render';

export type { Pcm } from './decode/pcm';

export const decodeInWorker = (
  path: string,
  options: { signal?: AbortSignal; maxMs?: number } = {},
): Promise<Pcm | null> =>
  audioWorker<typeof audioTasks>().run(
    'audio.decode',
    { path, maxMs: options.maxMs },
    { signal: options.signal },
  );

/** Renders an extension chain into one MP3 file in the worker (see whole/render.ts). */
export const renderWholeSongInWorker = (
  input: WholeSongInput,
  options: { signal?: AbortSignal; onProgress?: (p: WholeSongProgress) => void } = {},
): Promise<WholeSongReport> =>
  audioWorker<typeof audioTasks>().run('audio.wholeSong', input, {
    signal: options.signal,
    onProgress: options.onProgress,
  });
