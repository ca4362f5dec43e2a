import { stripInvisible } from '../text';
import { z } from 'zod';
import { ITEM_ID_PATTERN, LibraryKindSchema, type LibraryItem } from '../domain/library';
import { isHttpUrl } from '../domain/service-inputs';
import { LoudnessSchema, type Loudness } from '../domain/loudness';
import { MODEL_VERSIONS } from '../domain/service-limits';
import { FileHandleSchema } from '../domain/files';
import { invoke } from './define';
import { nameRule, say } from '../domain/service-rules';
import { DRAG_OUT_MAX, LIBRARY_CHANGE_FETCH_MAX, LIBRARY_PAGE_MAX } from './library-limits';
import { libraryFileUrl } from '../library-url';

/** A library item id (`itm_…` for items the app made, `ext_…` for files added outside it). */
export const ItemIdSchema = z.string().regex(ITEM_ID_PATTERN, 'Not a library item id');

export const LibraryFolderSchema = z.object({
  /** The folder, for display (main chooses and changes it; the renderer never sends paths). */
  path: z.string(),
  /** Where the choice comes from: CADENZA_LIBRARY, the settings, or the default under Music. */
  source: z.enum(['environment', 'settings', 'default']),
});
export type LibraryFolder = z.infer<typeof LibraryFolderSchema>;

/** An item's measured loudness as the renderer sees it (the sidecar keeps when and by which meter). */
export const ItemLoudnessSchema = LoudnessSchema.pick({ integratedLufs: true, truePeakDb: true });
export type ItemLoudness = z.infer<typeof ItemLoudnessSchema>;

export const LibraryItemViewSchema = z.object({
  id: z.string(),
  kind: LibraryKindSchema,
  title: z.string(),
  /** Media file path relative to the library folder, forward slashes. */
  file: z.string(),
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  prompt: z.string().nullable(),
  tags: z.array(z.string()),
  jobId: z.string().nullable(),
  sizeBytes: z.number().int().nonnegative(),
  hasSidecar: z.boolean(),
  /** When the media file last changed (ms since the epoch). */
  modifiedAtMs: z.number(),
  /** The item this one extends or was made from (extension chains), when known. */
  parentId: z.string().nullable(),
  /** Items made together (the two takes of a song) share this. */
  variationGroup: z.string().nullable(),
  /** Its take number in that group, as saved (1-based); absent = not recorded (older items). */
  take: z.number().int().positive().optional(),
  /** `cadenza-media://library/…` of the cover image beside the media, when there is one. */
  coverUrl: z.string().nullable(),
  hasLyrics: z.boolean(),
  /** The service gave it an http(s) link that can be sent on (training, singing and subtitle videos). */
  hasServiceUrl: z.boolean(),
  /** A whole song rendered from an extension chain (not itself an extension to join). */
  isWholeSong: z.boolean().optional(),
  model: z.string().nullable(),
  /** The service's song id (`service_ids.song_id`): what an extension continues; null = none. */
  songId: z.string().nullable(),
  /** The voice (speech) or singer it was made with, and the emotion of a speech take. */
  voice: z.string().nullable(),
  emotion: z.string().nullable(),
  /** Measured loudness (the player levels with it); null until measured or when not decodable. */
  loudness: ItemLoudnessSchema.nullable().optional(),
  /** The creator's star and 1–5 rating (absent in views made before they existed: not marked). */
  favourite: z.boolean().optional(),
  rating: z.number().int().min(1).max(5).nullable().optional(),
  /** The item's own artist, album and genre (a bulk edit), when set. */
  artist: z.string().nullable().optional(),
  album: z.string().nullable().optional(),
  genre: z.string().nullable().optional(),
  /** Made by Trim: from which item (its id and title then) and which part of it. */
  trimmedFrom: z
    .object({
      sourceId: z.string(),
      sourceTitle: z.string(),
      startMs: z.number(),
      endMs: z.number(),
    })
    .nullable()
    .optional(),
});
export type LibraryItemView = z.infer<typeof LibraryItemViewSchema>;

export { LIBRARY_PAGE_MAX };

/** Words to search for (main's search takes at most 200 characters). */
export const LibrarySearchTextSchema = z.string().trim().min(1).max(200);

export const LibraryQuerySchema = z
  .object({
    text: z.string().max(200).optional(),
    kind: LibraryKindSchema.optional(),
    /**
     * Only these items (those still in the library, newest first): how a view follows a change
     * without loading every item again.
     */
    ids: z.array(ItemIdSchema).min(1).max(LIBRARY_CHANGE_FETCH_MAX).optional(),
    /** Paging: skip this many matches, answer at most `limit` (default: all from `offset`). */
    offset: z.number().int().nonnegative().optional(),
    limit: z.number().int().min(1).max(LIBRARY_PAGE_MAX).optional(),
  })
  .strict();

export const ItemTitleSchema = nameRule(
  z.string(),
  say('errors:library.noTitle', 'Give the item a name.'),
  120,
  say('errors:nameTooLong', 'Names are at most 120 characters.', { max: 120 }),
);

export const LyricsSchema = z.object({ title: z.string(), lyrics: z.string().nullable() });
export type Lyrics = z.infer<typeof LyricsSchema>;

/** A song composer's settings taken from an item (shared/domain/reuse.ts: SongSettings). */
export const SongSettingsSchema = z.object({
  prompt: z.string(),
  mode: z.enum(['auto', 'custom']),
  lyrics: z.string().optional(),
  title: z.string().optional(),
  instrumental: z.boolean(),
  modelVersion: z.enum(MODEL_VERSIONS).optional(),
});

/** A batch of items moved to the trash together (one Undo). */
const TrashBatchSchema = z.string().regex(/^[0-9a-f-]{36}$/);

/** Any composer's settings (shared/domain/reuse.ts: ComposerSettings), checked as they cross. */
export const ComposerSettingsSchema = z.discriminatedUnion('composer', [
  z.object({ composer: z.literal('songs'), song: SongSettingsSchema }),
  z.object({
    composer: z.literal('voice'),
    voice: z.object({
      text: z.string(),
      speaker: z.string().nullable(),
      emotion: z.string().nullable(),
    }),
  }),
  z.object({
    composer: z.literal('covers'),
    cover: z.object({
      singer: z.string().nullable(),
      tranSemitones: z.number().int(),
      sourceItemId: z.string().regex(ITEM_ID_PATTERN).nullable(),
    }),
  }),
]);

/** The settings a dropped file carries in its Cadenza recipe, with the title its tags give. */
export const FileSettingsSchema = z.object({
  title: z.string(),
  settings: ComposerSettingsSchema,
});

export const libraryContract = {
  getFolder: invoke(z.tuple([]), LibraryFolderSchema),
  /** Opens a folder dialog in main; answers the new folder (error `cancelled` when dismissed). */
  chooseFolder: invoke(z.tuple([]), LibraryFolderSchema),
  /** Items, newest first, optionally filtered by words and kind, optionally one page of them. */
  list: invoke(z.tuple([LibraryQuerySchema.optional()]), z.array(LibraryItemViewSchema)),
  /**
   * Ids of the items whose title, tags, lyrics or prompt hold every word, newest first: main's
   * search, for a view that holds no lyrics (ids only, so 20,000 matches cross in one small
   * message).
   */
  matching: invoke(z.tuple([LibrarySearchTextSchema]), z.array(ItemIdSchema)),
  /** Shows the item's file in the system file manager. */
  showInFolder: invoke(z.tuple([ItemIdSchema]), z.null()),
  /** A `cadenza-media://library/…` URL that plays the item (with Range requests). */
  mediaUrl: invoke(z.tuple([ItemIdSchema]), z.string()),
  /** The item's lyrics (null when it has none). */
  lyrics: invoke(z.tuple([ItemIdSchema]), LyricsSchema),
  /**
   * "Reuse settings": the composer and its settings an item was made with (a song's prompt, mode,
   * model, lyrics and title; a speech take's text, voice and emotion; a cover's singer, key change
   * and source item — from its sidecar or the recipe its file carries); null when it holds
   * nothing to reuse. Nothing is sent to the service.
   */
  reuseSettings: invoke(z.tuple([ItemIdSchema]), ComposerSettingsSchema.nullable()),
  /**
   * The same for a file the creator dropped (registered as audio: a handle, never a path): the
   * settings of the Cadenza recipe it carries, with its title; null when it carries none.
   */
  fileSettings: invoke(z.tuple([FileHandleSchema]), FileSettingsSchema.nullable()),
  /** Renames the item: its file (sanitised, made unique), cover and sidecar together. */
  rename: invoke(z.tuple([ItemIdSchema, ItemTitleSchema]), LibraryItemViewSchema),
  /** Moves the item's files (media, cover, sidecar) to the OS trash. */
  remove: invoke(z.tuple([ItemIdSchema]), z.null()),
  /**
   * Moves items to the trash with Undo: their files wait in a hidden folder of the library for
   * `undoTrash` until `finishTrash` (the undo window closed), quit or the next start move them to
   * the OS trash. Answers the batch and the ids moved.
   */
  trash: invoke(
    z.tuple([z.array(ItemIdSchema).min(1).max(10_000)]),
    z.object({ batchId: TrashBatchSchema, itemIds: z.array(ItemIdSchema) }),
  ),
  /** Puts a trashed batch back (files, covers, sidecars); answers the ids restored. */
  undoTrash: invoke(z.tuple([TrashBatchSchema]), z.array(ItemIdSchema)),
  /** The undo window closed: the batch goes to the OS trash now. */
  finishTrash: invoke(z.tuple([TrashBatchSchema]), z.null()),
  /**
   * Starts dragging the items' files out of the app, to a DAW or the file manager (call from a
   * dragstart handler): one row, or the selection it belongs to (up to DRAG_OUT_MAX files).
   */
  startDrag: invoke(z.tuple([z.array(ItemIdSchema).min(1).max(DRAG_OUT_MAX)]), z.null()),
};

export { libraryFileUrl };

/** An item's artwork address: its cover file, else art embedded in its audio, else null. */
export function libraryCoverUrl(
  item: Pick<LibraryItem, 'cover' | 'artEmbedded' | 'file'>,
): string | null {
  if (item.cover) return libraryFileUrl(item.cover);
  if (item.artEmbedded)
    return `cadenza-media://art/${item.file.split('/').map(encodeURIComponent).join('/')}`;
  return null;
}

export const itemLoudnessOf = (l: Loudness | null | undefined): ItemLoudness | null =>
  l ? { integratedLufs: l.integratedLufs, truePeakDb: l.truePeakDb } : null;

/**
 * The renderer's view of an item; `loudness` when it is kept outside the sidecar (found files);
 * `prompt` from `Library.prompts` (main's rows hold none).
 */
export function toLibraryItemView(
  item: LibraryItem,
  loudness: Loudness | null | undefined = item.loudness,
  prompt: string | null = null,
): LibraryItemView {
  return {
    id: item.id,
    kind: item.kind,
    title: stripInvisible(item.title),
    file: item.file,
    durationMs: item.duration_ms,
    createdAt: item.created_at,
    prompt,
    tags: item.tags,
    jobId: item.job_id,
    sizeBytes: item.sizeBytes,
    hasSidecar: item.hasSidecar,
    modifiedAtMs: item.modifiedAtMs,
    parentId: item.parent_id,
    variationGroup: item.variation_group,
    ...(item.take ? { take: item.take } : {}),
    coverUrl: libraryCoverUrl(item),
    hasLyrics: item.hasLyrics,
    hasServiceUrl: item.source_url !== null && isHttpUrl(item.source_url),
    ...(item.whole_song ? { isWholeSong: true } : {}),
    model: item.model,
    songId: item.service_ids.song_id ?? null,
    voice: item.voice,
    emotion: item.emotion,
    loudness: itemLoudnessOf(loudness),
    favourite: item.favourite === true,
    rating: item.rating ?? null,
    artist: item.artist ?? null,
    album: item.album ?? null,
    genre: item.genre ?? null,
    trimmedFrom: item.trimmed_from
      ? {
          sourceId: item.trimmed_from.source_id,
          sourceTitle: stripInvisible(item.trimmed_from.source_title),
          startMs: item.trimmed_from.start_ms,
          endMs: item.trimmed_from.end_ms,
        }
      : null,
  };
}
