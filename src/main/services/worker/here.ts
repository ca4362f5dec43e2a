/**
 * A worker client that runs its tasks on the calling thread: for a short-lived process with no
 * event loop to keep free (the CLI), where a thread's start — a second isolate reading and
 * compiling the worker's 2 MB bundle — cost more than a read-only command's own work (issue 30).
 * Inputs, progress and results are structured-cloned as a thread's messages are, so a caller
 * sees the same values either way (nothing it changes reaches the tasks' state).
 *
 *   const worker = tasksHere(libraryTasks);
 *   createLibrary({ dir, indexFile, worker });
 */
import { setImmediate as turn } from 'node:timers/promises';
import { appError } from '@shared/app-error';
import type { RunOptions, WorkerClient } from './client';
import type { TaskContext, TaskInput, TaskOutput, TaskProgress, TaskRegistry } from './protocol';

export function tasksHere<R extends TaskRegistry>(tasks: R): WorkerClient<R> {
  return {
    async run<K extends keyof R & string>(
      task: K,
      input: TaskInput<R[K]>,
      options: RunOptions<TaskProgress<R[K]>> = {},
    ): Promise<TaskOutput<R[K]>> {
      const handler = tasks[task];
      if (!handler) throw new Error(`no task ${task}`);
      const aborted = new AbortController();
      const { signal, onProgress } = options;
      if (signal?.aborted) throw appError('cancelled', 'errors:cancelled');
      // an abort answers `cancelled` at once, as the thread's client does; the handler sees its signal
      let onAbort = (): void => undefined;
      const cancelled = new Promise<never>((_, reject) => {
        onAbort = () => {
          aborted.abort();
          reject(appError('cancelled', 'errors:cancelled'));
        };
      });
      cancelled.catch(() => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      const ctx: TaskContext<TaskProgress<R[K]>> = {
        signal: aborted.signal,
        transfer: () => undefined,
        progress: (value) => onProgress?.(structuredClone(value)),
        async deliver(value) {
          onProgress?.(structuredClone(value));
          // the caller's turn, as a thread's message is handled in one
          await turn();
        },
      };
      try {
        const running = Promise.resolve(handler(structuredClone(input), ctx));
        const out = (await Promise.race([running, cancelled])) as TaskOutput<R[K]>;
        return out === undefined ? out : structuredClone(out);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
    restarts: 0,
    close: () => Promise.resolve(),
  };
}
