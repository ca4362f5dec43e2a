/**
 * How far the process's JavaScript heaps grow between two full collections (issue 30, the 400 MB
 * budget). V8 lets an isolate's old generation grow to a factor of what lived after its last full
 * collection before it marks again: up to 4× on main (Node's and Electron's heap limit on a
 * machine with more than a few GB is large) and about 1.6× on the index thread (its 1,024 MiB
 * limit). At 50,000 items, with a creator working without pause, main's heap went from 56 to
 * 200–260 MB between two collections and the worker's from 80 to 150 MB: the process's RSS read
 * 440–560 MB while what lived was about 140 MB of the two heaps. The flag is the process's (main
 * and every worker thread; V8 reads it at each collection, so setting it at run time works, also
 * in Electron's main, which keeps V8's flags unfrozen): a full collection comes when a heap has
 * grown by this share of what lived after the last one (or by V8's minimum step, 8 MB). Marking is
 * incremental and concurrent, so main's pauses stay short; the price is more marking work.
 */
import { setFlagsFromString } from 'node:v8';

/** Growth of a heap between two full collections, in per cent of what lived after the last. */
const HEAP_GROWING_PERCENT = 20;

let set = false;

/**
 * Bounds the heaps' growth for the whole process (the app's main at its start, and the benches,
 * which measure what the app does). Once per process.
 */
export function boundHeapGrowth(): void {
  if (set) return;
  set = true;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
