import { z } from 'zod';
import { PresetSchema, SavePresetSchema } from '../domain/presets';
import { invoke } from './define';

/**
 * presets:* — the Songs composer's saved style presets (services/presets); the starter presets
 * are the renderer's own (domain/presets.ts). Import and export pick their file in main's dialog:
 * the renderer never names a path.
 */
export const ImportSummarySchema = z.object({
  added: z.number().int().nonnegative(),
  replaced: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});

export const presetsContract = {
  list: invoke(z.tuple([]), z.array(PresetSchema)),
  save: invoke(z.tuple([SavePresetSchema]), PresetSchema),
  remove: invoke(z.tuple([z.string().min(1).max(64)]), z.null()),
  /** Null: the creator cancelled the file dialog. */
  importFile: invoke(z.tuple([]), ImportSummarySchema.nullable()),
  /** How many presets were written, or null when the dialog was cancelled. */
  exportFile: invoke(z.tuple([]), z.number().int().nonnegative().nullable()),
};

export const RhymeAnswerSchema = z.object({
  word: z.string(),
  known: z.boolean(),
  syllables: z.number().int().nonnegative().nullable(),
  rhymes: z.array(z.string()),
});
export type RhymeAnswerView = z.infer<typeof RhymeAnswerSchema>;

/** rhymes:* — the lyrics workspace's rhyme helper (English, services/rhymes). */
export const rhymesContract = {
  find: invoke(z.tuple([z.string().max(64)]), RhymeAnswerSchema),
};
