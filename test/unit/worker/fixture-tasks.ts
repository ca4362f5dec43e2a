/** Tasks for the worker client's tests (served by fixture-worker.ts in a real thread). */
import { appError } from '@shared/app-error';
import { AppError } from '@shared/errors';
import type { TaskContext, TaskRegistry } from '../../../src/main/services/worker';

export const fixtureTasks = {
  /** Doubles every byte of the buffer and moves it back. */
  double(input: { bytes: Uint8Array }, ctx: TaskContext) {
    for (let i = 0; i < input.bytes.length; i++) input.bytes[i] = (input.bytes[i] ?? 0) * 2;
    ctx.transfer(input.bytes.buffer as ArrayBuffer);
    return { bytes: input.bytes, threadId: process.pid };
  },
  /** Counts to `n` in progress messages, then answers the total. */
  count(input: { n: number }, ctx: TaskContext<number>) {
    for (let i = 1; i <= input.n; i++) ctx.progress(i);
    return input.n;
  },
  /** Sends `n` chunks of `size` numbers, each with `ctx.deliver` (or all at once with progress). */
  async chunks(input: { n: number; size: number; paced: boolean }, ctx: TaskContext<number[]>) {
    for (let i = 0; i < input.n; i++) {
      const chunk = Array.from({ length: input.size }, (_, k) => i * input.size + k);
      if (input.paced) await ctx.deliver(chunk);
      else ctx.progress(chunk);
    }
    return input.n;
  },
  /** Waits until aborted (then records that it saw the abort) or `ms` pass. */
  async wait(input: { ms: number }, ctx: TaskContext) {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, input.ms);
      ctx.signal.addEventListener('abort', () => (clearTimeout(t), resolve()));
    });
    if (ctx.signal.aborted) abortedCalls += 1;
    return ctx.signal.aborted ? 'aborted' : 'waited';
  },
  abortedCalls: () => abortedCalls,
  fail(input: { code?: 'not_found'; keyed?: boolean }) {
    if (input.keyed) throw appError('not_found', 'errors:library.itemGone');
    if (input.code) throw new AppError(input.code, 'Nothing there.');
    throw new TypeError('plain failure');
  },
  /** Kills the thread from inside, as a crash would. */
  crash() {
    setTimeout(() => {
      throw new Error('boom');
    }, 5);
    return new Promise<never>(() => undefined);
  },
  /** Holds `mb` MiB of sample buffers (outside the JS heap), 16 MiB at a time, then answers. */
  async holdBuffers(input: { mb: number }) {
    for (let i = 0; i < input.mb / 16; i++) {
      held.push(new Float32Array((16 * 1024 * 1024) / 4).fill(1));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return held.length;
  },
  /** Grows the JS heap without end (a parser building a huge tree). */
  growHeap() {
    const tree: object[] = [];
    for (;;) tree.push({ at: tree.length, text: `node ${tree.length}` });
  },
} satisfies TaskRegistry;

const held: Float32Array[] = [];
let abortedCalls = 0;

export type FixtureTasks = typeof fixtureTasks;
