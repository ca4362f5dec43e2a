/**
 * The main side of the worker: `run(task, input, { signal })` posts the call to one worker
 * thread (node:worker_threads, so it works under Electron's main process, the CLI and plain
 * Node) and resolves with the handler's result. The thread starts on the first call, is unref'd
 * while idle (it never keeps a CLI process alive), and when it dies every call in flight is
 * rejected and the next call starts a fresh one.
 *
 * A memory limit (`memoryLimitMb`) bounds what one thread may hold: its JS heap through the
 * thread's `resourceLimits` (V8 stops the thread at the limit), and what lives outside that heap
 * — the Float32Arrays of decoded samples, the decoders' WASM memory — by a watchdog that reads the
 * thread's heap statistics (`external_memory`, answered by V8 even while the thread is busy) every
 * `WATCH_MS` while calls are in flight and terminates the thread above the limit. Either way the
 * calls in flight fail with `too_large`, the thread is started again on the next call, and main
 * goes on (docs/security.md, "Where it runs").
 */
import type { TransferListItem } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { appError } from '@shared/app-error';
import { AppError } from '@shared/errors';
import type {
  FromWorker,
  TaskInput,
  TaskOutput,
  TaskProgress,
  TaskRegistry,
  ToWorker,
  WireError,
} from './protocol';

export interface RunOptions<P> {
  /** Aborting rejects the call with `cancelled` at once and aborts the handler's signal. */
  signal?: AbortSignal;
  /** Buffers in the input to move to the worker instead of copying. */
  transfer?: TransferListItem[];
  /** Partial results the handler sends with `ctx.progress`, in order, before the call settles. */
  onProgress?: (value: P) => void;
}

export interface WorkerClient<R extends TaskRegistry> {
  run<K extends keyof R & string>(
    task: K,
    input: TaskInput<R[K]>,
    options?: RunOptions<TaskProgress<R[K]>>,
  ): Promise<TaskOutput<R[K]>>;
  /** How many times the thread died and was started again. */
  readonly restarts: number;
  /** Stops the thread; calls in flight are rejected. A later `run` starts a new one. */
  close(): Promise<void>;
}

export interface WorkerClientOptions {
  /** The worker's entry file. Default: the built one beside this bundle, or the source entry via tsx. */
  entry?: string;
  /** Extra flags for the thread (a .ts entry gets `--import tsx` added). */
  execArgv?: string[];
  /** Called when the thread dies unexpectedly (for the log). */
  onCrash?: (reason: string) => void;
  /**
   * The most the thread may hold, JS heap and outside it (sample buffers, WASM memory) together,
   * in MiB; above it the thread is stopped and restarted and its calls fail. Default: no limit.
   */
  memoryLimitMb?: number;
  /**
   * When the thread lowers its priority below main's (worker/priority.ts): at its start (default)
   * or after its first library open (the shared thread: a creator waits for that open).
   */
  yieldWhen?: 'start' | 'after-open';
  /**
   * The thread's young generation, in MiB (V8's default otherwise). A small one keeps the
   * process's RSS down: the shared thread's index is long-lived, and V8's default young space
   * held about 40 MB more RSS after a 10,000-item open, for no faster open.
   */
  youngGenerationMb?: number;
}

/** How often the watchdog reads a busy thread's memory. */
export const WATCH_MS = 50;

/** The error of calls in flight when their thread was stopped for its memory. */
export function overMemory(limitMb: number): AppError {
  return appError(
    'validation',
    'errors:taskOverMemory',
    {},
    { detail: `worker over ${limitMb} MiB` },
  );
}

/**
 * Where the worker entry is: `worker.js` beside the Electron main bundle (out/main),
 * `worker.cjs` beside the CLI bundle (out/cli), or, when running from source (tests, benches;
 * started through tsx), `worker-tasks/entry.ts` beside this folder. A bundler may put this module
 * in a chunk one folder down, so the parent folder is tried too.
 */
export function defaultWorkerEntry(from: string = __dirname): string {
  const built = [from, dirname(from)].flatMap((dir) =>
    ['worker.js', 'worker.cjs'].map((name) => join(dir, name)),
  );
  for (const path of [...built, join(dirname(from), 'worker-tasks', 'entry.ts')])
    if (existsSync(path)) return path;
  throw new Error(`No worker entry found near ${from}`);
}

/** The nearest tsconfig.node.json above a source entry (the repository's). */
function tsconfigFor(entry: string): string {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'tsconfig.node.json');
    if (existsSync(path)) return path;
  }
  return process.env.TSX_TSCONFIG_PATH ?? 'tsconfig.json';
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?: (value: never) => void;
  cleanup(): void;
}

function fromWire(e: WireError): Error {
  // a file system error keeps its errno code (as the cause of an AppError), so a full disk in the
  // worker is named as one by the caller (ground/disk-faults.ts)
  const cause = e.errno ? Object.assign(new Error(e.message), { code: e.errno }) : undefined;
  if (e.code)
    return new AppError(e.code, e.message, {
      ...(cause ? { cause } : {}),
      ...(e.key ? { key: e.key, ...(e.params ? { params: e.params } : {}) } : {}),
    });
  const error = cause ?? new Error(e.message);
  error.name = e.name;
  return error;
}

export function createWorkerClient<R extends TaskRegistry>(
  options: WorkerClientOptions = {},
): WorkerClient<R> {
  let worker: Worker | null = null;
  let nextId = 1;
  let restarts = 0;
  let started = 0;
  const pending = new Map<number, Pending>();

  function failAll(error: Error): void {
    const calls = [...pending.values()];
    pending.clear();
    for (const p of calls) {
      p.cleanup();
      p.reject(error);
    }
  }

  function start(): Worker {
    if (worker) return worker;
    const entry = options.entry ?? defaultWorkerEntry();
    const execArgv = [...(options.execArgv ?? [])];
    const fromSource = entry.endsWith('.ts');
    if (fromSource && !execArgv.includes('tsx')) execArgv.push('--import', 'tsx');
    const limitMb = options.memoryLimitMb;
    const w = new Worker(entry, {
      execArgv,
      name: 'cadenza-worker',
      workerData: { yieldWhen: options.yieldWhen ?? 'start' },
      // the heap's share of the limit; what lives outside the heap is the watchdog's
      resourceLimits: {
        ...(limitMb ? { maxOldGenerationSizeMb: limitMb } : {}),
        ...(options.youngGenerationMb
          ? { maxYoungGenerationSizeMb: options.youngGenerationMb }
          : {}),
      },
      // from source, tsx needs the tsconfig that maps `@shared/*`
      ...(fromSource ? { env: { ...process.env, TSX_TSCONFIG_PATH: tsconfigFor(entry) } } : {}),
    });
    if (started++ > 0) restarts += 1;
    worker = w;
    w.unref();
    let crash: Error | null = null;
    let overLimit = false;
    const watch = limitMb
      ? setInterval(() => {
          if (pending.size === 0 || overLimit) return;
          w.getHeapStatistics().then(
            (s) => {
              const held = s.used_heap_size + s.external_memory;
              if (held <= limitMb * 1024 * 1024 || overLimit) return;
              overLimit = true;
              void w.terminate();
            },
            () => undefined, // the thread is gone: its exit says so
          );
        }, WATCH_MS)
      : null;
    watch?.unref();
    w.on('message', (msg: FromWorker) => {
      const p = pending.get(msg.id);
      if (!p) return; // answered already (aborted)
      if (msg.type === 'progress') {
        p.onProgress?.(msg.value as never);
        // a delivery waits for this: sent after the event loop has turned, so the next chunk
        // never lands in the same task as this one
        const { seq } = msg;
        if (seq !== undefined)
          setImmediate(() => {
            if (worker === w)
              w.postMessage({ type: 'handled', id: msg.id, seq } satisfies ToWorker);
          });
        return;
      }
      pending.delete(msg.id);
      p.cleanup();
      if (pending.size === 0) w.unref();
      if (msg.type === 'done') p.resolve(msg.value);
      else p.reject(fromWire(msg.error));
    });
    w.on('error', (e) => {
      crash = e;
    });
    w.on('exit', (code) => {
      if (watch) clearInterval(watch);
      if (worker === w) worker = null;
      if (pending.size === 0) return;
      // V8 stopped the thread at its heap limit, or the watchdog at the whole limit
      const heapLimit = (crash as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      const reason =
        overLimit || heapLimit
          ? `over its memory limit of ${limitMb} MiB`
          : crash
            ? `${crash.name}: ${crash.message}`
            : `exit code ${code}`;
      options.onCrash?.(reason);
      failAll(
        (overLimit || heapLimit) && limitMb
          ? overMemory(limitMb)
          : appError('internal', 'errors:worker.stopped', {}, { cause: crash ?? undefined }),
      );
    });
    return w;
  }

  return {
    get restarts() {
      return restarts;
    },
    run(task, input, opts = {}) {
      const { signal } = opts;
      if (signal?.aborted) return Promise.reject(appError('cancelled', 'errors:cancelled'));
      const w = start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          if (!pending.delete(id)) return;
          if (pending.size === 0) w.unref();
          w.postMessage({ type: 'abort', id } satisfies ToWorker);
          reject(appError('cancelled', 'errors:cancelled'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        pending.set(id, {
          resolve: resolve as (v: unknown) => void,
          reject,
          onProgress: opts.onProgress as ((v: never) => void) | undefined,
          cleanup: () => signal?.removeEventListener('abort', onAbort),
        });
        w.ref();
        try {
          w.postMessage(
            { type: 'run', id, task, input } satisfies ToWorker,
            opts.transfer as never,
          );
        } catch (e) {
          pending.delete(id);
          signal?.removeEventListener('abort', onAbort);
          if (pending.size === 0) w.unref();
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
    },
    async close() {
      const w = worker;
      worker = null;
      failAll(appError('cancelled', 'errors:worker.closed'));
      if (w) await w.terminate();
    },
  };
}
