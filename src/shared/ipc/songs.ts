import { z } from 'zod';
import { LyricsResultSchema } from '../domain/service';
import { ModelVersionSchema } from '../domain/service-inputs';
import { invoke } from './define';
import { JobIdSchema, JobViewSchema } from './jobs';

/**
 * Songs: what the Create form (and the CLI) asks for. Lengths are bounded loosely here so that
 * the service-side checks (service-inputs.ts) answer with field messages a creator understands.
 */
export const SongExtendRequestSchema = z.object({
  /** A library item id, or the service's song id of the song to extend. */
  songId: z.string().trim().min(1).max(200),
  /** Where the extension starts on the parent's timeline; never 0, never past its length. */
  continueAtS: z.number().finite(),
});

export const CreateSongRequestSchema = z.object({
  /** v2 = /v2/submit (tracked, plays while streaming); v1 = /v1/music (quick, synchronous). */
  api: z.enum(['v2', 'v1']).default('v2'),
  /** auto = description mode (is_auto=1); custom = lyrics/title mode (is_auto=0). */
  mode: z.enum(['auto', 'custom']),
  prompt: z.string().max(2000),
  modelVersion: ModelVersionSchema.optional(),
  lyrics: z.string().max(200_000).optional(),
  title: z.string().max(1000).optional(),
  instrumental: z.boolean().optional(),
  /** Extending always goes to /v2/submit in custom mode (is_auto=0) with continue_song_id. */
  extend: SongExtendRequestSchema.optional(),
});
export type CreateSongRequest = z.input<typeof CreateSongRequestSchema>;

/** A song job's output the renderer may play while it streams (through main's media cache). */
export const PreviewSchema = z.object({ url: z.string() });

/** A finished song the service lists (/v3/music/tasks) that is not in the library. */
export const HistorySongSchema = z.object({
  /** The V3 task id (what an import tracks through `?ids=`), not the song's own id. */
  songId: z.string(),
  title: z.string(),
  style: z.string(),
  durationMs: z.number().nullable(),
  hasLyrics: z.boolean(),
});
export type HistorySong = z.infer<typeof HistorySongSchema>;

export const HistorySchema = z.object({
  songs: z.array(HistorySongSchema),
  /** Finished songs the service listed that are already in the library (matched by song id). */
  inLibrary: z.number().int().nonnegative(),
  /** Songs still generating or failed, left out of the list. */
  unfinished: z.number().int().nonnegative(),
});
export type History = z.infer<typeof HistorySchema>;

const SongIdSchema = z.string().trim().min(1).max(200);

export const songsContract = {
  /** Validates, persists a job and sends the request (the answer arrives as job updates). */
  create: invoke(z.tuple([CreateSongRequestSchema]), JobViewSchema),
  /** POST /v1/lyrics: lyrics and a title from a short idea. */
  writeLyrics: invoke(z.tuple([z.string().max(2000)]), LyricsResultSchema),
  /**
   * A playable address for output `index` of a song job: the library file once saved, else the
   * service's stream fetched into main's media cache.
   */
  preview: invoke(z.tuple([JobIdSchema, z.number().int().min(0).max(9)]), PreviewSchema),
  /** GET /v3/music/tasks without ids: finished songs the service lists that the library lacks. */
  history: invoke(z.tuple([]), HistorySchema),
  /**
   * Downloads songs from the history into the library (title, lyrics, style, duration and song id
   * in their sidecars), as one job tracked through /v3/music/tasks.
   */
  importHistory: invoke(z.tuple([z.array(SongIdSchema).min(1).max(100)]), JobViewSchema),
};
