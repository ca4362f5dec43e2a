/**
 * `cadenza jobs list|resume`: the jobs this data folder knows (shared with the app), and taking
 * over their tracking — polling, downloading into the library — when the app is not running.
 * Only one process tracks jobs at a time (the data-folder lock).
 */
import { join } from 'node:path';
import {
  isFinalJobState,
  summarizeJob,
  type ForeignJob,
  type Job,
  type JobSummary,
} from '@shared/domain/jobs';
import { AppError } from '@shared/errors';
import { toJobView } from '@shared/ipc/jobs';
import { stalledWords, stallOf } from '@shared/domain/stall';
import type { JobsRuntime } from '../../../main/services/core';
import { reconcileCommand } from './check';
import { JobStore } from '../../../main/services/jobs';
import {
  expectNoMore,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../../command';
import { parseTimeout, withinSeconds } from '../../support';

const help = `Usage: cadenza jobs <list|resume|redownload|check|adopt|not-mine> [options]

Jobs are the requests sent to the service (songs, speech, covers, videos…) and their results.
The app and the CLI share them through the data folder.

  jobs list [--json]    Every job, newest first: state, progress, what it asked for, and why it failed
  jobs resume [--wait]  Track the active jobs from here: mark jobs whose process died as
                        interrupted, poll the service, and save finished results into the library.
                        Not possible while the app (or another cadenza) is tracking them.
      --timeout S       With --wait: give up after S seconds, exit 1 with one line saying
                        how many jobs are still going (they keep their state; resume later)
      --wait            Keep following until every active job has finished: progress on
                        standard error, one result line per job on standard output. Exits 1
                        when a job failed.

  jobs redownload JOB   Download a job's results again from the links the service gave (a file
                        deleted or lost from the library); never a new request, never charged.
                        Only Retry (in the app) submits anew, and it spends credits.
  jobs check JOB        Ask the service about a job now: a stalled job is polled at once; an
                        interrupted voice clone has your clone list looked through for the voice
                        it may have made (shown as "may be its voice"; never assumed)
  jobs adopt JOB VOICE  That voice is the one the interrupted clone made: the job is done with it
  jobs not-mine JOB     None of the voices offered is the clone's: it stays interrupted

A job that has not moved for longer than its kind ever takes (songs 10 min, speech 5 min, covers
20 min, clones 15 min, videos 30 min, singer training 6 h, saving 10 min) is shown as stalled.

A synchronous request that was cut off (the process died while waiting) is "interrupted — may
have been charged": it is never sent again automatically.`;

const STATE_WORDS: Record<Job['state'], string> = {
  pending: 'sending',
  submitted: 'queued',
  running: 'generating',
  downloading: 'saving',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
  interrupted: 'interrupted — may have been charged',
};

const percent = (job: JobSummary): string => {
  if (isFinalJobState(job.state)) return '';
  if (job.synchronous && job.state !== 'downloading') return '';
  return ` ${Math.round(job.progress * 100)}%`;
};

const FOREIGN_WHY: Record<ForeignJob['why'], string> = {
  newer: 'recorded by a newer version of Cadenza; left as it is',
  'unknown-kind': 'a kind of job this version does not know; left as it is',
  'unknown-state': 'a state this version does not know; left as it is',
  damaged: 'a damaged record (it names a file outside the library); never acted on, left as it is',
};

/** A record this version cannot act on: shown as unknown, never changed. */
function formatForeignLine(f: ForeignJob): string {
  return `${f.id}  ${'unknown'.padEnd(14)}  ${'unknown'.padEnd(16)}  ${f.label}\n    ${FOREIGN_WHY[f.why]}`;
}

/**
 * One line per job: id, kind, state (and progress), label; on the next lines why it failed, what
 * it waits for, since when it is stalled, or the voices an interrupted clone may have made.
 */
export function formatJobLine(job: JobSummary, nowMs = Date.now()): string {
  const stall = stallOf(job, nowMs);
  const reason =
    (job.state === 'failed' || job.state === 'interrupted') && job.error
      ? `\n    ${job.error.message}`
      : job.waiting && !isFinalJobState(job.state)
        ? `\n    ${job.waiting.message}`
        : stall
          ? `\n    ${stalledWords(stall)} (${job.state === 'downloading' ? `cadenza jobs redownload ${job.id}` : `cadenza jobs check ${job.id}`} to try now)`
          : '';
  const offered = job.candidates
    .map(
      (c) =>
        `\n    may be its voice: ${c.serviceId} "${c.name}"${c.createdAt ? `, made ${c.createdAt}` : ''}`,
    )
    .join('');
  const state =
    job.waiting && !isFinalJobState(job.state)
      ? 'waiting'
      : stall
        ? 'stalled'
        : STATE_WORDS[job.state];
  return `${job.id}  ${job.kind.padEnd(14)}  ${`${state}${percent(job)}`.padEnd(16)}  ${job.label}${reason}${offered}`;
}

async function list(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'jobs');
  expectNoMore(positionals, 'jobs');
  // read-only: listing never creates, moves or deletes anything in the data folder
  const store = new JobStore(join(ctx.core().paths.dataDir, 'jobs'), { readOnly: true });
  await store.open();
  const jobs = store.list().map(summarizeJob);
  const foreign = store.foreign();
  if (values.json) {
    ctx.out(
      JSON.stringify(
        [
          ...jobs.map((j) => ({ ...toJobView(j), serviceIds: j.serviceIds })),
          ...foreign.map((f) => ({
            id: f.id,
            kind: 'unknown',
            state: 'unknown',
            label: f.label,
            readOnly: true,
            reason: FOREIGN_WHY[f.why],
          })),
        ],
        null,
        2,
      ),
    );
    return;
  }
  if (jobs.length + foreign.length === 0) {
    ctx.note('No jobs yet.');
    return;
  }
  ctx.out([...jobs.map(formatJobLine), ...foreign.map(formatForeignLine)].join('\n'));
}

/** The result line of a finished job: where its files are, or why it did not finish. */
function resultLine(rt: JobsRuntime, job: JobSummary): string {
  if (job.state === 'done') {
    const files = job.resultItemIds.flatMap((id) => {
      const item = rt.library.get(id);
      return item ? [rt.library.pathOf(item)] : [];
    });
    return `done  ${job.id}  ${job.label}${files.length ? `\n${files.map((f) => `    ${f}`).join('\n')}` : ''}`;
  }
  return `${STATE_WORDS[job.state]}  ${job.id}  ${job.label}${job.error ? `: ${job.error.message}` : ''}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens the jobs runtime holding the data-folder lock, or fails with who holds it. */
async function openTracking(ctx: CliContext): Promise<JobsRuntime> {
  const rt = await ctx.core().jobsHost.runtime();
  if (rt.jobs.isPolling()) return rt;
  const holder = await rt.jobs.lockHolder();
  const who = holder ? ` (pid ${holder.pid})` : '';
  throw new AppError(
    'busy',
    `Cadenza is already tracking jobs${who}. Quit the app or wait for the other cadenza to finish.`,
  );
}

async function resume(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { wait: { type: 'boolean' }, timeout: { type: 'string' } },
    'jobs',
  );
  expectNoMore(positionals, 'jobs');
  const timeoutS = parseTimeout(values.timeout);
  const rt = await openTracking(ctx);
  let stop: (() => void) | undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const onSignal = () => stop?.();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // open() already resumed: orphaned jobs are interrupted, active ones were polled once
    const activeIds = new Set(
      rt.jobs
        .list()
        .filter((j) => !isFinalJobState(j.state))
        .map((j) => j.id),
    );
    const interrupted = rt.jobs
      .list()
      .filter(
        (j) => j.state === 'interrupted' && Date.now() - Date.parse(j.finishedAt ?? '') < 60_000,
      );
    for (const j of interrupted) ctx.note(formatJobLine(j));
    if (!values.wait) {
      // save what is ready now (downloads run in the background), then report
      for (let i = 0; i < 600 && rt.jobs.list().some((j) => j.state === 'downloading'); i++) {
        await Promise.race([rt.jobs.pollNow().then(() => sleep(200)), stopped]);
      }
      const rows = rt.jobs.list().filter((j) => activeIds.has(j.id) || !isFinalJobState(j.state));
      if (rows.length === 0) ctx.note('No active jobs.');
      else
        ctx.out(
          rows
            .map((j) => (isFinalJobState(j.state) ? resultLine(rt, j) : formatJobLine(j)))
            .join('\n'),
        );
      return 0;
    }
    if (activeIds.size === 0) {
      ctx.note('No active jobs.');
      return 0;
    }
    ctx.note(`Following ${activeIds.size} job${activeIds.size === 1 ? '' : 's'}…`);
    const lastShown = new Map<string, string>();
    const failed: string[] = [];
    const finished = new Promise<void>((resolve) => {
      const pending = new Set(activeIds);
      const settle = (job: JobSummary) => {
        if (!pending.delete(job.id)) return;
        ctx.out(resultLine(rt, job));
        if (job.state !== 'done') failed.push(job.id);
        if (pending.size === 0) resolve();
      };
      rt.jobs.on('job-updated', (job) => {
        if (!activeIds.has(job.id)) return;
        // a job waiting on this computer (disk full, library folder missing) says what it waits for
        const line = job.waiting
          ? `waiting: ${job.waiting.message}`
          : `${STATE_WORDS[job.state]}${percent(job)}`;
        if (!isFinalJobState(job.state) && lastShown.get(job.id) !== line) {
          lastShown.set(job.id, line);
          ctx.note(`${job.id}  ${line}  ${job.label}`);
        }
        if (isFinalJobState(job.state)) settle(job);
      });
      // jobs that finished between opening and subscribing
      for (const j of rt.jobs.list())
        if (activeIds.has(j.id) && isFinalJobState(j.state)) settle(j);
    });
    const outcome = await withinSeconds(Promise.race([finished, stopped]), timeoutS);
    if (outcome === 'timeout') {
      const left = rt.jobs.list().filter((j) => activeIds.has(j.id) && !isFinalJobState(j.state));
      const states = [...new Set(left.map((j) => (j.waiting ? 'waiting' : STATE_WORDS[j.state])))];
      throw new AppError(
        'timeout',
        `${left.length} of ${activeIds.size} jobs did not finish within ${timeoutS} s (still ${states.join(', ')}); run cadenza jobs resume to continue.`,
      );
    }
    if (failed.length > 0) {
      ctx.note(`cadenza: ${failed.length} of ${activeIds.size} jobs did not finish`);
      return 1;
    }
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** `jobs redownload JOB`: fetches a job's results again from the recorded links, then waits. */
async function redownload(args: string[], ctx: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, 'jobs');
  const [id, ...more] = positionals;
  if (!id) throw new UsageError('missing job id: cadenza jobs redownload JOB');
  expectNoMore(more, 'jobs');
  const rt = await openTracking(ctx);
  try {
    await rt.jobs.redownload(id);
    ctx.note(`Downloading ${id} again from the service's links (nothing is sent or charged)…`);
    const job = await rt.jobs.waitFor(id);
    ctx.out(resultLine(rt, job));
    return job.state === 'done' ? 0 : 1;
  } finally {
    await rt.close();
  }
}

export const jobsCommand: CliCommand = {
  name: 'jobs',
  summary: 'List jobs and resume tracking them',
  help,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'list') return list(rest, ctx);
    if (sub === 'resume') return resume(rest, ctx);
    if (sub === 'redownload') return redownload(rest, ctx);
    if (sub === 'check' || sub === 'adopt' || sub === 'not-mine')
      return reconcileCommand(sub, rest, ctx, openTracking, formatJobLine);
    if (!sub) throw new UsageError('missing subcommand: list or resume (see cadenza jobs --help)');
    throw new UsageError(`unknown subcommand 'jobs ${sub}' (see cadenza jobs --help)`);
  },
};
