import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs, type Dir } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Temporary files start with this prefix and carry their owner's pid
 * (`.cadenza-tmp-p<pid>-<random><suffix>`). The indexer and the media handler ignore them; only the
 * process holding the data-folder lock removes leftovers, and only those whose owner is gone, so a
 * second process never deletes a download in progress.
 */
export const TEMP_PREFIX = '.cadenza-tmp-';

export const isTempName = (name: string): boolean => basename(name).startsWith(TEMP_PREFIX);

/** True if a process with this pid exists on this machine. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid that owns a temp file, from its name; null for names without one (older versions). */
function tempOwner(name: string): number | null {
  const m = /^\.cadenza-tmp-p(\d{1,10})-/.exec(basename(name));
  return m ? Number(m[1]) : null;
}

/** A fresh temporary path in the same folder as `target` (same file system, so rename is atomic). */
export function tempPathFor(target: string, suffix = '.part'): string {
  return join(
    dirname(target),
    `${TEMP_PREFIX}p${process.pid}-${randomBytes(6).toString('hex')}${suffix}`,
  );
}

/** Best effort: makes a rename durable on POSIX file systems. */
async function fsyncDir(dir: string): Promise<void> {
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

export interface AtomicWriteOptions {
  /** File mode, e.g. 0o600 for secrets (default 0o644). */
  mode?: number;
  /** Makes the folder first (settings and other files of the data folder; never the library's). */
  makeFolder?: boolean;
}

/** Writes `data` to `target` atomically: temp file + fsync + rename. Readers see old or new, never half. */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  if (opts.makeFolder) await fs.mkdir(dirname(target), { recursive: true });
  const tmp = tempPathFor(target, '.tmp');
  const handle = await fs.open(tmp, 'wx', opts.mode ?? 0o644);
  try {
    await handle.writeFile(data);
    if (opts.mode !== undefined) await handle.chmod(opts.mode);
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

/** Errors of `link` that mean "this file system has no hard links", not "the name is taken". */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

/**
 * Places a finished temp file under its final name only if that name is free: fsync, then `link`
 * (which fails with EEXIST when the name exists, unlike `rename`, which replaces) and `unlink` of
 * the temp. Where the file system has no hard links (some FAT, SMB and FUSE mounts), an exclusive
 * copy (`COPYFILE_EXCL`) instead — still never replacing a file, but for the copy's duration a
 * reader may see the final name partly written, and a crash during it leaves that part behind.
 * Throws the EEXIST error when the name is taken; the temp is left for the caller then.
 */
export async function placeExclusive(tmp: string, target: string): Promise<void> {
  const handle = await fs.open(tmp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.link(tmp, target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (!NO_HARD_LINKS.has(code)) throw e;
    await fs.copyFile(tmp, target, fsConstants.COPYFILE_EXCL);
  }
  await fs.rm(tmp, { force: true });
  await fsyncDir(dirname(target));
}

/** Writes `data` to a new file `target` atomically and exclusively (see `placeExclusive`). */
export async function writeFileExclusive(target: string, data: string | Uint8Array): Promise<void> {
  const tmp = tempPathFor(target, '.tmp');
  try {
    await fs.writeFile(tmp, data, { flag: 'wx', mode: 0o644 });
    await placeExclusive(tmp, target);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/**
 * Writes a new file at `dest` without ever showing a partial one there: the bytes go to a hidden
 * temp beside it (named for this process, so the next export to the folder removes it if this one
 * is killed), and only the complete file is placed under `dest`, exclusively (`placeExclusive`:
 * never over a file that is there). False when `dest` is taken; nothing is left behind then.
 */
export async function writeExclusive(
  dest: string,
  write: (tmp: string) => Promise<void>,
): Promise<boolean> {
  const tmp = tempPathFor(dest);
  try {
    await write(tmp);
    await placeExclusive(tmp, dest);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/**
 * Entries read from a folder per step of `tempNamesIn`: a large library's folder holds 100,000
 * names (media and sidecars), and `readdir` made every one of them a string on main's thread in
 * one task (about 25 ms with its garbage collection at 50,000 items, issue 30).
 */
const LISTING_STEP = 1000;

/**
 * The temp files' names in `dir` (not recursive; none when unreadable), read a bounded step at a
 * time with a turn of the event loop between steps (each step reads its names with one
 * synchronous call, well under a millisecond on a local disk). Not `for await`: a promise per name
 * made 100,000 names about ten more scavenges and a few mark-compacts of main's heap.
 */
async function tempNamesIn(dir: string): Promise<string[]> {
  const found: string[] = [];
  let folder: Dir;
  try {
    folder = await fs.opendir(dir, { bufferSize: LISTING_STEP });
  } catch {
    return found;
  }
  try {
    for (let n = 1; ; n++) {
      const d = folder.readSync();
      if (d === null) break;
      if (d.name.startsWith(TEMP_PREFIX)) found.push(d.name);
      if (n % LISTING_STEP === 0) await new Promise((r) => setImmediate(r));
    }
  } catch {
    // unreadable midway: what was found so far
  } finally {
    await folder.close().catch(() => undefined);
  }
  return found;
}

/** A temp file without an owner in its name (an older version's) is abandoned after this long. */
const OWNERLESS_TEMP_MAX_AGE_MS = 24 * 3600_000;

/**
 * Removes temp files left by a crash in `dir` (not recursive): only those whose owner process is
 * gone (never this process's own), and owner-less ones older than a day. Call it only while holding
 * the data-folder lock. Returns how many were removed.
 */
export async function removeTempLeftovers(dir: string): Promise<number> {
  const names = await tempNamesIn(dir);
  let removed = 0;
  for (const name of names) {
    const owner = tempOwner(name);
    const path = join(dir, name);
    if (owner !== null) {
      if (owner === process.pid || pidAlive(owner)) continue;
    } else {
      const st = await fs.stat(path).catch(() => null);
      if (!st || Date.now() - st.mtimeMs < OWNERLESS_TEMP_MAX_AGE_MS) continue;
    }
    await fs.rm(path, { force: true, recursive: true }).catch(() => undefined);
    removed += 1;
  }
  return removed;
}
