/**
 * Loudness levelling, like ReplayGain: each library item plays at the target loudness (the
 * "Level loudness" setting, on by default at −14 LUFS, kept in main's settings), from the
 * integrated loudness main measured once per item (EBU R128 / ITU-R BS.1770).
 *
 * How the gain is applied — attenuation only. The player is howler in html5 mode: an `<audio>`
 * element streaming `cadenza-media://` with Range requests. An element's volume goes from 0 to 1,
 * so the level is applied by lowering it (volume × gain): tracks louder than the target are
 * turned down, quieter ones play as they are and are NOT boosted. Boosting would need Web Audio
 * (a MediaElementAudioSourceNode into a GainNode), which only hears a cross-origin element when
 * the media protocol answers with CORS headers (the scheme privileged `corsEnabled`, an
 * `Access-Control-Allow-Origin` header, `crossOrigin` set on howler's element before it loads):
 * without all three Chromium feeds the graph silence, and the e2e media bridge cannot model those
 * rules (test/support/electron-double/MEDIA.md), so it was left out. Since the gain never exceeds
 * 1, levelling can never clip; `levellingGain` also caps any boost by the true peak for a player
 * that could boost. Entries without a library item (previews, samples) play unlevelled.
 */
import { create } from 'zustand';
import { DEFAULT_LEVELLING, levellingGain, type Levelling } from '@shared/domain/levelling';
import type { ItemLoudness } from '@shared/ipc/library';
import type { AppErrorShape } from '@shared/errors';
import { call } from '../bridge';

/** The html5 engine can only turn an element down (see above). */
export const MAX_LEVELLING_GAIN = 1;

interface LevellingState {
  levelling: Levelling;
  /** Read from main at least once. */
  loaded: boolean;
}

export const useLevellingStore = create<LevellingState>()(() => ({
  levelling: { ...DEFAULT_LEVELLING },
  loaded: false,
}));

let loading: Promise<void> | null = null;

/** Reads the setting from main once (later calls reuse it). */
export function loadLevelling(): Promise<void> {
  loading ??= call((api) => api.player.levelling()).then((r) => {
    if (r.ok) useLevellingStore.setState({ levelling: r.value, loaded: true });
    else loading = null; // try again next time; the default applies meanwhile
  });
  return loading;
}

/** Saves a change in main; the store (and so the player) follows what main saved. */
export async function saveLevelling(patch: Partial<Levelling>): Promise<AppErrorShape | null> {
  const r = await call((api) => api.player.setLevelling(patch));
  if (!r.ok) return r.error;
  useLevellingStore.setState({ levelling: r.value, loaded: true });
  return null;
}

/** The gain an item plays at under `levelling` (1: levelling off, unmeasured, or quieter). */
export const gainOf = (loudness: ItemLoudness | null, levelling: Levelling): number =>
  levelling.enabled ? levellingGain(loudness, levelling.targetLufs, MAX_LEVELLING_GAIN) : 1;

export function resetLevellingStore(): void {
  loading = null;
  useLevellingStore.setState({ levelling: { ...DEFAULT_LEVELLING }, loaded: false });
}
