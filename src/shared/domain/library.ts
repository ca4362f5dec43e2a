import { z } from 'zod';
import { TrimmedFromSchema } from './trim';
import { LoudnessSchema } from './loudness';

/** What a library item is. Files added outside the app get a kind guessed from their type. */
export const LIBRARY_KINDS = ['song', 'tts', 'cover', 'singing-video', 'subtitle-video'] as const;
export const LibraryKindSchema = z.enum(LIBRARY_KINDS);
export type LibraryKind = z.infer<typeof LibraryKindSchema>;

export const SIDECAR_SCHEMA_VERSION = 1;

/** Ids the service gave this item (song id, task id, speaker…), by name. */
export const ServiceIdsSchema = z.record(z.string(), z.string());

/** How an extension's file related to its parent, as the whole-song renderer measured it. */
export const WholeSongSeamSchema = z.object({
  /** The extension this seam joins on. */
  id: z.string(),
  /** Where its new audio takes over in the whole song (ms). */
  at_ms: z.number().nonnegative(),
  /** "whole": the file repeated its parent's opening (skipped); "new": it held only new audio. */
  shape: z.enum(['new', 'whole']),
  /** Correlation of the openings (null: not measurable, e.g. silence). */
  similarity: z.number().nullable(),
});

/** A whole song rendered from an extension chain: the items it was stitched from, song first. */
export const WholeSongSourceSchema = z.object({
  chain: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** Where this part continued its parent, in the parent's file (s); null for the first. */
      continue_at_s: z.number().nullable(),
    }),
  ),
  seams: z.array(WholeSongSeamSchema),
  crossfade_ms: z.number().nonnegative(),
});
export type WholeSongSource = z.infer<typeof WholeSongSourceSchema>;

/**
 * The JSON sidecar written beside every media file, named `<media file name>.json`.
 * The folder is the source of truth: the in-app index is rebuilt from these files.
 */
const SidecarFields = z.object({
  /** A newer version's sidecar is read (known fields) but never rewritten by this one. */
  schema_version: z.number().int().min(SIDECAR_SCHEMA_VERSION),
  /** As found on disk; the index replaces ids that are not valid item ids (see ITEM_ID_PATTERN). */
  id: z.string().min(1),
  kind: LibraryKindSchema,
  title: z.string(),
  lyrics: z.string().nullable().default(null),
  tags: z.array(z.string()).default([]),
  prompt: z.string().nullable().default(null),
  model: z.string().nullable().default(null),
  voice: z.string().nullable().default(null),
  singer: z.string().nullable().default(null),
  emotion: z.string().nullable().default(null),
  duration_ms: z.number().int().nonnegative().nullable().default(null),
  service_ids: ServiceIdsSchema.default({}),
  source_url: z.string().nullable().default(null),
  parent_id: z.string().nullable().default(null),
  variation_group: z.string().nullable().default(null),
  /** Which take of its variation group this is (1-based, the submission's order); absent = not known. */
  take: z.number().int().min(1).max(99).optional(),
  created_at: z.string(),
  job_id: z.string().nullable().default(null),
  /** File name of the cover image beside the media file, when there is one. */
  cover_file: z.string().nullable().default(null),
  /** Made by Trim from another item: which, the region and the fades (absent otherwise). */
  trimmed_from: TrimmedFromSchema.optional(),
  /**
   * Integrated loudness and true peak, measured once in the background (absent until then, and
   * in sidecars written before it existed: optional, so no schema version change).
   */
  loudness: LoudnessSchema.optional(),
  /** An extension: where it continues its parent, in seconds of the parent's audio (optional). */
  continue_at_s: z.number().positive().nullable().optional(),
  /** A whole song rendered from an extension chain (optional; see WholeSongSourceSchema). */
  whole_song: WholeSongSourceSchema.nullable().optional(),
  /** How it was asked for (optional, recorded since files carry their recipe: recipe.ts). */
  mode: z.enum(['auto', 'custom']).nullable().optional(),
  instrumental: z.boolean().nullable().optional(),
  /** A cover's transposition, in semitones. */
  tran: z.number().int().nullable().optional(),
  /**
   * The media file's size when its tags were last written, and the SHA-256 of its audio payload
   * only (tags change, the audio never does): how a moved or renamed file is recognised.
   */
  file_size_bytes: z.number().int().nonnegative().optional(),
  audio_sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** The creator's star (favourites; "Keep starred takes"). Optional: absent = not starred. */
  favourite: z.boolean().optional(),
  /** The creator's 1–5 rating (null or absent: not rated); see shared/domain/rating.ts. */
  rating: z.number().int().min(1).max(5).nullable().optional(),
  /**
   * The creator's artist, album and genre for this item (a bulk edit in the Library; optional,
   * absent or null: not set). Written into the file's tags, where they stand for Settings'
   * artist and album defaults and for the genre made from the style tags.
   */
  artist: z.string().max(200).nullable().optional(),
  album: z.string().max(200).nullable().optional(),
  genre: z.string().max(200).nullable().optional(),
});
/** Fields this version does not know are kept when a sidecar is rewritten (`loose`). */
export const SidecarSchema = SidecarFields.loose();
export type Sidecar = z.infer<typeof SidecarFields>;
export type SidecarInput = z.input<typeof SidecarFields>;

/** What an item id looks like everywhere (IPC included); the index makes every id fit it. */
export const ITEM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/**
 * One entry of the in-app index: the sidecar plus where the files are, compact — the lyrics and
 * the prompt stay in the sidecar on disk and in the index worker (`hasLyrics` / `hasPrompt` say
 * whether there are any; `Library.full` reads them, `Library.prompts` asks the worker for a page's
 * prompts), so 50,000 items fit main's memory budget (DESIGN §5c).
 */
export const LibraryItemSchema = SidecarFields.omit({ lyrics: true, prompt: true }).extend({
  /** The sidecar holds lyrics (not only white space). */
  hasLyrics: z.boolean(),
  /** The item has a prompt (its sidecar's, or its recipe's): the index worker holds it. */
  hasPrompt: z.boolean(),
  /** Media file path relative to the library folder, with forward slashes. */
  file: z.string(),
  /** Cover image path relative to the library folder, when present on disk. */
  cover: z.string().nullable(),
  sizeBytes: z.number().int().nonnegative(),
  modifiedAtMs: z.number(),
  /** False for media files added outside the app that have no sidecar (metadata is probed). */
  hasSidecar: z.boolean(),
  /** A file added outside the app embeds cover art (served by the media protocol's `art` host). */
  artEmbedded: z.boolean().default(false),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;
/**
 * An item with everything its sidecar holds (lyrics and prompt included), as read from disk (or
 * asked of the index worker) when needed.
 */
export type FullLibraryItem = LibraryItem & Pick<Sidecar, 'lyrics' | 'prompt'>;

/** What changed in the library since the last event. */
export const LibraryChangeSchema = z.object({
  added: z.array(z.string()),
  updated: z.array(z.string()),
  removed: z.array(z.string()),
});
export type LibraryChange = z.infer<typeof LibraryChangeSchema>;
