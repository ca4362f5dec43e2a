import { z } from 'zod';
import { FileHandleSchema } from '../domain/files';
import { AppErrorSchema, KeyedMessageSchema } from '../errors';
import { event, invoke } from './define';
import { JobIdSchema, JobViewSchema } from './jobs';
import { ItemIdSchema } from './library';
import { UploadProgressEventSchema } from './voices';

/**
 * Covers: a cover of a dropped/picked file, a library song or a video link, sung by a built-in
 * singer or a custom singer trained from audio URLs (their names are kept locally, in the data
 * folder). Main measures training links before anything is spent; the renderer never fetches.
 */

/** A singer the cover form can choose: built-in (from /v1/singers) or trained here. */
export const SingerOptionSchema = z.object({
  /** The singer id to send (a training task id for a custom singer); null while not yet known. */
  id: z.string().nullable(),
  name: z.string(),
  custom: z.boolean(),
  /** ready: can sing; training: its job is still running; failed: training failed. */
  state: z.enum(['ready', 'training', 'failed']),
  /** The training job (custom singers). */
  jobId: z.string().nullable(),
});
export type SingerOption = z.infer<typeof SingerOptionSchema>;

export const SingersSchema = z.object({
  singers: z.array(SingerOptionSchema),
  /** Why the built-in list could not be read (custom singers are still listed). */
  error: AppErrorSchema.nullable(),
  /** When the built-in list shown was read from the service (the last one kept, when it failed). */
  fetchedAt: z.string().nullable().default(null),
});
export type Singers = z.infer<typeof SingersSchema>;

/** A library item offered as a source (a cover's audio, a training or singing-video link). */

const Url = z.string().trim().min(1).max(4000);

export const CoverSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), handle: FileHandleSchema }),
  z.object({ kind: z.literal('library'), itemId: ItemIdSchema }),
  z.object({ kind: z.literal('link'), url: Url }),
]);

export const CoverRequestSchema = z.object({
  source: CoverSourceSchema,
  singerId: z.string().trim().min(1).max(200),
  isCustomSinger: z.boolean(),
  /** Checked against TRAN_MIN/MAX_SEMITONES by main, so the message lands on the field. */
  tranSemitones: z.number().int().min(-100).max(100),
  title: z.string().max(200).optional(),
});
export type CoverRequest = z.infer<typeof CoverRequestSchema>;

/** A link the user typed, or a library item whose service URL main sends on. */
export const LinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), url: Url }),
  z.object({ kind: z.literal('library'), itemId: ItemIdSchema }),
]);
export type Link = z.infer<typeof LinkSchema>;

export const MeasuredLinkSchema = z.object({
  /** The URL as typed, or the library item's title. */
  label: z.string(),
  format: z.string(),
  durationS: z.number().nullable(),
  sizeBytes: z.number().nullable(),
  /** Why it could not be reached or measured (nothing is spent then). */
  problem: z.string().nullable(),
  /** `problem` as a key and parameters (said in the app's language). */
  problemKey: KeyedMessageSchema.nullable().optional(),
});
export type MeasuredLink = z.infer<typeof MeasuredLinkSchema>;

export const TrainingCheckSchema = z.object({
  links: z.array(MeasuredLinkSchema),
  /** Total measured duration; null when a link could not be measured. */
  totalS: z.number().nullable(),
  /** Why training cannot start, or null when it can. */
  problem: z.string().nullable(),
  /** `problem` as a key and parameters (said in the app's language). */
  problemKey: KeyedMessageSchema.nullable().optional(),
});
export type TrainingCheck = z.infer<typeof TrainingCheckSchema>;

export const TrainRequestSchema = z.object({
  name: z.string().max(200),
  links: z.array(LinkSchema).max(60),
});
export type TrainRequest = z.infer<typeof TrainRequestSchema>;

export const coversContract = {
  /** Built-in singers and the custom singers trained here (with their local names). */
  singers: invoke(
    z.tuple([z.object({ refresh: z.boolean().default(false) }).strict()]),
    SingersSchema,
  ),
  /** Uploads the file (or sends the link) as a cover job; progress arrives as `coverUploadProgress`. */
  create: invoke(z.tuple([CoverRequestSchema]), JobViewSchema),
  /** Cancels a cover job (an upload is aborted; nothing lands in the library). */
  cancel: invoke(z.tuple([JobIdSchema]), JobViewSchema),
  /** Measures training links (reading only their headers); nothing is sent to the service. */
  checkTraining: invoke(z.tuple([z.array(LinkSchema).min(1).max(60)]), TrainingCheckSchema),
  /** Measures the links again, refuses outside 5–45 min, then starts training as a job. */
  train: invoke(z.tuple([TrainRequestSchema]), JobViewSchema),
  /** Renames a custom singer (kept locally). */
  renameSinger: invoke(z.tuple([JobIdSchema, z.string().trim().min(1).max(80)]), SingersSchema),
};

export const coversEvents = {
  /** Bytes of a cover upload handed to the network. */
  coverUploadProgress: event(UploadProgressEventSchema),
};
