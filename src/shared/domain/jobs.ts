import { z } from 'zod';
import { AppError, AppErrorSchema, COUNTERS } from '../errors';
import { JOB_KINDS } from './job-kinds';
import { LibraryKindSchema } from './library';

export { JOB_KINDS, type JobKind } from './job-kinds';
/** The kinds of the registry (`job-kinds.ts`), where every fact about a kind is declared. */
export const JobKindSchema = z.enum(JOB_KINDS);

/**
 * pending → submitted → running → downloading → done | failed | cancelled | interrupted.
 * `pending` is written before the request is sent; a job found `pending` (or a synchronous job found
 * `running`) after a restart is `interrupted`: the service may have charged for it, and it is never
 * resubmitted automatically.
 */
export const JOB_STATES = [
  'pending',
  'submitted',
  'running',
  'downloading',
  'done',
  'failed',
  'cancelled',
  'interrupted',
] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobStateSchema>;

export { FINAL_JOB_STATES, isFinalJobState } from './job-states';

/** How an asynchronous job's progress is read: one batched request per kind per interval. */
export const TrackingSchema = z.enum(['v2-query', 'v3-tasks', 'custom-singer']);
export type Tracking = z.infer<typeof TrackingSchema>;

export const OutputStatusSchema = z.enum(['queued', 'streaming', 'complete', 'failed', 'saved']);

/** One thing a job produces (a V2 submission produces two songs). */
const JobOutputFields = z.object({
  /** The service's id for this output (song id, task id); null for synchronous results. */
  serviceId: z.string().nullable(),
  /** V3 tasks: the song's own id, different from the task id in `serviceId` (null until known). */
  songId: z.string().nullable().default(null),
  status: OutputStatusSchema,
  /** What it becomes in the library; null when it is not media (a trained singer, a cloned voice). */
  libraryKind: LibraryKindSchema.nullable(),
  title: z.string().default(''),
  lyrics: z.string().default(''),
  tags: z.array(z.string()).default([]),
  mediaUrl: z.string().nullable().default(null),
  coverUrl: z.string().nullable().default(null),
  durationMs: z.number().nullable().default(null),
  failReason: z.string().nullable().default(null),
  /** The reason as a catalog key when Cadenza wrote it (`failReason` holds its English words). */
  failReasonKey: z
    .object({
      key: z.string().max(200),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .nullable()
    .default(null),
  /** The library item this output becomes; chosen before the download starts so it can resume. */
  libraryItemId: z.string().nullable().default(null),
  /** The planned media file name in the library (reserved before the download starts). */
  fileName: z.string().nullable().default(null),
  receivedBytes: z.number().int().nonnegative().default(0),
  totalBytes: z.number().int().nonnegative().nullable().default(null),
  /**
   * The creator moved its library item to the trash themselves: it is not "lost" (the Library's
   * banner of missing results leaves it out), though Download again in Jobs still fetches it.
   */
  trashed: z.boolean().default(false),
});
/** Fields written by a newer version are kept when this one rewrites the record (`loose`). */
export const JobOutputSchema = JobOutputFields.loose();
export type JobOutput = z.infer<typeof JobOutputFields>;
export type JobOutputInput = z.input<typeof JobOutputFields>;

export const JOB_SCHEMA_VERSION = 1;

/**
 * Why a job is waiting on this computer (a local fault while saving). The job is not failed: it
 * retries with backoff and continues by itself when the fault clears. Nothing is sent again.
 */
export const WAIT_REASONS = [
  'disk_full',
  'library_missing',
  'no_permission',
  'write_error',
] as const;
export const WaitReasonSchema = z.enum(WAIT_REASONS);
export type WaitReason = z.infer<typeof WaitReasonSchema>;

export const WAIT_MESSAGES: Record<WaitReason, string> = {
  disk_full: 'Disk full — free space and Cadenza will continue.',
  library_missing:
    'Library folder missing — reconnect its drive or restore the folder and Cadenza will continue.',
  no_permission:
    'Cadenza may not write to the library folder — check its permissions and Cadenza will continue.',
  write_error: 'Cadenza could not write to the library folder and will try again.',
};

export const JobWaitSchema = z.object({
  reason: WaitReasonSchema,
  message: z.string(),
  since: z.string(),
  /** When the next attempt is due. */
  retryAt: z.string().nullable(),
});
export type JobWait = z.infer<typeof JobWaitSchema>;

/** Something the service may have made for an interrupted call, offered to the user (never assumed). */
export const JobCandidateSchema = z.object({
  serviceId: z.string(),
  name: z.string(),
  createdAt: z.string().nullable(),
});
export type JobCandidate = z.infer<typeof JobCandidateSchema>;

/**
 * The key's counters as main last knew them when a job was submitted, and when they were read
 * (the renderer shows "was N" from them without asking the service again before it sends).
 */
export const KnownCountsSchema = z.object({
  counts: z.partialRecord(z.enum(COUNTERS), z.number()),
  readAt: z.string(),
});
export type KnownCounts = z.infer<typeof KnownCountsSchema>;

const JobFields = z.object({
  schema_version: z.literal(JOB_SCHEMA_VERSION),
  id: z.string().regex(/^job_[A-Za-z0-9_-]{6,64}$/),
  kind: JobKindSchema,
  /** Synchronous calls give no id to resume; if interrupted they may have been charged. */
  synchronous: z.boolean(),
  tracking: TrackingSchema.nullable(),
  /** The request as the user asked for it (never the key). */
  request: z.record(z.string(), z.unknown()),
  /** A short label for lists ("Summer rain", "TTS: Hello there…"). */
  label: z.string(),
  state: JobStateSchema,
  /** 0..1 */
  progress: z.number().min(0).max(1),
  serviceIds: z.array(z.string()),
  outputs: z.array(JobOutputSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: AppErrorSchema.nullable(),
  /** The last raw service answer, for diagnosis (never shown to the renderer verbatim). */
  lastResponse: z.unknown().optional(),
  resultItemIds: z.array(z.string()),
  /**
   * The process that sent the request and is waiting for its answer (while `pending`, and while
   * `running` for a synchronous call). When that process is gone, the job is `interrupted`.
   */
  owner: z.object({ pid: z.number().int(), host: z.string() }).nullable().default(null),
  /** Extra library metadata for the items (prompt, model, voice, singer, emotion, parent…). */
  meta: z.record(z.string(), z.string().nullable()).default({}),
  /** Set while a local fault (disk full, folder missing…) holds the download back. */
  waiting: JobWaitSchema.nullable().default(null),
  /** The last time the service reported a change (status, audio); what "stalled" is measured from. */
  movedAt: z.string().nullable().default(null),
  /** An interrupted clone: voices found by its name, created after it started, for the user to pick. */
  candidates: z.array(JobCandidateSchema).default([]),
  /** When the clone list was last looked through for this interrupted clone (null: not yet). */
  candidatesCheckedAt: z.string().nullable().default(null),
  /** The last time the user asked to check again (a stalled job, an interrupted clone). */
  checkedAt: z.string().nullable().default(null),
  /** The key's counters as last known when this was submitted (null: none known then). */
  countsBefore: KnownCountsSchema.nullable().default(null),
  /**
   * Results the service answered beyond the most one submission of this kind yields (the
   * registry's `maxOutputs`): counted, never kept or downloaded.
   */
  ignoredOutputs: z.number().int().min(0).default(0),
  /** What the user should know about a job that did not fail it (a few short sentences). */
  warnings: z.array(z.string().max(500)).max(8).default([]),
});
/** Fields written by a newer version are kept when this one rewrites the record (`loose`). */
export const JobSchema = JobFields.loose();
export type Job = z.infer<typeof JobFields>;

/** A record this version shows as unknown and leaves in place (see the job store). */
export interface ForeignJob {
  id: string;
  kind: string;
  state: string;
  label: string;
  schemaVersion: number | null;
  why: 'newer' | 'unknown-kind' | 'unknown-state' | 'damaged';
  createdAt: string;
  updatedAt: string;
}

/**
 * What leaves the jobs service: everything but the raw service answer, whether "Download again"
 * has something to fetch and whether a result went missing unasked (the service knows the
 * library; absent means no).
 */
export type JobSummary = Omit<Job, 'lastResponse'> & {
  redownloadable?: boolean;
  /** A result the creator did not trash is missing from the library (absent means no). */
  lost?: boolean;
};

export function summarizeJob(job: Job): JobSummary {
  const { lastResponse: _omit, ...rest } = job;
  return rest;
}

/** The error a finished job that is not done stands for (its recorded error, else its state). */
export function failureOf(job: Pick<Job, 'error' | 'state'>): AppError {
  const e = job.error;
  if (e)
    return new AppError(e.code, e.message, {
      ...(e.counter ? { counter: e.counter } : {}),
      ...(e.fields ? { fields: e.fields } : {}),
      ...(e.key ? { key: e.key, ...(e.params ? { params: e.params } : {}) } : {}),
      ...(e.fieldKeys ? { fieldKeys: e.fieldKeys } : {}),
    });
  const ended = ENDED[job.state];
  if (!ended)
    // English only: a job asked for its failure before it ended (waitFor answers ended jobs only)
    return new AppError('internal', `The job ended ${job.state}.`);
  // the English words of the key (the catalogs are not bundled here: the renderer imports this)
  return new AppError('internal', `The job ended ${job.state}.`, { key: ended });
}

/** Why a job that ended without a recorded error did not finish, by its state. */
const ENDED: Partial<Record<JobState, string>> = {
  failed: 'errors:jobEnded.failed',
  cancelled: 'errors:jobEnded.cancelled',
  interrupted: 'errors:jobEnded.interrupted',
};
