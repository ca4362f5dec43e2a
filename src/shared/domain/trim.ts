/**
 * A trim of a library item: the region kept (start and end in ms of the source), optional fade
 * in and fade out, and their curve. The same schema checks the editor, the IPC channel
 * (`edit:trim`) and the CLI (`cadenza library trim`); its messages are shown as they are.
 */
import { z } from 'zod';

import { FADE_CURVES, FADE_MAX_MS, TRIM_MIN_LENGTH_MS } from './trim-limits';

export { FADE_CURVES, FADE_MAX_MS, TRIM_MIN_LENGTH_MS, type FadeCurve } from './trim-limits';

const ms = (what: string) =>
  z
    .number({ message: `Give the ${what} in milliseconds.` })
    .int(`The ${what} is a whole number of milliseconds.`)
    .nonnegative(`The ${what} cannot be negative.`);

export const TrimRequestSchema = z
  .object({
    startMs: ms('start'),
    endMs: ms('end'),
    fadeInMs: ms('fade in').max(FADE_MAX_MS, 'A fade lasts at most a minute.'),
    fadeOutMs: ms('fade out').max(FADE_MAX_MS, 'A fade lasts at most a minute.'),
    fadeCurve: z.enum(FADE_CURVES),
    /** The new item's name (default: the source's title with "(trimmed)"). */
    title: z.string().trim().min(1).max(120).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    const length = r.endMs - r.startMs;
    if (length < TRIM_MIN_LENGTH_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['endMs'],
        message: `The end must be at least ${TRIM_MIN_LENGTH_MS} ms after the start.`,
      });
    else if (r.fadeInMs + r.fadeOutMs > length)
      ctx.addIssue({
        code: 'custom',
        path: ['fadeOutMs'],
        message: 'The fades together are longer than the region.',
      });
  });
export type TrimRequest = z.infer<typeof TrimRequestSchema>;

/** What a trimmed item's sidecar says about where it comes from (an optional sidecar field). */
export const TrimmedFromSchema = z.object({
  source_id: z.string(),
  source_title: z.string(),
  start_ms: z.number().int().nonnegative(),
  end_ms: z.number().int().nonnegative(),
  fade_in_ms: z.number().int().nonnegative(),
  fade_out_ms: z.number().int().nonnegative(),
  fade_curve: z.enum(FADE_CURVES),
});
