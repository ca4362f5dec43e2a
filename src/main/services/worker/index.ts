/**
 * The worker: heavy work (index build and load, search, audio analysis) off main's event loop.
 *
 *   const worker = sharedWorker();
 *   const rows = await worker.run('library.open', { dir }, { signal, onProgress });
 *
 * `sharedWorker()` is one client per process, so the app's services and the CLI share one thread.
 * Long audio work (whole-file decoding, loudness, whole songs, trims, export encoding) runs on a
 * second thread, `audioWorker()`, so the library's index and search never queue behind a
 * four-minute encode or a loudness pass over the whole library.
 */
import { createWorkerClient, type WorkerClient } from './client';
import type { WorkerTasks } from '../worker-tasks/registry';
import { logger } from '../log';

export { createWorkerClient, defaultWorkerEntry } from './client';
export type { RunOptions, WorkerClient, WorkerClientOptions } from './client';
export { serveTasks } from './serve';
export type { TaskContext, TaskHandler, TaskRegistry } from './protocol';
export type { WorkerTasks } from '../worker-tasks/registry';

export type AppWorker = WorkerClient<WorkerTasks>;

const log = logger('worker');

let shared: AppWorker | undefined;

/** The process's worker client (created on first use; its thread starts on the first call). */
export function sharedWorker(): AppWorker {
  shared ??= createWorkerClient<WorkerTasks>({
    onCrash: (reason) => log.error(`background worker stopped (${reason}); restarting`),
  });
  return shared;
}

let audio: AppWorker | undefined;

/**
 * The process's thread for long audio work (created on first use; the same entry and tasks as
 * `sharedWorker()`, and the same lowered priority). Interactive tasks — the index, search, peaks
 * for the waveform, the probe — stay on `sharedWorker()`.
 */
export function audioWorker(): AppWorker {
  audio ??= createWorkerClient<WorkerTasks>({
    onCrash: (reason) => log.error(`audio worker stopped (${reason}); restarting`),
  });
  return audio;
}
