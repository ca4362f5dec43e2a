/**
 * Loudness of a library item (ITU-R BS.1770-4 / EBU R128, measured once in the worker and kept
 * in its sidecar) and the player's levelling: the gain that brings an item to the target. The
 * levelling values and arithmetic live in levelling.ts (no zod, so the player on the first screen
 * uses them without loading zod); they are re-exported here.
 */
import { z } from 'zod';
import { LOUDNESS_TARGET_MAX, LOUDNESS_TARGET_MIN, type Levelling } from './levelling';

export {
  DEFAULT_LEVELLING,
  DEFAULT_LOUDNESS_TARGET_LUFS,
  LOUDNESS_TARGET_MAX,
  LOUDNESS_TARGET_MIN,
  PEAK_CEILING_DB,
  levellingGain,
  type Levelling,
} from './levelling';

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

export const LoudnessTargetSchema = z
  .number()
  .min(LOUDNESS_TARGET_MIN, `The target is at least ${LOUDNESS_TARGET_MIN} LUFS.`)
  .max(LOUDNESS_TARGET_MAX, `The target is at most ${LOUDNESS_TARGET_MAX} LUFS.`);

export const LevellingSchema = z.object({
  enabled: z.boolean(),
  targetLufs: LoudnessTargetSchema,
}) satisfies z.ZodType<Levelling>;
