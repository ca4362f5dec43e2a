/**
 * `cadenza clone --name N FILE...`: checks the recordings (type, size, length), shows the clones
 * left, uploads them (progress on stderr) and prints the new voice's speaker id.
 */
import { promises as fs } from 'node:fs';
import { basename, resolve } from 'node:path';
import { AppError } from '@shared/errors';
import type { LocalRecording } from '../../main/services/voices';
import { parseCommandArgs, UsageError, type CliCommand, type CliContext } from '../command';
import {
  BUDGET_HELP,
  BUDGET_OPTION,
  counterLeft,
  followSubmitted,
  noteUploads,
  parseBudget,
  parseTimeout,
  printResult,
  refusedSpend,
} from '../support';

const help = `Usage: cadenza clone --name N [--description D] FILE... [--json]

Clone a voice from one or more local recordings (mp3, wav, m4a, aac, flac, ogg, oga,
opus, webm, mp4; at most 100 MB each; 2 s to 10 min).

  --name N            Name of the new voice
  --description D     A few words about it
  --timeout S         Give up waiting after S seconds: exit 1 with one line saying what the
                      job still waits for (it keeps going; cadenza jobs resume --wait)
  --json              Print JSON
${BUDGET_HELP}

Prints the new voice's speaker id, ready for cadenza tts --voice.`;

const OPTIONS = {
  name: { type: 'string' },
  description: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  ...BUDGET_OPTION,
} as const;

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(2)} MB`;

async function recording(path: string): Promise<LocalRecording> {
  const abs = resolve(path);
  const st = await fs.stat(abs).catch(() => null);
  if (!st) throw new AppError('not_found', `${path} was not found.`);
  if (!st.isFile()) throw new AppError('invalid_argument', `${path} is not a file.`);
  return { path: abs, name: basename(abs), sizeBytes: st.size };
}

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'clone');
  if (values.name === undefined) throw new UsageError('missing --name (see cadenza clone --help)');
  if (positionals.length === 0)
    throw new UsageError('name at least one recording (see cadenza clone --help)');
  const timeoutS = parseTimeout(values.timeout);
  const budget = parseBudget(values.budget);
  const files = await Promise.all(positionals.map(recording));
  const core = ctx.core();
  const { voices } = core;
  const checks = await voices.checkRecordings(files);
  if (!values.json) {
    for (const c of checks) {
      const length =
        c.durationMs !== null ? `${(c.durationMs / 1000).toFixed(1)} s` : 'length unknown';
      ctx.note(`  ${c.name}: ${mb(c.sizeBytes)}, ${length}${c.problem ? ` — ${c.problem}` : ''}`);
    }
  }
  const before = await counterLeft(core, 'key_clone_voices');
  if (before !== null && !values.json) ctx.note(`Voice clones left: ${before}`);
  const refused = await refusedSpend(ctx, { kind: 'clone', model: null, submissions: 1 }, budget);
  if (refused !== null) return refused;
  const off = noteUploads(ctx, values.json, (listener) => voices.on('upload-progress', listener));
  const job = await voices.clone({
    name: values.name,
    ...(values.description !== undefined ? { description: values.description } : {}),
    files,
  });
  await followSubmitted(ctx, core, job.id, timeoutS);
  const speaker = await voices.finishClone(job.id);
  off();
  const after = await counterLeft(core, 'key_clone_voices');
  printResult(ctx, values.json, {
    json: {
      job_id: job.id,
      speaker,
      name: values.name.trim(),
      files: checks.map((c) => ({
        name: c.name,
        size_bytes: c.sizeBytes,
        duration_ms: c.durationMs,
      })),
      clone_voices: { before, after },
    },
    rows: [
      ['Voice', values.name.trim()],
      ['Speaker', speaker],
    ],
    left: { label: 'Voice clones left', counts: { before, after } },
  });
  return 0;
}

export const cloneCommand: CliCommand = {
  name: 'clone',
  summary: 'Clone a voice from local recordings',
  help,
  run,
};
