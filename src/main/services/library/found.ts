/**
 * What the library reads from a media file added outside the app (no sidecar): its length, title
 * and genre tags, and whether it carries cover art, from the media probe. The index build runs
 * in the worker thread, so this never blocks main; results live in the saved index (in the data
 * folder), so a file is probed again only when its size or mtime changes. Nothing is written
 * beside the file: a sidecar appears only when the user edits the item.
 */
import { parseRecipe, type Recipe } from '@shared/domain/recipe';
import { probeFile, probeFound, type MediaProbe } from '../audio/probe';
import { RECIPE_FIELD, readRecipeText } from '../audio/tags';

export interface FoundFacts {
  durationMs: number | null;
  title: string | null;
  genre: string[];
  /** Unsynchronised lyrics from its tags. */
  lyrics?: string | null;
  /** The file embeds a picture, served as its cover (media protocol `art` host). */
  hasArt: boolean;
  /**
   * durationMs is a sampled estimate (a large VBR MP3 without a Xing/VBRI header): the app's
   * worker counts it exactly in the background (refine.ts).
   */
  estimated?: true;
}

/** What a found file holds: the probe's facts, and Cadenza's recipe when its tags carry one. */
export interface ProbeFacts {
  facts: FoundFacts | null;
  recipe: Recipe | null;
}

const factsOf = (p: MediaProbe): FoundFacts => ({
  durationMs: p.durationMs,
  title: p.tags.title,
  genre: p.tags.genre,
  lyrics: p.tags.lyrics ?? null,
  hasArt: p.art !== null,
  ...(p.estimated ? { estimated: true as const } : {}),
});

/** The recipe in a library file's tags, or null (not a tagged format, none, or not valid). */
export async function recipeInFile(path: string): Promise<Recipe | null> {
  const text = await readRecipeText(path).catch(() => null);
  return text === null ? null : parseRecipe(text);
}

export async function readFoundMedia(path: string): Promise<FoundFacts | null> {
  const p = await probeFile(path, { art: true }).catch(() => null);
  return p ? factsOf(p) : null;
}

/**
 * A found file's facts and, when `withRecipe` (a format Cadenza tags), the recipe in its tags,
 * from one probe: the probe's parse of the tags carries the recipe field, so the file is opened
 * and its tags read once (issue 30). A file the probe cannot read is asked for its recipe alone.
 */
export async function readFound(path: string, withRecipe: boolean): Promise<ProbeFacts> {
  const p = await probeFound(path, withRecipe ? RECIPE_FIELD : null).catch(() => null);
  if (!p) return { facts: null, recipe: withRecipe ? await recipeInFile(path) : null };
  const { userText, ...facts } = p;
  return { facts, recipe: userText ? parseRecipe(userText) : null };
}

/** Runs `fn` over `items`, `limit` at a time; results in order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const run = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return out;
}
