/**
 * The worker thread yields the CPU to main. On a machine with few cores, a worker busy decoding
 * or parsing the index competes with main for a core, and main — which serves every click, the
 * media protocol and the transfers — is descheduled for tens of milliseconds at a time though its
 * own work is short. On Linux each thread has its own nice value: the worker raises its own
 * (lower priority), so the scheduler prefers main whenever both want to run. Elsewhere (macOS,
 * Windows: no per-thread nice through Node) nothing changes.
 *
 * When: the audio thread at its start. The shared thread (index, search) only once its first
 * library open is done: a creator waits for that open, and on a loaded machine a thread at nice 10
 * got a few per cent of a core — a 50,000-item open took minutes instead of seconds. A thread
 * cannot raise its priority again without privilege, so it lowers it once, after that open.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Nice value of the worker thread (main keeps the process's own, usually 0). */
export const WORKER_NICE = 10;

/** The id of the calling thread on Linux (`/proc/thread-self` → `<pid>/task/<tid>`). */
function currentThreadId(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** When a thread lowers its priority: at its start, or after its first library open. */
export type YieldWhen = 'start' | 'after-open';

/** The thread waits for its first open before lowering its priority (see `openDone`). */
let yieldAfterOpen = false;

/** Called by the thread's entry: lower now, or once the first library open is done. */
export function yieldWhen(when: YieldWhen): void {
  if (when === 'start') yieldToMain();
  else yieldAfterOpen = true;
}

/** A library open (or a rebuild of an index) is done: a thread waiting for it lowers now. */
export function openDone(): void {
  if (!yieldAfterOpen) return;
  yieldAfterOpen = false;
  yieldToMain();
}

/** Lowers the calling thread's priority; answers the thread id it applied to, or null. */
export function yieldToMain(nice = WORKER_NICE): number | null {
  const tid = currentThreadId();
  if (tid === null || tid === process.pid) return null; // never renice the main thread
  try {
    setPriority(tid, nice);
    return tid;
  } catch {
    return null;
  }
}

/** The worker's own facts, for tests and diagnostics. */
export const priorityTasks = {
  /** The worker thread's id and nice value (null where threads have no nice of their own). */
  'worker.thread'(): {
    threadId: number | null;
    nice: number | null;
    /** Still at its starting priority, waiting for its first open to lower it. */
    waitingForOpen: boolean;
  } {
    const threadId = currentThreadId();
    let nice: number | null = null;
    try {
      nice = threadId === null ? null : getPriority(threadId);
    } catch {
      nice = null;
    }
    return { threadId, nice, waitingForOpen: yieldAfterOpen };
  },
};
