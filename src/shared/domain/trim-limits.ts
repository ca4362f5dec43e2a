/**
 * A trim's limits and fade curves, apart from the schema in trim.ts (zod) so the waveform's region
 * editor on the renderer's first screen reads them without loading zod.
 */
export const FADE_CURVES = ['linear', 'equal-power'] as const;
export type FadeCurve = (typeof FADE_CURVES)[number];

/** The shortest region worth saving. */
export const TRIM_MIN_LENGTH_MS = 100;
/** The longest fade: a minute. */
export const FADE_MAX_MS = 60_000;
