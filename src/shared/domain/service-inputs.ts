import { z } from 'zod';
import type { FieldErrors } from '../errors';
import {
  CLONE_DESCRIPTION_MAX_CHARS,
  CLONE_MAX_FILES,
  CLONE_NAME_MAX_CHARS,
  EMOTIONS,
  LYRICS_PROMPT_MAX_CHARS,
  DEFAULT_MODEL_VERSION,
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
 * What callers hand the service client, and the rules it checks before anything is sent or charged.
 * The rules live in zod schemas (`*RulesSchema`, `TtsInputSchema`, `CloneFieldsSchema`, …):
 * `fieldErrorsOf(schema, input)` returns form field -> message (empty when the input is fine), keyed
 * by the input's own field names, so the renderer shows the same messages before submitting.
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

/** Adds a message to a form field (the first message per field is the one shown). */
type AddIssue = (field: string, message: string) => void;

/**
 * A schema with its rules: `check` runs on an input of the schema's shape and names the fields it
 * refuses, so the rules live in the schema that `fieldErrorsOf` and the IPC contract share.
 */
function withRules<T extends z.ZodType>(
  schema: T,
  check: (input: z.output<T>, add: AddIssue) => void,
): T {
  return schema.superRefine((input, ctx) =>
    check(input, (field, message) => ctx.addIssue({ code: 'custom', path: [field], message })),
  );
}

function checkPrompt(prompt: string, add: AddIssue): void {
  const n = charCount(prompt.trim());
  if (n < PROMPT_MIN_CHARS) add('prompt', 'Describe the style of the song.');
  else if (charCount(prompt) > PROMPT_MAX_CHARS)
    add(
      'prompt',
      `Keep the style to ${PROMPT_MAX_CHARS} characters or fewer (now ${charCount(prompt)}).`,
    );
}

function checkTitleAndLyrics(
  input: { title?: string | undefined; lyrics?: string | undefined },
  version: ModelVersion | undefined,
  add: AddIssue,
): void {
  if (input.title !== undefined && charCount(input.title) > TITLE_MAX_CHARS) {
    add(
      'title',
      `Keep the title to ${TITLE_MAX_CHARS} characters or fewer (now ${charCount(input.title)}).`,
    );
  }
  if (input.lyrics !== undefined && version) {
    const max = MODEL_LIMITS[version].maxLyricsWords;
    const words = countLyricsWords(input.lyrics);
    if (words > max)
      add(
        'lyrics',
        `Model ${version} takes at most ${max.toLocaleString('en')} words of lyrics (now ${words.toLocaleString('en')}).`,
      );
  }
}

const isModelVersion = (v: string): v is ModelVersion =>
  (MODEL_VERSIONS as readonly string[]).includes(v);

function checkExtension(
  extend: z.output<typeof SongExtensionSchema>,
  known: ModelVersion | undefined,
  add: AddIssue,
): void {
  const { songId, continueAtS, songDurationMs } = extend;
  if (!songId.trim()) add('extend', 'Choose the song to extend.');
  if (!Number.isFinite(continueAtS) || continueAtS <= 0) {
    add('continueAtS', 'Choose where the extension starts (after 0 seconds).');
  } else if (
    songDurationMs !== undefined &&
    songDurationMs > 0 &&
    continueAtS * 1000 > songDurationMs
  ) {
    add(
      'continueAtS',
      `The song is only ${Math.floor(songDurationMs / 1000)} seconds long; start the extension within it.`,
    );
  } else if (known && continueAtS > MODEL_LIMITS[known].maxSongLengthS) {
    add(
      'continueAtS',
      `Model ${known} makes songs up to ${MODEL_LIMITS[known].maxSongLengthS / 60} minutes; start the extension within that.`,
    );
  }
}

/**
 * A /v2/submit song with its rules: the model in the list, the style 1–180 characters, the title
 * and the model's lyrics word limit in custom mode (instrumental songs ignore lyrics), and an
 * extension's start after 0 and within the song. The model is checked inside the rules (not by
 * the enum) so one pass names every field at fault.
 */
export const SongRulesSchema = withRules(
  SubmitSongInputSchema.extend({ modelVersion: z.string().optional() }),
  (input, add) => {
    const version = input.modelVersion;
    const known = version === undefined || isModelVersion(version) ? version : undefined;
    if (version !== undefined && !known)
      add('modelVersion', `Choose one of ${MODEL_VERSIONS.join(', ')}.`);
    checkPrompt(input.prompt, add);
    // Auto mode sends only prompt and model_version; instrumental songs ignore lyrics.
    if (input.mode === 'custom' || input.extend) {
      const lyrics = input.instrumental ? undefined : input.lyrics;
      checkTitleAndLyrics({ title: input.title, lyrics }, known ?? DEFAULT_MODEL_VERSION, add);
    }
    if (input.extend) checkExtension(input.extend, known, add);
  },
);

/** A /v1/music song: the style, and in custom mode the title (no model, so no word limit). */
export const MusicV1RulesSchema = withRules(MusicV1InputSchema, (input, add) => {
  checkPrompt(input.prompt, add);
  if (input.mode === 'custom') checkTitleAndLyrics(input, undefined, add);
});

/** What /v1/lyrics is asked to write about. */
export const LyricsPromptSchema = z.object({
  prompt: z.string().superRefine((prompt, ctx) => {
    if (!prompt.trim()) ctx.addIssue({ code: 'custom', message: 'Say what the song is about.' });
    else if (charCount(prompt) > LYRICS_PROMPT_MAX_CHARS)
      ctx.addIssue({
        code: 'custom',
        message: `Keep it to ${LYRICS_PROMPT_MAX_CHARS} characters or fewer.`,
      });
  }),
});

/** A voice clone's form: name, optional description and how many recordings it brings. */
export const CloneFieldsSchema = withRules(
  z.object({
    name: z.string(),
    description: z.string().optional(),
    fileCount: z.number(),
  }),
  (input, add) => {
    if (!input.name.trim()) add('name', 'Name the new voice.');
    else if (charCount(input.name) > CLONE_NAME_MAX_CHARS)
      add('name', `Keep the name to ${CLONE_NAME_MAX_CHARS} characters or fewer.`);
    if (
      input.description !== undefined &&
      charCount(input.description) > CLONE_DESCRIPTION_MAX_CHARS
    ) {
      add(
        'description',
        `Keep the description to ${CLONE_DESCRIPTION_MAX_CHARS} characters or fewer.`,
      );
    }
    if (input.fileCount < 1) add('files', 'Add at least one recording of the voice.');
    else if (input.fileCount > CLONE_MAX_FILES)
      add('files', `Use at most ${CLONE_MAX_FILES} recordings.`);
  },
);

/** A cover's form: a singer, a whole-semitone key shift, and exactly one source. */
export const CoverFieldsSchema = withRules(
  z.object({
    singerId: z.union([z.string(), z.number()]),
    tranSemitones: z.number().optional(),
    hasFile: z.boolean(),
    videoSiteUrl: z.string().optional(),
  }),
  (input, add) => {
    if (String(input.singerId).trim() === '') add('singerId', 'Choose a singer.');
    const tran = input.tranSemitones ?? 0;
    if (!Number.isInteger(tran) || tran < TRAN_MIN_SEMITONES || tran > TRAN_MAX_SEMITONES) {
      add(
        'tranSemitones',
        `Shift the key by a whole number of semitones between ${TRAN_MIN_SEMITONES} and ${TRAN_MAX_SEMITONES}.`,
      );
    }
    const link = input.videoSiteUrl?.trim() ?? '';
    if (input.hasFile && link) add('source', 'Use either an audio file or a video link, not both.');
    else if (!input.hasFile && !link) add('source', 'Add an audio file or a video link.');
    else if (link && !isHttpUrl(link))
      add('videoSiteUrl', 'Paste a full http(s) link to the video.');
  },
);

/** Singer training: 1–60 http(s) links whose audio lasts 5–45 minutes in all, when measured. */
export const TrainSingerRulesSchema = withRules(TrainSingerInputSchema, (input, add) => {
  const d = input.totalAudioDurationS;
  if (d !== undefined && (d < TRAINING_AUDIO_MIN_S || d > TRAINING_AUDIO_MAX_S)) {
    add(
      'urls',
      `Training audio must last ${TRAINING_AUDIO_MIN_S / 60} to ${TRAINING_AUDIO_MAX_S / 60} minutes in total (now ${Math.round(d / 60)}).`,
    );
  }
  if (input.urls.length === 0) add('urls', 'Add links to the training audio.');
  else if (input.urls.length > TRAINING_MAX_URLS)
    add('urls', `Use at most ${TRAINING_MAX_URLS} links.`);
  else if (!input.urls.every(isHttpUrl)) add('urls', 'Every link must be a full http(s) address.');
});

/** A singing-photo video: audio of 2–30 s and a photo of at most 4.7 MB, both http(s) links. */
export const SingingRulesSchema = withRules(SingingInputSchema, (input, add) => {
  if (!isHttpUrl(input.audioUrl)) add('audioUrl', 'Paste a full http(s) link to the audio.');
  else if (
    input.audioDurationS !== undefined &&
    (input.audioDurationS < SINGING_AUDIO_MIN_S || input.audioDurationS > SINGING_AUDIO_MAX_S)
  ) {
    add(
      'audioUrl',
      `The audio must last ${SINGING_AUDIO_MIN_S} to ${SINGING_AUDIO_MAX_S} seconds (it lasts ${Math.round(input.audioDurationS)} s).`,
    );
  }
  if (!isHttpUrl(input.imageUrl)) add('imageUrl', 'Paste a full http(s) link to the photo.');
  else if (input.imageBytes !== undefined && input.imageBytes > SINGING_IMAGE_MAX_BYTES) {
    add(
      'imageUrl',
      `The photo must be at most 4.7 MB (it is ${(input.imageBytes / 1024 / 1024).toFixed(1)} MB).`,
    );
  }
});

/** A subtitle video: an http(s) link to the video. */
export const SubtitlesRulesSchema = withRules(SubtitlesInputSchema, (input, add) => {
  if (!isHttpUrl(input.videoUrl)) add('videoUrl', 'Paste a full http(s) link to the video.');
});
