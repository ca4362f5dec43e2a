import { z } from 'zod';
import { AppErrorSchema, KeyedMessageSchema } from '../errors';
import { event, invoke } from './define';

/**
 * App updates: main checks a generic update server on start and every 24 hours (unless the user
 * turned automatic updates off), downloads a newer version in the background and offers
 * "Restart to update"; a downloaded update also installs the next time the app quits.
 */

export const UPDATE_PHASES = [
  'idle',
  'checking',
  'available',
  'downloading',
  'ready',
  'installing',
  'error',
] as const;
export const UpdatePhaseSchema = z.enum(UPDATE_PHASES);

export const UpdateProgressSchema = z.object({
  percent: z.number().min(0).max(100),
  transferredBytes: z.number().nonnegative(),
  totalBytes: z.number().nonnegative(),
  bytesPerSecond: z.number().nonnegative(),
});
export type UpdateProgress = z.infer<typeof UpdateProgressSchema>;

export const UpdateStateSchema = z.object({
  phase: UpdatePhaseSchema,
  /** The running version. */
  currentVersion: z.string(),
  /** The user's setting: check and download automatically. */
  autoUpdate: z.boolean(),
  /** False when this build cannot update itself (development, tests, not an installed build). */
  supported: z.boolean(),
  /** Why updates are not supported, for the UI (null when supported). */
  unsupportedReason: z.string().nullable(),
  /** `unsupportedReason` as a key and parameters (said in the app's language). */
  unsupportedReasonKey: KeyedMessageSchema.nullable().optional(),
  /** When the last check finished (ms since the epoch), successful or not. */
  lastCheckedAtMs: z.number().nullable(),
  /** The last check found nothing newer. */
  upToDate: z.boolean(),
  /** The newer version (available, downloading, ready, installing). */
  version: z.string().nullable(),
  /** Its release notes as plain text (never HTML); null when the feed has none. */
  releaseNotes: z.string().nullable(),
  releaseDate: z.string().nullable(),
  progress: UpdateProgressSchema.nullable(),
  /** The last failure (phase 'error'). */
  error: AppErrorSchema.nullable(),
});
export type UpdateState = z.infer<typeof UpdateStateSchema>;

export const updatesContract = {
  getState: invoke(z.tuple([]), UpdateStateSchema),
  /** Checks now (also when automatic updates are off: the user asked). */
  check: invoke(z.tuple([]), UpdateStateSchema),
  /** Quits and installs the downloaded update; refused unless one is ready. */
  restartToUpdate: invoke(z.tuple([]), z.null()),
  /** Turns automatic checking/downloading on or off (saved in settings). */
  setAutoUpdate: invoke(z.tuple([z.boolean()]), UpdateStateSchema),
};

export const updatesEvents = {
  /** The update state changed (phase, progress, setting). */
  updateState: event(UpdateStateSchema),
};
