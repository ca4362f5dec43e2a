/**
 * The rules of the media forms — voice clone, cover, singer training, singing and subtitle videos —
 * checked before anything is sent (the song and speech rules are in service-inputs.ts).
 */
import { z } from 'zod';
import {
  CLONE_DESCRIPTION_MAX_CHARS,
  CLONE_MAX_FILES,
  CLONE_NAME_MAX_CHARS,
  SINGING_AUDIO_MAX_S,
  SINGING_AUDIO_MIN_S,
  SINGING_IMAGE_MAX_BYTES,
  TRAINING_AUDIO_MAX_S,
  TRAINING_AUDIO_MIN_S,
  TRAINING_MAX_URLS,
  TRAN_MAX_SEMITONES,
  TRAN_MIN_SEMITONES,
} from './service-limits';
import { charCount, isHttpUrl, say, withRules } from './service-rules';

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

/** One decimal as the English catalog's `{{x, tenths}}` writes it (5.2, 1,024.0). */
const ENGLISH_TENTHS = new Intl.NumberFormat('en', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

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
    // a number, said to the tenth in the app's language by the catalog's `{{mb, tenths}}`
    const mb = Math.round(input.imageBytes / 1024 / 102.4) / 10;
    add(
      'imageUrl',
      say(
        'errors:rules.photoTooLarge',
        `The photo must be at most 4.7 MB (it is ${ENGLISH_TENTHS.format(mb)} MB).`,
        { mb },
      ),
    );
  }
});

/** A subtitle video: an http(s) link to the video. */
export const SubtitlesRulesSchema = withRules(SubtitlesInputSchema, (input, add) => {
  if (!isHttpUrl(input.videoUrl)) add('videoUrl', VIDEO_LINK);
});
