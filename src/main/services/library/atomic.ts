import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Temporary files start with this prefix. The indexer and the media handler ignore them, and
 * leftovers from a crash are removed at start, so a partial file is never visible in the library.
 */
export const TEMP_PREFIX = '.cadenza-tmp-';

export const isTempName = (name: string): boolean => basename(name).startsWith(TEMP_PREFIX);

/** A fresh temporary path in the same folder as `target` (same file system, so rename is atomic). */
export function tempPathFor(target: string, suffix = '.part'): string {
  return join(dirname(target), `${TEMP_PREFIX}${randomBytes(6).toString('hex')}${suffix}`);
}

/** Best effort: makes a rename durable on POSIX file systems. */
export async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // some file systems refuse fsync on directories; the rename is still atomic
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Writes `data` to `target` atomically: temp file + fsync + rename. Readers see old or new, never half. */
export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const tmp = tempPathFor(target, '.tmp');
  const handle = await fs.open(tmp, 'wx', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await fs.rm(tmp, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await fs.rename(tmp, target);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
  await fsyncDir(dirname(target));
}

export async function writeJsonAtomic(target: string, value: unknown): Promise<void> {
  await writeFileAtomic(target, `${JSON.stringify(value, null, 2)}\n`);
}

/** Moves a finished temp file into place; fsyncs the file first so the rename never exposes a hole. */
export async function commitTemp(tmp: string, target: string): Promise<void> {
  const handle = await fs.open(tmp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, target);
  await fsyncDir(dirname(target));
}

/** Removes temp files left by a crash in `dir` (not recursive). Returns how many were removed. */
export async function removeTempLeftovers(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!isTempName(name)) continue;
    await fs.rm(join(dir, name), { force: true, recursive: true }).catch(() => undefined);
    removed += 1;
  }
  return removed;
}
