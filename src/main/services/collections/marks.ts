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
import { join } from 'node:path';
import type { LibraryItem } from '@shared/domain/library';
import { libraryFilePathOrNull } from '../files/library-file';
import { retagFile } from '../audio/tags';
import { isTaggable, tagLibraryFile, type TagDefaults } from '../library/file-tags';
import type { Library } from '../library/library-types';
import { logger } from '../log';

const log = logger('library');

export interface Marks {
  favourite?: boolean;
  /** 1–5, or null to clear. */
  rating?: number | null;
}

/** Marks each item (sidecar, then the file's rating frame when Cadenza tagged it); one refresh. */
export async function markItems(
  library: Library,
  ids: readonly string[],
  marks: Marks,
  defaults: TagDefaults = {},
  options: { otherFiles?: boolean } = {},
): Promise<LibraryItem[]> {
  const written: string[] = [];
  for (const id of new Set(ids)) {
    const item = library.get(id);
    if (!item) continue;
    const patch: Marks = {};
    if (marks.favourite !== undefined) patch.favourite = marks.favourite;
    if (marks.rating !== undefined) patch.rating = marks.rating;
    let facts = {};
    // the rating goes into the file only when it changes and Cadenza tagged the file
    // (its real path, confined to the library: a symlink to a file outside it is never rewritten)
    const changes = patch.rating !== undefined && patch.rating !== (item.rating ?? null);
    const path =
      changes && (item.audio_sha256 || (options.otherFiles && isTaggable(item.file)))
        ? await libraryFilePathOrNull(library.dir, item.file)
        : null;
    if (path && !item.audio_sha256) {
      // opted in: a file Cadenza did not make gets its rating frame only (0 clears Cadenza's)
      await retagFile(path, { rating: patch.rating ?? 0 }, { keepModifiedTime: true }).catch(
        (e: unknown) => log.warn('rating not written into the file', { id, error: String(e) }),
      );
    } else if (path) {
      const full = await library.full(item);
      facts =
        (await tagLibraryFile(
          path,
          { ...full, rating: patch.rating },
          {
            coverPath: item.cover ? join(library.dir, item.cover) : null,
            defaults,
            keepModifiedTime: true,
          },
        ).catch((e: unknown) => {
          log.warn('rating not written into the file', { id, error: String(e) });
          return null;
        })) ?? {};
    }
    await library.updateMeta(id, { ...patch, ...facts }, { rescan: false });
    written.push(item.file);
  }
  if (written.length > 0) await library.refresh(written);
  return ids.map((id) => library.get(id)).filter((i): i is LibraryItem => i !== undefined);
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
