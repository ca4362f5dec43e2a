import { promises as fs } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { appError } from '@shared/app-error';
import type { AppError } from '@shared/errors';
import { writeJsonAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';

/**
 * Where the library folder lives: the device (st_dev) of its parent, recorded when the folder was
 * chosen or first made. A missing folder is made again only while its parent is on that device, so
 * an unplugged drive (its mount point now an empty folder on the system disk) never gets a second
 * library written beside it: the jobs wait until the drive is back.
 */
const PlacementSchema = z.object({
  dir: z.string(),
  parentDev: z.number(),
  recordedAt: z.string(),
});
export type Placement = z.infer<typeof PlacementSchema>;

async function readPlacement(file: string): Promise<Placement | null> {
  try {
    const parsed = PlacementSchema.safeParse(
      JSON.parse(await readRegularText(file, READ_CAPS.smallStateBytes)),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Records the parent's device of an existing library folder (the library was chosen). */
async function recordPlacement(file: string, dir: string): Promise<Placement | null> {
  const st = await fs.stat(dirname(dir)).catch(() => null);
  if (!st) return null;
  const placement: Placement = { dir, parentDev: st.dev, recordedAt: new Date().toISOString() };
  await writeJsonAtomic(file, placement);
  return placement;
}

/** A library folder that is not there and may not be made now: the job waits. */
function folderMissing(dir: string): AppError {
  return appError(
    'io',
    'errors:library.folderMissing',
    { dir },
    { cause: Object.assign(new Error('library folder missing'), { code: 'ENOENT' }) },
  );
}

/**
 * Makes sure the library folder exists before anything is written into it (callers hold the lock).
 * - present: recorded if nothing was recorded for it yet;
 * - missing, recorded: made again only when its parent exists on the recorded device;
 * - missing, never recorded (first use): made, with its parents, and recorded.
 * Throws `folderMissing` when it must wait.
 */
export async function ensureLibraryFolder(dir: string, placementFile?: string): Promise<void> {
  const here = await fs.stat(dir).catch(() => null);
  const recorded = placementFile ? await readPlacement(placementFile) : null;
  const mine = recorded?.dir === dir ? recorded : null;
  if (here?.isDirectory()) {
    if (placementFile && !mine) await recordPlacement(placementFile, dir).catch(() => undefined);
    return;
  }
  if (here) throw folderMissing(dir); // a file where the folder should be
  if (mine) {
    const parent = await fs.stat(dirname(dir)).catch(() => null);
    if (!parent?.isDirectory() || parent.dev !== mine.parentDev) throw folderMissing(dir);
    await fs.mkdir(dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
    return;
  }
  await fs.mkdir(dir, { recursive: true });
  if (placementFile) await recordPlacement(placementFile, dir).catch(() => undefined);
}
