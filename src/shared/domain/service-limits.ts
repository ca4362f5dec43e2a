/**
 * Limits of the service interface (spec/service-interface.md), plus a few of Cadenza's own where
 * the spec is silent (marked "Cadenza's own"). The service client checks them before anything is
 * sent or charged; the renderer shows them next to the fields.
 */

export const PROMPT_MIN_CHARS = 1;
export const PROMPT_MAX_CHARS = 180;
export const TITLE_MAX_CHARS = 80;
/** /v1/lyrics takes a short idea; the spec does not name a limit (Cadenza's own). */
export const LYRICS_PROMPT_MAX_CHARS = 500;

export const MODEL_VERSIONS = ['v4.5-plus', 'v4.5', 'v4.0', 'v3.5', 'v3.0'] as const;
export type ModelVersion = (typeof MODEL_VERSIONS)[number];
export const DEFAULT_MODEL_VERSION: ModelVersion = 'v4.5-plus';

export interface ModelLimits {
  maxSongLengthS: number;
  maxLyricsWords: number;
}

export const MODEL_LIMITS: Record<ModelVersion, ModelLimits> = {
  'v4.5-plus': { maxSongLengthS: 8 * 60, maxLyricsWords: 5000 },
  'v4.5': { maxSongLengthS: 8 * 60, maxLyricsWords: 5000 },
  'v4.0': { maxSongLengthS: 4 * 60, maxLyricsWords: 3000 },
  'v3.5': { maxSongLengthS: 4 * 60, maxLyricsWords: 3000 },
  'v3.0': { maxSongLengthS: 2 * 60, maxLyricsWords: 1000 },
};

/** The spec's 17 emotions plus the neutral value real clients send. */
export const EMOTIONS = [
  'Neutral',
  'Angry',
  'Cheerful',
  'Sad',
  'Excited',
  'Friendly',
  'Terrified',
  'Shouting',
  'Unfriendly',
  'Whispering',
  'Hopeful',
  'Soulful',
  'Pleasant',
  'Complaining',
  'Surprised',
  'Uneasy',
  'Fearful',
  'Disgust',
] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Singing-photo video inputs. */
export const SINGING_AUDIO_MIN_S = 2;
export const SINGING_AUDIO_MAX_S = 30;
export const SINGING_IMAGE_MAX_BYTES = Math.floor(4.7 * 1024 * 1024);

/** Custom singer training audio, total duration. */
export const TRAINING_AUDIO_MIN_S = 5 * 60;
export const TRAINING_AUDIO_MAX_S = 45 * 60;
/** Cadenza's own: how many training URLs one request carries. */
export const TRAINING_MAX_URLS = 50;

/** Cover pitch adjustment in semitones (Cadenza's own bound: one octave either way). */
export const TRAN_MIN_SEMITONES = -12;
export const TRAN_MAX_SEMITONES = 12;

/** Upload checks (Cadenza's own: the spec names no size limits for covers and clones). */
export const UPLOAD_AUDIO_EXTENSIONS = [
  'mp3',
  'wav',
  'm4a',
  'aac',
  'flac',
  'ogg',
  'oga',
  'opus',
  'webm',
  'mp4',
] as const;
export const COVER_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const CLONE_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
export const CLONE_MAX_FILES = 10;
export const CLONE_NAME_MAX_CHARS = 64;
export const CLONE_DESCRIPTION_MAX_CHARS = 500;

/**
 * How many song ids one /v2/query or /v3/music/tasks request carries. 100 ids of ~36 characters
 * keep the URL under 4 KB (well inside common 8 KB limits), so up to 100 active songs cost one
 * request per poll interval.
 */
export const QUERY_BATCH_SIZE = 100;
