/**
 * "Reuse settings" (issue 28, point 5): the one shape a composer is filled with from an item's
 * sidecar or the recipe a file carries (recipe.ts). `ComposerSettings` names the composer and
 * holds its settings: a song's prompt, mode, lyrics, title, model and instrumental flag; a speech
 * take's text, voice and emotion; a cover's singer, key change and source item. The CLI's
 * `song create --from` builds its request from the song settings (flags override); the Songs,
 * Voice and Covers composers and presets take the same shape. Reusing never sends anything.
 *
 *   const s = songSettingsFrom({ prompt, mode, model, instrumental, lyrics, title });
 *   const c = composerSettingsFrom(sidecar);  // { composer: 'voice', voice: { text, … } } or null
 */
import {
  MODEL_VERSIONS,
  TRAN_MAX_SEMITONES,
  TRAN_MIN_SEMITONES,
  type ModelVersion,
} from './service-limits';

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

/** The Voice composer's settings: what was said, by which voice, how. */
export interface VoiceSettings {
  text: string;
  /** The voice's speaker id (or its name, as older items recorded it); null: not recorded. */
  speaker: string | null;
  emotion: string | null;
}

/** The Covers composer's settings: who sings, the key change, and the library item sung. */
export interface CoverSettings {
  /** The singer's name as recorded (the composer finds it among the singers it knows). */
  singer: string | null;
  tranSemitones: number;
  /** The library item the cover was made from; null when it came from a file or a link. */
  sourceItemId: string | null;
}

/** One shape for every composer: which one, and what it is filled with. */
export type ComposerSettings =
  | { composer: 'songs'; song: SongSettings }
  | { composer: 'voice'; voice: VoiceSettings }
  | { composer: 'covers'; cover: CoverSettings };

/** What settings are taken from: a sidecar, an item, or a recipe with a file's tags. */
export interface SettingsSource {
  kind?: string;
  prompt?: string | null;
  mode?: string | null;
  model?: string | null;
  instrumental?: boolean | null;
  lyrics?: string | null;
  title?: string | null;
  voice?: string | null;
  singer?: string | null;
  emotion?: string | null;
  tran?: number | null;
  parent_id?: string | null;
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

const text = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

/**
 * The composer an item of `s.kind` is made in, filled with its settings; null when the item holds
 * nothing to reuse (no prompt, no text, no singer) or no composer makes its kind.
 */
export function composerSettingsFrom(s: SettingsSource): ComposerSettings | null {
  switch (s.kind) {
    case 'song': {
      const song = songSettingsFrom(s);
      return song ? { composer: 'songs', song } : null;
    }
    case 'tts': {
      const said = s.prompt?.trim() ? s.prompt : null;
      return said
        ? {
            composer: 'voice',
            voice: { text: said, speaker: text(s.voice), emotion: text(s.emotion) },
          }
        : null;
    }
    case 'cover': {
      const singer = text(s.singer);
      if (!singer) return null;
      // a key change the composer offers (a recipe from elsewhere may say anything)
      const tran =
        typeof s.tran === 'number' && Number.isInteger(s.tran)
          ? Math.min(TRAN_MAX_SEMITONES, Math.max(TRAN_MIN_SEMITONES, s.tran))
          : 0;
      return {
        composer: 'covers',
        cover: { singer, tranSemitones: tran, sourceItemId: text(s.parent_id) },
      };
    }
    default:
      return null;
  }
}
