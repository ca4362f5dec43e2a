/**
 * collections:* — favourites and ratings of items (issue 31, point 3) and the library's
 * collections and albums, each an `.m3u8` playlist in the library folder (point 4).
 */
import { z } from 'zod';
import { invoke } from './define';
import { nameRule, say } from '../domain/service-rules';
import { RATING_MAX, RATING_MIN } from '../domain/rating';
import { ItemIdSchema } from './library';
import { LIBRARY_CHANGE_FETCH_MAX } from './library-limits';

export const MarksSchema = z
  .object({
    favourite: z.boolean().optional(),
    rating: z.number().int().min(RATING_MIN).max(RATING_MAX).nullable().optional(),
  })
  .strict();
export type Marks = z.infer<typeof MarksSchema>;

/** A bulk edit's artist, album and genre (absent: left as it is; null or blank: cleared). */
export const TagEditSchema = z
  .object({
    artist: z.string().max(200).nullable().optional(),
    album: z.string().max(200).nullable().optional(),
    genre: z.string().max(200).nullable().optional(),
  })
  .strict();
export type TagEdit = z.infer<typeof TagEditSchema>;

/** Items a bulk action names (a selection: up to the change fetch's bound). */
export const ItemIdsSchema = z.array(ItemIdSchema).min(1).max(LIBRARY_CHANGE_FETCH_MAX);

/** A collection's id: its playlist's file name without `.m3u8`. */
export const CollectionIdSchema = z
  .string()
  .min(1)
  .max(120)
  .refine((s) => !/[/\\\0]/.test(s) && !s.startsWith('.'), 'Not a collection');

export const CollectionNameSchema = nameRule(
  z.string(),
  say('errors:collections.noName', 'Give the collection a name.'),
  120,
  say('errors:nameTooLong', 'Names are at most 120 characters.', { max: 120 }),
);

export const CollectionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The album artist, when set. */
  artist: z.string().nullable(),
  /** The item whose cover the album names, when it names one (else the first with a cover). */
  coverItemId: z.string().nullable(),
  /** `cadenza-media://library/…` of the album's cover, when there is one. */
  coverUrl: z.string().nullable(),
  /** The items in order (entries whose files are not in the library are counted in `missing`). */
  itemIds: z.array(z.string()),
  missing: z.number().int().nonnegative(),
});
export type CollectionView = z.infer<typeof CollectionViewSchema>;

export const collectionsContract = {
  /** Stars / unstars and rates the items (sidecar; the file's rating frame when Cadenza tagged it). */
  mark: invoke(z.tuple([ItemIdsSchema, MarksSchema]), z.null()),
  /**
   * Sets artist, album and genre of the items (absent: left as it is; null or blank: cleared):
   * their sidecars at once, then the tags of the files Cadenza made, in the background.
   */
  editTags: invoke(z.tuple([ItemIdsSchema, TagEditSchema]), z.null()),
  /** "Keep starred takes": the takes made with these items that are not starred (to be trashed). */
  unstarredTakes: invoke(z.tuple([ItemIdsSchema]), z.array(ItemIdSchema)),
  /**
   * Whether ratings are written into files Cadenza did not make too (a Settings switch, off by
   * default: such files keep the rating in their sidecar). The sidecar wins when they disagree.
   */
  ratingsInOtherFiles: invoke(z.tuple([]), z.boolean()),
  setRatingsInOtherFiles: invoke(z.tuple([z.boolean()]), z.boolean()),
  list: invoke(z.tuple([]), z.array(CollectionViewSchema)),
  create: invoke(z.tuple([CollectionNameSchema]), CollectionViewSchema),
  add: invoke(
    z.tuple([CollectionIdSchema, ItemIdsSchema, z.number().int().nonnegative().optional()]),
    CollectionViewSchema,
  ),
  remove: invoke(z.tuple([CollectionIdSchema, ItemIdsSchema]), CollectionViewSchema),
  /** The collection's items in their new order. */
  reorder: invoke(
    z.tuple([CollectionIdSchema, z.array(ItemIdSchema).max(10_000)]),
    CollectionViewSchema,
  ),
  /** The album's details: its artist (null clears) and its cover, an item's (null: the first). */
  setAlbum: invoke(
    z.tuple([
      CollectionIdSchema,
      z
        .object({
          artist: z.string().trim().max(200).nullable().optional(),
          coverItemId: ItemIdSchema.nullable().optional(),
        })
        .strict(),
    ]),
    CollectionViewSchema,
  ),
  delete: invoke(z.tuple([CollectionIdSchema]), z.null()),
};
