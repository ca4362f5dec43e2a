/**
 * The recipe a library file carries in its own tags (issue 28): Cadenza's item id and how the item
 * was made, in a namespaced private field (ID3 `TXXX:CADENZA_RECIPE`, the Vorbis comment
 * `CADENZA_RECIPE`, the `id3 ` chunk of a WAV), as JSON with a version. It never holds local paths
 * or media URLs (they can carry tokens): the file goes out into the world once a creator sends it.
 * Read back it is input like any other: capped in bytes and checked here, field by field, and
 * reusing it never sends anything by itself.
 *
 *   const text = recipeText(sidecar);          // '{"v":1,"id":"itm_…","kind":"song",…}' or null
 *   const recipe = parseRecipe(textFromFile);  // Recipe | null
 */
import { z } from 'zod';
import { ITEM_ID_PATTERN, LibraryKindSchema } from './library';

export const RECIPE_VERSION = 1;
/** The recipe's JSON is at most this long (the tag readers refuse anything larger before parsing). */
export const RECIPE_MAX_BYTES = 16 * 1024;

const short = z.string().max(200);
const id = z.string().regex(ITEM_ID_PATTERN);
/** Service ids are opaque tokens: no separators, so never a path or a URL. */
const serviceId = z
  .string()
  .max(200)
  .regex(/^[^/\\\s:]+$/);

export const RecipeSchema = z.object({
  /** A newer version's recipe is read for the fields this one knows. */
  v: z.number().int().min(RECIPE_VERSION),
  id,
  kind: LibraryKindSchema,
  /** The item's own title (a take's file is tagged "Title · Take 2"; reuse wants "Title"). */
  title: z.string().max(300).optional(),
  prompt: z.string().max(4000).optional(),
  /** Songs: "auto" (from a description) or "custom" (lyrics and title). */
  mode: z.enum(['auto', 'custom']).optional(),
  model: short.optional(),
  instrumental: z.boolean().optional(),
  voice: short.optional(),
  singer: short.optional(),
  emotion: short.optional(),
  /** Covers: the transposition, in semitones. */
  tran: z.number().int().min(-24).max(24).optional(),
  service_ids: z
    .record(z.string().max(64), serviceId)
    .refine((r) => Object.keys(r).length <= 16)
    .optional(),
  parent_id: id.optional(),
  continue_at_s: z.number().positive().optional(),
  /** A whole song: the extension chain's item ids, song first. */
  chain: z.array(id).max(200).optional(),
  /** A trim: the item it was cut from. */
  source_id: id.optional(),
  variation_group: short.optional(),
  created_at: short.optional(),
});
export type Recipe = z.infer<typeof RecipeSchema>;

/** What a recipe is made from: the sidecar's fields (any version's; unknown ones ignored). */
export interface RecipeSource {
  id: string;
  kind: string;
  title?: string | null;
  prompt?: string | null;
  mode?: string | null;
  model?: string | null;
  instrumental?: boolean | null;
  voice?: string | null;
  singer?: string | null;
  emotion?: string | null;
  tran?: number | null;
  service_ids?: Record<string, string>;
  parent_id?: string | null;
  continue_at_s?: number | null;
  whole_song?: { chain: Array<{ id: string }> } | null;
  trimmed_from?: { source_id: string } | null;
  variation_group?: string | null;
  created_at?: string;
}

/** The recipe of an item, checked against the schema (fields that do not fit are left out). */
export function recipeOf(s: RecipeSource): Recipe | null {
  const candidate: Record<string, unknown> = { v: RECIPE_VERSION, id: s.id, kind: s.kind };
  const put = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    const field = RecipeSchema.shape[key as keyof typeof RecipeSchema.shape];
    if (field.safeParse(value).success) candidate[key] = value;
  };
  put('title', s.title);
  put('prompt', s.prompt);
  put('mode', s.mode);
  put('model', s.model);
  put('instrumental', s.instrumental);
  put('voice', s.voice);
  put('singer', s.singer);
  put('emotion', s.emotion);
  put('tran', s.tran);
  // only the ids that are plain tokens: a URL or a path never goes into a file
  const ids = Object.entries(s.service_ids ?? {}).filter(([, v]) => serviceId.safeParse(v).success);
  if (ids.length > 0) put('service_ids', Object.fromEntries(ids.slice(0, 16)));
  put('parent_id', s.parent_id);
  put('continue_at_s', s.continue_at_s);
  put(
    'chain',
    s.whole_song?.chain.map((c) => c.id),
  );
  put('source_id', s.trimmed_from?.source_id);
  put('variation_group', s.variation_group);
  put('created_at', s.created_at);
  const parsed = RecipeSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The recipe as the text of the private field, or null (no valid recipe, or over the cap). */
export function recipeText(s: RecipeSource): string | null {
  const recipe = recipeOf(s);
  if (!recipe) return null;
  const text = JSON.stringify(recipe);
  return new TextEncoder().encode(text).length <= RECIPE_MAX_BYTES ? text : null;
}

/** A recipe read from a file, or null when it is too large, not JSON, or not a recipe. */
export function parseRecipe(text: string): Recipe | null {
  if (new TextEncoder().encode(text).length > RECIPE_MAX_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = RecipeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
