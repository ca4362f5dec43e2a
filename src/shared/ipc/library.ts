import { z } from 'zod';
import { LibraryKindSchema, type LibraryItem } from '../domain/library';
import { invoke } from './define';

/** A library item id (`itm_…` for items the app made, `ext_…` for files added outside it). */
export const ItemIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/, 'Not a library item id');

export const LibraryFolderSchema = z.object({
  /** The folder, for display (main chooses and changes it; the renderer never sends paths). */
  path: z.string(),
  /** Where the choice comes from: CADENZA_LIBRARY, the settings, or the default under Music. */
  source: z.enum(['environment', 'settings', 'default']),
});
export type LibraryFolder = z.infer<typeof LibraryFolderSchema>;

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
});
export type LibraryItemView = z.infer<typeof LibraryItemViewSchema>;

export const LibraryQuerySchema = z
  .object({
    text: z.string().max(200).optional(),
    kind: LibraryKindSchema.optional(),
  })
  .strict();

export const libraryContract = {
  getFolder: invoke(z.tuple([]), LibraryFolderSchema),
  /** Opens a folder dialog in main; answers the new folder (error `cancelled` when dismissed). */
  chooseFolder: invoke(z.tuple([]), LibraryFolderSchema),
  /** Items, newest first, optionally filtered by words and kind. */
  list: invoke(z.tuple([LibraryQuerySchema.optional()]), z.array(LibraryItemViewSchema)),
  /** Shows the item's file in the system file manager. */
  showInFolder: invoke(z.tuple([ItemIdSchema]), z.null()),
  /** A `cadenza-media://library/…` URL that plays the item (with Range requests). */
  mediaUrl: invoke(z.tuple([ItemIdSchema]), z.string()),
};

export function toLibraryItemView(item: LibraryItem): LibraryItemView {
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    file: item.file,
    durationMs: item.duration_ms,
    createdAt: item.created_at,
    prompt: item.prompt,
    tags: item.tags,
    jobId: item.job_id,
    sizeBytes: item.sizeBytes,
    hasSidecar: item.hasSidecar,
  };
}
