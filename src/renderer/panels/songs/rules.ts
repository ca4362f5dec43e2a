import {
  fieldErrorsOf,
  charCount,
  SongRulesSchema,
  countLyricsWords,
  type FieldErrors,
} from '@shared/domain/service-inputs';
import {
  MODEL_LIMITS,
  PROMPT_MAX_CHARS,
  TITLE_MAX_CHARS,
  type ModelVersion,
} from '@shared/domain/service-limits';
import type { CreateSongRequest } from '@shared/ipc/songs';

/** The Create form's values, as typed. */
export interface SongForm {
  mode: 'auto' | 'custom';
  /** Quick mode: /v1/music, one long synchronous wait (no model choice, no extension). */
  quick: boolean;
  prompt: string;
  modelVersion: ModelVersion;
  title: string;
  lyrics: string;
  instrumental: boolean;
}

export type SongField = 'title' | 'lyrics' | 'instrumental' | 'modelVersion';

/**
 * Which fields the chosen mode ignores, and why (spec rules 1–3). A disabled field shows its
 * reason next to it instead of silently dropping what was typed.
 */
export function ignoredFields(form: SongForm): Partial<Record<SongField, string>> {
  const out: Partial<Record<SongField, string>> = {};
  if (form.mode === 'auto') {
    const why =
      'Description mode sends only the style prompt and model; switch to Custom to use this.';
    out.title = why;
    out.lyrics = why;
    out.instrumental = why;
  } else if (form.instrumental) {
    out.lyrics = 'Instrumental songs have no vocals: the service ignores lyrics.';
  }
  if (form.quick) out.modelVersion = 'Quick mode has no model choice.';
  return out;
}

export function modelLimitsText(version: ModelVersion): string {
  const l = MODEL_LIMITS[version];
  return `Up to ${l.maxSongLengthS / 60} min per song · lyrics up to ${l.maxLyricsWords.toLocaleString('en')} words`;
}

export interface Counters {
  promptChars: number;
  promptMax: number;
  titleChars: number;
  titleMax: number;
  lyricsWords: number;
  lyricsMaxWords: number;
}

export function counters(form: SongForm): Counters {
  return {
    promptChars: charCount(form.prompt),
    promptMax: PROMPT_MAX_CHARS,
    titleChars: charCount(form.title),
    titleMax: TITLE_MAX_CHARS,
    lyricsWords: countLyricsWords(form.lyrics),
    lyricsMaxWords: MODEL_LIMITS[form.modelVersion].maxLyricsWords,
  };
}

/** The request the form sends: fields the mode ignores are left out. */
export function toRequest(form: SongForm): CreateSongRequest {
  const ignored = ignoredFields(form);
  return {
    api: form.quick ? 'v1' : 'v2',
    mode: form.mode,
    prompt: form.prompt,
    ...(ignored.modelVersion ? {} : { modelVersion: form.modelVersion }),
    ...(form.mode === 'custom'
      ? {
          instrumental: form.instrumental,
          ...(form.title.trim() ? { title: form.title.trim() } : {}),
          ...(!ignored.lyrics && form.lyrics.trim() ? { lyrics: form.lyrics } : {}),
        }
      : {}),
  };
}

/** The same checks main runs, shown before submitting. */
export function formErrors(form: SongForm): FieldErrors {
  const req = toRequest(form);
  return fieldErrorsOf(SongRulesSchema, {
    mode: req.mode,
    prompt: req.prompt,
    modelVersion: form.modelVersion,
    ...(req.title !== undefined ? { title: req.title } : {}),
    ...(req.lyrics !== undefined ? { lyrics: req.lyrics } : {}),
    ...(req.instrumental !== undefined ? { instrumental: req.instrumental } : {}),
  });
}

export const SECTION_TAGS = [
  '[Intro]',
  '[Verse]',
  '[Pre-Chorus]',
  '[Chorus]',
  '[Bridge]',
  '[Outro]',
] as const;
