/** The player's state: what is current, where it is, how loud; the selectors panels read. */
import { create } from 'zustand';
import type { PlayEntry } from './entries';
import type { ItemLoudness } from '@shared/ipc/library';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'error';

export interface PlayerState {
  queue: PlayEntry[];
  /** Index of the queue's current entry, -1 when the queue has not started. */
  index: number;
  /** What plays outside the queue (a sample, a preview, a take), or null: then queue[index]. */
  solo: PlayEntry | null;
  status: PlayerStatus;
  positionS: number;
  /**
   * The current entry's length: its probed duration when known, else the service's announced one,
   * else what the engine decoded; 0 while it is not known (see `live`). Always finite.
   */
  durationS: number;
  /**
   * The media is still arriving (a take streaming while it generates): its end is not known yet,
   * so the bar shows that rather than a length.
   */
  live: boolean;
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

export const VOLUME_KEY = 'cadenza.player.volume';

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

export const initial = (): PlayerState => ({
  queue: [],
  index: -1,
  solo: null,
  status: 'idle',
  positionS: 0,
  durationS: 0,
  live: false,
  volume: savedVolume(),
  muted: false,
  error: null,
  url: null,
  viewerOpen: false,
  loudness: null,
  levelGain: 1,
});

export const usePlayerStore = create<PlayerState>()(() => initial());
export const set = (patch: Partial<PlayerState>): void => usePlayerStore.setState(patch);
export const get = (): PlayerState => usePlayerStore.getState();

export const selectCurrent = (s: PlayerState): PlayEntry | null =>
  s.solo ?? s.queue[s.index] ?? null;

/** The current entry is `key` and it is playing (or about to). */
export const selectIsPlayingKey =
  (key: string) =>
  (s: PlayerState): boolean =>
    selectCurrent(s)?.key === key && (s.status === 'playing' || s.status === 'loading');

/** What the engine plays at: the user's volume (0 when muted) times the levelling gain. */
export const outputVolume = (s: Pick<PlayerState, 'volume' | 'muted' | 'levelGain'>): number =>
  s.muted ? 0 : s.volume * s.levelGain;
