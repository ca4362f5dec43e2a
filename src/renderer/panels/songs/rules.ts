import {
  fieldErrorsOf,
  charCount,
  SongRulesSchema,
  type FieldErrors,
} from '@shared/domain/service-inputs';
import { countWords } from '@shared/i18n/words';
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
  /** Quick: both songs in one long wait (/v1/music; no model choice, no streaming). */
  quick: boolean;
  prompt: string;
  modelVersion: ModelVersion;
  title: string;
  lyrics: string;
  instrumental: boolean;
}

export type SongField = 'title' | 'lyrics' | 'instrumental' | 'modelVersion';

/**
 * Which fields the chosen mode does not use (spec rules 1–3): they are hidden, not disabled, and
 * what was typed in them is kept for when they apply again but never sent.
 */
export function hiddenFields(form: SongForm): Set<SongField> {
  const out = new Set<SongField>();
  if (form.mode === 'auto') {
    out.add('title');
    out.add('lyrics');
    out.add('instrumental');
  } else if (form.instrumental) {
    out.add('lyrics');
  }
  if (form.quick) out.add('modelVersion');
  return out;
}

/** A model's limits, said under the model picker: minutes per song and lyrics words. */
export function modelLimits(version: ModelVersion): { minutes: number; words: number } {
  const l = MODEL_LIMITS[version];
  return { minutes: l.maxSongLengthS / 60, words: l.maxLyricsWords };
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
    lyricsWords: countWords(form.lyrics),
    lyricsMaxWords: MODEL_LIMITS[form.modelVersion].maxLyricsWords,
  };
}

/** The request the form sends: fields the mode ignores are left out. */
export function toRequest(form: SongForm): CreateSongRequest {
  const hidden = hiddenFields(form);
  return {
    api: form.quick ? 'v1' : 'v2',
    mode: form.mode,
    prompt: form.prompt,
    ...(hidden.has('modelVersion') ? {} : { modelVersion: form.modelVersion }),
    ...(form.mode === 'custom'
      ? {
          instrumental: form.instrumental,
          ...(form.title.trim() ? { title: form.title.trim() } : {}),
          ...(!hidden.has('lyrics') && form.lyrics.trim() ? { lyrics: form.lyrics } : {}),
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
