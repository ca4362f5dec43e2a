/**
 * The worker's typed surface: a task is a named handler that runs in the worker thread; the
 * registry (services/worker-tasks/registry.ts) maps names to handlers, and the client
 * (client.ts) derives each task's input, output and progress types from it. Messages between the threads are plain objects,
 * copied by structured clone (buffers listed in a transfer list move instead of being copied).
 */
import type { TransferListItem } from 'node:worker_threads';
import type { ErrorCode, MessageParams } from '@shared/errors';

/** What a handler gets besides its input. */
export interface TaskContext<P = never> {
  /** Aborted when the caller's signal aborts (the caller has already been answered `cancelled`). */
  readonly signal: AbortSignal;
  /** Moves these buffers with the result instead of copying them (they are unusable here after). */
  transfer(...list: TransferListItem[]): void;
  /**
   * Sends a partial result now (a fraction done, a small update). Messages sent back to back may
   * be handled by the caller in one turn of its event loop: send large values with `deliver`.
   */
  progress(value: P, transfer?: TransferListItem[]): void;
  /**
   * Sends a partial result and resolves once the caller has handled it and its event loop has
   * turned (or the call was aborted), so a long list sent in chunks never lands in one go: the
   * caller's port drains every queued message in a single task. One chunk in flight at a time.
   */
  deliver(value: P): Promise<void>;
}

// `any` in the constraint so handlers with specific inputs fit one registry type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TaskHandler<I = any, O = unknown, P = any> = (
  input: I,
  ctx: TaskContext<P>,
) => O | Promise<O>;

export type TaskRegistry = Record<string, TaskHandler>;

export type TaskInput<H> = H extends (input: infer I, ctx: TaskContext<never>) => unknown
  ? I
  : never;
export type TaskOutput<H> = H extends (...args: never[]) => infer O ? Awaited<O> : never;
export type TaskProgress<H> = H extends (input: never, ctx: TaskContext<infer P>) => unknown
  ? P
  : never;

/** Main → worker. `handled` answers a progress message that asked for it (see `deliver`). */
export type ToWorker =
  | { type: 'run'; id: number; task: string; input: unknown }
  | { type: 'abort'; id: number }
  | { type: 'handled'; id: number; seq: number };

/** How a failure crosses the thread boundary (an AppError keeps its code). */
export interface WireError {
  name: string;
  message: string;
  code?: ErrorCode;
  /** An AppError's catalog key and parameters (the renderer says it in the app's language). */
  key?: string;
  params?: MessageParams;
  /** A file system error's errno code (ENOSPC, EACCES…), so the caller can name the fault. */
  errno?: string;
}

/** Worker → main. */
export type FromWorker =
  | { type: 'progress'; id: number; value: unknown; seq?: number }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: WireError };
