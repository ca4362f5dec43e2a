import { fieldErrorsOf, SongRulesSchema, type FieldErrors } from '@shared/domain/service-inputs';
import {
  DEFAULT_MODEL_VERSION,
  MODEL_VERSIONS,
  TITLE_MAX_CHARS,
  type ModelVersion,
} from '@shared/domain/service-limits';
import type { CreateSongRequest } from '@shared/ipc/songs';
import type { LibrarySong } from '../../lib/library-views';
import { formatClockTenths } from '@shared/i18n/format';
import { formattersFor, currentLanguage, t } from '../../i18n';

/** The Extend card's values, as typed. */
export interface ExtendForm {
  /** Where the continuation starts on the parent's timeline, as typed (seconds). */
  continueAtText: string;
  prompt: string;
  title: string;
  lyrics: string;
  instrumental: boolean;
  modelVersion: ModelVersion;
}

/** A library song can be extended when the service gave it a song id and its length is known. */
export const canExtend = (s: LibrarySong): boolean =>
  !!s.songId && s.durationMs !== null && s.durationMs > 0;

/** Seconds, rounded down to a tenth, so the default never lands past the end. */
export const floorTenth = (s: number): number => Math.floor(s * 10) / 10;

/** "1:05.3" ("1:05,3" in German): a start or a length to the tenth, in the app's language. */
export const formatClock = (seconds: number): string =>
  formatClockTenths(seconds, currentLanguage());

/**
 * How far before the end the default start sits. The library's length can be one probed locally,
 * a few milliseconds above the service's `audio_duration`; a start past the service's length is
 * refused (and the request is a paid one), so the default keeps well inside.
 */
export const END_MARGIN_S = 1;

/**
 * The default start: where the player is when it is playing this song, else the end minus a
 * margin — never closer to the end than the margin, never 0.
 */
export function defaultContinueAtS(durationMs: number, playingAtS: number | null = null): number {
  const lengthS = durationMs / 1000;
  const margin = Math.min(END_MARGIN_S, lengthS / 2);
  const latest = floorTenth(lengthS - margin);
  const at = playingAtS !== null && playingAtS >= 0.1 ? floorTenth(playingAtS) : latest;
  return Math.max(0.1, Math.min(at, latest));
}

export function initialExtendForm(song: LibrarySong, playingAtS: number | null = null): ExtendForm {
  const model = MODEL_VERSIONS.find((v) => v === song.model) ?? DEFAULT_MODEL_VERSION;
  // a new item's title, in the app's language when it is made (creator content: no isolates)
  const title = t('songs:extend.defaultTitle', { title: song.title });
  return {
    continueAtText: String(defaultContinueAtS(song.durationMs ?? 0, playingAtS)),
    prompt: song.prompt ?? '',
    title: title.length <= TITLE_MAX_CHARS ? title : song.title.slice(0, TITLE_MAX_CHARS),
    lyrics: '',
    instrumental: false,
    modelVersion: model,
  };
}

/** Seconds with at most two decimals (rounded down): 7992 ms → 7.99, 8000 → 8. */
export const secondsOf = (ms: number): number => Math.floor(ms / 10) / 100;

/** Same words as main's check (songs/extension.ts), with the song's exact length. */
export const pastEndMessage = (durationMs: number): string =>
  t('songs:extend.errors.pastEnd', {
    seconds: formattersFor(currentLanguage()).number(secondsOf(durationMs)),
  });

/** The typed start as a number; NaN when it is not one. */
export function continueAtS(form: ExtendForm): number {
  const t = form.continueAtText.trim();
  return t === '' ? Number.NaN : Number(t);
}

/** The request the Extend card sends: custom mode, the library item as the song to extend. */
export function toExtendRequest(song: LibrarySong, form: ExtendForm): CreateSongRequest {
  return {
    api: 'v2',
    mode: 'custom',
    prompt: form.prompt,
    modelVersion: form.modelVersion,
    instrumental: form.instrumental,
    ...(form.title.trim() ? { title: form.title.trim() } : {}),
    ...(!form.instrumental && form.lyrics.trim() ? { lyrics: form.lyrics } : {}),
    extend: { songId: song.itemId, continueAtS: continueAtS(form) },
  };
}

/**
 * The checks main runs (spec rule 4: never 0, never past the song's length; prompt, title and
 * lyrics limits), with the parent's length, so nothing invalid is sent or charged.
 */
export function extendErrors(song: LibrarySong, form: ExtendForm): FieldErrors {
  const req = toExtendRequest(song, form);
  const errors = fieldErrorsOf(SongRulesSchema, {
    mode: 'custom',
    prompt: req.prompt,
    modelVersion: form.modelVersion,
    instrumental: form.instrumental,
    ...(req.title !== undefined ? { title: req.title } : {}),
    ...(req.lyrics !== undefined ? { lyrics: req.lyrics } : {}),
    extend: {
      songId: song.songId ?? '',
      continueAtS: continueAtS(form),
      ...(song.durationMs ? { songDurationMs: song.durationMs } : {}),
    },
  });
  const at = continueAtS(form);
  if (song.durationMs && Number.isFinite(at) && at * 1000 > song.durationMs)
    errors.continueAtS = pastEndMessage(song.durationMs);
  if (!song.songId) errors.extend = t('songs:extend.errors.noSongId');
  return errors;
}
