/**
 * The one player: everything that sounds in the app (library items, the queue, song previews,
 * voice samples, takes, job results, videos) plays through this store and its single engine, so
 * starting one thing stops whatever played before, and the bar always shows what plays.
 */
import type { PlayEntry } from './entries';
import { AUTO, currentEngine, load, stopAt, stopAtOf, unload, type LoadOptions } from './session';
import {
  get,
  initial,
  outputVolume,
  set,
  usePlayerStore,
  VOLUME_KEY,
  selectCurrent,
  type PlayerState,
} from './state';

export { toQueueEntry, type PlayEntry } from './entries';
export { selectCurrent, selectIsPlayingKey, usePlayerStore } from './state';

/** "Previous" restarts the current entry when more than this has played. */
const RESTART_THRESHOLD_S = 3;

/** Replaces the queue with `entries` and plays entry `start`. */
export function playEntries(entries: PlayEntry[], start = 0): Promise<void> {
  set({ queue: entries });
  return load({ index: Math.min(Math.max(0, start), entries.length - 1) }, AUTO);
}

/** Adds to the end of the queue; starts playing when nothing was loaded. */
export function enqueue(entry: PlayEntry): void {
  const s = get();
  set({ queue: [...s.queue, entry] });
  if (!selectCurrent(s)) void load({ index: s.queue.length }, AUTO);
}

/**
 * Plays `entry` without adding it to the queue (samples, previews, takes, results); whatever
 * played stops. The queue keeps its place: Next goes back to it.
 */
export function playSolo(entry: PlayEntry, options: Partial<LoadOptions> = {}): Promise<void> {
  return load({ solo: entry }, { autoplay: options.autoplay ?? true, startAtS: options.startAtS });
}

/**
 * A panel's play/pause: pauses or resumes `key` when it is the current entry, else stops what
 * plays and starts the entry `make` answers (null: nothing to play, e.g. the sample failed).
 */
export async function toggleEntry(
  key: string,
  make: () => PlayEntry | null | Promise<PlayEntry | null>,
): Promise<void> {
  if (selectCurrent(get())?.key === key && currentEngine()) {
    togglePlay();
    return;
  }
  const entry = await make();
  if (entry) await playSolo(entry);
}

/**
 * Plays the part [startS, endS) of `entry` without adding it to the queue (the trim editor's
 * "Play selection"): whatever played stops, and playback pauses by itself at `endS`.
 */
export function playRegion(entry: PlayEntry, startS: number, endS: number): Promise<void> {
  const loading = load({ solo: entry }, { autoplay: true, startAtS: Math.max(0, startS) });
  stopAt(Math.max(startS, endS));
  return loading;
}

/**
 * Plays `entry` in place of the current one at the same position, playing on if it played: the
 * A/B switch between takes, and a preview whose stream became the library file.
 */
export function switchTo(entry: PlayEntry): Promise<void> {
  const s = get();
  const atS = currentEngine()?.position() ?? s.positionS;
  const playing = s.status === 'playing' || s.status === 'loading';
  return load({ solo: entry }, { autoplay: playing, startAtS: atS });
}

/**
 * The service announced the length of `key` (a take that is still streaming): the bar shows it
 * while the media's own end is not known yet. A known length is not replaced.
 */
export function announceLength(key: string, durationS: number | null): void {
  const s = get();
  if (selectCurrent(s)?.key !== key || !s.live || s.durationS > 0) return;
  if (durationS !== null && Number.isFinite(durationS) && durationS > 0) set({ durationS });
}

/** The current position of `key`, or null when something else is current. */
export function positionOf(key: string): number | null {
  const s = get();
  if (selectCurrent(s)?.key !== key) return null;
  return currentEngine()?.position() ?? s.positionS;
}

export function togglePlay(): void {
  const s = get();
  const engine = currentEngine();
  if (!engine) {
    if (s.solo) void load({ solo: s.solo }, AUTO);
    else if (s.queue.length > 0) void load({ index: s.index >= 0 ? s.index : 0 }, AUTO);
    return;
  }
  if (s.status === 'playing') engine.pause();
  else {
    if (s.status === 'ended') engine.seek(0);
    engine.play();
  }
}

export function pause(): void {
  if (get().status === 'playing') currentEngine()?.pause();
}

/** The next queue entry; from a solo entry, back to the queue where it was. */
export function next(): void {
  const s = get();
  if (s.solo) {
    if (s.queue.length > 0) void load({ index: Math.max(0, s.index) }, AUTO);
  } else if (s.index + 1 < s.queue.length) void load({ index: s.index + 1 }, AUTO);
}

export const hasNext = (s: PlayerState): boolean =>
  s.solo ? s.queue.length > 0 : s.index + 1 < s.queue.length;

/** Restarts the current entry after a few seconds of it (or a solo one), else the previous one. */
export function previous(): void {
  const s = get();
  if (s.solo || s.positionS > RESTART_THRESHOLD_S || s.index <= 0) seekTo(0);
  else void load({ index: s.index - 1 }, AUTO);
}

export function playAt(index: number): void {
  if (get().queue[index]) void load({ index }, AUTO);
}

export function seekTo(positionS: number): void {
  const s = get();
  // a stream whose end is not known yet seeks only within what has played
  const max = s.durationS > 0 ? s.durationS : s.live ? s.positionS : Number.POSITIVE_INFINITY;
  const at = Math.min(Math.max(0, positionS), max);
  const until = stopAtOf();
  if (until !== null && at >= until) stopAt(null);
  currentEngine()?.seek(at);
  set({ positionS: at, status: s.status === 'ended' ? 'paused' : s.status });
}

export function seekBy(deltaS: number): void {
  seekTo((currentEngine()?.position() ?? get().positionS) + deltaS);
}

export function setVolume(volume: number): void {
  const v = Math.min(1, Math.max(0, volume));
  set({ volume: v, muted: false });
  currentEngine()?.setVolume(outputVolume(get()));
  try {
    localStorage.setItem(VOLUME_KEY, String(v));
  } catch {
    // storage unavailable: the volume lasts for this run
  }
}

export function toggleMute(): void {
  const muted = !get().muted;
  set({ muted });
  currentEngine()?.setVolume(outputVolume(get()));
}

export function removeFromQueue(index: number): void {
  const s = get();
  if (!s.queue[index]) return;
  const queue = s.queue.filter((_, i) => i !== index);
  if (index === s.index && !s.solo) {
    const wasPlaying = s.status === 'playing';
    set({ queue });
    void load({ index: Math.min(index, queue.length - 1) }, { autoplay: wasPlaying });
  } else set({ queue, index: index < s.index ? s.index - 1 : s.index });
}

/** Items deleted from the library leave the queue and the player (the current one stops). */
export function dropRemovedItems(removedIds: readonly string[]): void {
  const gone = new Set(removedIds);
  const solo = get().solo;
  if (solo?.itemId && gone.has(solo.itemId)) stopSolo();
  for (let i = get().queue.length - 1; i >= 0; i -= 1)
    if (gone.has(get().queue[i]?.itemId ?? '')) removeFromQueue(i);
}

/** Stops a solo entry; the queue stays where it was, not playing. */
function stopSolo(): void {
  unload();
  set({ solo: null, status: 'idle', positionS: 0, durationS: 0, url: null, viewerOpen: false });
}

export function setViewerOpen(open: boolean): void {
  set({ viewerOpen: open });
}

/** The engine's video element, for the viewer. */
export function currentVideoElement(): HTMLVideoElement | null {
  return currentEngine()?.element ?? null;
}

export function resetPlayerStore(): void {
  unload();
  usePlayerStore.setState(initial());
}
