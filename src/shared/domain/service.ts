import { z } from 'zod';

/**
 * Service objects as they leave the service client: normalised from whatever the service sent
 * (see API-NOTES.md), validated with these schemas. Units are in the names.
 */

const HttpUrl = z.string().regex(/^https?:\/\//i, 'Not an http(s) URL');

/** Where a song came from: /v1/music (synchronous), /v2/submit + /v2/query, or /v3/music/tasks. */
export const SongApiSchema = z.enum(['v1', 'v2', 'v3']);

/** queued: nothing to play yet; streaming: audio plays while generating; complete; failed. */
export const SongStatusSchema = z.enum(['queued', 'streaming', 'complete', 'failed']);
export type SongStatus = z.infer<typeof SongStatusSchema>;

export const SongSchema = z.object({
  /** The id to ask about it again: the song id (V1/V2) or the V3 task id (what `?ids=` takes). */
  id: z.string().min(1),
  /** V3 only: the song's own id, a different value from the task id; absent while processing. */
  songId: z.string().min(1).optional(),
  api: SongApiSchema,
  status: SongStatusSchema,
  /** The status exactly as the service sent it, for diagnosis. */
  rawStatus: z.string().optional(),
  title: z.string(),
  /** Real line breaks (literal "\n" from the service already turned into newlines). */
  lyrics: z.string(),
  /** Style / tags / prompt the service reports. */
  tags: z.string(),
  audioUrl: HttpUrl.optional(),
  imageUrl: HttpUrl.optional(),
  durationMs: z.number().int().positive().optional(),
  failCode: z.number().int().optional(),
  failReason: z.string().optional(),
});
export type Song = z.infer<typeof SongSchema>;

/**
 * Combines a newer answer about a song with what was known before: known title, lyrics, tags,
 * URLs and duration are never replaced by empty values (/v2/query has been seen answering "").
 */
export function mergeSong(known: Song | undefined, next: Song): Song {
  if (!known || known.id !== next.id) return next;
  const merged: Song = { ...next };
  if (!merged.title) merged.title = known.title;
  if (!merged.lyrics) merged.lyrics = known.lyrics;
  if (!merged.tags) merged.tags = known.tags;
  if (!merged.audioUrl && known.audioUrl) merged.audioUrl = known.audioUrl;
  if (!merged.imageUrl && known.imageUrl) merged.imageUrl = known.imageUrl;
  if (merged.durationMs === undefined && known.durationMs !== undefined)
    merged.durationMs = known.durationMs;
  return merged;
}

export const LyricsResultSchema = z.object({ title: z.string(), lyrics: z.string() });
export type LyricsResult = z.infer<typeof LyricsResultSchema>;

export const VoiceSchema = z.object({
  /** UUID-format voice id; what text-to-speech takes as `speaker`. */
  speaker: z.string().min(1),
  name: z.string(),
  language: z.string(),
  classNames: z.array(z.string()),
  classification: z.string().optional(),
  type: z.string().optional(),
  plan: z.number().int().optional(),
  description: z.string().optional(),
  isFree: z.boolean(),
  isVip: z.boolean(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  trending: z.boolean(),
  avatarUrl: HttpUrl.optional(),
  sampleUrl: HttpUrl.optional(),
});
export type Voice = z.infer<typeof VoiceSchema>;

export const CloneVoiceSchema = z.object({
  speaker: z.string().min(1),
  name: z.string(),
  description: z.string().optional(),
  createdAt: z.string().optional(),
  sampleUrl: HttpUrl.optional(),
});
export type CloneVoice = z.infer<typeof CloneVoiceSchema>;

export const CloneResultSchema = z.object({
  speaker: z.string().min(1),
  raw: z.unknown().optional(),
});
export type CloneResult = z.infer<typeof CloneResultSchema>;

export const TtsResultSchema = z.object({
  audioUrl: HttpUrl,
  speaker: z.string().optional(),
  name: z.string().optional(),
  type: z.string().optional(),
});
export type TtsResult = z.infer<typeof TtsResultSchema>;

export const SingerSchema = z.object({
  /** Built-in singers have integer ids, custom ones training ids; both kept as text. */
  id: z.string().min(1),
  name: z.string(),
  isCustom: z.boolean(),
});
export type Singer = z.infer<typeof SingerSchema>;

export const CoverResultSchema = z.object({
  audioUrl: HttpUrl,
  imageUrl: HttpUrl.optional(),
  title: z.string().optional(),
  /** The service's answer (its shape is not documented), kept for the job record. */
  raw: z.unknown().optional(),
});
export type CoverResult = z.infer<typeof CoverResultSchema>;

export const TrainingStatusSchema = z.enum(['queued', 'running', 'complete', 'failed', 'unknown']);
export type TrainingStatus = z.infer<typeof TrainingStatusSchema>;

export const CustomSingerTaskSchema = z.object({
  id: z.string().min(1),
  status: TrainingStatusSchema,
  rawStatus: z.string().optional(),
  raw: z.unknown().optional(),
});
export type CustomSingerTask = z.infer<typeof CustomSingerTaskSchema>;

/** Singing-photo and subtitle videos: a finished video URL, or a task id, or both. */
export const VideoResultSchema = z
  .object({
    videoUrl: HttpUrl.optional(),
    taskId: z.string().min(1).optional(),
    raw: z.unknown().optional(),
  })
  .refine(
    (v) => v.videoUrl !== undefined || v.taskId !== undefined,
    'Neither a video nor a task id',
  );
export type VideoResult = z.infer<typeof VideoResultSchema>;

export interface UploadProgress {
  bytesSent: number;
  totalBytes: number;
}

export interface DownloadResult {
  bytes: number;
  contentType?: string;
}
