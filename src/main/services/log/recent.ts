/**
 * The last lines of the newest log files, for the diagnostic report: read from the end of each
 * file (never the whole file), formatted for reading and redacted once more.
 */
import { constants } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { formatLogLine } from './format';
import type { LogName } from './logger';
import { redactSecrets } from './redact';

export interface RecentLog {
  /** The newest file of this log in the log folder, e.g. `main.3.log`. */
  file: string;
  lines: string[];
}

export interface RecentLogOptions {
  names?: readonly LogName[];
  /** Lines per log (default 200). */
  maxLines?: number;
  /** Bytes read from the end of each file at most (default 256 KB). */
  maxBytes?: number;
}

/** The `<name>.N.log` files of each name, newest first (by modification time, then number). */
async function filesByName(dir: string, names: readonly LogName[]): Promise<string[][]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  const found: string[][] = [];
  for (const name of names) {
    const pattern = new RegExp(`^${name}\\.(\\d+)\\.log$`);
    const candidates = await Promise.all(
      entries
        .filter((e) => pattern.test(e))
        .map(async (file) => {
          const st = await stat(join(dir, file)).catch(() => null);
          const number = Number(pattern.exec(file)?.[1] ?? 0);
          return { file, mtimeMs: st?.mtimeMs ?? 0, number };
        }),
    );
    candidates.sort((a, b) => b.mtimeMs - a.mtimeMs || b.number - a.number);
    if (candidates.length > 0) found.push(candidates.map((c) => c.file));
  }
  return found;
}

async function tail(path: string, maxBytes: number): Promise<string> {
  // as ground/regular-file.ts opens (the log floor is below it): never blocking, regular files only
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const st = await handle.stat();
    if (!st.isFile()) return '';
    const { size } = st;
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const text = buffer.toString('utf8');
    // a cut-off first line is dropped
    return length < size ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    await handle.close();
  }
}

export async function readRecentLogLines(
  dir: string,
  options: RecentLogOptions = {},
): Promise<RecentLog[]> {
  const maxLines = options.maxLines ?? 200;
  const out: RecentLog[] = [];
  for (const files of await filesByName(dir, options.names ?? ['main', 'cli'])) {
    // the newest file may have just been rolled and be empty: go back until enough lines
    let lines: string[] = [];
    for (const file of files.slice(0, 3)) {
      const text = await tail(join(dir, file), options.maxBytes ?? 256 * 1024).catch(() => '');
      lines = [...text.split('\n').filter((l) => l.trim()), ...lines];
      if (lines.length >= maxLines) break;
    }
    out.push({
      file: files[0] ?? '',
      lines: lines.slice(-maxLines).map((l) => redactSecrets(formatLogLine(l))),
    });
  }
  return out;
}
