/**
 * `cadenza video sing --audio URL --image URL` and `cadenza video subtitles --video URL`: the
 * service takes links only. The audio (MP3/WAV/M4A, 2–30 s) and the photo (JPG/PNG, ≤ 4.7 MB)
 * are measured first, so nothing is spent on a request the service would refuse.
 */
import { parseCommandArgs, UsageError, type CliCommand, type CliContext } from '../command';
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

const help = `Usage: cadenza video sing --audio URL --image URL [--title T] [--timeout S] [--json]
       cadenza video subtitles --video URL [--title T] [--timeout S] [--json]

  sing        A lip-synced singing video from an audio link (MP3, WAV or M4A, 2 to 30 s)
              and a photo link (JPG, PNG or JFIF, at most 4.7 MB)
  subtitles   A video with special subtitles from a video link

The video is saved in the library. The service takes links (http/https) only.

  --timeout S         Give up waiting after S seconds: exit 1 with one line saying what the
                      job still waits for (it keeps going; cadenza jobs resume --wait)
${BUDGET_HELP}`;

const OPTIONS = {
  audio: { type: 'string' },
  image: { type: 'string' },
  video: { type: 'string' },
  title: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  ...BUDGET_OPTION,
} as const;

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'video');
  const [sub, ...rest] = positionals;
  if (rest.length)
    throw new UsageError(`unexpected argument '${rest[0]}' (see cadenza video --help)`);
  if (sub === 'sing' && (!values.audio || !values.image))
    throw new UsageError('video sing needs --audio URL and --image URL');
  else if (sub === 'subtitles' && !values.video)
    throw new UsageError('video subtitles needs --video URL');
  else if (sub !== 'sing' && sub !== 'subtitles')
    throw new UsageError('say sing or subtitles (see cadenza video --help)');
  const timeoutS = parseTimeout(values.timeout);
  const budget = parseBudget(values.budget);
  const core = ctx.core();
  const { videos } = core;
  const title = values.title ? { title: values.title } : {};
  const before = await counterLeft(core, 'key_singing_credits');
  if (before !== null && !values.json) ctx.note(`Singing credits left: ${before}`);
  const refused = await refusedSpend(
    ctx,
    { kind: sub === 'sing' ? 'singing-video' : 'subtitle-video', model: null, submissions: 1 },
    budget,
  );
  if (refused !== null) return refused;
  const job =
    sub === 'sing'
      ? await videos.singing({
          audio: { url: values.audio!, label: values.audio! },
          imageUrl: values.image!,
          ...title,
        })
      : await videos.subtitles({ videoUrl: values.video!, ...title });
  if (!values.json) ctx.note(`Job ${job.id}: waiting for the video…`);
  await followSubmitted(ctx, core, job.id, timeoutS);
  const item = await videos.finish(job.id);
  const after = await counterLeft(core, 'key_singing_credits');
  const sidecar = await readSidecar(core.settings.libraryDir(), item);
  printResult(ctx, values.json, {
    json: { job_id: job.id, item: sidecar, singing_credits: { before, after } },
    rows: [
      ['Title', item.title],
      ['File', sidecar.media_file],
      ['Item', item.id],
    ],
    left: { label: 'Singing credits left', counts: { before, after } },
  });
  return 0;
}

export const videoCommand: CliCommand = {
  name: 'video',
  summary: 'Make a singing-photo video or a subtitle video from links',
  help,
  run,
};
