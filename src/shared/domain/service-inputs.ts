import { z } from 'zod';
import { countWords } from '../i18n/words';
import {
  EMOTIONS,
  LYRICS_PROMPT_MAX_CHARS,
  DEFAULT_MODEL_VERSION,
  MODEL_LIMITS,
  MODEL_VERSIONS,
  PROMPT_MAX_CHARS,
  PROMPT_MIN_CHARS,
  TITLE_MAX_CHARS,
  type ModelVersion,
} from './service-limits';

/**
 * What callers hand the service client, and the rules it checks before anything is sent or charged.
 * The rules live in zod schemas (`*RulesSchema`, `TtsInputSchema`, `CloneFieldsSchema`, …):
 * `fieldErrorsOf(schema, input)` returns form field -> message (empty when the input is fine), keyed
 * by the input's own field names, so the renderer shows the same messages before submitting.
 */

export type { FieldErrors } from '../errors';

export {
  charCount,
  checkFields,
  fieldErrorsOf,
  isHttpUrl,
  refuseInput,
  say,
} from './service-rules';
export {
  CloneFieldsSchema,
  CoverFieldsSchema,
  SingingInputSchema,
  SingingRulesSchema,
  SubtitlesInputSchema,
  SubtitlesRulesSchema,
  TrainSingerInputSchema,
  TrainSingerRulesSchema,
  type SingingInput,
  type SubtitlesInput,
  type TrainSingerInput,
} from './media-inputs';
import { charCount, issueOf, say, withRules, type AddIssue } from './service-rules';

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
