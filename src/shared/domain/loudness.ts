/**
 * Loudness of a library item (ITU-R BS.1770-4 / EBU R128, measured once in the worker and kept
 * in its sidecar) and the player's levelling: the gain that brings an item to the target.
 */
import { z } from 'zod';

/** Bumped when the meter changes so that older measurements are taken again. */
export const LOUDNESS_METER_VERSION = 1;

export const LoudnessSchema = z.object({
  /** Gated integrated loudness, LUFS; null when nothing passes the gates (silence). */
  integratedLufs: z.number().nullable(),
  /** Largest sample of the 4× oversampled audio, dBTP; null for digital silence. */
  truePeakDb: z.number().nullable(),
  measuredAt: z.string(),
  /** LOUDNESS_METER_VERSION of the meter that measured it. */
  version: z.number().int().positive(),
});
export type Loudness = z.infer<typeof LoudnessSchema>;

/** The levelling setting: on by default, to −14 LUFS (what the large streaming services use). */
export const DEFAULT_LOUDNESS_TARGET_LUFS = -14;
export const LOUDNESS_TARGET_MIN = -30;
export const LOUDNESS_TARGET_MAX = -5;
export const LoudnessTargetSchema = z
  .number()
  .min(LOUDNESS_TARGET_MIN, `The target is at least ${LOUDNESS_TARGET_MIN} LUFS.`)
  .max(LOUDNESS_TARGET_MAX, `The target is at most ${LOUDNESS_TARGET_MAX} LUFS.`);

export const LevellingSchema = z.object({
  enabled: z.boolean(),
  targetLufs: LoudnessTargetSchema,
});
export type Levelling = z.infer<typeof LevellingSchema>;

export const DEFAULT_LEVELLING: Levelling = {
  enabled: true,
  targetLufs: DEFAULT_LOUDNESS_TARGET_LUFS,
};

/** Highest true peak a boosted item may reach (dBTP): a boost stops short of clipping. */
export const PEAK_CEILING_DB = -1;

/**
 * The linear gain that brings `loudness` to `targetLufs`, never raising the true peak above
 * PEAK_CEILING_DB, and at most `maxGain` (1 = attenuation only: the player's html5 engine
 * cannot boost). 1 when the item is unmeasured or silent.
 */
export function levellingGain(
  loudness: Pick<Loudness, 'integratedLufs' | 'truePeakDb'> | null | undefined,
  targetLufs: number,
  maxGain = 1,
): number {
  if (!loudness || loudness.integratedLufs === null) return 1;
  let gainDb = targetLufs - loudness.integratedLufs;
  if (gainDb > 0 && loudness.truePeakDb !== null)
    gainDb = Math.min(gainDb, Math.max(0, PEAK_CEILING_DB - loudness.truePeakDb));
  return Math.min(maxGain, 10 ** (gainDb / 20));
}
