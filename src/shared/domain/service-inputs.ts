import { z } from 'zod';
import type { FieldErrors } from '../errors';
import {
  CLONE_DESCRIPTION_MAX_CHARS,
  CLONE_MAX_FILES,
  CLONE_NAME_MAX_CHARS,
  EMOTIONS,
  LYRICS_PROMPT_MAX_CHARS,
  MODEL_LIMITS,
  MODEL_VERSIONS,
  PROMPT_MAX_CHARS,
  PROMPT_MIN_CHARS,
  SINGING_AUDIO_MAX_S,
  SINGING_AUDIO_MIN_S,
  SINGING_IMAGE_MAX_BYTES,
  TITLE_MAX_CHARS,
  TRAINING_AUDIO_MAX_S,
  TRAINING_AUDIO_MIN_S,
  TRAINING_MAX_URLS,
  TRAN_MAX_SEMITONES,
  TRAN_MIN_SEMITONES,
  type ModelVersion,
} from './service-limits';

/**
 * What callers hand the service client, and the checks it runs before anything is sent or charged.
 * Each `check*` returns form field -> message (empty when the input is fine), keyed by the input's
 * own field names, so the renderer can show the same messages before submitting.
 */

export type { FieldErrors } from '../errors';

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export const charCount = (s: string): number => [...s].length;

/**
 * Zod issues as form field -> message (the first message per field, the path joined with dots),
 * so a schema's own messages reach the form that sent the input.
 */
export function fieldErrorsOf(schema: z.ZodType, input: unknown): FieldErrors {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'input';
    errors[key] ??= issue.message;
  }
  return errors;
}

export const ModelVersionSchema = z.enum(MODEL_VERSIONS);
export const EmotionSchema = z.enum(EMOTIONS);

export const SongExtensionSchema = z.object({
  songId: z.string(),
  continueAtS: z.number(),
  /** Duration of the song being extended, when known, to check continueAtS against it. */
  songDurationMs: z.number().optional(),
});

export const SubmitSongInputSchema = z.object({
  /** auto = description mode (is_auto=1); custom = lyrics/title mode (is_auto=0). */
  mode: z.enum(['auto', 'custom']),
  prompt: z.string(),
  modelVersion: ModelVersionSchema.optional(),
  lyrics: z.string().optional(),
  title: z.string().optional(),
  instrumental: z.boolean().optional(),
  /** Extending a song always goes in custom mode (spec rule 1). */
  extend: SongExtensionSchema.optional(),
});
export type SubmitSongInput = z.infer<typeof SubmitSongInputSchema>;

export const MusicV1InputSchema = SubmitSongInputSchema.omit({ modelVersion: true, extend: true });
export type MusicV1Input = z.infer<typeof MusicV1InputSchema>;

/** /v1/text2speech text, in characters (spec: 1–500); the Speak form counts against these. */
export const TTS_TEXT_MIN_CHARS = 1;
export const TTS_TEXT_MAX_CHARS = 500;

/** The text to speak: the one place its rules live (IPC, submission, client and form use it). */
export const TtsTextSchema = z.string().superRefine((text, ctx) => {
  const n = charCount(text);
  if (n < TTS_TEXT_MIN_CHARS || !text.trim())
    ctx.addIssue({ code: 'custom', message: 'Type the text to speak.' });
  else if (n > TTS_TEXT_MAX_CHARS)
    ctx.addIssue({
      code: 'custom',
      message: `Keep the text to ${TTS_TEXT_MAX_CHARS} characters or fewer (now ${n}).`,
    });
});

export const TtsInputSchema = z.object({
  text: TtsTextSchema,
  speaker: z
    .string()
    .max(200, 'Choose a voice from the list.')
    .refine((s) => s.trim() !== '', 'Choose a voice.'),
  emotion: z.enum(EMOTIONS, { error: 'Choose an emotion from the list.' }).optional(),
});
export type TtsInput = z.infer<typeof TtsInputSchema>;

export const TrainSingerInputSchema = z.object({
  urls: z.array(z.string()),
  /** Total duration of the training audio, when measured. */
  totalAudioDurationS: z.number().optional(),
});
export type TrainSingerInput = z.infer<typeof TrainSingerInputSchema>;

export const SingingInputSchema = z.object({
  audioUrl: z.string(),
  imageUrl: z.string(),
  /** Measured before sending, when possible. */
  audioDurationS: z.number().optional(),
  imageBytes: z.number().optional(),
});
export type SingingInput = z.infer<typeof SingingInputSchema>;

export const SubtitlesInputSchema = z.object({ videoUrl: z.string() });
export type SubtitlesInput = z.infer<typeof SubtitlesInputSchema>;

/** Counts lyrics "words": whitespace-separated words, plus each CJK character as one word. */
export function countLyricsWords(text: string): number {
  const cjk =
    text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)
      ?.length ?? 0;
  const rest = text.replace(
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu,
    ' ',
  );
  const words = rest.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return cjk + words;
}

export const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

function checkPrompt(prompt: string, errors: FieldErrors): void {
  const n = charCount(prompt.trim());
  if (n < PROMPT_MIN_CHARS) errors.prompt = 'Describe the style of the song.';
  else if (charCount(prompt) > PROMPT_MAX_CHARS)
    errors.prompt = `Keep the style to ${PROMPT_MAX_CHARS} characters or fewer (now ${charCount(prompt)}).`;
}

function checkTitleAndLyrics(
  input: { title?: string | undefined; lyrics?: string | undefined },
  version: ModelVersion | undefined,
  errors: FieldErrors,
): void {
  if (input.title !== undefined && charCount(input.title) > TITLE_MAX_CHARS) {
    errors.title = `Keep the title to ${TITLE_MAX_CHARS} characters or fewer (now ${charCount(input.title)}).`;
  }
  if (input.lyrics !== undefined && version) {
    const max = MODEL_LIMITS[version].maxLyricsWords;
    const words = countLyricsWords(input.lyrics);
    if (words > max)
      errors.lyrics = `Model ${version} takes at most ${max.toLocaleString('en')} words of lyrics (now ${words.toLocaleString('en')}).`;
  }
}

export function checkSubmitSong(input: SubmitSongInput): FieldErrors {
  const errors: FieldErrors = {};
  const version = input.modelVersion;
  if (version !== undefined && !(MODEL_VERSIONS as readonly string[]).includes(version)) {
    errors.modelVersion = `Choose one of ${MODEL_VERSIONS.join(', ')}.`;
  }
  checkPrompt(input.prompt, errors);
  const known = version !== undefined && !errors.modelVersion ? version : undefined;
  // Auto mode sends only prompt and model_version; instrumental songs ignore lyrics.
  if (input.mode === 'custom' || input.extend) {
    const lyrics = input.instrumental ? undefined : input.lyrics;
    checkTitleAndLyrics({ title: input.title, lyrics }, known ?? 'v3.5', errors);
  }
  if (input.extend) {
    const { songId, continueAtS, songDurationMs } = input.extend;
    if (!songId.trim()) errors.extend = 'Choose the song to extend.';
    if (!Number.isFinite(continueAtS) || continueAtS <= 0) {
      errors.continueAtS = 'Choose where the extension starts (after 0 seconds).';
    } else if (
      songDurationMs !== undefined &&
      songDurationMs > 0 &&
      continueAtS * 1000 > songDurationMs
    ) {
      errors.continueAtS = `The song is only ${Math.floor(songDurationMs / 1000)} seconds long; start the extension within it.`;
    } else if (known && continueAtS > MODEL_LIMITS[known].maxSongLengthS) {
      errors.continueAtS = `Model ${known} makes songs up to ${MODEL_LIMITS[known].maxSongLengthS / 60} minutes; start the extension within that.`;
    }
  }
  return errors;
}

export function checkMusicV1(input: MusicV1Input): FieldErrors {
  const errors: FieldErrors = {};
  checkPrompt(input.prompt, errors);
  if (input.mode === 'custom') checkTitleAndLyrics(input, undefined, errors);
  return errors;
}

export function checkLyricsPrompt(prompt: string): FieldErrors {
  if (!prompt.trim()) return { prompt: 'Say what the song is about.' };
  if (charCount(prompt) > LYRICS_PROMPT_MAX_CHARS)
    return { prompt: `Keep it to ${LYRICS_PROMPT_MAX_CHARS} characters or fewer.` };
  return {};
}

export function checkCloneFields(input: {
  name: string;
  description?: string | undefined;
  fileCount: number;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.name.trim()) errors.name = 'Name the new voice.';
  else if (charCount(input.name) > CLONE_NAME_MAX_CHARS)
    errors.name = `Keep the name to ${CLONE_NAME_MAX_CHARS} characters or fewer.`;
  if (
    input.description !== undefined &&
    charCount(input.description) > CLONE_DESCRIPTION_MAX_CHARS
  ) {
    errors.description = `Keep the description to ${CLONE_DESCRIPTION_MAX_CHARS} characters or fewer.`;
  }
  if (input.fileCount < 1) errors.files = 'Add at least one recording of the voice.';
  else if (input.fileCount > CLONE_MAX_FILES)
    errors.files = `Use at most ${CLONE_MAX_FILES} recordings.`;
  return errors;
}

export function checkCoverFields(input: {
  singerId: string | number;
  tranSemitones?: number | undefined;
  hasFile: boolean;
  videoSiteUrl?: string | undefined;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (String(input.singerId).trim() === '') errors.singerId = 'Choose a singer.';
  const tran = input.tranSemitones ?? 0;
  if (!Number.isInteger(tran) || tran < TRAN_MIN_SEMITONES || tran > TRAN_MAX_SEMITONES) {
    errors.tranSemitones = `Shift the key by a whole number of semitones between ${TRAN_MIN_SEMITONES} and ${TRAN_MAX_SEMITONES}.`;
  }
  const link = input.videoSiteUrl?.trim() ?? '';
  if (input.hasFile && link) errors.source = 'Use either an audio file or a video link, not both.';
  else if (!input.hasFile && !link) errors.source = 'Add an audio file or a video link.';
  else if (link && !isHttpUrl(link))
    errors.videoSiteUrl = 'Paste a full http(s) link to the video.';
  return errors;
}

export function checkTrainSinger(input: TrainSingerInput): FieldErrors {
  const errors: FieldErrors = {};
  if (input.urls.length === 0) errors.urls = 'Add links to the training audio.';
  else if (input.urls.length > TRAINING_MAX_URLS)
    errors.urls = `Use at most ${TRAINING_MAX_URLS} links.`;
  else if (!input.urls.every(isHttpUrl)) errors.urls = 'Every link must be a full http(s) address.';
  const d = input.totalAudioDurationS;
  if (d !== undefined && (d < TRAINING_AUDIO_MIN_S || d > TRAINING_AUDIO_MAX_S)) {
    errors.urls = `Training audio must last ${TRAINING_AUDIO_MIN_S / 60} to ${TRAINING_AUDIO_MAX_S / 60} minutes in total (now ${Math.round(d / 60)}).`;
  }
  return errors;
}

export function checkSinging(input: SingingInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!isHttpUrl(input.audioUrl)) errors.audioUrl = 'Paste a full http(s) link to the audio.';
  else if (
    input.audioDurationS !== undefined &&
    (input.audioDurationS < SINGING_AUDIO_MIN_S || input.audioDurationS > SINGING_AUDIO_MAX_S)
  ) {
    errors.audioUrl = `The audio must last ${SINGING_AUDIO_MIN_S} to ${SINGING_AUDIO_MAX_S} seconds (it lasts ${Math.round(input.audioDurationS)} s).`;
  }
  if (!isHttpUrl(input.imageUrl)) errors.imageUrl = 'Paste a full http(s) link to the photo.';
  else if (input.imageBytes !== undefined && input.imageBytes > SINGING_IMAGE_MAX_BYTES) {
    errors.imageUrl = `The photo must be at most 4.7 MB (it is ${(input.imageBytes / 1024 / 1024).toFixed(1)} MB).`;
  }
  return errors;
}

export function checkSubtitles(input: SubtitlesInput): FieldErrors {
  return isHttpUrl(input.videoUrl) ? {} : { videoUrl: 'Paste a full http(s) link to the video.' };
}
