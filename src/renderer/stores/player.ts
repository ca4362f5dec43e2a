import { create } from 'zustand';
import type { LibraryItemView } from '@shared/ipc/library';
import { call } from '../bridge';
import { createEngine, type PlaybackEngine } from '../player/engine';

/** One entry of the play queue: a library item, described enough to show it without the library. */
export interface QueueEntry {
  itemId: string;
  title: string;
  kind: LibraryItemView['kind'];
  file: string;
  durationMs: number | null;
  coverUrl: string | null;
}

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'error';

export interface PlayerState {
  queue: QueueEntry[];
  /** Index of the current entry in `queue`, -1 when nothing is loaded. */
  index: number;
  status: PlayerStatus;
  positionS: number;
  durationS: number;
  /** 0..1, remembered between runs. */
  volume: number;
  muted: boolean;
  error: string | null;
  /** The `cadenza-media:` URL being played. */
  url: string | null;
  /** The video viewer is shown (video items). */
  viewerOpen: boolean;
}

const VOLUME_KEY = 'cadenza.player.volume';
/** "Previous" restarts the current entry when more than this has played. */
export const RESTART_THRESHOLD_S = 3;
const TICK_MS = 250;

export const isVideoKind = (kind: QueueEntry['kind']): boolean =>
  kind === 'singing-video' || kind === 'subtitle-video';

export const toQueueEntry = (item: LibraryItemView): QueueEntry => ({
  itemId: item.id,
  title: item.title,
  kind: item.kind,
  file: item.file,
  durationMs: item.durationMs,
  coverUrl: item.coverUrl,
});

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
  status: 'idle',
  positionS: 0,
  durationS: 0,
  volume: savedVolume(),
  muted: false,
  error: null,
  url: null,
  viewerOpen: false,
});

export const usePlayerStore = create<PlayerState>()(() => initial());
const set = (patch: Partial<PlayerState>): void => usePlayerStore.setState(patch);
const get = (): PlayerState => usePlayerStore.getState();

export const selectCurrent = (s: PlayerState): QueueEntry | null => s.queue[s.index] ?? null;

let engine: PlaybackEngine | null = null;
let loadSeq = 0;
let ticker: ReturnType<typeof setInterval> | undefined;

function stopTicking(): void {
  clearInterval(ticker);
  ticker = undefined;
}

function startTicking(): void {
  stopTicking();
  ticker = setInterval(() => {
    if (engine) set({ positionS: engine.position() });
  }, TICK_MS);
}

function release(): void {
  stopTicking();
  engine?.unload();
  engine = null;
}

const effectiveVolume = (s: Pick<PlayerState, 'volume' | 'muted'>): number =>
  s.muted ? 0 : s.volume;

/** Loads queue entry `index` and plays it when `autoplay`. */
async function load(index: number, autoplay: boolean): Promise<void> {
  const entry = get().queue[index];
  release();
  const seq = ++loadSeq;
  if (!entry) {
    set({ index: -1, status: 'idle', positionS: 0, durationS: 0, url: null, viewerOpen: false });
    return;
  }
  const video = isVideoKind(entry.kind);
  set({
    index,
    status: 'loading',
    positionS: 0,
    durationS: (entry.durationMs ?? 0) / 1000,
    error: null,
    url: null,
    viewerOpen: video,
  });
  const result = await call((api) => api.library.mediaUrl(entry.itemId));
  if (seq !== loadSeq) return;
  if (!result.ok) {
    set({ status: 'error', error: result.error.message });
    return;
  }
  const url = result.value;
  const format = (entry.file.split('.').pop() ?? '').toLowerCase();
  const mine = (): boolean => seq === loadSeq;
  engine = createEngine(
    { url, format, video, volume: effectiveVolume(get()) },
    {
      onLoad: (durationS) => mine() && durationS > 0 && set({ durationS }),
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
        if (s.index + 1 < s.queue.length) void load(s.index + 1, true);
        else set({ status: 'ended', positionS: s.durationS });
      },
      onError: (message) => {
        if (!mine()) return;
        stopTicking();
        set({ status: 'error', error: message });
      },
    },
  );
  set({ url, status: autoplay ? 'loading' : 'paused' });
  if (autoplay) engine.play();
}

/** Replaces the queue with `entries` and plays entry `start`. */
export function playEntries(entries: QueueEntry[], start = 0): Promise<void> {
  set({ queue: entries });
  return load(Math.min(Math.max(0, start), entries.length - 1), true);
}

/** Adds to the end of the queue; starts playing when nothing was loaded. */
export function enqueue(entry: QueueEntry): void {
  const s = get();
  set({ queue: [...s.queue, entry] });
  if (s.index < 0) void load(s.queue.length, true);
}

export function togglePlay(): void {
  const s = get();
  if (!engine) {
    if (s.queue.length > 0) void load(s.index >= 0 ? s.index : 0, true);
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

export function next(): void {
  const s = get();
  if (s.index + 1 < s.queue.length) void load(s.index + 1, true);
}

/** Restarts the current entry after a few seconds of it, else goes to the previous one. */
export function previous(): void {
  const s = get();
  if (s.positionS > RESTART_THRESHOLD_S || s.index <= 0) seekTo(0);
  else void load(s.index - 1, true);
}

export function playAt(index: number): void {
  if (get().queue[index]) void load(index, true);
}

export function seekTo(positionS: number): void {
  const s = get();
  const max = s.durationS > 0 ? s.durationS : Number.POSITIVE_INFINITY;
  const at = Math.min(Math.max(0, positionS), max);
  engine?.seek(at);
  set({ positionS: at, status: s.status === 'ended' ? 'paused' : s.status });
}

export function seekBy(deltaS: number): void {
  seekTo((engine?.position() ?? get().positionS) + deltaS);
}

export function setVolume(volume: number): void {
  const v = Math.min(1, Math.max(0, volume));
  set({ volume: v, muted: false });
  engine?.setVolume(v);
  try {
    localStorage.setItem(VOLUME_KEY, String(v));
  } catch {
    // storage unavailable: the volume lasts for this run
  }
}

export function toggleMute(): void {
  const muted = !get().muted;
  set({ muted });
  engine?.setVolume(effectiveVolume({ volume: get().volume, muted }));
}

export function removeFromQueue(index: number): void {
  const s = get();
  if (!s.queue[index]) return;
  const queue = s.queue.filter((_, i) => i !== index);
  if (index === s.index) {
    const wasPlaying = s.status === 'playing';
    set({ queue });
    void load(Math.min(index, queue.length - 1), wasPlaying);
  } else set({ queue, index: index < s.index ? s.index - 1 : s.index });
}

/** Items deleted from the library leave the queue (the current one stops). */
export function dropRemovedItems(removedIds: readonly string[]): void {
  const gone = new Set(removedIds);
  for (let i = get().queue.length - 1; i >= 0; i -= 1)
    if (gone.has(get().queue[i]?.itemId ?? '')) removeFromQueue(i);
}

export function clearQueue(): void {
  release();
  loadSeq += 1;
  set({
    queue: [],
    index: -1,
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
