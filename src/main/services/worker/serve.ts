/**
 * The worker side: answers `run` messages from the parent port with the registry's handlers.
 * Handlers may be async and run concurrently; an `abort` aborts that call's signal.
 */
import type { TransferListItem } from 'node:worker_threads';
import { parentPort } from 'node:worker_threads';
import { AppError } from '@shared/errors';
import type { FromWorker, TaskContext, TaskRegistry, ToWorker, WireError } from './protocol';

function wireError(e: unknown): WireError {
  if (e instanceof AppError) return { name: e.name, message: e.message, code: e.code };
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: 'Error', message: String(e) };
}

export function serveTasks(registry: TaskRegistry): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs inside a worker thread');
  const running = new Map<number, AbortController>();
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
    };
    try {
      const handler = Object.hasOwn(registry, task) ? registry[task] : undefined;
      if (!handler) throw new AppError('internal', `No worker task named ${task}.`);
      const value: unknown = await handler(input, ctx);
      post({ type: 'done', id, value }, transfer);
    } catch (e) {
      post({ type: 'failed', id, error: wireError(e) });
    } finally {
      running.delete(id);
    }
  }

  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'run') void run(msg.id, msg.task, msg.input);
    else running.get(msg.id)?.abort();
  });
}
