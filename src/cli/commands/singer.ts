/**
 * `cadenza singer list | check URL... | train URL... [--name N] [--wait]`: custom singers. The
 * service takes audio URLs only; their total length is measured first (reading only headers) and
 * must be 5–45 minutes, or nothing is sent. Training is a job: without --wait the command returns
 * once the service has accepted it (the app or `cadenza jobs resume --wait` follows it).
 */
import type { Job } from '@shared/domain/jobs';
import { isFinalJobState } from '@shared/domain/jobs';
import { AppError } from '@shared/errors';
import type { TrainingCheck } from '@shared/ipc/covers';
import type { JobsRuntime } from '../../main/services/core';
import {
  formatRows,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../command';
import { counterLeft, followJob, printResult, waitOptions } from '../support';

const help = `Usage: cadenza singer list [--json]
       cadenza singer check URL... [--json]
       cadenza singer train URL... [--name N] [--wait [--timeout S]] [--json]

Custom singers for covers. The service trains from audio links only (http/https: MP3, WAV or
M4A), 5 to 45 minutes in total. Cadenza measures the links first, reading only their headers,
and sends nothing when the total is out of range or a link cannot be measured.

  list                Built-in singers and the ones trained here (ids for cadenza cover --singer)
  check URL...        Measure the links and say whether they can be used
  train URL...        Measure, then start training
  --name N            The name the singer is listed under (kept on this computer)
  --wait              Follow the training to the end
  --timeout S         With --wait: give up after S seconds, exit 1 with one line saying what
                      the training still waits for (it keeps going; cadenza jobs resume --wait)
  --json              Print JSON`;

const OPTIONS = {
  name: { type: 'string' },
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const mmss = (s: number): string =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

function showCheck(ctx: CliContext, check: TrainingCheck): void {
  for (const l of check.links)
    ctx.note(
      `  ${l.label}: ${l.durationS !== null ? mmss(l.durationS) : (l.problem ?? 'not measured')}`,
    );
  if (check.totalS !== null) ctx.note(`  total ${mmss(check.totalS)}`);
}

/** Resolves once the service has answered the submission (or the job ended). */
function accepted(rt: JobsRuntime, jobId: string): Promise<Job> {
  return new Promise((resolve) => {
    const done = (j: Job | undefined): boolean =>
      !!j && (j.serviceIds.length > 0 || isFinalJobState(j.state));
    const now = rt.jobs.get(jobId);
    if (done(now)) return resolve(now!);
    const off = rt.jobs.on('job-updated', (s) => {
      if (s.id !== jobId || !done(rt.jobs.get(jobId))) return;
      off();
      resolve(rt.jobs.get(jobId)!);
    });
  });
}

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'singer');
  const [sub, ...urls] = positionals;
  if (sub !== 'list' && sub !== 'check' && sub !== 'train')
    throw new UsageError('say list, check or train (see cadenza singer --help)');
  if (sub !== 'list' && urls.length === 0)
    throw new UsageError(`name at least one audio URL (see cadenza singer --help)`);
  const { wait, timeoutS } = waitOptions(values);
  const core = ctx.core();
  const { covers, jobsHost } = core;
  if (sub === 'list') {
    const list = await covers.singers({ refresh: true });
    if (list.error) ctx.note(`Could not read the built-in singers (${list.error.message}).`);
    if (values.json) ctx.out(JSON.stringify(list.singers, null, 2));
    else
      ctx.out(
        formatRows(
          list.singers.map((s) => [
            s.id ?? '(pending)',
            `${s.name}${s.custom ? ` (custom, ${s.state})` : ''}`,
          ]),
        ),
      );
    return 0;
  }
  const links = urls.map((u) => ({ url: u, label: u }));
  if (sub === 'check') {
    const check = await covers.checkTraining(links);
    if (values.json) ctx.out(JSON.stringify(check, null, 2));
    else {
      showCheck(ctx, check);
      ctx.out(check.problem ?? `OK: ${mmss(check.totalS ?? 0)} of audio can be used for training.`);
    }
    return check.problem ? 1 : 0;
  }
  const name = values.name?.trim() || `Custom singer ${new Date().toISOString().slice(0, 10)}`;
  if (!values.json) ctx.note('Measuring the links…');
  // measured first: a refused set of links makes no request to the service at all
  const check = await covers.checkTraining(links);
  if (!values.json) showCheck(ctx, check);
  if (check.problem) throw new AppError('validation', check.problem);
  const before = await counterLeft(core, 'key_vc_counts');
  const job = await covers.train({ name, links });
  const rt = await jobsHost.runtime();
  const sent = await accepted(rt, job.id);
  if (sent.state === 'failed')
    throw new AppError(
      sent.error?.code ?? 'internal',
      sent.error?.message ?? 'Training could not start.',
    );
  const taskId = sent.serviceIds[0] ?? null;
  if (!wait) {
    printResult(ctx, values.json, {
      json: { job_id: job.id, task_id: taskId, name, state: sent.state },
      rows: [
        ['Singer', name],
        ['Task', taskId ?? ''],
        ['Job', job.id],
      ],
    });
    if (!values.json)
      ctx.note('Training continues on the service; follow it with cadenza jobs resume --wait.');
    return 0;
  }
  if (!values.json) ctx.note(`Training ${name} (task ${taskId})…`);
  await followJob(ctx, rt.jobs, job.id, timeoutS);
  const singer = await covers.finishTraining(job.id);
  const after = await counterLeft(core, 'key_vc_counts');
  printResult(ctx, values.json, {
    json: {
      job_id: job.id,
      singer_id: singer.id,
      name: singer.name,
      state: singer.state,
      vc_counts: { before, after },
    },
    rows: [
      ['Singer', singer.name],
      ['Singer id', singer.id ?? ''],
      ['Use', `cadenza cover FILE --singer ${singer.id} --custom`],
    ],
  });
  return 0;
}

export const singerCommand: CliCommand = {
  name: 'singer',
  summary: 'List singers; train a custom singer from audio links',
  help,
  run,
};
