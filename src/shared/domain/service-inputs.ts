import { z } from 'zod';
import { refuseFields, type FieldErrors, type KeyedMessage, type MessageParams } from '../errors';
import { countWords } from '../i18n/words';
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
 * A rule's message: its catalog key (`errors:rules.*`) and parameters, which the renderer says in
 * the app's language, beside its English words (for main's log, the CLI and English). The words are
 * written here because the renderer's first screen imports these rules and must not bundle the
 * catalogs; test/unit/i18n/keyed-errors-inputs.test.ts holds them equal to the English catalog's.
 */
interface RuleMessage extends KeyedMessage {
  english: string;
}

const say = (key: string, english: string, params?: MessageParams): RuleMessage =>
  params ? { key, english, params } : { key, english };

/** A custom zod issue saying `m`: the English as its message, the key in its params. */
const issueOf = (m: RuleMessage) =>
  ({
    code: 'custom',
    message: m.english,
    params: m.params ? { key: m.key, params: m.params } : { key: m.key },
  }) as const;

/** The key of an issue a rule made (undefined for zod's own issues). */
function keyOf(issue: z.core.$ZodIssue): KeyedMessage | undefined {
  const params = issue.code === 'custom' ? issue.params : undefined;
  if (typeof params?.key !== 'string') return undefined;
  return params.params
    ? { key: params.key, params: params.params as MessageParams }
    : { key: params.key };
}

/**
 * Zod issues as form field -> message (the first message per field, the path joined with dots),
 * with each message's key where a rule gave one (`fieldText(checked, name)` in the renderer says it
 * in the app's language).
 */
export function checkFields(
  schema: z.ZodType,
  input: unknown,
): { fields: FieldErrors; fieldKeys: Record<string, KeyedMessage> } {
  const fields: FieldErrors = {};
  const fieldKeys: Record<string, KeyedMessage> = {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return { fields, fieldKeys };
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join('.') || 'input';
    if (name in fields) continue;
    fields[name] = issue.message;
    const keyed = keyOf(issue);
    if (keyed) fieldKeys[name] = keyed;
  }
  return { fields, fieldKeys };
}

/** The English messages of checkFields: form field -> message (empty when the input is fine). */
export function fieldErrorsOf(schema: z.ZodType, input: unknown): FieldErrors {
  return checkFields(schema, input).fields;
}

/** Throws the validation AppError naming every field at fault, keyed; nothing when it is fine. */
export function refuseInput(schema: z.ZodType, input: unknown, summary?: string): void {
  const { fields, fieldKeys } = checkFields(schema, input);
  refuseFields(fields, summary, { fieldKeys });
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
    ctx.addIssue(issueOf(say('errors:rules.ttsEmpty', 'Type the text to speak.')));
  else if (n > TTS_TEXT_MAX_CHARS)
    ctx.addIssue(
      issueOf(
        say(
          'errors:rules.ttsTooLong',
          `Keep the text to ${TTS_TEXT_MAX_CHARS} characters or fewer (now ${n}).`,
          { max: TTS_TEXT_MAX_CHARS, now: n },
        ),
      ),
    );
});

const isEmotion = (v: unknown): v is (typeof EMOTIONS)[number] =>
  typeof v === 'string' && (EMOTIONS as readonly string[]).includes(v);

export const TtsInputSchema = z.object({
  text: TtsTextSchema,
  speaker: z.string().superRefine((s, ctx) => {
    if (charCount(s) > 200)
      ctx.addIssue(issueOf(say('errors:rules.voiceFromList', 'Choose a voice from the list.')));
    else if (s.trim() === '')
      ctx.addIssue(issueOf(say('errors:rules.chooseVoice', 'Choose a voice.')));
  }),
  emotion: z
    .custom<(typeof EMOTIONS)[number]>(
      isEmotion,
      issueOf(say('errors:rules.emotionFromList', 'Choose an emotion from the list.')),
    )
    .optional(),
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

export const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Adds a message to a form field (the first message per field is the one shown). */
type AddIssue = (field: string, message: RuleMessage) => void;

/**
 * A schema with its rules: `check` runs on an input of the schema's shape and names the fields it
 * refuses, so the rules live in the schema that `fieldErrorsOf` and the IPC contract share.
 */
function withRules<T extends z.ZodType>(
  schema: T,
  check: (input: z.output<T>, add: AddIssue) => void,
): T {
  return schema.superRefine((input, ctx) =>
    check(input, (field, message) => ctx.addIssue({ ...issueOf(message), path: [field] })),
  );
}

function checkPrompt(prompt: string, add: AddIssue): void {
  const n = charCount(prompt.trim());
  const now = charCount(prompt);
  if (n < PROMPT_MIN_CHARS)
    add('prompt', say('errors:rules.promptEmpty', 'Describe the style of the song.'));
  else if (now > PROMPT_MAX_CHARS)
    add(
      'prompt',
      say(
        'errors:rules.promptTooLong',
        `Keep the style to ${PROMPT_MAX_CHARS} characters or fewer (now ${now}).`,
        { max: PROMPT_MAX_CHARS, now },
      ),
    );
}

function checkTitleAndLyrics(
  input: { title?: string | undefined; lyrics?: string | undefined },
  version: ModelVersion | undefined,
  add: AddIssue,
): void {
  const title = input.title === undefined ? 0 : charCount(input.title);
  if (title > TITLE_MAX_CHARS) {
    add(
      'title',
      say(
        'errors:rules.titleTooLong',
        `Keep the title to ${TITLE_MAX_CHARS} characters or fewer (now ${title}).`,
        { max: TITLE_MAX_CHARS, now: title },
      ),
    );
  }
  if (input.lyrics !== undefined && version) {
    const max = MODEL_LIMITS[version].maxLyricsWords;
    const words = countWords(input.lyrics);
    if (words > max)
      add(
        'lyrics',
        say(
          'errors:rules.lyricsTooLong',
          `Model ${version} takes at most ${ENGLISH_NUMBER.format(max)} words of lyrics (now ${ENGLISH_NUMBER.format(words)}).`,
          { model: version, max, now: words },
        ),
      );
  }
}

/** Numbers in the English words as the English catalog's `{{n, number}}` writes them (1,000). */
const ENGLISH_NUMBER = new Intl.NumberFormat('en');

const isModelVersion = (v: string): v is ModelVersion =>
  (MODEL_VERSIONS as readonly string[]).includes(v);

function checkExtension(
  extend: z.output<typeof SongExtensionSchema>,
  known: ModelVersion | undefined,
  add: AddIssue,
): void {
  const { songId, continueAtS, songDurationMs } = extend;
  if (!songId.trim()) add('extend', say('errors:rules.extendSong', 'Choose the song to extend.'));
  if (!Number.isFinite(continueAtS) || continueAtS <= 0) {
    add(
      'continueAtS',
      say('errors:rules.startAfterZero', 'Choose where the extension starts (after 0 seconds).'),
    );
  } else if (
    songDurationMs !== undefined &&
    songDurationMs > 0 &&
    continueAtS * 1000 > songDurationMs
  ) {
    const seconds = Math.floor(songDurationMs / 1000);
    add(
      'continueAtS',
      say(
        'errors:rules.startWithinSong',
        `The song is only ${seconds} seconds long; start the extension within it.`,
        { seconds },
      ),
    );
  } else if (known && continueAtS > MODEL_LIMITS[known].maxSongLengthS) {
    const minutes = MODEL_LIMITS[known].maxSongLengthS / 60;
    add(
      'continueAtS',
      say(
        'errors:rules.startWithinModel',
        `Model ${known} makes songs up to ${minutes} minutes; start the extension within that.`,
        { model: known, minutes },
      ),
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
      add(
        'modelVersion',
        say('errors:rules.chooseModel', `Choose one of ${MODEL_VERSIONS.join(', ')}.`, {
          models: MODEL_VERSIONS.join(', '),
        }),
      );
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
    if (!prompt.trim())
      ctx.addIssue(issueOf(say('errors:rules.lyricsAbout', 'Say what the song is about.')));
    else if (charCount(prompt) > LYRICS_PROMPT_MAX_CHARS)
      ctx.addIssue(
        issueOf(
          say(
            'errors:rules.lyricsAboutTooLong',
            `Keep it to ${LYRICS_PROMPT_MAX_CHARS} characters or fewer.`,
            { max: LYRICS_PROMPT_MAX_CHARS },
          ),
        ),
      );
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
    if (!input.name.trim()) add('name', say('errors:rules.voiceName', 'Name the new voice.'));
    else if (charCount(input.name) > CLONE_NAME_MAX_CHARS)
      add(
        'name',
        say(
          'errors:rules.voiceNameTooLong',
          `Keep the name to ${CLONE_NAME_MAX_CHARS} characters or fewer.`,
          { max: CLONE_NAME_MAX_CHARS },
        ),
      );
    if (
      input.description !== undefined &&
      charCount(input.description) > CLONE_DESCRIPTION_MAX_CHARS
    ) {
      add(
        'description',
        say(
          'errors:rules.descriptionTooLong',
          `Keep the description to ${CLONE_DESCRIPTION_MAX_CHARS} characters or fewer.`,
          { max: CLONE_DESCRIPTION_MAX_CHARS },
        ),
      );
    }
    if (input.fileCount < 1)
      add('files', say('errors:rules.addRecording', 'Add at least one recording of the voice.'));
    else if (input.fileCount > CLONE_MAX_FILES)
      add(
        'files',
        say('errors:rules.tooManyRecordings', `Use at most ${CLONE_MAX_FILES} recordings.`, {
          max: CLONE_MAX_FILES,
        }),
      );
  },
);

const VIDEO_LINK = say('errors:rules.videoLink', 'Paste a full http(s) link to the video.');

/** A cover's form: a singer, a whole-semitone key shift, and exactly one source. */
export const CoverFieldsSchema = withRules(
  z.object({
    singerId: z.union([z.string(), z.number()]),
    tranSemitones: z.number().optional(),
    hasFile: z.boolean(),
    videoSiteUrl: z.string().optional(),
  }),
  (input, add) => {
    if (String(input.singerId).trim() === '')
      add('singerId', say('errors:rules.chooseSinger', 'Choose a singer.'));
    const tran = input.tranSemitones ?? 0;
    if (!Number.isInteger(tran) || tran < TRAN_MIN_SEMITONES || tran > TRAN_MAX_SEMITONES) {
      add(
        'tranSemitones',
        say(
          'errors:rules.semitones',
          `Shift the key by a whole number of semitones between ${TRAN_MIN_SEMITONES} and ${TRAN_MAX_SEMITONES}.`,
          { min: TRAN_MIN_SEMITONES, max: TRAN_MAX_SEMITONES },
        ),
      );
    }
    const link = input.videoSiteUrl?.trim() ?? '';
    if (input.hasFile && link)
      add(
        'source',
        say('errors:rules.fileOrLink', 'Use either an audio file or a video link, not both.'),
      );
    else if (!input.hasFile && !link)
      add('source', say('errors:rules.addSource', 'Add an audio file or a video link.'));
    else if (link && !isHttpUrl(link)) add('videoSiteUrl', VIDEO_LINK);
  },
);

/** Singer training: 1–60 http(s) links whose audio lasts 5–45 minutes in all, when measured. */
export const TrainSingerRulesSchema = withRules(TrainSingerInputSchema, (input, add) => {
  const d = input.totalAudioDurationS;
  if (d !== undefined && (d < TRAINING_AUDIO_MIN_S || d > TRAINING_AUDIO_MAX_S)) {
    const [min, max, now] = [
      TRAINING_AUDIO_MIN_S / 60,
      TRAINING_AUDIO_MAX_S / 60,
      Math.round(d / 60),
    ];
    add(
      'urls',
      say(
        'errors:rules.trainingLength',
        `Training audio must last ${min} to ${max} minutes in total (now ${now}).`,
        { min, max, now },
      ),
    );
  }
  if (input.urls.length === 0)
    add('urls', say('errors:rules.trainingLinks', 'Add links to the training audio.'));
  else if (input.urls.length > TRAINING_MAX_URLS)
    add(
      'urls',
      say('errors:rules.tooManyLinks', `Use at most ${TRAINING_MAX_URLS} links.`, {
        max: TRAINING_MAX_URLS,
      }),
    );
  else if (!input.urls.every(isHttpUrl))
    add('urls', say('errors:rules.fullLinks', 'Every link must be a full http(s) address.'));
});

/** A singing-photo video: audio of 2–30 s and a photo of at most 4.7 MB, both http(s) links. */
export const SingingRulesSchema = withRules(SingingInputSchema, (input, add) => {
  if (!isHttpUrl(input.audioUrl))
    add('audioUrl', say('errors:rules.audioLink', 'Paste a full http(s) link to the audio.'));
  else if (
    input.audioDurationS !== undefined &&
    (input.audioDurationS < SINGING_AUDIO_MIN_S || input.audioDurationS > SINGING_AUDIO_MAX_S)
  ) {
    const now = Math.round(input.audioDurationS);
    add(
      'audioUrl',
      say(
        'errors:rules.audioLength',
        `The audio must last ${SINGING_AUDIO_MIN_S} to ${SINGING_AUDIO_MAX_S} seconds (it lasts ${now} s).`,
        { min: SINGING_AUDIO_MIN_S, max: SINGING_AUDIO_MAX_S, now },
      ),
    );
  }
  if (!isHttpUrl(input.imageUrl))
    add('imageUrl', say('errors:rules.photoLink', 'Paste a full http(s) link to the photo.'));
  else if (input.imageBytes !== undefined && input.imageBytes > SINGING_IMAGE_MAX_BYTES) {
    const mb = (input.imageBytes / 1024 / 1024).toFixed(1);
    add(
      'imageUrl',
      say('errors:rules.photoTooLarge', `The photo must be at most 4.7 MB (it is ${mb} MB).`, {
        mb,
      }),
    );
  }
});

/** A subtitle video: an http(s) link to the video. */
export const SubtitlesRulesSchema = withRules(SubtitlesInputSchema, (input, add) => {
  if (!isHttpUrl(input.videoUrl)) add('videoUrl', VIDEO_LINK);
});
