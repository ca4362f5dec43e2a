import { stripInvisible } from '../text';
import { z } from 'zod';
import {
  JobCandidateSchema,
  JobKindSchema,
  JobOutputSchema,
  JobStateSchema,
  JobWaitSchema,
  KnownCountsSchema,
  OutputStatusSchema,
  isFinalJobState,
  type JobSummary,
} from '../domain/jobs';
import { LibraryKindSchema } from '../domain/library';
import { AppErrorSchema } from '../errors';
import { invoke } from './define';

/** A job id as the jobs service makes them (`job_…`). */
export const JobIdSchema = z.string().regex(/^job_[A-Za-z0-9_-]{6,64}$/, 'Not a job id');

/** One line of "what the job asked for": a label and a short value. */
export const AskedSchema = z.object({
  label: z.string(),
  value: z.string(),
  /** How many things the value lists (the files): the renderer picks its label's plural form. */
  count: z.number().int().nonnegative().optional(),
});
export type Asked = z.infer<typeof AskedSchema>;

export const JobOutputViewSchema = z.object({
  title: z.string(),
  status: OutputStatusSchema,
  libraryKind: LibraryKindSchema.nullable(),
  durationMs: z.number().nullable(),
  failReason: z.string().nullable(),
  failReasonKey: JobOutputSchema.shape.failReasonKey.unwrap().unwrap().nullable(),
  libraryItemId: z.string().nullable(),
  receivedBytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative().nullable(),
});

/**
 * What the renderer sees of a job: no raw service answers, no request internals (file paths are
 * reduced to file names), no owner. Built in main by `toJobView`.
 */
export const JobViewSchema = z.object({
  id: JobIdSchema,
  kind: JobKindSchema,
  label: z.string(),
  asked: z.array(AskedSchema),
  state: JobStateSchema,
  /** 0..1, or null when no honest figure is known (a synchronous call waiting for its answer). */
  progress: z.number().min(0).max(1).nullable(),
  synchronous: z.boolean(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
  error: AppErrorSchema.nullable(),
  outputs: z.array(JobOutputViewSchema),
  resultItemIds: z.array(z.string()),
  /** Set while a fault on this computer (disk full, folder missing…) holds the save back. */
  waiting: JobWaitSchema.nullable(),
  /** The last time the service reported a change: what "stalled" is measured from. */
  movedAt: z.string().nullable(),
  /** The last time the user asked to check again. */
  checkedAt: z.string().nullable(),
  /** An interrupted clone: voices it may have made, for the user to confirm or reject. */
  candidates: z.array(JobCandidateSchema),
  /** "Download again" has results to fetch from the recorded links (nothing is charged). */
  canRedownload: z.boolean(),
  /** Of those, one went missing without the creator trashing it (the Library's banner lists it). */
  lostResults: z.boolean().default(false),
  /** The key's counters as main last knew them at submission, and when they were read. */
  countsBefore: KnownCountsSchema.nullable(),
  /** Results the service answered beyond what one job of this kind yields: counted, not kept. */
  ignoredOutputs: z.number().int().nonnegative().default(0),
  /** The model it was made with (its recorded meta): a retry's cost line is kept per model. */
  model: z.string().max(40).nullable().default(null),
});
export type JobView = z.infer<typeof JobViewSchema>;

/**
 * A job record this version cannot act on (written by a newer version, or of a kind or state it
 * does not know): shown as unknown, never changed or moved.
 */
export const UnknownJobViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  why: z.enum(['newer', 'unknown-kind', 'unknown-state', 'damaged']),
  updatedAt: z.string(),
});
export type UnknownJobView = z.infer<typeof UnknownJobViewSchema>;

/** A finished job's playable results. */
export const JobResultSchema = z.object({
  jobId: JobIdSchema,
  items: z.array(
    z.object({
      itemId: z.string(),
      title: z.string(),
      kind: LibraryKindSchema,
      /** `cadenza-media://library/…` */
      mediaUrl: z.string(),
      durationMs: z.number().nullable(),
    }),
  ),
});
export type JobResult = z.infer<typeof JobResultSchema>;

export const jobsContract = {
  /** Every job this data folder knows, newest first. */
  list: invoke(z.tuple([]), z.array(JobViewSchema)),
  /** Job records this version shows as unknown and leaves as they are. */
  listUnknown: invoke(z.tuple([]), z.array(UnknownJobViewSchema)),
  /** Cancels an active job (a running request is aborted; what the service made is kept). */
  cancel: invoke(z.tuple([JobIdSchema]), JobViewSchema),
  /**
   * A NEW submission of a failed, cancelled or interrupted job's recorded request; it may spend an
   * entitlement, so the renderer confirms first. Answers the new job.
   */
  retry: invoke(z.tuple([JobIdSchema]), JobViewSchema),
  /** The library items a finished job made, with media URLs to play them. */
  openResult: invoke(z.tuple([JobIdSchema]), JobResultSchema),
  /**
   * Forgets a failed, cancelled or interrupted job's record (its card goes away); what it put in
   * the library stays. An active or done job is refused.
   */
  dismiss: invoke(z.tuple([JobIdSchema]), z.null()),
  /**
   * Downloads a job's results again from the links the service gave (a file gone from the
   * library, a result that failed while saving, a stalled save). Never a new submission.
   */
  redownload: invoke(z.tuple([JobIdSchema]), JobViewSchema),
  /** Asks the service about a job now (a stalled job; an interrupted clone's clone list). */
  checkAgain: invoke(z.tuple([JobIdSchema]), JobViewSchema),
  /** An interrupted clone: the user says this voice (one of its candidates) is the one it made. */
  adoptCandidate: invoke(z.tuple([JobIdSchema, z.string().min(1).max(200)]), JobViewSchema),
  /** An interrupted clone: the user says none of the voices offered is the one it made. */
  rejectCandidates: invoke(z.tuple([JobIdSchema]), JobViewSchema),
};

const REQUEST_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['title', 'Title'],
  ['prompt', 'Prompt'],
  ['text', 'Text'],
  ['tags', 'Style'],
  ['lyrics', 'Lyrics'],
  ['name', 'Name'],
  ['voiceName', 'Voice'],
  ['emotion', 'Emotion'],
  ['singerName', 'Singer'],
  ['videoSiteUrl', 'Video link'],
  ['modelVersion', 'Model'],
  ['mode', 'Mode'],
];

const excerpt = (s: string, n: number): string => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n - 1).trimEnd()}…` : flat;
};
const fileName = (p: string): string => p.split(/[\\/]/).pop() ?? '';

/** "What it asked for", from the recorded request: short excerpts, file names only, no paths. */
export function askedFor(request: Record<string, unknown>): Asked[] {
  const out: Asked[] = [];
  for (const [key, label] of REQUEST_FIELDS) {
    const v = request[key];
    if (typeof v === 'string' && v.trim())
      out.push({ label, value: excerpt(v, key === 'lyrics' ? 80 : 120) });
    else if (typeof v === 'number') out.push({ label, value: String(v) });
  }
  // a file's name only: records of earlier versions kept paths, newer ones `{ name }` (no path)
  const nameOf = (f: unknown): unknown =>
    typeof f === 'object' && f !== null ? (f as { name?: unknown }).name : f;
  const source =
    typeof request.source === 'object' && request.source !== null
      ? (request.source as { kind?: unknown; name?: unknown; url?: unknown })
      : undefined;
  if (source?.kind === 'link' && typeof source.url === 'string')
    out.push({ label: 'Video link', value: excerpt(source.url, 120) });
  const files = [
    request.filePath,
    request.path,
    source?.kind === 'file' || source?.kind === 'library' ? source.name : undefined,
    ...(Array.isArray(request.files) ? request.files.map(nameOf) : []),
  ].filter((f): f is string => typeof f === 'string' && f.length > 0);
  if (files.length > 0)
    out.push({ label: 'Files', value: files.map(fileName).join(', '), count: files.length });
  const extend = request.extend;
  if (extend && typeof extend === 'object' && 'songId' in extend)
    out.push({ label: 'Extends', value: String((extend as { songId: unknown }).songId) });
  return out;
}

/** The renderer's view of a job summary (see JobViewSchema). */
export function toJobView(job: JobSummary): JobView {
  const active =
    job.state === 'pending' ||
    job.state === 'submitted' ||
    job.state === 'running' ||
    job.state === 'downloading';
  // a synchronous call gives no progress while the service works: say so instead of inventing one
  const unknown = active && job.synchronous && job.state !== 'downloading';
  return {
    id: job.id,
    kind: job.kind,
    label: stripInvisible(job.label),
    asked: askedFor(job.request),
    state: job.state,
    progress: unknown ? null : job.progress,
    synchronous: job.synchronous,
    createdAt: job.createdAt,
    submittedAt: job.submittedAt,
    finishedAt: job.finishedAt,
    updatedAt: job.updatedAt,
    error: job.error,
    outputs: job.outputs.map((o) => ({
      title: o.title,
      status: o.status,
      libraryKind: o.libraryKind,
      durationMs: o.durationMs,
      failReason: o.failReason,
      failReasonKey: o.failReasonKey ?? null,
      libraryItemId: o.libraryItemId,
      receivedBytes: o.receivedBytes,
      totalBytes: o.totalBytes,
    })),
    resultItemIds: job.resultItemIds,
    waiting: job.waiting && !isFinalJobState(job.state) ? job.waiting : null,
    movedAt: job.movedAt,
    checkedAt: job.checkedAt,
    candidates: job.candidates.map((c) => ({ ...c, name: stripInvisible(c.name) })),
    canRedownload: job.redownloadable ?? false,
    lostResults: job.lost ?? false,
    countsBefore: job.countsBefore,
    ignoredOutputs: job.ignoredOutputs,
    model: job.meta.model?.slice(0, 40) ?? null,
  };
}
