/**
 * The worker thread yields the CPU to main. On a machine with few cores, a worker busy decoding
 * or parsing the index competes with main for a core, and main — which serves every click, the
 * media protocol and the transfers — is descheduled for tens of milliseconds at a time though its
 * own work is short. On Linux each thread has its own nice value: the worker raises its own
 * (lower priority), so the scheduler prefers main whenever both want to run. Elsewhere (macOS,
 * Windows: no per-thread nice through Node) nothing changes.
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
  'worker.thread'(): { threadId: number | null; nice: number | null } {
    const threadId = currentThreadId();
    let nice: number | null = null;
    try {
      nice = threadId === null ? null : getPriority(threadId);
    } catch {
      nice = null;
    }
    return { threadId, nice };
  },
};
