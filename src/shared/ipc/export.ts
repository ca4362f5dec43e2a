/**
 * export:* — copies of library items (and an item's lyrics) written outside the library, to a
 * folder or file the creator chooses in a main-process dialog; and the export defaults.
 */
import { z } from 'zod';
import {
  ExportDefaultsSchema,
  ExportNoteSchema,
  ExportOptionsSchema,
  ExportProgressSchema,
} from '../domain/export';
import { event, invoke } from './define';
import { ItemIdSchema } from './library';

export const ExportResultSchema = z.object({
  /** Names this export for export:showInFolder (main keeps where it wrote; no path comes back). */
  exportId: z.string().max(64),
  /** The chosen folder, for display. */
  folder: z.string(),
  /** The file names written there (made unique when a name was taken). */
  files: z.array(z.string()),
  /** How many were converted (an MP3 exported as MP3, or an original, is copied, not re-encoded). */
  reencoded: z.number().int().nonnegative(),
  /** What some files go without (a cover too large for the format, left out). */
  notes: z.array(ExportNoteSchema).max(10_000).optional(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

export const exportContract = {
  /**
   * Exports the items, in order (numbered as tracks when several), into a folder chosen in a dialog
   * in main (error `cancelled`): converted to MP3, WAV or FLAC with tags, or copied as they are
   * (no options, or format `original`). Progress arrives as `exportProgress`.
   */
  items: invoke(
    z.tuple([z.array(ItemIdSchema).min(1).max(10_000), ExportOptionsSchema.optional()]),
    ExportResultSchema,
  ),
  /**
   * Shows an export's files in the OS file manager (the first file selected): main looks up the
   * folder it wrote to by `exportId` (recent exports of this session only; error `not_found`).
   */
  showInFolder: invoke(z.tuple([z.string().max(64)]), z.null()),
  /** Stops the exports this window started (the file being written is removed). */
  cancel: invoke(z.tuple([]), z.null()),
  /** The export defaults kept in settings (format, artist, album). */
  defaults: invoke(z.tuple([]), ExportDefaultsSchema),
  /** Saves the export defaults (empty fields: none). */
  setDefaults: invoke(z.tuple([ExportDefaultsSchema]), ExportDefaultsSchema),
  /** Writes the item's lyrics to a .txt file chosen in a save dialog in main (error `cancelled`). */
  lyrics: invoke(z.tuple([ItemIdSchema]), z.object({ path: z.string() })),
};

export const exportEvents = {
  /** How far the export this window started has come (export:items). */
  exportProgress: event(ExportProgressSchema),
};
