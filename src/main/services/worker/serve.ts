/**
 * The worker side: answers `run` messages from the parent port with the registry's handlers.
 * Handlers may be async and run concurrently; an `abort` aborts that call's signal.
 */
import type { TransferListItem } from 'node:worker_threads';
import { parentPort } from 'node:worker_threads';
import { AppError } from '@shared/errors';
import type { FromWorker, TaskContext, TaskRegistry, ToWorker, WireError } from './protocol';

/** The errno code along an error's cause chain (a disk fault wrapped in an AppError too). */
function errnoOf(e: unknown): string | undefined {
  for (let at = e, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    const code = (at as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}

function wireError(e: unknown): WireError {
  const errno = errnoOf(e);
  const extra = errno ? { errno } : {};
  if (e instanceof AppError) {
    const keyed = e.key ? { key: e.key, ...(e.params ? { params: e.params } : {}) } : {};
    return { name: e.name, message: e.message, code: e.code, ...keyed, ...extra };
  }
  if (e instanceof Error) return { name: e.name, message: e.message, ...extra };
  return { name: 'Error', message: String(e) };
}

export function serveTasks(registry: TaskRegistry): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs inside a worker thread');
  const running = new Map<number, AbortController>();
  /** Deliveries waiting for the caller's `handled`, by call id and sequence number. */
  const awaiting = new Map<number, Map<number, () => void>>();
  let nextSeq = 1;
  const post = (msg: FromWorker, transfer: TransferListItem[] = []): void =>
    port.postMessage(msg, transfer);

  async function run(id: number, task: string, input: unknown): Promise<void> {
    const controller = new AbortController();
    running.set(id, controller);
    const transfer: TransferListItem[] = [];
    const ctx: TaskContext<unknown> = {
      signal: controller.signal,
      transfer: (...list) => void transfer.push(...list),
      progress: (value, list = []) => post({ type: 'progress', id, value }, list),
      deliver: (value) =>
        new Promise<void>((resolve) => {
          if (controller.signal.aborted) return resolve();
          const seq = nextSeq++;
          let waiting = awaiting.get(id);
          if (!waiting) awaiting.set(id, (waiting = new Map()));
          waiting.set(seq, resolve);
          post({ type: 'progress', id, value, seq });
        }),
    };
    // an aborted call's caller handles nothing more: its deliveries end at once
    controller.signal.addEventListener('abort', () => {
      for (const resolve of awaiting.get(id)?.values() ?? []) resolve();
      awaiting.delete(id);
    });
    try {
      const handler = Object.hasOwn(registry, task) ? registry[task] : undefined;
      if (!handler)
        // English only: a task name main itself misspelled (a programming error, caught by tests)
        throw new AppError('internal', `No worker task named ${task}.`);
      const value: unknown = await handler(input, ctx);
      post({ type: 'done', id, value }, transfer);
    } catch (e) {
      post({ type: 'failed', id, error: wireError(e) });
    } finally {
      running.delete(id);
      awaiting.delete(id);
    }
  }

  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'run') void run(msg.id, msg.task, msg.input);
    else if (msg.type === 'abort') running.get(msg.id)?.abort();
    else {
      const waiting = awaiting.get(msg.id);
      waiting?.get(msg.seq)?.();
      waiting?.delete(msg.seq);
    }
  });
}
