/**
 * How an index task sends entries to main: in chunks of JSON, one in flight at a time.
 */
import type { TaskContext } from '../worker/protocol';
import type { IndexEntry, MainEntry } from './index-entry';

/**
 * Entries per message to main: under 1 MB of JSON, a few milliseconds of main's time to receive
 * and publish. Each is delivered once main has handled the one before.
 */
const ENTRY_CHUNK = 500;

/**
 * A chunk of entries for main, as one JSON string (`JSON.parse` on main answers `MainEntry[]`).
 * Not the objects themselves: main keeps every item it is sent, and a structured clone's objects
 * hold their fields past the fourth in a separate property array and none of their strings
 * shared, so 50,000 cloned items took about 10 MB more of main's heap than parsed ones, and main's
 * garbage collector a third more time while an open streamed them in.
 */
export type EntryChunk = string;

/** What main is sent of an entry: no stats, no search text (main never searches lyrics itself). */
const forMain = ({ item, relink }: IndexEntry): MainEntry => (relink ? { item, relink } : { item });

/**
 * Queues entries for main in chunks, one in flight at a time (see `TaskContext.deliver`); the
 * caller goes on working meanwhile and awaits `sent()` before answering.
 */
export function entrySender(ctx: TaskContext<EntryChunk>, promptsFirst = 0) {
  let tail = Promise.resolve();
  let withPrompt = promptsFirst;
  const toMain = (e: IndexEntry): MainEntry => {
    if (withPrompt <= 0) return forMain(e);
    withPrompt -= 1;
    return { ...forMain(e), prompt: e.prompt ?? null };
  };
  return {
    send(entries: readonly IndexEntry[]): void {
      // each chunk is made when its turn comes: made at once, an open's 100 chunks at 50,000
      // items (about 30 MB of JSON) lived until main had taken them all, long enough to be
      // moved to the old generation, and stayed in the thread's heap as garbage until a full
      // collection
      for (let i = 0; i < entries.length; i += ENTRY_CHUNK) {
        const slice = entries.slice(i, i + ENTRY_CHUNK);
        tail = tail.then(() => ctx.deliver(JSON.stringify(slice.map(toMain))));
      }
    },
    sent: () => tail,
  };
}
