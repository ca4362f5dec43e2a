/**
 * "Reuse settings" (issue 28, point 5): the one shape a song composer is filled with from an
 * item's sidecar or the recipe a file carries (recipe.ts) — prompt, mode, lyrics, title, model,
 * instrumental. The CLI's `song create --from` builds its request from it (flags override); the
 * Songs composer and presets take the same shape. Reusing never sends anything by itself.
 *
 *   const s = songSettingsFrom({ prompt, mode, model, instrumental, lyrics, title });
 */
import { MODEL_VERSIONS, type ModelVersion } from './service-limits';

export interface SongSettings {
  prompt: string;
  mode: 'auto' | 'custom';
  /** Custom mode only. */
  lyrics?: string;
  title?: string;
  instrumental: boolean;
  /** Only a model version this app offers (an unknown one leaves the composer's default). */
  modelVersion?: ModelVersion;
}

/** What settings are taken from: a sidecar, an item, or a recipe with a file's tags. */
export interface SettingsSource {
  kind?: string;
  prompt?: string | null;
  mode?: string | null;
  model?: string | null;
  instrumental?: boolean | null;
  lyrics?: string | null;
  title?: string | null;
}

const isModel = (m: string | null | undefined): m is ModelVersion =>
  !!m && (MODEL_VERSIONS as readonly string[]).includes(m);

/** The song settings `s` describes, or null when it holds no prompt to reuse. */
export function songSettingsFrom(s: SettingsSource): SongSettings | null {
  const prompt = s.prompt?.trim();
  if (!prompt) return null;
  const lyrics = s.lyrics?.trim() ? s.lyrics : undefined;
  const instrumental = s.instrumental === true;
  // an item saved before the mode was recorded: custom when it had lyrics or no vocals
  const mode =
    s.mode === 'custom' || s.mode === 'auto'
      ? s.mode
      : lyrics !== undefined || instrumental
        ? 'custom'
        : 'auto';
  return {
    prompt,
    mode,
    instrumental,
    ...(mode === 'custom' && lyrics !== undefined ? { lyrics } : {}),
    ...(mode === 'custom' && s.title?.trim() ? { title: s.title.trim() } : {}),
    ...(isModel(s.model) ? { modelVersion: s.model } : {}),
  };
}
