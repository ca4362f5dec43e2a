/**
 * edit:* — new library items made from existing ones in the worker (a trim, a whole song joined
 * from an extension chain); the originals are left as they are.
 */
import { z } from 'zod';
import { TrimRequestSchema } from '../domain/trim';
import { event, invoke } from './define';
import { ItemIdSchema, LibraryItemViewSchema } from './library';

/** How far a whole-song or trim render has come (0..1), for the item it was asked for. */
export const RenderProgressSchema = z.object({
  itemId: z.string(),
  fraction: z.number().min(0).max(1),
});
export type RenderProgress = z.infer<typeof RenderProgressSchema>;

export const editContract = {
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
  cancel: invoke(z.tuple([ItemIdSchema]), z.null()),
};

export const editEvents = {
  /** How far a whole-song render this window asked for has come (edit:wholeSong). */
  wholeSongProgress: event(RenderProgressSchema),
  /** How far a trim this window asked for has come (edit:trim), for the source item. */
  trimProgress: event(RenderProgressSchema),
};
