/**
 * The worker: heavy work (index build and load, search, audio analysis) off main's event loop.
 *
 *   const worker = sharedWorker<typeof libraryTasks>();
 *   const rows = await worker.run('library.open', { dir }, { signal, onProgress });
 *
 * `sharedWorker()` is one client per process, so the app's services and the CLI share one thread.
 * Long audio work (whole-file decoding, loudness, whole songs, trims, export encoding) runs on a
 * second thread, `audioWorker()`, so the library's index and search never queue behind a
 * four-minute encode or a loudness pass over the whole library.
 *
 * The runtime knows no task. A caller names the tasks it runs, from its own floor's task module
 * (`sharedWorker<typeof libraryTasks>()`); worker-tasks/registry.ts, beside the composition root,
 * registers every floor's tasks in the thread. Without a type argument no task can be run.
 */
import { createWorkerClient, type WorkerClient } from './client';
import type { TaskHandler, TaskRegistry } from './protocol';
import { logger } from '../log';

export { createWorkerClient, defaultWorkerEntry, overMemory, WATCH_MS } from './client';
export type { RunOptions, WorkerClient, WorkerClientOptions } from './client';
export { serveTasks } from './serve';
export { boundHeapGrowth } from './heap-growth';
export type { TaskContext, TaskHandler, TaskRegistry } from './protocol';

/** No task at all: what a client typed without naming its tasks can run. */
type NoTasks = Record<never, TaskHandler>;

const log = logger('worker');

/**
 * Memory limits of the two threads (JS heap and sample buffers together; client.ts). The audio
 * thread's renders stream within 160 MB each, one at a time, and at most one whole decode (256 MiB of
 * samples, `MAX_DECODED_PCM_BYTES`) is held at a time; the shared thread holds the library's index
 * and search (about 150 MB at 50,000 items) and the probe's bounded reads. Above its limit a
 * thread is stopped and started again; main never is (docs/security.md).
 */
export const AUDIO_WORKER_LIMIT_MB = 512;
export const SHARED_WORKER_LIMIT_MB = 1024;
/**
 * The shared thread's young generation: its index lives long, and V8's default young space kept
 * ~40 MB more of the process's RSS after a 10,000-item open (260 → 219 MB), opens no slower.
 */
export const SHARED_WORKER_YOUNG_MB = 8;

let shared: WorkerClient<TaskRegistry> | undefined;

/**
 * The process's worker client (created on first use; its thread starts on the first call), typed
 * with the tasks the caller runs: `sharedWorker<typeof probeTasks>().run('media.probe', …)`.
 */
export function sharedWorker<R extends TaskRegistry = NoTasks>(): WorkerClient<R> {
  shared ??= createWorkerClient<TaskRegistry>({
    memoryLimitMb: SHARED_WORKER_LIMIT_MB,
    // the index's first open runs at main's priority: on a loaded machine a lowered thread
    // waited minutes for a core while the creator waited for the library (priority.ts)
    yieldWhen: 'after-open',
    youngGenerationMb: SHARED_WORKER_YOUNG_MB,
    onCrash: (reason) => log.error(`background worker stopped (${reason}); restarting`),
  });
  return shared as WorkerClient<R>;
}

let audio: WorkerClient<TaskRegistry> | undefined;

/**
 * The process's thread for long audio work (created on first use; the same entry and tasks as
 * `sharedWorker()`; its priority lowered from its start). Interactive tasks — the index, search, peaks
 * for the waveform, the probe — stay on `sharedWorker()`.
 */
export function audioWorker<R extends TaskRegistry = NoTasks>(): WorkerClient<R> {
  audio ??= createWorkerClient<TaskRegistry>({
    memoryLimitMb: AUDIO_WORKER_LIMIT_MB,
    onCrash: (reason) => log.error(`audio worker stopped (${reason}); restarting`),
  });
  return audio as WorkerClient<R>;
}
