/**
 * Exact lengths for found files the probe only estimated: a VBR MP3 over 2 MiB of audio without a
 * Xing/VBRI header is listed with a length sampled from three windows of its frames (`estimated`,
 * within a few per cent; probe/mpeg.ts). After an open is listed, the app's index thread (already
 * at its lower priority) counts such files frame by frame, one at a time, 1 MiB per turn of its
 * event loop (probe/exact-length.ts); the probe cache keeps the exact length (data folder, never
 * the library) and the corrected entries go to main as a refresh's do. The read-only CLI never
 * runs it.
 *
 *   await refineLengths(dir, probeCache, { signal, onExact: (rel, stat, ms) => … });
 */
import type { Stats } from 'node:fs';
import { relative, sep } from 'node:path';
import { exactMp3Length } from '../audio/probe/exact-length';
import type { IndexEntry } from './index-entry';
import type { ProbeCache } from './probe-cache';

/** Files counted per open at most (each bounded by EXACT_LENGTH_MAX_BYTES). */
export const REFINE_MAX_FILES = 500;

export interface RefineOptions {
  signal?: AbortSignal;
  /** Awaited before each 1 MiB read (default: one turn of the event loop). */
  pause?: () => Promise<void>;
  maxFiles?: number;
  /** A file's exact length was counted (its path relative to the library, forward slashes). */
  onExact(rel: string, stat: Stats, durationMs: number): void;
}

/** Counts the estimated lengths under `dir`, one file at a time; answers how many it counted. */
export async function refineLengths(
  dir: string,
  cache: ProbeCache,
  options: RefineOptions,
): Promise<number> {
  const paths = (await cache.estimated(dir)).slice(0, options.maxFiles ?? REFINE_MAX_FILES);
  let counted = 0;
  for (const path of paths) {
    if (options.signal?.aborted) break;
    const got = await exactMp3Length(path, { signal: options.signal, pause: options.pause });
    if (!got || !(await cache.setExactLength(path, got.stat, got.durationMs))) continue;
    counted += 1;
    options.onExact(relative(dir, path).split(sep).join('/'), got.stat, got.durationMs);
  }
  return counted;
}

/** The entries of one library in the index thread (index-tasks.ts). */
interface Indexed {
  entries: Map<string, IndexEntry>;
  /** Newest first: a length does not change an entry's place. */
  ordered: IndexEntry[];
}

/**
 * The found file's entry given its exact length, in place; null when the index holds no such
 * entry any more (gone, given a sidecar, changed since it was counted) or already has it.
 */
function withExactLength(
  state: Indexed | undefined,
  rel: string,
  stat: Stats,
  durationMs: number,
): IndexEntry | null {
  const e = state?.entries.get(rel);
  if (!state || !e || e.item.hasSidecar || e.item.duration_ms === durationMs) return null;
  if (e.mediaSize !== stat.size || e.mediaMtimeMs !== stat.mtimeMs) return null;
  const next: IndexEntry = { ...e, item: { ...e.item, duration_ms: durationMs } };
  state.entries.set(rel, next);
  const at = state.ordered.indexOf(e);
  if (at >= 0) state.ordered[at] = next;
  return next;
}

/**
 * `refineLengths` for an open library: each corrected entry is patched into its index (`state()`)
 * and handed to `send`; at the end again any that a scan meanwhile put back as it was.
 */
export async function refineIndexed(
  dir: string,
  cache: ProbeCache,
  state: () => Indexed | undefined,
  send: (entry: IndexEntry) => void,
  signal?: AbortSignal,
): Promise<number> {
  const counted: Array<[string, Stats, number]> = [];
  const apply = ([rel, stat, ms]: [string, Stats, number]): void => {
    const e = withExactLength(state(), rel, stat, ms);
    if (e) send(e);
  };
  const n = await refineLengths(dir, cache, {
    signal,
    onExact: (...c) => {
      counted.push(c);
      apply(c);
    },
  });
  for (const c of counted) apply(c);
  return n;
}
