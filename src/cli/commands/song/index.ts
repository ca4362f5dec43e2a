/**
 * `cadenza song create`: submits a song through the same jobs and library services as the app.
 * Without --wait it returns once the service has answered the submission (the job id is printed;
 * the app or a later `--wait` run follows it). With --wait it follows the job, downloads both
 * songs into the library and prints their sidecars.
 */
import { failureOf, type JobSummary } from '@shared/domain/jobs';

import {
  DEFAULT_MODEL_VERSION,
  MODEL_VERSIONS,
  type ModelVersion,
} from '@shared/domain/service-limits';
import type { CreateSongRequest } from '@shared/ipc/songs';
import { existsSync } from 'node:fs';
import { songSettingsFrom, type SettingsSource, type SongSettings } from '@shared/domain/reuse';
import { readTextFile } from '../../../main/services/files/regular';
import { probeFile } from '../../../main/services/audio/probe';
import { recipeInFile } from '../../../main/services/library/found';
import type { LibraryItem } from '@shared/domain/library';
import {
  BUDGET_HELP,
  BUDGET_OPTION,
  counterLeft,
  parseBudget,
  refusedSpend,
  findItem,
  followJob,
  printResult,
  readSidecar,
  waitOptions,
} from '../../support';
import { songWhole, wholeHelp } from './whole';
import { batchHelp, songBatch } from './batch';

/** Lyrics files are a few KB; anything far larger is not lyrics. */
const LYRICS_FILE_MAX_BYTES = 256 * 1024;
import {
  expectNoMore,
  formatRows,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../../command';

const help = `Usage: cadenza song create --prompt P [options]
       cadenza song create --from ITEM_OR_FILE [options]

Create two songs (one submission) and save them in the library.

  --prompt P          Style of the song (1-180 characters)
  --from ITEM_OR_FILE Reuse the settings of a library item (id, file name or title) or of an
                      audio file carrying Cadenza's recipe: prompt, mode, lyrics, title, model
                      and instrumental; the other options override them
  --lyrics-file F     Lyrics from a text file (custom mode; section tags like [Verse] welcome)
  --title T           Song title (at most 80 characters; custom mode)
  --instrumental      No vocals (custom mode; lyrics are then not sent)
  --model V           Model version: ${MODEL_VERSIONS.join(', ')} (default ${DEFAULT_MODEL_VERSION}; V2 only)
  --api v1|v2         v2 (default): /v2/submit, tracked by id; v1: /v1/music, one long wait
  --extend SONG_ID    Extend a song (a library item id or the service's song id); needs --at
  --at SECONDS        Where the extension starts: after 0 and within the song's length
  --wait              Follow the job, download both songs and print their sidecars
  --timeout S         With --wait: give up after S seconds, exit 1 with one line saying what
                      the job still waits for (it keeps going; cadenza jobs resume --wait)
  --json              Print JSON
${BUDGET_HELP}

Without --lyrics-file, --title, --instrumental or --extend the song is made in description
mode (only the prompt and model are sent). An extension always goes in custom mode.
Without --wait the command prints the job id as soon as the service has accepted the request;
with --api v1 that is after the (long) generation itself.

CADENZA_POLL_INTERVAL_MS changes how often progress is checked (default 5000).

${wholeHelp}

${batchHelp}`;

const OPTIONS = {
  prompt: { type: 'string' },
  from: { type: 'string' },
  'lyrics-file': { type: 'string' },
  title: { type: 'string' },
  instrumental: { type: 'boolean' },
  model: { type: 'string' },
  api: { type: 'string' },
  extend: { type: 'string' },
  at: { type: 'string' },
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  ...BUDGET_OPTION,
} as const;

/** The settings `--from` names: a library item's, else a file's recipe and tags. */
async function reusedSettings(ref: string, ctx: CliContext): Promise<SongSettings> {
  const library = await ctx.core().openLibrary();
  let source: SettingsSource | null = null;
  try {
    let item: LibraryItem | null = null;
    try {
      item = findItem(library, ref);
    } catch (e) {
      if (!(e instanceof UsageError) || !existsSync(ref)) throw e;
    }
    // the full item: the listing's row says only whether it has lyrics, the sidecar holds them
    if (item) source = await library.full(item);
  } finally {
    await library.close();
  }
  if (!source) {
    const recipe = await recipeInFile(ref);
    if (!recipe) throw new UsageError(`'${ref}' carries no Cadenza recipe to reuse`);
    const tags = await probeFile(ref).catch(() => null);
    // the recipe's title is the song's; a take's title tag adds "· Take N"
    source = { ...recipe, lyrics: tags?.tags.lyrics, title: recipe.title ?? tags?.tags.title };
  }
  // a speech take's or a cover's prompt is not a song's style
  if (source.kind && source.kind !== 'song')
    throw new UsageError(`'${ref}' is not a song (it is a ${source.kind}); --from takes a song`);
  const settings = songSettingsFrom(source);
  if (!settings) throw new UsageError(`'${ref}' has no prompt to reuse`);
  return settings;
}

async function buildRequest(
  values: Record<string, string | boolean | undefined>,
  reused: SongSettings | null = null,
): Promise<CreateSongRequest> {
  const str = (k: string): string | undefined =>
    typeof values[k] === 'string' ? (values[k] as string) : undefined;
  const prompt = str('prompt') ?? reused?.prompt;
  if (prompt === undefined) throw new UsageError('missing --prompt (see cadenza song --help)');
  const api = str('api') ?? 'v2';
  if (api !== 'v1' && api !== 'v2') throw new UsageError(`--api must be v1 or v2, not '${api}'`);
  const model = str('model') ?? (api === 'v2' ? reused?.modelVersion : undefined);
  if (model !== undefined && !(MODEL_VERSIONS as readonly string[]).includes(model)) {
    throw new UsageError(`--model must be one of ${MODEL_VERSIONS.join(', ')}`);
  }
  if (model !== undefined && api === 'v1') throw new UsageError('--model applies to --api v2 only');
  const extendId = str('extend');
  const at = str('at');
  if ((extendId === undefined) !== (at === undefined))
    throw new UsageError('--extend and --at go together');
  let continueAtS: number | undefined;
  if (at !== undefined) {
    continueAtS = Number(at);
    if (at.trim() === '' || !Number.isFinite(continueAtS))
      throw new UsageError(`--at must be a number of seconds, not '${at}'`);
  }
  const lyricsFile = str('lyrics-file');
  let lyrics: string | undefined = reused?.lyrics;
  if (lyricsFile !== undefined) {
    // A regular file only (a FIFO would block for ever), and small: lyrics are a few KB.
    lyrics = (await readTextFile(lyricsFile, LYRICS_FILE_MAX_BYTES)).replace(/\r\n/g, '\n');
  }
  const title = str('title') ?? reused?.title;
  const instrumental = values.instrumental === true || reused?.instrumental === true;
  const custom =
    lyrics !== undefined ||
    title !== undefined ||
    instrumental ||
    extendId !== undefined ||
    reused?.mode === 'custom';
  return {
    api,
    mode: custom ? 'custom' : 'auto',
    prompt,
    ...(model ? { modelVersion: model as ModelVersion } : {}),
    ...(lyrics !== undefined ? { lyrics } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(custom ? { instrumental } : {}),
    ...(extendId !== undefined && continueAtS !== undefined
      ? { extend: { songId: extendId, continueAtS } }
      : {}),
  };
}

const STATUS_WORDS: Record<string, string> = {
  queued: 'queued',
  streaming: 'streaming',
  complete: 'downloading',
  saved: 'saved',
  failed: 'failed',
};

async function create(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'song');
  expectNoMore(positionals, 'song');
  const request = await buildRequest(
    values,
    typeof values.from === 'string' ? await reusedSettings(values.from, ctx) : null,
  );
  const { wait, timeoutS } = waitOptions(values);
  const budget = parseBudget(values.budget);
  const core = ctx.core();
  const before = await counterLeft(core, 'key_music_counts');
  const refused = await refusedSpend(
    ctx,
    {
      kind: request.api === 'v1' ? 'song-v1' : 'song-v2',
      model: request.api === 'v1' ? 'v1' : (request.modelVersion ?? DEFAULT_MODEL_VERSION),
      submissions: 1,
    },
    budget,
  );
  if (refused !== null) return refused;
  const { songs } = core;
  const { jobs, library } = await core.jobsHost.runtime();
  const job = await songs.create(request);
  const sent = await songs.waitUntilSent(job.id);
  if (sent.state === 'failed' || sent.state === 'cancelled' || sent.state === 'interrupted')
    throw failureOf(sent);
  if (!wait) {
    printResult(ctx, values.json, {
      json: { job_id: sent.id, state: sent.state, song_ids: sent.serviceIds },
      rows: sent.id,
    });
    if (!values.json)
      ctx.note(
        `Submitted (${sent.serviceIds.length} songs). Run the app or a later command to download them.`,
      );
    return 0;
  }
  if (!values.json)
    ctx.note(`Job ${sent.id}: ${sent.serviceIds.join(', ') || 'waiting for the service'}`);
  const seen = new Map<number, string>();
  const off = jobs.on('job-updated', (j: JobSummary) => {
    if (j.id !== sent.id || values.json) return;
    j.outputs.forEach((o, i) => {
      const word = STATUS_WORDS[o.status] ?? o.status;
      if (seen.get(i) === word) return;
      seen.set(i, word);
      ctx.note(
        `  song ${i + 1}: ${word}${o.status === 'failed' && o.failReason ? ` (${o.failReason})` : ''}`,
      );
    });
  });
  let done;
  try {
    done = await followJob(ctx, jobs, sent.id, timeoutS);
  } finally {
    off();
  }
  if (done.state !== 'done') throw failureOf(done);
  const items = await songs.finish(done.id);
  const sidecars = await Promise.all(items.map((item) => readSidecar(library.dir, item)));
  const after = await counterLeft(core, 'key_music_counts');
  if (!values.json && done.error) ctx.note(done.error.message);
  printResult(ctx, values.json, {
    json: { job_id: done.id, state: done.state, music_counts: { before, after }, songs: sidecars },
    rows: sidecars
      .map(
        (s) =>
          `${formatRows([
            ['Title', s.title],
            ['File', s.media_file],
            [
              'Duration',
              s.duration_ms !== null ? `${(s.duration_ms / 1000).toFixed(1)} s` : 'unknown',
            ],
            ['Song id', s.service_ids.song_id ?? ''],
            ...(s.parent_id || s.service_ids.parent_song_id
              ? ([['Extends', s.service_ids.parent_song_id ?? s.parent_id ?? '']] as const)
              : []),
          ])}\n`,
      )
      .join('\n'),
    left: { label: 'Songs left', counts: { before, after } },
  });
  return 0;
}

export const songCommand: CliCommand = {
  name: 'song',
  summary:
    'Create songs (and extensions) into the library; join an extension to its song; send a batch',
  help,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'whole') return songWhole(rest, ctx);
    if (sub === 'batch') return songBatch(rest, ctx);
    if (sub !== 'create')
      throw new UsageError(
        sub
          ? `unknown subcommand 'song ${sub}' (see cadenza song --help)`
          : 'missing subcommand: create, whole or batch (see cadenza song --help)',
      );
    return create(rest, ctx);
  },
};
