/**
 * Helpers several commands share, one floor below them: a command file never imports another
 * (ESLint refuses it), so what two commands need lives here.
 */
import { READ_CAPS, readRegularText } from '../main/services/ground/regular-file';
import { join } from 'node:path';
import {
  SidecarSchema,
  type FullLibraryItem,
  type LibraryItem,
  type Sidecar,
} from '@shared/domain/library';
import type { Counter } from '@shared/errors';
import type { Core } from '../main/services/core';
import type { Library } from '../main/services/library/library';
import { formatRows, UsageError } from './command';
import { AppError } from '@shared/errors';
import { isFinalJobState, type Job } from '@shared/domain/jobs';
import type { JobsService } from '../main/services/jobs/service';
import type { CliContext } from './command';
import { SPEND_BUDGET_MAX } from '@shared/domain/budget';
import type { ExportNote } from '@shared/domain/export';
import { englishText } from '@shared/i18n/english';
import { cliRefusal, EXIT_SPEND_REFUSED, type SpendPlan } from '../main/services/budget';

/** What a counter of the key has left now, or null when the key info cannot be had. */
export async function counterLeft(core: Core, counter: Counter): Promise<number | null> {
  try {
    return (await core.account.keyInfo())[counter];
  } catch {
    return null;
  }
}

/** The sidecar of a saved item, as written beside its file, plus the media file's path. */
export async function readSidecar(
  libraryDir: string,
  item: LibraryItem,
): Promise<Sidecar & { media_file: string }> {
  const raw = JSON.parse(
    await readRegularText(join(libraryDir, `${item.file}.json`), READ_CAPS.sidecarBytes),
  ) as unknown;
  return { ...SidecarSchema.parse(raw), media_file: join(libraryDir, item.file) };
}

/**
 * The sidecar as written beside the file, plus where the file is; for a file added outside the
 * app (no sidecar), what was read from it (length, tags) in the same shape, marked hasSidecar false.
 */
export function sidecarOf(item: FullLibraryItem): Record<string, unknown> {
  const {
    cover: _c,
    sizeBytes: _s,
    modifiedAtMs: _m,
    hasSidecar,
    artEmbedded: _a,
    hasLyrics: _l,
    hasPrompt: _p,
    file,
    ...sidecar
  } = item;
  return hasSidecar ? { ...sidecar, file } : { ...sidecar, file, hasSidecar };
}

/**
 * Every item with everything its sidecar holds (lyrics and prompt included; main's items are compact), in
 * the list's order, a few sidecars read at a time.
 */
export async function fullItems(
  library: Pick<Library, 'full'>,
  items: readonly LibraryItem[],
): Promise<FullLibraryItem[]> {
  const out = new Array<FullLibraryItem>(items.length);
  let next = 0;
  const reader = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) out[i] = await library.full(items[i]!);
  };
  await Promise.all(Array.from({ length: 8 }, reader));
  return out;
}

/** The one item ITEM names: an id, a file (relative to the library folder), or a unique title. */
export function findItem(library: Library, ref: string): LibraryItem {
  const byId = library.get(ref);
  if (byId) return byId;
  const wanted = ref.replace(/\\/g, '/');
  const byFile = library.items().find((i) => i.file === wanted);
  if (byFile) return byFile;
  const byTitle = library.items().filter((i) => i.title === ref);
  if (byTitle.length === 1) return byTitle[0]!;
  if (byTitle.length > 1)
    throw new UsageError(
      `${byTitle.length} items are called '${ref}'; give the id (cadenza library list --json)`,
    );
  throw new UsageError(`no item '${ref}' in the library (cadenza library list shows them)`);
}

/** `--timeout S` of a waiting command: seconds greater than 0, or undefined when not given. */
export function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!(Number.isFinite(seconds) && seconds > 0))
    throw new UsageError('--timeout takes a number of seconds greater than 0');
  return seconds;
}

/**
 * Follows one job to its end for a `--wait` command. While the job waits on this computer (a full
 * disk, a missing library folder…) stderr says what it waits for, and again when that clears, so a
 * waiting command never sits silent. With `timeoutS` it gives up after that many seconds with one
 * line naming what the job still waits for (exit 1); the job keeps its state for a later
 * `cadenza jobs resume`.
 */
export async function followJob(
  ctx: CliContext,
  jobs: JobsService,
  id: string,
  timeoutS?: number,
): Promise<Job> {
  let shownWait: string | null = null;
  const sayWait = (job: Job | undefined) => {
    if (!job || isFinalJobState(job.state)) return;
    const now = job.waiting?.message ?? null;
    if (now === shownWait) return;
    if (now) ctx.note(`Waiting: ${now}`);
    else if (shownWait) ctx.note('No longer waiting; continuing.');
    shownWait = now;
  };
  sayWait(jobs.get(id));
  const off = jobs.on('job-updated', (summary) => {
    if (summary.id === id) sayWait(jobs.get(id));
  });
  try {
    const outcome = await withinSeconds(jobs.waitFor(id), timeoutS);
    if (outcome !== 'timeout') return outcome;
    const job = jobs.get(id);
    const still = job?.waiting ? `waiting: ${job.waiting.message}` : (job?.state ?? 'unknown');
    throw new AppError(
      'timeout',
      `Job ${id} did not finish within ${timeoutS} s (still ${still}); run cadenza jobs resume --wait to continue.`,
    );
  } finally {
    off();
  }
}

/**
 * Follows the job of a command that always waits for its result (cover, video, tts, clone) as
 * `followJob` does for a `--wait`: stderr says what it waits for on this computer, and `--timeout S`
 * (parsed before anything is sent, so a bad value spends nothing) ends the wait with exit 1.
 */
export async function followSubmitted(
  ctx: CliContext,
  core: Core,
  id: string,
  timeoutS: number | undefined,
): Promise<void> {
  const { jobs } = await core.jobsHost.runtime();
  await followJob(ctx, jobs, id, timeoutS);
}

/** What `work` answers, or 'timeout' once `timeoutS` seconds have passed (never without one). */
export async function withinSeconds<T>(
  work: Promise<T>,
  timeoutS: number | undefined,
): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    if (timeoutS !== undefined) timer = setTimeout(() => resolve('timeout'), timeoutS * 1000);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** `--wait [--timeout S]` of a waiting command: whether to follow the job, and for how long. */
export function waitOptions(values: { wait?: boolean; timeout?: string }): {
  wait: boolean;
  timeoutS: number | undefined;
} {
  const timeoutS = parseTimeout(values.timeout);
  if (timeoutS !== undefined && !values.wait) throw new UsageError('--timeout goes with --wait');
  return { wait: values.wait === true, timeoutS };
}

/** A counter of the key before and after a command spent from it (null where unknown). */
export interface Spent {
  before: number | null;
  after: number | null;
}

/**
 * The tail of every command that ends with a result: with `--json` one JSON document on stdout;
 * otherwise rows (or a line) on stdout and, when the command spent from a counter, a
 * "Covers left: 5 → 4" note on stderr.
 */
export function printResult(
  ctx: CliContext,
  json: boolean | undefined,
  result: {
    json: unknown;
    rows: ReadonlyArray<readonly [string, string]> | string;
    left?: { label: string; counts: Spent };
  },
): void {
  if (json) {
    ctx.out(JSON.stringify(result.json, null, 2));
    return;
  }
  ctx.out(typeof result.rows === 'string' ? result.rows : formatRows(result.rows));
  const left = result.left;
  if (left && left.counts.before !== null && left.counts.after !== null)
    ctx.note(`${left.label}: ${left.counts.before} → ${left.counts.after}`);
}

/** Upload progress in steps of 10 % on stderr (none with `--json`); answers the unsubscribe. */
export function noteUploads(
  ctx: CliContext,
  json: boolean | undefined,
  on: (listener: (p: { bytesSent: number; totalBytes: number }) => void) => () => void,
): () => void {
  let shownPct = -1;
  return on((p) => {
    if (json || p.totalBytes === 0) return;
    const pct = Math.floor((p.bytesSent / p.totalBytes) * 10) * 10;
    if (pct === shownPct) return;
    shownPct = pct;
    ctx.note(`  uploading… ${pct}%`);
  });
}

/** The `--budget N` option every spending command takes (docs/cost.md). */
export const BUDGET_OPTION = { budget: { type: 'string' } } as const;

export const BUDGET_HELP = `  --budget N          Refuse, sending nothing, when this usually takes more than N of the
                      counter (learned from your key's finished jobs; replaces the Settings
                      budget); exit code ${EXIT_SPEND_REFUSED}`;

/** `--budget N`: a whole number from 0, or undefined when not given. */
export function parseBudget(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > SPEND_BUDGET_MAX)
    throw new UsageError(
      `--budget must be a whole number from 0 to ${SPEND_BUDGET_MAX}, not '${text}'`,
    );
  return n;
}

/**
 * Checks a spend before anything is sent (services/budget): over --budget (or the Settings
 * budget), not known with a budget, or more than the counter has left. The CLI cannot ask, so it
 * says one line and answers the exit code ({@link EXIT_SPEND_REFUSED}); null to go on.
 */
export async function refusedSpend(
  ctx: CliContext,
  plan: SpendPlan,
  budget: number | undefined,
): Promise<number | null> {
  const { total, check } = await ctx.core().budget.check(plan, {
    // the counts the command read just before (counterLeft): no second key-info request
    ...(budget !== undefined ? { budget } : {}),
  });
  const line = cliRefusal(total, check);
  if (line === null) return null;
  ctx.note(`cadenza: ${line}`);
  return EXIT_SPEND_REFUSED;
}

/**
 * An export's outcome as the CLI says it: each note in English ("Neon Tide: the cover (17.8 MB)
 * is larger than FLAC can hold (16 MB), so it was left out"), printed to stderr and in --json.
 */
export function englishExport<T extends { notes?: ExportNote[] }>(
  result: T,
): Omit<T, 'notes'> & { notes?: string[] } {
  const { notes, ...rest } = result;
  if (!notes) return rest;
  return {
    ...rest,
    notes: notes.map((n) =>
      englishText('edit:exported.itemNote', {
        title: n.title,
        note: englishText(n.key, n.params ?? {}),
      }),
    ),
  };
}
