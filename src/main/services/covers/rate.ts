/**
 * At most `max` link measurements per `windowMs`, process-wide for one core: main fetches links on
 * the renderer's say-so, and a flood of them (60 per call is allowed) must not turn it into a
 * scanner. Measurements past the budget wait for a slot (in order) rather than fail, so a long
 * list of training links is still measured right, only more slowly.
 */
import type { Measurement } from './measure';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export const MEASURE_RATE: RateLimit = { max: 10, windowMs: 10_000 };

type Measure = (urls: readonly string[]) => Promise<Measurement[]>;

export function rateLimitedMeasure(
  measure: Measure,
  limit: RateLimit = MEASURE_RATE,
  now: () => number = Date.now,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Measure {
  const started: number[] = []; // start times of the measurements in the current window
  let queue: Promise<void> = Promise.resolve();

  /** Waits for a free slot and takes it; slots are handed out one at a time, in order. */
  const slot = (): Promise<void> => {
    const taken = queue.then(async () => {
      for (;;) {
        const t = now();
        while (started.length > 0 && started[0]! <= t - limit.windowMs) started.shift();
        if (started.length < limit.max) {
          started.push(t);
          return;
        }
        await sleep(started[0]! + limit.windowMs - t);
      }
    });
    queue = taken;
    return taken;
  };

  return async (urls) => {
    const out: Measurement[] = [];
    // In batches of what the window allows, so parallel measuring inside a batch stays.
    for (let i = 0; i < urls.length;) {
      await slot();
      const batch = [urls[i]!];
      i += 1;
      while (i < urls.length && started.length < limit.max) {
        started.push(now());
        batch.push(urls[i]!);
        i += 1;
      }
      out.push(...(await measure(batch)));
    }
    return out;
  };
}
