/**
 * Times a piece of work and main's longest event-loop stall while it runs
 * (perf_hooks.monitorEventLoopDelay; the target is under 20 ms), printed on one line:
 *
 *   await measured('peaks, 4-minute MP3', () => worker.run('media.peaks', { path }));
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export async function measured<T>(label: string, work: () => Promise<T>): Promise<T> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t0 = performance.now();
  const out = await work();
  const ms = performance.now() - t0;
  h.disable();
  console.log(
    `${label.padEnd(46)} ${ms.toFixed(0).padStart(6)} ms   main's longest stall ${(h.max / 1e6).toFixed(1)} ms`,
  );
  return out;
}
