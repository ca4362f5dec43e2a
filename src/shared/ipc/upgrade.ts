/**
 * upgrade:* — tagging the files an earlier version saved without tags (issue 28, point 4). Main
 * decides which files (the library's items whose sidecar has no audio hash): the renderer only
 * reads the status, gives or refuses consent, stops, and says when the creator is playing so the
 * work waits. It never names a file.
 */
import { z } from 'zod';
import { event, invoke } from './define';

/** Why a file could not be tagged (it is tried again at the next start or on "Try again"). */
export const UpgradeReasonSchema = z.enum([
  'locked',
  'readOnly',
  'gone',
  'diskFull',
  'damaged',
  'other',
]);
export type UpgradeReason = z.infer<typeof UpgradeReasonSchema>;

/** At most this many failed files are listed (the count says how many there are). */
export const UPGRADE_FAILED_LISTED = 50;

export const UpgradeStatusSchema = z.object({
  /**
   * none: nothing to tag; ask: files to tag and no answer yet; declined: the creator said not now;
   * running / paused (waits while the creator plays or searches) / stopped (by the creator);
   * done: this run is over (failed files, if any, are listed).
   */
  phase: z.enum(['none', 'ask', 'declined', 'running', 'paused', 'stopped', 'done']),
  /** Files still to tag and their size (failed ones included). */
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** This run: files tagged and the run's total. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  failed: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        file: z.string(),
        reason: UpgradeReasonSchema,
      }),
    )
    .max(UPGRADE_FAILED_LISTED),
  failedCount: z.number().int().nonnegative(),
  /** The sync service the library folder is in (its files are uploaded again), when known. */
  synced: z.string().max(40).nullable(),
});
export type UpgradeStatus = z.infer<typeof UpgradeStatusSchema>;

export const upgradeContract = {
  status: invoke(z.tuple([]), UpgradeStatusSchema),
  /** Consent given (or Continue, or Try again): tags the files in the background. */
  start: invoke(z.tuple([]), UpgradeStatusSchema),
  /** Not now: the app does not ask again (the Library still offers it). */
  decline: invoke(z.tuple([]), UpgradeStatusSchema),
  /** Stops after the file being tagged; the rest waits for Continue (also after a restart). */
  stop: invoke(z.tuple([]), UpgradeStatusSchema),
  /** The creator is playing (true) or stopped playing: the upgrade waits meanwhile. */
  hold: invoke(z.tuple([z.boolean()]), z.null()),
};

export const upgradeEvents = {
  /** The upgrade's status changed (progress, a phase, a failed file). */
  upgradeStatus: event(UpgradeStatusSchema),
};
