/**
 * The background tag queue's pending files, kept in the data folder (never in the library) so a
 * bulk edit still being written into the files at quit — or at a crash — is finished at the next
 * start (issue 31, point 2). Bounded both ways: at most MAX_SAVED_RETAGS entries are written, and
 * the file is read capped and checked entry by entry (an unknown or damaged entry is skipped).
 *
 *   await saveTagQueue(file, [['itm_a', 'all']]); // an empty list removes the file
 *   const left = await loadTagQueue(file);        // [['itm_a', 'all']]
 */
import { promises as fs } from 'node:fs';
import { ITEM_ID_PATTERN } from '@shared/domain/library';
import { writeFileAtomic } from '../ground/atomic';
import { readRegularText } from '../ground/regular-file';

/** What a retag writes: every tag from the sidecar, or only the rating frame. */
export type RetagKind = 'all' | 'rating';

/** Entries kept at most (a selection's bulk edit is capped at 10,000 items). */
export const MAX_SAVED_RETAGS = 10_000;
/** Each entry is an id of at most 100 characters and a kind: 1 MB holds the most there can be. */
const MAX_FILE_BYTES = 1_500_000;

export async function saveTagQueue(
  file: string,
  entries: ReadonlyArray<readonly [string, RetagKind]>,
): Promise<void> {
  if (entries.length === 0) {
    await fs.rm(file, { force: true });
    return;
  }
  const kept = entries.slice(0, MAX_SAVED_RETAGS);
  await writeFileAtomic(file, `${JSON.stringify({ version: 1, retag: kept })}\n`, {
    makeFolder: true,
  });
}

export async function loadTagQueue(file: string): Promise<Array<[string, RetagKind]>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readRegularText(file, MAX_FILE_BYTES));
  } catch {
    return []; // none (the usual case), too large or damaged: nothing to finish
  }
  const list = (parsed as { retag?: unknown } | null)?.retag;
  if (!Array.isArray(list)) return [];
  const out: Array<[string, RetagKind]> = [];
  for (const entry of list.slice(0, MAX_SAVED_RETAGS)) {
    if (!Array.isArray(entry)) continue;
    const [id, kind] = entry as unknown[];
    if (typeof id === 'string' && ITEM_ID_PATTERN.test(id) && (kind === 'all' || kind === 'rating'))
      out.push([id, kind]);
  }
  return out;
}
