import { z } from 'zod';

/** An opaque handle main gives for a file the user picked or dropped; never a path. */
export const FileHandleSchema = z.string().regex(/^fh_[A-Za-z0-9_-]{16,64}$/, 'Not a file handle');
export type FileHandle = z.infer<typeof FileHandleSchema>;

/** What the renderer may know about a registered file. */
export const FileInfoSchema = z.object({
  handle: FileHandleSchema,
  name: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  mimeType: z.string(),
});
export type FileInfo = z.infer<typeof FileInfoSchema>;

export const FileKindSchema = z.enum(['audio', 'image', 'video']);
export type FileKind = z.infer<typeof FileKindSchema>;
