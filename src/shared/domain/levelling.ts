/**
 * The player's levelling: the target and the gain that brings an item to it. Plain values and
 * arithmetic (no zod), so the player on the renderer's first screen uses them without loading zod;
 * loudness.ts holds the schemas and re-exports these.
 */

/** The levelling setting: on by default, to −14 LUFS (what the large streaming services use). */
export const DEFAULT_LOUDNESS_TARGET_LUFS = -14;
export const LOUDNESS_TARGET_MIN = -30;
export const LOUDNESS_TARGET_MAX = -5;

export interface Levelling {
  enabled: boolean;
  targetLufs: number;
}

export const DEFAULT_LEVELLING: Levelling = {
  enabled: true,
  targetLufs: DEFAULT_LOUDNESS_TARGET_LUFS,
};

/** Highest true peak a boosted item may reach (dBTP): a boost stops short of clipping. */
export const PEAK_CEILING_DB = -1;

/** What levelling reads of a measurement (LUFS and dBTP; null when silent). */
export interface MeasuredLoudness {
  integratedLufs: number | null;
  truePeakDb: number | null;
}

/**
 * The linear gain that brings `loudness` to `targetLufs`, never raising the true peak above
 * PEAK_CEILING_DB, and at most `maxGain` (1 = attenuation only: the player's html5 engine
 * cannot boost). 1 when the item is unmeasured or silent.
 */
export function levellingGain(
  loudness: MeasuredLoudness | null | undefined,
  targetLufs: number,
  maxGain = 1,
): number {
  if (!loudness || loudness.integratedLufs === null) return 1;
  let gainDb = targetLufs - loudness.integratedLufs;
  if (gainDb > 0 && loudness.truePeakDb !== null)
    gainDb = Math.min(gainDb, Math.max(0, PEAK_CEILING_DB - loudness.truePeakDb));
  return Math.min(maxGain, 10 ** (gainDb / 20));
}
