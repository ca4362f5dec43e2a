/**
 * Favourites and 1–5 ratings (issue 31, point 3): kept in each item's sidecar — the truth — and,
 * for files Cadenza made and tagged (their sidecar records the audio hash), written into the
 * file's standard rating frame as well (ID3 POPM, Vorbis RATING / FMPS_RATING:
 * shared/domain/rating.ts), merged, the modification time kept. Files Cadenza did not make get a
 * sidecar with the mark and keep their bytes as they are, unless the creator opted in
 * (`otherFiles`, the Settings switch): then only their rating frame is merged in, every other
 * tag kept. The sidecar wins when it and a file disagree: the rating shown and written is the
 * sidecar's, and a rating another player left in a file is not read.
 *
 *   await markItems(library, ['itm_a', 'itm_b'], { favourite: true }, defaults);
 */
import type { LibraryItem } from '@shared/domain/library';
import { isTaggable, type TagDefaults } from '../library/file-tags';
import { createTagQueue, patchItems, type TagQueue } from '../library/bulk';
import type { Library } from '../library/library-types';

export interface Marks {
  favourite?: boolean;
  /** 1–5, or null to clear. */
  rating?: number | null;
}

/**
 * Marks the items: their sidecars a few at a time and one refresh (library/bulk.ts: 1,000 stars
 * are not 1,000 writes in a row), then the rating frame of the files whose rating changed, through
 * `queue` (in the background) — or, without one, before this resolves.
 */
export async function markItems(
  library: Library,
  ids: readonly string[],
  marks: Marks,
  defaults: TagDefaults = {},
  options: { otherFiles?: boolean; queue?: TagQueue } = {},
): Promise<LibraryItem[]> {
  const patch: Marks = {};
  if (marks.favourite !== undefined) patch.favourite = marks.favourite;
  if (marks.rating !== undefined) patch.rating = marks.rating;
  // the rating goes into the file only when it changes and Cadenza tagged the file (or the
  // creator opted in for the others: their rating frame only, every other tag kept)
  const rated =
    patch.rating === undefined
      ? []
      : ids
          .map((id) => library.get(id))
          .filter(
            (i): i is LibraryItem =>
              i !== undefined &&
              patch.rating !== (i.rating ?? null) &&
              (i.audio_sha256 !== undefined || (options.otherFiles === true && isTaggable(i.file))),
          );
  const { items } = await patchItems(library, ids, patch);
  const queue =
    options.queue ?? createTagQueue({ library: async () => library, defaults: () => defaults });
  queue.add(
    rated.filter((i) => i.audio_sha256).map((i) => i.id),
    'all',
  );
  queue.add(
    rated.filter((i) => !i.audio_sha256).map((i) => i.id),
    'rating',
  );
  if (!options.queue) await queue.idle();
  return options.queue
    ? items
    : ids.map((id) => library.get(id)).filter((i): i is LibraryItem => i !== undefined);
}

/**
 * "Keep starred takes": of the takes made together with any of `ids` (the same variation group,
 * or the item alone), those not starred. The caller moves them to the trash (undoable there).
 */
export function unstarredTakes(
  items: readonly LibraryItem[],
  ids: readonly string[],
): LibraryItem[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const groups = new Set<string>();
  for (const id of ids) {
    const g = byId.get(id)?.variation_group;
    if (g) groups.add(g);
  }
  const starredIn = new Set(
    items
      .filter((i) => i.favourite && i.variation_group && groups.has(i.variation_group))
      .map((i) => i.variation_group),
  );
  // a group with no starred take keeps everything: nothing says which to keep
  return items.filter((i) => i.variation_group && starredIn.has(i.variation_group) && !i.favourite);
}
