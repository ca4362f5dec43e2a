/**
 * The upgrade of a library made by an earlier version (issue 28, point 4): files Cadenza made
 * before it tagged what it saves get their tags and recipe, merged (audio/tags/retag.ts: the
 * audio is never changed, other programs' frames stay, the modification time is put back), and
 * their sidecars record the file's size and audio hash. Only with the creator's consent: the plan
 * says how many files and bytes would be rewritten first (`cadenza library retag --dry-run`).
 *
 *   const plan = upgradePlan(library.items());   // { items, files, bytes }
 *   const r = await upgradeItem(library, item, defaults);  // { ok: true } | { ok: false, code, reason }
 */
import { join } from 'node:path';
import { AppError } from '@shared/errors';
import type { LibraryItem } from '@shared/domain/library';
import { retagFile } from '../audio/tags';
import {
  audioHashOffMain,
  coverArtAt,
  isTaggable,
  tagsForItem,
  type TagDefaults,
} from './file-tags';
import type { Library } from './library-types';
import { libraryFilePath } from '../files/library-file';

export interface UpgradePlan {
  /** Items whose files would be rewritten, newest first. */
  items: LibraryItem[];
  files: number;
  bytes: number;
}

/**
 * Cadenza's items (a sidecar beside the file) in a tagged format whose sidecar has no audio hash:
 * saved before files carried their tags and recipe.
 */
export function needsUpgrade(item: LibraryItem): boolean {
  return item.hasSidecar && isTaggable(item.file) && !item.audio_sha256;
}

export function upgradePlan(items: readonly LibraryItem[]): UpgradePlan {
  const todo = items.filter(needsUpgrade);
  return { items: todo, files: todo.length, bytes: todo.reduce((n, i) => n + i.sizeBytes, 0) };
}

/** Why a file could not be tagged: a reason the app shows in words, and the CLI's words. */
export type UpgradeFailure = {
  code: 'locked' | 'readOnly' | 'gone' | 'diskFull' | 'damaged' | 'other';
  /** Tried again later (a lock, a full disk…); a damaged file stays as it is until replaced. */
  reason: string;
};

function reasonOf(e: unknown): UpgradeFailure {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EBUSY' || code === 'EPERM')
    return { code: 'locked', reason: 'another program has the file open (locked)' };
  if (code === 'EACCES' || code === 'EROFS')
    return { code: 'readOnly', reason: 'the file or its folder is read-only' };
  if (code === 'ENOENT') return { code: 'gone', reason: 'the file is no longer there' };
  if (code === 'ENOSPC') return { code: 'diskFull', reason: 'the disk is full' };
  // the tag writer found the file itself damaged (a cut-off FLAC, a broken header…): retrying
  // cannot help, and the audio is left exactly as it was
  if (e instanceof AppError && e.key === 'errors:audio.tagsUnwritable') {
    const why = e.message.replace(/^This file’s tags cannot be rewritten: /, '').replace(/\.$/, '');
    return { code: 'damaged', reason: `the file is damaged (${why}); it is left as it is` };
  }
  return { code: 'other', reason: e instanceof Error ? e.message : String(e) };
}

/**
 * Tags one item's file and records its size and audio hash in its sidecar (the index is left as
 * it is: the caller rescans once after many).
 */
export async function upgradeItem(
  library: Library,
  item: LibraryItem,
  defaults: TagDefaults = {},
): Promise<{ ok: true } | ({ ok: false } & UpgradeFailure)> {
  try {
    // the real path, confined to the library: a symlink to a file outside it is never rewritten
    const path = await libraryFilePath(library.dir, item.file);
    const cover = await coverArtAt(item.cover ? join(library.dir, item.cover) : null);
    // the whole story, lyrics included (the listed row is compact)
    const full = await library.full(item);
    await retagFile(path, tagsForItem(full, cover, defaults), { keepModifiedTime: true });
    const { sizeBytes, sha256 } = await audioHashOffMain(path);
    await library.updateMeta(
      item.id,
      { file_size_bytes: sizeBytes, audio_sha256: sha256 },
      { rescan: false },
    );
    return { ok: true };
  } catch (e) {
    return { ok: false, ...reasonOf(e) };
  }
}
