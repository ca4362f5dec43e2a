/**
 * `cadenza tts --text T --voice SPEAKER [--emotion E]`: speaks the text through the same jobs and
 * library services as the app, saves the WAV into the library and prints its sidecar.
 */
import { readTextFile } from '../../main/services/files/regular';
import { EMOTIONS, type Emotion } from '@shared/domain/service-limits';
import { countWords } from '@shared/i18n/words';
import {
  expectNoMore,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../command';
import {
  BUDGET_HELP,
  BUDGET_OPTION,
  counterLeft,
  followSubmitted,
  parseBudget,
  parseTimeout,
  printResult,
  readSidecar,
  refusedSpend,
} from '../support';

/** A text file for speech (at most 500 characters are spoken) is small. */
const MAX_TEXT_FILE_BYTES = 64 * 1024;

const help = `Usage: cadenza tts --text T --voice SPEAKER [options]

Speak a text with a voice and save the take in the library.

  --text T            The text (1-500 characters)
  --text-file F       Read the text from a file instead
  --voice SPEAKER     A speaker id or a voice's name (see cadenza voices)
  --emotion E         One of: ${EMOTIONS.join(', ')}
  --timeout S         Give up waiting after S seconds: exit 1 with one line saying what the
                      job still waits for (it keeps going; cadenza jobs resume --wait)
  --json              Print JSON: the take's sidecar and the words left before and after
${BUDGET_HELP}

Prints the take's sidecar (voice, emotion, text, file, duration).`;

const OPTIONS = {
  text: { type: 'string' },
  'text-file': { type: 'string' },
  voice: { type: 'string' },
  emotion: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  ...BUDGET_OPTION,
} as const;

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'tts');
  expectNoMore(positionals, 'tts');
  if (values.text !== undefined && values['text-file'] !== undefined)
    throw new UsageError('use --text or --text-file, not both');
  let text = values.text;
  if (values['text-file'] !== undefined) {
    text = (await readTextFile(values['text-file'], MAX_TEXT_FILE_BYTES))
      .replace(/\r\n/g, '\n')
      .trimEnd();
  }
  if (text === undefined) throw new UsageError('missing --text (see cadenza tts --help)');
  if (!values.voice) throw new UsageError('missing --voice (see cadenza tts --help)');
  let emotion: Emotion | undefined;
  if (values.emotion !== undefined) {
    emotion = EMOTIONS.find((e) => e.toLowerCase() === values.emotion!.trim().toLowerCase());
    if (!emotion) throw new UsageError(`--emotion must be one of ${EMOTIONS.join(', ')}`);
  }
  const timeoutS = parseTimeout(values.timeout);
  const budget = parseBudget(values.budget);
  const core = ctx.core();
  const { voices } = core;
  const voice = await voices.findVoice(values.voice).catch(() => undefined);
  if (!voice)
    ctx.note(`Note: “${values.voice}” is not in the voice list; sending it as a speaker id.`);
  const before = await counterLeft(core, 'key_words_counts');
  const refused = await refusedSpend(
    ctx,
    { kind: 'tts', model: null, submissions: 1, words: countWords(text) },
    budget,
  );
  if (refused !== null) return refused;
  const job = await voices.speak({
    text,
    speaker: voice?.speaker ?? values.voice,
    ...(emotion ? { emotion } : {}),
  });
  await followSubmitted(ctx, core, job.id, timeoutS);
  const item = await voices.finishTake(job.id);
  const sidecar = await readSidecar(core.settings.libraryDir(), item);
  const after = await counterLeft(core, 'key_words_counts');
  printResult(ctx, values.json, {
    json: { job_id: job.id, words_counts: { before, after }, take: sidecar },
    rows: [
      ['Title', sidecar.title],
      ['File', sidecar.media_file],
      ['Voice', sidecar.voice ?? ''],
      ['Speaker', sidecar.service_ids.speaker ?? ''],
      ['Emotion', sidecar.emotion ?? 'none'],
      [
        'Duration',
        sidecar.duration_ms !== null ? `${(sidecar.duration_ms / 1000).toFixed(1)} s` : 'unknown',
      ],
      ['Text', sidecar.lyrics ?? ''],
    ],
    left: { label: 'Words left', counts: { before, after } },
  });
  return 0;
}

export const ttsCommand: CliCommand = {
  name: 'tts',
  summary: 'Speak a text with a voice into the library',
  help,
  run,
};
