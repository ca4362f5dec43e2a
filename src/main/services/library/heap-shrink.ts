/**
 * Giving the index thread's unused heap back to the system. After an open, a whole-folder scan
 * or a close, V8 keeps the pages the garbage of that work took (pooled for reuse, counted in the
 * process's RSS though no object lives there) until its memory reducer runs, seconds later and
 * only if the thread is idle by then. A memory-reducing full collection once the thread has been
 * quiet a moment gives them back at once: at 50,000 items the process's RSS with the library
 * open and verified went 331 -> 270 MB. It holds the thread 0.25-0.6 s there (load 7), so it
 * follows only those rare tasks, not every save or refresh, and searches put it off (3 s at
 * most; issue 30).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collector: Collect | undefined;
const collect = (): Collect => {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as Collect;
  }
  return collector;
};

/** A full collection now (the benches' and diagnostics' "after GC" figures). */
export const collectGarbage = (): void => collect()();

/** How long the thread stays quiet before it shrinks its heap. */
const QUIET_MS = 1000;
let timer: NodeJS.Timeout | undefined;
/** Shrinks done in this thread (a diagnostic: `library.memory`, tests). */
let shrinks = 0;
export const shrinksDone = (): number => shrinks;
/** Long tasks (opens, scans, saves) running: no collection in the middle of one. */
let busy = 0;

/**
 * Shrinks this thread's heap once no task has come for QUIET_MS and no long one is running. Only
 * in a worker thread: on a main thread (the CLI builds its index on its own) a collection would
 * stop everything else, and the process ends soon anyway.
 */
export function shrinkSoon(): void {
  if (isMainThread) return;
  dueSince = Date.now() + QUIET_MS;
  arm();
}

function arm(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    if (busy > 0) return shrinkSoon();
    dueSince = 0;
    shrinks += 1;
    collect()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  }, QUIET_MS);
  timer.unref();
}

/** How long searches may put a due shrink off (typing for a minute must not keep 80 MB). */
const MAX_PUT_OFF_MS = 3000;
/** When the shrink waiting now was first due (0: none waiting). */
let dueSince = 0;

/**
 * A short task (a search, a page's prompts, a refresh) came: a shrink still waiting waits for the
 * next quiet moment, so a keystroke's answer seldom waits behind the collection — for at most
 * MAX_PUT_OFF_MS, after which it runs between two answers.
 */
export function postponeShrink(): void {
  if (timer && Date.now() - dueSince < MAX_PUT_OFF_MS) arm();
}

/** Runs a long task; a shrink due meanwhile waits until it is done and the thread is quiet. */
export async function busyWith<T>(task: Promise<T>): Promise<T> {
  busy += 1;
  try {
    return await task;
  } finally {
    busy -= 1;
    postponeShrink();
  }
}
