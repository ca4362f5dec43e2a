/**
 * The probe cache's file format (probe-cache.ts): a header line, then one JSON line per file.
 * Without the schemas (no zod), so the CLI's quick listing (found-listing.ts) reads the same lines
 * without building them; the recipe a line may carry is checked by the caller.
 */
import type { ProbeFacts } from './found';

/** Its name in the data folder, beside the saved index. */
export const PROBE_CACHE_NAME = 'probe-cache.json';
export const CACHE_VERSION = 1;
/** A file's line: longer ones (huge lyrics) are not cached and are probed each time. */
export const MAX_LINE_CHARS = 32 * 1024;

export interface CacheLine extends ProbeFacts {
  path: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

/** Whether a parsed line is one the cache wrote; `recipeOk` checks a recipe that is not null. */
export const plausibleLine = (
  x: unknown,
  recipeOk: (recipe: unknown) => boolean,
): x is CacheLine => {
  if (typeof x !== 'object' || x === null) return false;
  const l = x as Record<string, unknown>;
  const f = l.facts as Record<string, unknown> | null | undefined;
  return (
    typeof l.path === 'string' &&
    typeof l.size === 'number' &&
    typeof l.mtimeMs === 'number' &&
    typeof l.ino === 'number' &&
    (l.recipe === null || recipeOk(l.recipe)) &&
    (f === null ||
      (typeof f === 'object' &&
        f !== undefined &&
        (f.durationMs === null || typeof f.durationMs === 'number') &&
        (f.title === null || typeof f.title === 'string') &&
        Array.isArray(f.genre) &&
        f.genre.every((g) => typeof g === 'string') &&
        typeof f.hasArt === 'boolean' &&
        (f.estimated === undefined || f.estimated === true) &&
        (f.lyrics === undefined || f.lyrics === null || typeof f.lyrics === 'string')))
  );
};

/** Whether the cache knows the file as it is now: same size, mtime and inode. */
export const lineMatches = (
  l: CacheLine | undefined,
  stat: { size: number; mtimeMs: number; ino: number },
): l is CacheLine =>
  l !== undefined && l.size === stat.size && l.mtimeMs === stat.mtimeMs && l.ino === stat.ino;
