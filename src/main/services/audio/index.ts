/**
 * The audio engine as main and the CLI call it: every step runs in the worker thread, never on
 * main's event loop.
 *
 *   const pcm = await decodeInWorker('/library/x.mp3', { signal });   // null: not decodable
 */
import { sharedWorker } from '../worker';
import type { Pcm } from './decode/pcm';

export type { Pcm } from './decode/pcm';

export const decodeInWorker = (
  path: string,
  options: { signal?: AbortSignal; maxMs?: number } = {},
): Promise<Pcm | null> =>
  sharedWorker().run('audio.decode', { path, maxMs: options.maxMs }, { signal: options.signal });
