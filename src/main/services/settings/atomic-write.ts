/**
 * Writes a file so that readers (this process, the app, the CLI) see either the old content or the
 * new one, never a torn file: write a temporary file beside it, fsync it, rename it into place,
 * then fsync the folder where the platform allows it.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode for a new file, e.g. 0o600 for secrets. */
  mode?: number;
}

export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  const dir = dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.open(tmp, 'wx', opts.mode ?? 0o644);
  try {
    await handle.writeFile(data);
    if (opts.mode !== undefined) await handle.chmod(opts.mode);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return; // folders cannot be opened for fsync there
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: some file systems refuse fsync on a folder.
  } finally {
    await handle?.close();
  }
}
