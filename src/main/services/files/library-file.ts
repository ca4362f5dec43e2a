/**
 * The path every reader of a library item's file uses (export, trim, loudness): its real path,
 * confined to the library folder's real path as the media protocol confines it, so a symlink
 * placed in the library that points at audio outside it is refused by every reader alike
 * (issue 26, point 8), not only by the one that serves it. The file itself is then opened through
 * the regular-file helper by whoever reads it.
 */
import type { Stats } from 'node:fs';
import { appError } from '@shared/app-error';
import { confineToRoot } from './confine';

/**
 * The confined real path of `file` (relative to `libraryDir`, `/`-separated) and its stat then (for
 * a reader that checks the file it opens is this one); refused as a link out of the library, or
 * gone.
 */
export async function confinedLibraryFile(
  libraryDir: string,
  file: string,
  /** The words for a link out of the library (what the reader could not do). */
  outsideKey = 'errors:linkOutsideLibrary',
): Promise<{ path: string; stat: Stats }> {
  const confined = await confineToRoot(libraryDir, file.split('/'));
  if ('status' in confined)
    throw confined.status === 403
      ? appError('forbidden', outsideKey)
      : appError('not_found', 'errors:itemFileGone');
  return confined;
}

/** The confined real path of `file` (see `confinedLibraryFile`). */
export const libraryFilePath = async (
  libraryDir: string,
  file: string,
  outsideKey?: string,
): Promise<string> => (await confinedLibraryFile(libraryDir, file, outsideKey)).path;

/** `libraryFilePath`, or null when the file is gone or outside the library (an optional cover). */
export const libraryFilePathOrNull = (
  libraryDir: string,
  file: string | null | undefined,
): Promise<string | null> =>
  file ? libraryFilePath(libraryDir, file).catch(() => null) : Promise.resolve(null);
