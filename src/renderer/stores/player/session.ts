/**
 * The player's one loaded entry: the engine playing it, the ticker that reads its position, the
 * loudness levelling it plays at, and `load`, which stops what played and starts an entry. A load
 * that a later one overtook (`loadSeq`) changes nothing.
 */
import { call } from '../../bridge';
import { errorText } from '../../i18n';
import { createEngine, type PlaybackEngine } from '../../playback/engine';
import type { PlayEntry } from './entries';
import { gainOf, loadLevelling, useLevellingStore } from '../../playback/levelling';
import type { ItemLoudness } from '@shared/ipc/library';
import { get, outputVolume, set } from './state';

const TICK_MS = 250;
/** While a region plays, the position is read this often so it stops close to the region's end. */
const REGION_TICK_MS = 20;
/**
 * howler only plays sources whose codec it recognises; a URL that names no file (main's media
 * cache) gets this hint. The hint gates howler's support check only: Chromium sniffs the bytes.
 */
const FALLBACK_FORMAT = 'mp3';

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

export interface LoadOptions {
  autoplay: boolean;
  /** Start here instead of at 0 (the A/B switch, a preview that became a library file). */
  startAtS?: number;
}

/** Stops what plays and loads `entry` (the solo entry, or queue[index] when `solo` is null). */
export async function load(
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
      live: false,
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
    live: false,
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
      set({ status: 'error', error: errorText(result.error) });
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
      // One duration everywhere: the probe's (or the service's), unless the item has none. A
      // stream still arriving reads as an unbounded length: that is "not known yet", never a length.
      onLoad: (durationS) => {
        if (!mine() || probedS > 0) return;
        if (Number.isFinite(durationS)) {
          if (durationS > 0) set({ durationS });
        } else set({ live: true });
      },
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
        // a stream that ended has its length: where it ended
        else if (s.live) set({ status: 'ended', live: false, durationS: s.positionS });
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

export const AUTO: LoadOptions = { autoplay: true };

/** The engine of the current entry, or null when nothing is loaded. */
export const currentEngine = (): PlaybackEngine | null => engine;

/** The current entry pauses by itself at `atS` (a region), or plays on (null). */
export function stopAt(atS: number | null): void {
  stopAtS = atS;
}

/** Where the current entry pauses by itself, or null. */
export const stopAtOf = (): number | null => stopAtS;

/** Stops and forgets the engine; a load still under way changes nothing. */
export function unload(): void {
  release();
  loadSeq += 1;
}
