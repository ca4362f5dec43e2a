/**
 * analysis:* — what main measures of an item's decoded audio: its waveform peaks (whole, or a
 * zoomed window) and its loudness.
 */
import { z } from 'zod';
import { invoke } from './define';
import { ItemIdSchema, ItemLoudnessSchema } from './library';

/** Peak amplitude per slice of audio, 0..1 (50 a second, at most 30,000: any zoom can be drawn). */
export const MAX_WAVEFORM_PEAKS = 30_000;
export const WaveformPeaksSchema = z.array(z.number().min(0).max(1)).min(1).max(MAX_WAVEFORM_PEAKS);
export const WaveformSchema = z.object({
  peaks: WaveformPeaksSchema,
  /** Seconds each peak covers (null for peaks stored without it). */
  secondsPerPeak: z.number().positive().nullable(),
});
export type Waveform = z.infer<typeof WaveformSchema>;

/** At most this many bars of a zoomed window are asked for. */
export const MAX_WINDOW_BARS = 2000;
export const WaveformWindowSchema = z
  .object({
    fromMs: z.number().int().nonnegative(),
    toMs: z.number().int().positive(),
    bars: z.number().int().min(1).max(MAX_WINDOW_BARS),
  })
  .strict()
  .refine((w) => w.toMs > w.fromMs, {
    message: 'The window ends before it starts.',
    path: ['toMs'],
  });

export const analysisContract = {
  /** The item's waveform peaks from its decoded audio (MP3, WAV, FLAC, Vorbis, Opus), cached; null for AAC and video. */
  waveform: invoke(z.tuple([ItemIdSchema]), WaveformSchema.nullable()),
  /** Peaks of a part of the item, finer than `waveform`'s (a zoomed view); null when not decoded. */
  waveformWindow: invoke(
    z.tuple([ItemIdSchema, WaveformWindowSchema]),
    z.array(z.number().min(0).max(1)).max(MAX_WINDOW_BARS).nullable(),
  ),
  /**
   * The item's loudness: kept from an earlier measurement, else measured now (ahead of the
   * background queue, in the worker); null for what cannot be decoded (AAC, video).
   */
  loudness: invoke(z.tuple([ItemIdSchema]), ItemLoudnessSchema.nullable()),
};
