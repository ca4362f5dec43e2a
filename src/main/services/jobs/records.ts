import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  JobOutputSchema,
  JobSchema,
  type Job,
  type JobKind,
  type JobOutput,
  type JobOutputInput,
  type Tracking,
} from '@shared/domain/jobs';
import type { CustomSingerTask, Song, VideoResult } from '@shared/domain/service';
import { kindFacts } from '@shared/domain/job-kinds';
import type { LibraryKind } from '@shared/domain/library';
import { AppError, type AppErrorShape, type MessageParams } from '@shared/errors';
import { appError } from '@shared/app-error';
import { englishText } from '@shared/i18n/english';

/** Pure helpers over job records: creation, merging service answers, progress and final state. */

export const newJobId = (): string =>
  `job_${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
export const newItemId = (): string => `itm_${randomBytes(10).toString('hex')}`;
export const thisOwner = (): { pid: number; host: string } => ({
  pid: process.pid,
  host: hostname(),
});

export interface NewJob {
  kind: JobKind;
  synchronous: boolean;
  tracking?: Tracking | null;
  request: Record<string, unknown>;
  label: string;
  meta?: Record<string, string | null>;
}

export function createJobRecord(n: NewJob): Job {
  const now = new Date().toISOString();
  return JobSchema.parse({
    schema_version: 1,
    id: newJobId(),
    kind: n.kind,
    synchronous: n.synchronous,
    tracking: n.tracking ?? null,
    request: n.request,
    label: n.label.slice(0, 120) || n.kind,
    state: 'pending',
    progress: 0,
    serviceIds: [],
    outputs: [],
    createdAt: now,
    updatedAt: now,
    submittedAt: null,
    finishedAt: null,
    error: null,
    resultItemIds: [],
    owner: thisOwner(),
    meta: n.meta ?? {},
  });
}

export const output = (o: JobOutputInput): JobOutput => JobOutputSchema.parse(o);

/** A reason Cadenza writes for a failed output: its English words and its key (the renderer's). */
export function keyedFailReason(
  key: string,
  params: MessageParams = {},
): Pick<JobOutput, 'failReason' | 'failReasonKey'> {
  const keyed = Object.keys(params).length > 0 ? { key, params } : { key };
  return { failReason: englishText(key, params), failReasonKey: keyed };
}

const splitTags = (tags: string): string[] =>
  tags
    .split(/[,;]/)
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * The output of a singing or subtitle video task: complete with its link, or failed when the service
 * started a task but gave no link (there is no documented way to ask about it later).
 */
export function videoOutputs(
  res: VideoResult,
  kind: 'singing-video' | 'subtitle-video',
  title: string,
): JobOutput[] {
  const serviceId = res.taskId ?? null;
  if (res.videoUrl) {
    return [
      output({ serviceId, status: 'complete', libraryKind: kind, title, mediaUrl: res.videoUrl }),
    ];
  }
  return [
    output({
      serviceId,
      status: 'failed',
      libraryKind: kind,
      title,
      ...keyedFailReason('errors:jobs.videoNoLink', { task: res.taskId ?? '' }),
    }),
  ];
}

/** An output for a song the service told us about (submit, query, tasks or /v1/music). */
export function outputFromSong(song: Song, kind: LibraryKind = 'song'): JobOutput {
  return output({
    serviceId: song.id,
    songId: song.songId ?? null,
    status: song.status,
    libraryKind: kind,
    title: song.title,
    lyrics: song.lyrics,
    tags: splitTags(song.tags),
    mediaUrl: song.audioUrl ?? null,
    coverUrl: song.imageUrl ?? null,
    durationMs: song.durationMs ?? null,
    failReason: song.failReason ?? null,
  });
}

/** A failure the service gave no reason for (its words: errors:service.failedNoReason). */
export const FAILED_NO_REASON =
  'The service stopped without saying why. Try again in a moment; if it fails again, change what you asked for.';

/** Merges a newer answer into an output; known text is never replaced by an empty string. */
export function mergeSongIntoOutput(o: JobOutput, song: Song): JobOutput {
  if (o.status === 'saved' || o.status === 'failed') return o;
  return {
    ...o,
    status: song.status,
    songId: song.songId ?? o.songId,
    title: song.title || o.title,
    lyrics: song.lyrics || o.lyrics,
    tags: song.tags ? splitTags(song.tags) : o.tags,
    mediaUrl: song.audioUrl ?? o.mediaUrl,
    coverUrl: song.imageUrl ?? o.coverUrl,
    durationMs: song.durationMs ?? o.durationMs,
    ...(song.failReason
      ? { failReason: song.failReason, failReasonKey: null }
      : song.status === 'failed' && !o.failReason
        ? keyedFailReason('errors:service.failedNoReason')
        : {}),
  };
}

export function mergeTrainingIntoOutput(o: JobOutput, task: CustomSingerTask): JobOutput {
  if (o.status === 'saved' || o.status === 'failed') return o;
  const status =
    task.status === 'complete'
      ? 'saved'
      : task.status === 'failed'
        ? 'failed'
        : task.status === 'running'
          ? 'streaming'
          : 'queued';
  return {
    ...o,
    status,
    // the service's raw status stays in the words (and the record); the renderer translates the key
    ...(status === 'failed'
      ? keyedFailReason('errors:training.failed', { status: task.rawStatus ?? 'failed' })
      : {}),
  };
}

const OUTPUT_PROGRESS: Record<JobOutput['status'], number> = {
  queued: 0.1,
  streaming: 0.5,
  complete: 0.8,
  saved: 1,
  failed: 1,
};

export function outputProgress(o: JobOutput): number {
  if (o.status === 'complete' && o.totalBytes)
    return 0.8 + 0.2 * Math.min(1, o.receivedBytes / o.totalBytes);
  return OUTPUT_PROGRESS[o.status];
}

/** Sets state and progress from the outputs of a job that has been submitted. */
export function settle(job: Job): Job {
  if (job.state === 'cancelled' || job.state === 'interrupted' || job.outputs.length === 0)
    return job;
  const progress = job.outputs.reduce((n, o) => n + outputProgress(o), 0) / job.outputs.length;
  const active = job.outputs.some((o) => o.status === 'queued' || o.status === 'streaming');
  const toSave = job.outputs.some((o) => o.status === 'complete');
  const saved = job.outputs.filter((o) => o.status === 'saved').length;
  const failed = job.outputs.filter((o) => o.status === 'failed');
  let state: Job['state'] = job.state;
  if (active)
    state = job.outputs.some((o) => o.status !== 'queued')
      ? 'running'
      : state === 'running'
        ? 'running'
        : 'submitted';
  else if (toSave) state = 'downloading';
  else state = saved > 0 ? 'done' : 'failed';
  let error = job.error;
  if (!active && !toSave && failed.length > 0) {
    const reasons = [...new Set(failed.map((o) => o.failReason).filter(Boolean))].join(' ');
    const message =
      saved > 0
        ? `${failed.length} of ${job.outputs.length} results failed. ${reasons}`.trim()
        : reasons || FAILED_NO_REASON;
    // in the app's language: "N of M results failed" (the reasons follow, each in its own words),
    // no reason (say what to try), or the one reason Cadenza wrote itself
    const distinct = new Set(failed.map((o) => o.failReason).filter(Boolean));
    const only = distinct.size === 1 ? failed.find((o) => o.failReason)?.failReasonKey : null;
    error =
      saved > 0
        ? {
            code: 'in_band',
            message,
            key: 'errors:jobs.someFailed',
            params: { count: failed.length, total: job.outputs.length },
          }
        : message === FAILED_NO_REASON
          ? { code: 'in_band', message, key: 'errors:service.failedNoReason' }
          : only
            ? { code: 'in_band', message, ...only }
            : { code: 'in_band', message };
  }
  const finished = state === 'done' || state === 'failed';
  return {
    ...job,
    state,
    error,
    progress: finished ? 1 : Math.min(0.99, Math.max(job.progress, progress)),
    finishedAt: finished ? (job.finishedAt ?? new Date().toISOString()) : null,
    resultItemIds: job.outputs.flatMap((o) =>
      o.status === 'saved' && o.libraryItemId && o.libraryKind ? [o.libraryItemId] : [],
    ),
  };
}

/**
 * What a submission keeps of the service's answer: the first outputs up to the kind's cap (the
 * registry's `maxOutputs`: two songs, one cover…), so paid work is never dropped; what the service
 * answered beyond it is counted as ignored, with a warning for the job, and never downloaded.
 */
export function capOutputs(
  kind: JobKind,
  outputs: readonly JobOutput[],
): { kept: JobOutput[]; ignored: number; warning: string | null } {
  const cap = kindFacts(kind).maxOutputs;
  if (outputs.length <= cap) return { kept: [...outputs], ignored: 0, warning: null };
  const ignored = outputs.length - cap;
  // English only: the job's record and the log (the Jobs panel says jobs:warnings.ignored)
  const n = (x: number): string => x.toLocaleString('en-US');
  return {
    kept: outputs.slice(0, cap),
    ignored,
    warning:
      `The service answered ${n(outputs.length)} results for one submission; Cadenza kept the ` +
      `first ${n(cap)} (the most one submission of this kind makes) and ignored ${n(ignored)}.`,
  };
}

export function errorShape(e: unknown): AppErrorShape {
  if (e instanceof AppError) return e.toShape();
  const msg = e instanceof Error ? e.message : String(e);
  return {
    code: 'internal',
    message: `Something went wrong inside Cadenza (${msg.slice(0, 200)}).`,
    // the detail stays in the English (log, CLI); the app says the usual words in its language
    key: 'errors:internal',
  };
}

export function failJob(job: Job, e: unknown): Job {
  const raw = e instanceof AppError ? e.raw : undefined;
  return {
    ...job,
    state: 'failed',
    owner: null,
    error: errorShape(e),
    finishedAt: new Date().toISOString(),
    ...(raw !== undefined ? { lastResponse: raw } : {}),
  };
}

export function interruptJob(job: Job): Job {
  return {
    ...job,
    state: 'interrupted',
    owner: null,
    error: appError('cancelled', 'errors:jobs.interrupted').toShape(),
    finishedAt: new Date().toISOString(),
  };
}
