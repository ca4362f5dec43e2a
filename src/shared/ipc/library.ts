import { stripInvisible } from '../text';
import { z } from 'zod';
import { ITEM_ID_PATTERN, LibraryKindSchema, type LibraryItem } from '../domain/library';
import { TrimRequestSchema } from '../domain/trim';
import { isHttpUrl } from '../domain/service-inputs';
import { LoudnessSchema, type Loudness } from '../domain/loudness';
import { ExportDefaultsSchema, ExportOptionsSchema, ExportProgressSchema } from '../domain/export';
import { event, invoke } from './define';
import { LIBRARY_CHANGE_FETCH_MAX, LIBRARY_PAGE_MAX } from './library-limits';

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
  /** `cadenza-media://library/…` of the cover image beside the media, when there is one. */
  coverUrl: z.string().nullable(),
  hasLyrics: z.boolean(),
  /** The service gave it an http(s) link that can be sent on (training, singing and subtitle videos). */
  hasServiceUrl: z.boolean(),
  /** A whole song rendered from an extension chain (not itself an extension to join). */
  isWholeSong: z.boolean().optional(),
  model: z.string().nullable(),
  /** Measured loudness (the player levels with it); null until measured or when not decodable. */
  loudness: ItemLoudnessSchema.nullable().optional(),
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

export const ItemTitleSchema = z
  .string()
  .trim()
  .min(1, 'Give the item a name.')
  .max(120, 'Names are at most 120 characters.');

export const LyricsSchema = z.object({ title: z.string(), lyrics: z.string().nullable() });
export type Lyrics = z.infer<typeof LyricsSchema>;

export const ExportResultSchema = z.object({
  /** The chosen folder, for display. */
  folder: z.string(),
  /** The file names written there (made unique when a name was taken). */
  files: z.array(z.string()),
  /** How many were converted (an MP3 exported as MP3, or an original, is copied, not re-encoded). */
  reencoded: z.number().int().nonnegative(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

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
  /** Writes the lyrics to a .txt file chosen in a save dialog in main (error `cancelled`). */
  exportLyrics: invoke(z.tuple([ItemIdSchema]), z.object({ path: z.string() })),
  /** Renames the item: its file (sanitised, made unique), cover and sidecar together. */
  rename: invoke(z.tuple([ItemIdSchema, ItemTitleSchema]), LibraryItemViewSchema),
  /** Moves the item's files (media, cover, sidecar) to the OS trash. */
  remove: invoke(z.tuple([ItemIdSchema]), z.null()),
  /**
   * Exports the items, in order (numbered as tracks when several), into a folder chosen in a dialog
   * in main (error `cancelled`): converted to MP3, WAV or FLAC with tags, or copied as they are
   * (no options, or format `original`). Progress arrives as `exportProgress`.
   */
  exportItems: invoke(
    z.tuple([z.array(ItemIdSchema).min(1).max(10_000), ExportOptionsSchema.optional()]),
    ExportResultSchema,
  ),
  /** Stops the exports this window started (the file being written is removed). */
  cancelExport: invoke(z.tuple([]), z.null()),
  /** The export defaults kept in settings (format, artist, album). */
  exportDefaults: invoke(z.tuple([]), ExportDefaultsSchema),
  /** Saves the export defaults (empty fields: none). */
  setExportDefaults: invoke(z.tuple([ExportDefaultsSchema]), ExportDefaultsSchema),
  /** Starts dragging the item's file out of the app (call from a dragstart handler). */
  startDrag: invoke(z.tuple([ItemIdSchema]), z.null()),
  /** The item's waveform peaks from its decoded audio (MP3, WAV, FLAC, Vorbis, Opus), cached; null for AAC and video. */
  waveform: invoke(z.tuple([ItemIdSchema]), WaveformSchema.nullable()),
  /** Peaks of a part of the item, finer than `waveform`'s (a zoomed view); null when not decoded. */
  waveformWindow: invoke(
    z.tuple([ItemIdSchema, WaveformWindowSchema]),
    z.array(z.number().min(0).max(1)).max(MAX_WINDOW_BARS).nullable(),
  ),
  /**
   * Saves the region of an item (with its fades) as a new item in the same format family; the
   * original is left as it is. Rendered in the worker (progress arrives as `trimProgress`
   * events); answers the new item.
   */
  trim: invoke(z.tuple([ItemIdSchema, TrimRequestSchema]), LibraryItemViewSchema),
  /**
   * Joins an extension (and the extensions before it) to its song: a new MP3 item, rendered in
   * the worker; progress arrives as `wholeSongProgress` events. The originals are left as they are.
   */
  wholeSong: invoke(z.tuple([ItemIdSchema]), LibraryItemViewSchema),
  /**
   * Stops the whole-song or trim render this window started from the item: the call answers
   * `cancelled`, nothing is saved. Nothing happens when none is running.
   */
  cancelRender: invoke(z.tuple([ItemIdSchema]), z.null()),
  /**
   * The item's loudness: kept from an earlier measurement, else measured now (ahead of the
   * background queue, in the worker); null for what cannot be decoded (AAC, video).
   */
  loudness: invoke(z.tuple([ItemIdSchema]), ItemLoudnessSchema.nullable()),
};

/** How far a whole-song render has come (0..1), for the extension it was asked for. */
export const WholeSongProgressSchema = z.object({
  itemId: z.string(),
  fraction: z.number().min(0).max(1),
});
export type WholeSongProgress = z.infer<typeof WholeSongProgressSchema>;

export const libraryEvents = {
  /** How far the export this window started has come. */
  exportProgress: event(ExportProgressSchema),
  /** How far a whole-song render this window asked for has come (library:wholeSong). */
  wholeSongProgress: event(WholeSongProgressSchema),
  /** How far a trim this window asked for has come (library:trim), for the source item. */
  trimProgress: event(WholeSongProgressSchema),
};

/** An item's artwork address: its cover file, else art embedded in its audio, else null. */
export function libraryCoverUrl(
  item: Pick<LibraryItem, 'cover' | 'artEmbedded' | 'file'>,
): string | null {
  if (item.cover)
    return `cadenza-media://library/${item.cover.split('/').map(encodeURIComponent).join('/')}`;
  if (item.artEmbedded)
    return `cadenza-media://art/${item.file.split('/').map(encodeURIComponent).join('/')}`;
  return null;
}

export const itemLoudnessOf = (l: Loudness | null | undefined): ItemLoudness | null =>
  l ? { integratedLufs: l.integratedLufs, truePeakDb: l.truePeakDb } : null;

/** The renderer's view of an item; `loudness` when it is kept outside the sidecar (found files). */
export function toLibraryItemView(
  item: LibraryItem,
  loudness: Loudness | null | undefined = item.loudness,
): LibraryItemView {
  return {
    id: item.id,
    kind: item.kind,
    title: stripInvisible(item.title),
    file: item.file,
    durationMs: item.duration_ms,
    createdAt: item.created_at,
    prompt: item.prompt,
    tags: item.tags,
    jobId: item.job_id,
    sizeBytes: item.sizeBytes,
    hasSidecar: item.hasSidecar,
    modifiedAtMs: item.modifiedAtMs,
    parentId: item.parent_id,
    variationGroup: item.variation_group,
    coverUrl: libraryCoverUrl(item),
    hasLyrics: !!item.lyrics?.trim(),
    hasServiceUrl: item.source_url !== null && isHttpUrl(item.source_url),
    ...(item.whole_song ? { isWholeSong: true } : {}),
    model: item.model,
    loudness: itemLoudnessOf(loudness),
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
