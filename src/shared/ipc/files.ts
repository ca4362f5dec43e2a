import { z } from 'zod';
import { FileInfoSchema, FileKindSchema } from '../domain/files';
import { event, invoke } from './define';

export const filesContract = {
  /** Opens a file dialog in main; the chosen files are registered and come back as handles. */
  pick: invoke(
    z.tuple([z.object({ kind: FileKindSchema, multiple: z.boolean().default(false) })]),
    z.array(FileInfoSchema),
  ),
  /**
   * Registers files the user dropped. The preload turns each dropped `File` into a path with
   * `webUtils.getPathForFile`; the renderer never handles paths. Main checks each is a regular file.
   */
  registerDropped: invoke(
    z.tuple([z.array(z.string().min(1).max(4096)).min(1).max(50), FileKindSchema]),
    z.array(FileInfoSchema),
  ),
  /** Forgets registered handles. */
  release: invoke(z.tuple([z.array(z.string().max(100)).max(100)]), z.null()),
  /**
   * Audio files opened with Cadenza (file association, command line, macOS open-file) before the
   * renderer asked, registered as handles; empties main's queue. Later ones arrive as `filesOpened`.
   */
  takeOpened: invoke(z.tuple([]), z.array(FileInfoSchema).max(50)),
};

export const filesEvents = {
  /** Audio files were opened with Cadenza while the window was up (registered handles). */
  filesOpened: event(z.array(FileInfoSchema).min(1).max(50)),
};
