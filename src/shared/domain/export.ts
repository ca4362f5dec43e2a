/**
 * Exporting library items to files outside the library: the formats, the options a creator picks
 * (validated in main), the defaults kept in settings, and the progress main reports.
 */
import { z } from 'zod';

export const EXPORT_FORMATS = ['mp3', 'wav', 'flac'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** `original` copies the media files as they are (no tags written, any kind of item). */
export const ExportTargetSchema = z.enum(['original', ...EXPORT_FORMATS]);
export type ExportTarget = z.infer<typeof ExportTargetSchema>;

export const EXPORT_FORMAT_LABELS: Record<ExportTarget, string> = {
  original: 'Original files',
  mp3: 'MP3',
  wav: 'WAV',
  flac: 'FLAC',
};

export const TAG_TEXT_MAX_CHARS = 200;
const TagTextSchema = z
  .string()
  .trim()
  .max(TAG_TEXT_MAX_CHARS, `At most ${TAG_TEXT_MAX_CHARS} characters.`);

export const EXPORT_YEAR_MIN = 1000;
export const EXPORT_YEAR_MAX = 9999;
const ExportYearSchema = z
  .number()
  .int(`A year, like ${new Date().getFullYear()}.`)
  .min(EXPORT_YEAR_MIN, `A year, like ${new Date().getFullYear()}.`)
  .max(EXPORT_YEAR_MAX, `A year, like ${new Date().getFullYear()}.`);

/** Export defaults in settings (`export`): format, artist and album written into the files. */
export const ExportDefaultsSchema = z
  .object({
    format: ExportFormatSchema.optional(),
    artist: TagTextSchema.optional(),
    album: TagTextSchema.optional(),
  })
  .strict();
export type ExportDefaults = z.infer<typeof ExportDefaultsSchema>;

export const ExportOptionsSchema = z
  .object({
    format: ExportTargetSchema,
    /** Written as the artist (settings' `export.artist` when absent). */
    artist: TagTextSchema.optional(),
    /** Written as the album (settings' `export.album` when absent). */
    album: TagTextSchema.optional(),
    /** Written as the genre. */
    genre: TagTextSchema.optional(),
    /** Written as the date (a year). */
    year: ExportYearSchema.optional(),
    /**
     * Exports a collection as its album (the items in its order): its artist is written as the
     * album artist, and its cover goes on every file.
     */
    collection: z.string().min(1).max(120).optional(),
    /** Brings each file to the levelling target (integrated loudness, peaks kept below −1 dBTP). */
    normalise: z.boolean().optional(),
    /** Leaves Cadenza's recipe (item id, prompt, service ids…) out of the files: plain tags only. */
    withoutCadenzaData: z.boolean().optional(),
  })
  .strict();
export type ExportOptions = z.infer<typeof ExportOptionsSchema>;

export const ExportProgressSchema = z.object({
  /** Files finished so far, of `total`. */
  done: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  /** 0..1 over the whole export. */
  fraction: z.number().min(0).max(1),
  /** The title being written, null when finished. */
  current: z.string().nullable(),
});
export type ExportProgress = z.infer<typeof ExportProgressSchema>;

/** What one exported file goes without (a cover too large for it), by key, said where shown. */
export const ExportNoteSchema = z.object({
  /** The item's title (creator content). */
  title: z.string().max(1000),
  key: z.string().max(200),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ExportNote = z.infer<typeof ExportNoteSchema>;
