import { z } from 'zod';
import { KeyedMessageSchema } from '../errors';
import { invoke } from './define';
import { LinkSchema, MeasuredLinkSchema } from './covers';
import { JobViewSchema } from './jobs';

/**
 * Videos: a singing-photo video from an audio URL (or a library song's service URL) and a photo
 * URL, and a subtitle video from a video URL. The service takes URLs only; main measures the audio
 * and the photo before anything is spent.
 */

const Url = z.string().trim().min(1).max(4000);

export const SingingRequestSchema = z.object({
  audio: LinkSchema,
  imageUrl: Url,
  title: z.string().max(200).optional(),
});
export type SingingRequest = z.infer<typeof SingingRequestSchema>;

export const SingingCheckSchema = z.object({
  audio: MeasuredLinkSchema,
  image: MeasuredLinkSchema,
  /** Form field -> message for what would be refused (empty when it can be sent). */
  fields: z.record(z.string(), z.string()),
  /** Each field's message as a key and parameters (said in the app's language: fieldText). */
  fieldKeys: z.record(z.string(), KeyedMessageSchema).optional(),
});
export type SingingCheck = z.infer<typeof SingingCheckSchema>;

export const SubtitlesRequestSchema = z.object({
  /** A typed video link (used when `video` is absent). */
  videoUrl: z.string().trim().max(4000).optional(),
  /** A library video: main sends the service link it came from (the service takes links only). */
  video: LinkSchema.optional(),
  title: z.string().max(200).optional(),
});
export type SubtitlesRequest = z.infer<typeof SubtitlesRequestSchema>;

export const videosContract = {
  /** Measures the audio and photo links; nothing is sent to the service. */
  checkSinging: invoke(z.tuple([SingingRequestSchema]), SingingCheckSchema),
  /** Checks again, then makes the singing video as a job; it lands in the library. */
  singing: invoke(z.tuple([SingingRequestSchema]), JobViewSchema),
  /** Makes a subtitle video as a job; it lands in the library. */
  subtitles: invoke(z.tuple([SubtitlesRequestSchema]), JobViewSchema),
};
