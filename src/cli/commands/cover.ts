/**
 * `cadenza cover FILE|--link URL --singer ID [--custom] [--tran N]`: uploads a local file (or
 * sends a video link) as a cover, with upload progress on stderr, waits for it, and saves it in
 * the library. `--singer` takes a singer id or name, built-in or trained (see `cadenza singer`).
 */
import { promises as fs } from 'node:fs';
import { resolve } from 'node:path';
import { TRAN_MAX_SEMITONES, TRAN_MIN_SEMITONES } from '@shared/domain/service-limits';
import { AppError } from '@shared/errors';
import type { SingerOption } from '@shared/ipc/covers';
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
  noteUploads,
  parseBudget,
  parseTimeout,
  printResult,
  readSidecar,
  refusedSpend,
} from '../support';

/** A singer by id or by name (case-insensitive), built-in or trained here. */
function findSinger(singers: readonly SingerOption[], idOrName: string): SingerOption | undefined {
  const byId = singers.find((s) => s.id === idOrName.trim());
  if (byId) return byId;
  const named = singers.filter((s) => s.name.toLowerCase() === idOrName.trim().toLowerCase());
  if (named.length > 1)
    throw new AppError('validation', `Several singers are called “${idOrName}”; use the id.`);
  return named[0];
}

const help = `Usage: cadenza cover FILE --singer ID [options]
       cadenza cover --link URL --singer ID [options]

Make a cover of a local audio file (mp3, wav, m4a, aac, flac, ogg, oga, opus, webm, mp4; up to
200 MB) or of a video link, sung by a built-in singer or one you trained
(cadenza singer list), and save it in the library.

  --singer ID         Singer id or name
  --custom            The singer is a custom-trained one (implied when its name is yours)
  --tran N            Shift the key by N semitones (${TRAN_MIN_SEMITONES} to ${TRAN_MAX_SEMITONES}; default 0)
  --link URL          A link to a video on a video-sharing site instead of a file
  --title T           Title in the library (default: "<source> (<singer> cover)")
  --timeout S         Give up waiting after S seconds: exit 1 with one line saying what the
                      job still waits for (it keeps going; cadenza jobs resume --wait)
  --json              Print JSON
${BUDGET_HELP}`;

const OPTIONS = {
  singer: { type: 'string' },
  custom: { type: 'boolean' },
  tran: { type: 'string' },
  link: { type: 'string' },
  title: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  ...BUDGET_OPTION,
} as const;

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'cover');
  if (!values.singer) throw new UsageError('missing --singer (see cadenza cover --help)');
  const [file, ...rest] = positionals;
  expectNoMore(rest, 'cover');
  if (!file && !values.link)
    throw new UsageError('name an audio file or give --link URL (see cadenza cover --help)');
  if (file && values.link) throw new UsageError('use either a file or --link, not both');
  const tran = values.tran === undefined ? 0 : Number(values.tran);
  if (!Number.isInteger(tran)) throw new UsageError('--tran takes a whole number of semitones');
  const timeoutS = parseTimeout(values.timeout);
  const budget = parseBudget(values.budget);
  let path: string | undefined;
  if (file) {
    path = resolve(file);
    const st = await fs.stat(path).catch(() => null);
    if (!st?.isFile()) throw new AppError('not_found', `${file} was not found.`);
  }
  const core = ctx.core();
  const { covers } = core;
  const list = await covers.singers({ refresh: true });
  if (list.error && !values.json)
    ctx.note(`Could not read the built-in singers (${list.error.message}).`);
  const singer = findSinger(list.singers, values.singer);
  if (singer && singer.custom && singer.state !== 'ready')
    throw new AppError(
      'validation',
      `${singer.name} is ${singer.state === 'training' ? 'still training' : 'a failed training'}; it cannot sing yet.`,
    );
  const singerId = singer?.id ?? values.singer.trim();
  const isCustomSinger = values.custom === true || singer?.custom === true;
  const before = await counterLeft(core, 'key_cover_counts');
  if (before !== null && !values.json) ctx.note(`Covers left: ${before}`);
  const refused = await refusedSpend(ctx, { kind: 'cover', model: null, submissions: 1 }, budget);
  if (refused !== null) return refused;
  const off = noteUploads(ctx, values.json, (listener) => covers.on('upload-progress', listener));
  const job = await covers.cover({
    source: path ? { kind: 'file', path } : { kind: 'link', url: values.link ?? '' },
    singerId,
    isCustomSinger,
    tranSemitones: tran,
    ...(values.title ? { title: values.title } : {}),
  });
  if (!values.json) ctx.note(`Job ${job.id}: waiting for the cover…`);
  await followSubmitted(ctx, core, job.id, timeoutS);
  const item = await covers.finish(job.id);
  off();
  const after = await counterLeft(core, 'key_cover_counts');
  const sidecar = await readSidecar(core.settings.libraryDir(), item);
  printResult(ctx, values.json, {
    json: { job_id: job.id, item: sidecar, cover_counts: { before, after } },
    rows: [
      ['Title', item.title],
      ['Singer', item.singer ?? ''],
      ['File', sidecar.media_file],
      ['Item', item.id],
    ],
    left: { label: 'Covers left', counts: { before, after } },
  });
  return 0;
}

export const coverCommand: CliCommand = {
  name: 'cover',
  summary: 'Make a cover of a file or video link with a singer',
  help,
  run,
};
