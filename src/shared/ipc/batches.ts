/**
 * batches:* — the Batch dialog and the batch list in Songs (issue 32, point 1; docs/batches.md).
 * The list is read and totalled in main (the renderer never parses it into submissions); a file
 * is picked through main's open dialog and read bounded there. `create` applies the budget rule
 * again in main: a known total the counter cannot cover is refused, and an unknown one (or one
 * over the budget) is refused unless the creator answered the ask (`confirmed`).
 */
import { z } from 'zod';
import {
  BATCH_FILE_MAX_BYTES,
  BATCH_MAX_CONCURRENCY,
  BATCH_MAX_PER_PROMPT,
  BATCH_MAX_SUBMISSIONS,
  BATCH_NAME_MAX_CHARS,
  BatchQuoteSchema,
  BatchViewSchema,
} from '../domain/batch';
import { event, invoke } from './define';

/** The list as typed (or as read from the file main opened), with the file's name for its format. */
const ListSchema = z.object({
  text: z.string().max(BATCH_FILE_MAX_BYTES),
  fileName: z.string().max(255).optional(),
  perPrompt: z.number().int().min(1).max(BATCH_MAX_PER_PROMPT),
});

export const BatchProblemSchema = z.object({
  line: z.number().int().min(0),
  key: z.string().max(200),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** What the dialog shows before Start: the list's prompts, its problems by line, the total. */
export const BatchPreviewSchema = z.object({
  format: z.enum(['lines', 'csv', 'tsv']),
  prompts: z.number().int().min(0),
  /** The first problems (a list with any is refused whole). */
  problems: z.array(BatchProblemSchema).max(20),
  problemCount: z.number().int().min(0),
  /** Null while the list has problems or no prompts. */
  quote: BatchQuoteSchema.nullable(),
  /** More submissions than a batch sends (prompts × per prompt). */
  tooMany: z.boolean(),
  maxSubmissions: z.literal(BATCH_MAX_SUBMISSIONS),
});
export type BatchPreview = z.infer<typeof BatchPreviewSchema>;

/** The Settings values with their defaults filled in. */
export const BatchSettingsViewSchema = z.object({
  concurrency: z.number().int().min(1).max(BATCH_MAX_CONCURRENCY),
  keepAwake: z.boolean(),
});
export type BatchSettingsView = z.infer<typeof BatchSettingsViewSchema>;

const Id = z.string().max(80);
const Slot = z.number().int().min(0).max(BATCH_MAX_SUBMISSIONS);

export const batchesContract = {
  /** Reads and totals a list without recording anything. */
  preview: invoke(z.tuple([ListSchema]), BatchPreviewSchema),
  /** Main's open dialog for a .txt/.csv/.tsv list; its text (bounded), or null when cancelled. */
  pickFile: invoke(z.tuple([]), z.object({ fileName: z.string(), text: z.string() }).nullable()),
  /** Records the batch and starts sending (the budget rule applied again, see above). */
  create: invoke(
    z.tuple([
      ListSchema.extend({
        name: z.string().max(BATCH_NAME_MAX_CHARS * 4),
        /** The creator answered the ask (over the budget, or no estimate yet). */
        confirmed: z.boolean(),
      }),
    ]),
    BatchViewSchema,
  ),
  /** Every batch, newest first. */
  list: invoke(z.tuple([]), z.array(BatchViewSchema)),
  pause: invoke(z.tuple([Id]), BatchViewSchema),
  resume: invoke(z.tuple([Id]), BatchViewSchema),
  /** Nothing more is sent; jobs in flight are cancelled; finished results stay. */
  cancel: invoke(z.tuple([Id]), BatchViewSchema),
  /** An interrupted or failed submission, sent again because the creator said so. */
  sendAgain: invoke(z.tuple([Id, Slot]), BatchViewSchema),
  skip: invoke(z.tuple([Id, Slot]), BatchViewSchema),
  settings: invoke(z.tuple([]), BatchSettingsViewSchema),
  setSettings: invoke(
    z.tuple([BatchSettingsViewSchema.partial().strict()]),
    BatchSettingsViewSchema,
  ),
};

export const batchesEvents = {
  /** A batch changed (a submission moved, it was paused, it ended). */
  batchUpdated: event(BatchViewSchema),
};
