/**
 * Style presets for the Songs composer (issue 32, point 4): a named composer style — the mode,
 * the description or style text (the service's `tags` in custom mode), the model and the
 * instrumental flag — without a title or lyrics (a preset is a recipe's style, reuse.ts). Saved
 * presets are plain JSON in the data folder (`presets.json`, services/presets); a file exported
 * from one computer imports on another (the same shape, `kind: "cadenza-presets"`).
 */
import { z } from 'zod';
import { MODEL_VERSIONS, PROMPT_MAX_CHARS } from './service-limits';
import { PRESET_NAME_MAX_CHARS } from './preset-starters';

/** Saved presets kept; saving one more past it is refused. */
export const MAX_PRESETS = 200;

/** What a preset holds: the composer's style, as the composer would send it. */
export const PresetStyleSchema = z.object({
  mode: z.enum(['auto', 'custom']),
  /** The description (auto) or style (custom): the documented 1–180 characters. */
  prompt: z.string().trim().min(1).max(PROMPT_MAX_CHARS),
  modelVersion: z.enum(MODEL_VERSIONS),
  instrumental: z.boolean(),
});

export const PresetNameSchema = z.string().trim().min(1).max(PRESET_NAME_MAX_CHARS);

export const SavePresetSchema = PresetStyleSchema.extend({ name: PresetNameSchema });
export type SavePreset = z.input<typeof SavePresetSchema>;

export const PresetSchema = SavePresetSchema.extend({
  id: z.string().min(1).max(64),
  createdAtMs: z.number().int().nonnegative(),
});
export type Preset = z.infer<typeof PresetSchema>;

/** The file's shape, in the data folder and exported: one document, a list of presets. */
export const PRESETS_FILE_KIND = 'cadenza-presets';
