/**
 * The presets' plain part, without zod (the Songs composer is on the first screen): the style a
 * preset holds and the starter presets every composer offers. Schemas: presets.ts.
 */
import type { ModelVersion } from './service-limits';

export const PRESET_NAME_MAX_CHARS = 60;

/** What a preset holds: the composer's style, as the composer would send it. */
export interface PresetStyle {
  mode: 'auto' | 'custom';
  /** The description (auto) or style (custom, the service's `tags`). */
  prompt: string;
  modelVersion: ModelVersion;
  instrumental: boolean;
}

/**
 * The starter presets every composer offers (not stored: they are never deleted). Their names are
 * catalog keys, said in the app's language; their styles are sent as they are.
 */
export interface StarterPreset extends PresetStyle {
  id: `starter:${string}`;
  nameKey: string;
}

const starter = (
  id: string,
  nameKey: string,
  prompt: string,
  instrumental = false,
  modelVersion: ModelVersion = 'v4.5',
): StarterPreset => ({
  id: `starter:${id}`,
  nameKey,
  mode: 'custom',
  prompt,
  modelVersion,
  instrumental,
});

export const STARTER_PRESETS: readonly StarterPreset[] = [
  starter('acoustic', 'songs:presets.starter.acoustic', 'acoustic folk, warm guitar, soft vocals'),
  starter('synthpop', 'songs:presets.starter.synthpop', 'synth pop, 80s, bright, driving beat'),
  starter('lofi', 'songs:presets.starter.lofi', 'lo-fi hip hop, mellow, vinyl crackle', true),
  starter(
    'cinematic',
    'songs:presets.starter.cinematic',
    'cinematic orchestral, epic, strings',
    true,
  ),
  starter('ballad', 'songs:presets.starter.ballad', 'piano ballad, emotional, female vocals'),
];
