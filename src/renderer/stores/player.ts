/**
 * The one player: everything that sounds in the app (library items, the queue, song previews,
 * voice samples, takes, job results, videos) plays through this store and its single engine, so
 * starting one thing stops whatever played before, and the bar always shows what plays.
 */
import { create } from 'zustand';
import { call } from '../bridge';
import { createEngine, type PlaybackEngine } from '../playback/engine';
import type { PlayEntry } from '../playback/entries';
import { gainOf, loadLevelling, useLevellingStore } from '../playback/levelling';
import type { ItemLoudness } from '@shared/ipc/library';

export { isVideoKind, toQueueEntry, type PlayEntry, type QueueEntry } from '../playback/entries';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'error';

export interface PlayerState {
  queue: PlayEntry[];
  /** Index of the queue's current entry, -1 when the queue has not started. */
  index: number;
  /** What plays outside the queue (a sample, a preview, a take), or null: then queue[index]. */
  solo: PlayEntry | null;
  status: PlayerStatus;
  positionS: number;
  /** The current entry's length: its probed duration when known, else what the engine decoded. */
  durationS: number;
  /** 0..1, remembered between runs. */
  volume: number;
  muted: boolean;
  error: string | null;
  /** The `cadenza-media:` URL being played. */
  url: string | null;
  /** The video viewer is shown (video entries). */
  viewerOpen: boolean;
  /** The current library item's measured loudness (null: unknown, or not a library item). */
  loudness: ItemLoudness | null;
  /** Loudness levelling's gain for the current entry (1 = as it is; see playback/levelling.ts). */
  levelGain: number;
}

const VOLUME_KEY = 'cadenza.player.volume';
/** "Previous" restarts the current entry when more than this has played. */
export const RESTART_THRESHOLD_S = 3;
const TICK_MS = 250;
/** While a region plays, the position is read this often so it stops close to the region's end. */
const REGION_TICK_MS = 20;
/**
 * howler only plays sources whose codec it recognises; a URL that names no file (main's media
 * cache) gets this hint. The hint gates howler's support check only: Chromium sniffs the bytes.
 */
const FALLBACK_FORMAT = 'mp3';

function savedVolume(): number {
  try {
    const v = Number(localStorage.getItem(VOLUME_KEY));
    return localStorage.getItem(VOLUME_KEY) !== null && Number.isFinite(v)
      ? Math.min(1, Math.max(0, v))
      : 0.8;
  } catch {
    return 0.8;
  }
}

const initial = (): PlayerState => ({
  queue: [],
  index: -1,
  solo: null,
  status: 'idle',
  positionS: 0,
  durationS: 0,
  volume: savedVolume(),
  muted: false,
  error: null,
  url: null,
  viewerOpen: false,
  loudness: null,
  levelGain: 1,
});

export const usePlayerStore = create<PlayerState>()(() => initial());
const set = (patch: Partial<PlayerState>): void => usePlayerStore.setState(patch);
const get = (): PlayerState => usePlayerStore.getState();

export const selectCurrent = (s: PlayerState): PlayEntry | null =>
  s.solo ?? s.queue[s.index] ?? null;

/** The current entry is `key` and it is playing (or about to). */
export const selectIsPlayingKey =
  (key: string) =>
  (s: PlayerState): boolean =>
    selectCurrent(s)?.key === key && (s.status === 'playing' || s.status === 'loading');

let engine: PlaybackEngine | null = null;
let loadSeq = 0;
let ticker: ReturnType<typeof setInterval> | undefined;
/** Where the current entry pauses by itself (a region played from the trim editor), or null. */
let stopAtS: number | null = null;

function stopTicking(): void {
  clearInterval(ticker);
  ticker = undefined;
}

function startTicking(): void {
  stopTicking();
  ticker = setInterval(
    () => {
      if (!engine) return;
      const at = engine.position();
      if (stopAtS !== null && at >= stopAtS) {
        stopAtS = null;
        engine.pause();
      }
      set({ positionS: at });
    },
    stopAtS !== null ? REGION_TICK_MS : TICK_MS,
  );
}

function release(): void {
  stopTicking();
  stopAtS = null;
  engine?.unload();
  engine = null;
}

/** What the engine plays at: the user's volume (0 when muted) times the levelling gain. */
const outputVolume = (s: Pick<PlayerState, 'volume' | 'muted' | 'levelGain'>): number =>
  s.muted ? 0 : s.volume * s.levelGain;

/** How long a load waits for the item's loudness before it starts at the unlevelled volume. */
const LEVEL_WAIT_MS = 150;

/** Sets the current entry's loudness and plays on at the level it calls for. */
function applyLoudness(loudness: ItemLoudness | null): void {
  set({ loudness, levelGain: gainOf(loudness, useLevellingStore.getState().levelling) });
  engine?.setVolume(outputVolume(get()));
}

// the setting changed (Settings → Playback): what plays follows at once
useLevellingStore.subscribe(({ levelling }) => {
  const levelGain = gainOf(get().loudness, levelling);
  if (levelGain === get().levelGain) return;
  set({ levelGain });
  engine?.setVolume(outputVolume(get()));
});

/** Asks main for an item's loudness (kept, or measured now) and applies it while `seq` plays. */
async function levelItem(itemId: string, seq: number): Promise<void> {
  await loadLevelling();
  const r = await call((api) => api.analysis.loudness(itemId));
  if (seq === loadSeq && r.ok) applyLoudness(r.value);
}

interface LoadOptions {
  autoplay: boolean;
  /** Start here instead of at 0 (the A/B switch, a preview that became a library file). */
  startAtS?: number;
}

/** Stops what plays and loads `entry` (the solo entry, or queue[index] when `solo` is null). */
async function load(
  target: { solo: PlayEntry } | { index: number },
  { autoplay, startAtS = 0 }: LoadOptions,
): Promise<void> {
  release();
  const seq = ++loadSeq;
  const entry = 'solo' in target ? target.solo : get().queue[target.index];
  if (!entry) {
    set({
      solo: null,
      index: -1,
      status: 'idle',
      positionS: 0,
      durationS: 0,
      url: null,
      viewerOpen: false,
    });
    return;
  }
  const probedS = (entry.durationMs ?? 0) / 1000;
  set({
    ...('solo' in target ? { solo: entry } : { solo: null, index: target.index }),
    status: 'loading',
    positionS: startAtS,
    durationS: probedS,
    error: null,
    url: null,
    viewerOpen: entry.video,
    loudness: null,
    levelGain: 1,
  });
  const levelled = entry.itemId ? levelItem(entry.itemId, seq) : Promise.resolve();
  let url = entry.url;
  if (!url) {
    if (!entry.itemId) return;
    const result = await call((api) => api.library.mediaUrl(entry.itemId!));
    if (seq !== loadSeq) return;
    if (!result.ok) {
      set({ status: 'error', error: result.error.message });
      return;
    }
    url = result.value;
  }
  // a kept measurement arrives in a few ms: start at the level; else start and level when known
  await Promise.race([levelled, new Promise((r) => setTimeout(r, LEVEL_WAIT_MS))]);
  if (seq !== loadSeq) return;
  const mine = (): boolean => seq === loadSeq;
  engine = createEngine(
    {
      url,
      format: entry.format ?? FALLBACK_FORMAT,
      video: entry.video,
      volume: outputVolume(get()),
    },
    {
      // One duration everywhere: the probe's, unless the item has none.
      onLoad: (durationS) => mine() && probedS === 0 && durationS > 0 && set({ durationS }),
      onPlay: () => {
        if (!mine()) return;
        set({ status: 'playing', error: null });
        startTicking();
      },
      onPause: () => {
        if (!mine()) return;
        stopTicking();
        if (get().status === 'playing')
          set({ status: 'paused', positionS: engine?.position() ?? get().positionS });
      },
      onEnd: () => {
        if (!mine()) return;
        stopTicking();
        const s = get();
        if (!s.solo && s.index + 1 < s.queue.length) void load({ index: s.index + 1 }, AUTO);
        else set({ status: 'ended', positionS: s.durationS });
      },
      onError: (message) => {
        if (!mine()) return;
        stopTicking();
        set({ status: 'error', error: message });
      },
    },
  );
  if (startAtS > 0) engine.seek(startAtS);
  set({ url, status: autoplay ? 'loading' : 'paused' });
  if (autoplay) engine.play();
}

const AUTO: LoadOptions = { autoplay: true };

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
  if (selectCurrent(get())?.key === key && engine) {
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
  stopAtS = Math.max(startS, endS);
  return loading;
}

/**
 * Plays `entry` in place of the current one at the same position, playing on if it played: the
 * A/B switch between takes, and a preview whose stream became the library file.
 */
export function switchTo(entry: PlayEntry): Promise<void> {
  const s = get();
  const atS = engine?.position() ?? s.positionS;
  const playing = s.status === 'playing' || s.status === 'loading';
  return load({ solo: entry }, { autoplay: playing, startAtS: atS });
}

/** The current position of `key`, or null when something else is current. */
export function positionOf(key: string): number | null {
  const s = get();
  if (selectCurrent(s)?.key !== key) return null;
  return engine?.position() ?? s.positionS;
}

export function togglePlay(): void {
  const s = get();
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
  if (get().status === 'playing') engine?.pause();
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
  const max = s.durationS > 0 ? s.durationS : Number.POSITIVE_INFINITY;
  const at = Math.min(Math.max(0, positionS), max);
  if (stopAtS !== null && at >= stopAtS) stopAtS = null;
  engine?.seek(at);
  set({ positionS: at, status: s.status === 'ended' ? 'paused' : s.status });
}

export function seekBy(deltaS: number): void {
  seekTo((engine?.position() ?? get().positionS) + deltaS);
}

export function setVolume(volume: number): void {
  const v = Math.min(1, Math.max(0, volume));
  set({ volume: v, muted: false });
  engine?.setVolume(outputVolume(get()));
  try {
    localStorage.setItem(VOLUME_KEY, String(v));
  } catch {
    // storage unavailable: the volume lasts for this run
  }
}

export function toggleMute(): void {
  const muted = !get().muted;
  set({ muted });
  engine?.setVolume(outputVolume(get()));
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
  release();
  loadSeq += 1;
  set({ solo: null, status: 'idle', positionS: 0, durationS: 0, url: null, viewerOpen: false });
}

export function clearQueue(): void {
  release();
  loadSeq += 1;
  set({
    queue: [],
    index: -1,
    solo: null,
    status: 'idle',
    positionS: 0,
    durationS: 0,
    url: null,
    error: null,
    viewerOpen: false,
  });
}

export function setViewerOpen(open: boolean): void {
  set({ viewerOpen: open });
}

/** The engine's video element, for the viewer. */
export function currentVideoElement(): HTMLVideoElement | null {
  return engine?.element ?? null;
}

export function resetPlayerStore(): void {
  release();
  loadSeq += 1;
  usePlayerStore.setState(initial());
}
