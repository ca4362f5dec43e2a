/**
 * Batches (issue 32, point 1): many song prompts lined up at once, sent through the persistent
 * jobs a few at a time, their results gathered in a collection named after the batch.
 *
 * This module holds what main, the CLI and the renderer share: the record kept in
 * `<data>/batches/<id>.json` (validated on every read), its limits, and the view the renderer
 * shows. Reading the prompt list itself (typed lines or a CSV/TSV file) is `batch-list.ts`.
 */
import { z } from 'zod';
import { AppErrorSchema } from '../errors';
import { MODEL_VERSIONS } from './service-limits';

/** The most prompts one batch takes (a list longer than this is refused, not cut). */
export const BATCH_MAX_PROMPTS = 200;
/** Submissions of each prompt: 1 to this many (each submission makes two songs). */
export const BATCH_MAX_PER_PROMPT = 10;
/** The most submissions one batch sends in all. */
export const BATCH_MAX_SUBMISSIONS = 500;
/** At most this many submissions of a batch are in flight at once (the setting's range). */
export const BATCH_MAX_CONCURRENCY = 8;
export const BATCH_DEFAULT_CONCURRENCY = 2;
/** A batch's name (and so its collection's): 1 to this many characters. */
export const BATCH_NAME_MAX_CHARS = 80;
/** A prompt list file is a few KB; anything far larger is refused before it is read whole. */
export const BATCH_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** `v1` sends the prompt to /v1/music (one long synchronous call); the others go to /v2/submit. */
export const BATCH_MODELS = [...MODEL_VERSIONS, 'v1'] as const;
export const BatchModelSchema = z.enum(BATCH_MODELS);
export type BatchModel = z.infer<typeof BatchModelSchema>;

/** The Settings values for batches (settings.json `batch`; absent = the defaults). */
export const BatchSettingsSchema = z.object({
  concurrency: z.number().int().min(1).max(BATCH_MAX_CONCURRENCY).optional(),
  /** The computer does not sleep while a batch runs (default on). */
  keepAwake: z.boolean().optional(),
});
export type BatchSettings = z.infer<typeof BatchSettingsSchema>;

/** One line of the list: what one prompt asks for. */
export const BatchPromptSchema = z.object({
  prompt: z.string().max(2000),
  title: z.string().max(1000).default(''),
  lyrics: z.string().max(200_000).default(''),
  /** Null: the default model (the composer's). */
  model: BatchModelSchema.nullable().default(null),
  instrumental: z.boolean().default(false),
});
export type BatchPrompt = z.infer<typeof BatchPromptSchema>;

/**
 * One submission's life inside the batch:
 *   waiting → sending → active → done | failed | cancelled
 * `sending` is written before the submission is handed to the jobs (which record the job before
 * anything is sent); after a crash it is settled by the job found for it, or back to `waiting`
 * when none was recorded (then nothing was sent). `interrupted`: the job was cut off while the
 * service may have charged it; it waits for the creator (send again or skip), never re-sent by
 * itself. `retryAt`: a "too many requests" answer that charged nothing, sent again from then.
 */
export const BATCH_SLOT_STATES = [
  'waiting',
  'sending',
  'active',
  'done',
  'failed',
  'interrupted',
  'cancelled',
  'skipped',
] as const;
export const BatchSlotStateSchema = z.enum(BATCH_SLOT_STATES);

export const BatchSlotSchema = z.object({
  /** Index into the batch's prompts. */
  prompt: z.number().int().min(0),
  state: BatchSlotStateSchema,
  /** The job of the current attempt (null before it is recorded). */
  jobId: z.string().nullable().default(null),
  /** Attempts handed to the jobs so far (a charge-free "too many requests" adds one). */
  attempts: z.number().int().min(0).default(0),
  /** When a backed-off submission is due again (ISO), or null. */
  retryAt: z.string().nullable().default(null),
  /** Library items the submission made. */
  itemIds: z.array(z.string()).default([]),
  error: AppErrorSchema.nullable().default(null),
});
export type BatchSlot = z.infer<typeof BatchSlotSchema>;

/** running → paused ⇄ running → done; cancelled at any time (finished results stay). */
export const BATCH_STATES = ['running', 'paused', 'cancelled', 'done'] as const;
export const BatchStateSchema = z.enum(BATCH_STATES);

export const BATCH_SCHEMA_VERSION = 1;

export const BatchRecordSchema = z
  .object({
    schema_version: z.literal(BATCH_SCHEMA_VERSION),
    id: z.string().regex(/^bat_[A-Za-z0-9_-]{6,64}$/),
    name: z.string().min(1).max(BATCH_NAME_MAX_CHARS),
    state: BatchStateSchema,
    concurrency: z.number().int().min(1).max(BATCH_MAX_CONCURRENCY),
    perPrompt: z.number().int().min(1).max(BATCH_MAX_PER_PROMPT),
    prompts: z.array(BatchPromptSchema).min(1).max(BATCH_MAX_PROMPTS),
    slots: z.array(BatchSlotSchema).min(1).max(BATCH_MAX_SUBMISSIONS),
    /** The collection its results land in (made when the batch starts), or null. */
    collectionId: z.string().nullable().default(null),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable().default(null),
    /** The announcement of its end was made (notification, CLI line): once. */
    announced: z.boolean().default(false),
  })
  .loose();
export type BatchRecord = z.infer<typeof BatchRecordSchema>;

/** What a batch's slots add up to (the renderer, the CLI and the taskbar read it). */
export const BatchCountsSchema = z.object({
  total: z.number().int(),
  waiting: z.number().int(),
  active: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  interrupted: z.number().int(),
  cancelled: z.number().int(),
  songs: z.number().int(),
});
export type BatchCounts = z.infer<typeof BatchCountsSchema>;

export function batchCounts(b: Pick<BatchRecord, 'slots'>): BatchCounts {
  const c: BatchCounts = {
    total: b.slots.length,
    waiting: 0,
    active: 0,
    done: 0,
    failed: 0,
    interrupted: 0,
    cancelled: 0,
    songs: 0,
  };
  for (const s of b.slots) {
    if (s.state === 'waiting') c.waiting += 1;
    else if (s.state === 'sending' || s.state === 'active') c.active += 1;
    else if (s.state === 'done') c.done += 1;
    else if (s.state === 'failed') c.failed += 1;
    else if (s.state === 'interrupted') c.interrupted += 1;
    else c.cancelled += 1; // cancelled, skipped
    c.songs += s.itemIds.length;
  }
  return c;
}

/** Nothing left that the batch does by itself (what may remain waits for the creator). */
export const batchSettled = (b: Pick<BatchRecord, 'slots' | 'state'>): boolean => {
  const c = batchCounts(b);
  return c.active === 0 && (c.waiting === 0 || b.state === 'cancelled');
};

/** A batch as the renderer and `--json` see it. */
export const BatchViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: BatchStateSchema,
  concurrency: z.number().int(),
  perPrompt: z.number().int(),
  collectionId: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: BatchCountsSchema,
  /** The slots in their order, with the prompt each sends (for the list of what is waiting). */
  slots: z.array(
    z.object({
      prompt: z.string(),
      title: z.string(),
      state: BatchSlotStateSchema,
      jobId: z.string().nullable(),
      retryAt: z.string().nullable(),
      songs: z.number().int(),
      error: AppErrorSchema.nullable(),
    }),
  ),
});
export type BatchView = z.infer<typeof BatchViewSchema>;

export function batchView(b: BatchRecord): BatchView {
  return {
    id: b.id,
    name: b.name,
    state: b.state,
    concurrency: b.concurrency,
    perPrompt: b.perPrompt,
    collectionId: b.collectionId,
    createdAt: b.createdAt,
    finishedAt: b.finishedAt,
    counts: batchCounts(b),
    slots: b.slots.map((s) => {
      const p = b.prompts[s.prompt];
      return {
        prompt: p?.prompt ?? '',
        title: p?.title ?? '',
        state: s.state,
        jobId: s.jobId,
        retryAt: s.retryAt,
        songs: s.itemIds.length,
        error: s.error,
      };
    }),
  };
}

/**
 * The total shown before a batch starts: its submissions and songs, and what it usually spends
 * from the songs counter, learned from this key's history (docs/cost.md; never a price) — null
 * when any of its models has no learned figure yet — beside what the counter has left, and the
 * one budget rule's verdict (services/budget): go, ask (saying why) or refuse.
 */
export const BatchQuoteSchema = z.object({
  prompts: z.number().int(),
  submissions: z.number().int(),
  songs: z.number().int(),
  total: z.number().nullable(),
  /** The fewest samples behind any of its models' figures (0: not known yet). */
  samples: z.number().int(),
  remaining: z.number().nullable(),
  after: z.number().nullable(),
  verdict: z.enum(['go', 'ask', 'refuse']),
  reason: z.enum(['over-budget', 'unknown', 'cannot-cover']).nullable(),
  budget: z.number().nullable(),
});
export type BatchQuote = z.infer<typeof BatchQuoteSchema>;
