/**
 * "Open with Cadenza": audio files the OS hands to the app — on the command line of the first
 * launch (Windows, Linux), on the command line of a second launch (`second-instance`), or through
 * macOS `open-file` events. Each path is registered in the FileRegistry as 'audio' (an existing
 * regular file whose extension and first bytes are audio); anything else is refused with a log
 * line and never read further. Registered files wait here until the renderer asks for them
 * (`files.takeOpened`), after which new ones are pushed as `filesOpened` events.
 *
 * No Electron import: the shell passes what it needs, and the unit tests drive this directly.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileInfo } from '@shared/domain/files';
import type { FileRegistry } from '../services/files/registry';

/** At most this many files per launch or event (like a drop), and waiting at once. */
export const MAX_OPENED_FILES = 50;

export interface ArgvContext {
  /** A packaged app's argv is [exe, ...args]; an unpackaged one's is [electron, appPath, ...args]. */
  isPackaged: boolean;
  /** The folder relative paths are resolved against (the launching shell's working directory). */
  cwd: string;
  /** The app's own path or entry script; never taken for a file to open. */
  appPaths?: readonly string[];
}

const URL_SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/**
 * The file paths on a command line, absolute. Skipped: the executable, an unpackaged app's entry
 * (the first plain argument), switches (`-x`, `--flag`, `--flag=value`; after a lone `--` every
 * argument is a path), the app's own paths and URLs other than `file:` (which become paths).
 * Nothing is checked on disk here.
 */
export function pathsFromArgv(argv: readonly string[], ctx: ArgvContext): string[] {
  const own = new Set((ctx.appPaths ?? []).map((p) => resolve(ctx.cwd, p)));
  const out: string[] = [];
  let entrySkipped = ctx.isPackaged;
  let switchesOver = false;
  for (const raw of argv.slice(1)) {
    if (typeof raw !== 'string' || raw.length === 0) continue;
    if (!switchesOver && raw === '--') {
      switchesOver = true;
      continue;
    }
    if (!switchesOver && raw.startsWith('-')) continue;
    if (!entrySkipped) {
      entrySkipped = true;
      continue;
    }
    const path = toPath(raw, ctx.cwd);
    if (!path || own.has(path) || out.includes(path)) continue;
    out.push(path);
    if (out.length >= MAX_OPENED_FILES) break;
  }
  return out;
}

function toPath(arg: string, cwd: string): string | null {
  const scheme = URL_SCHEME.exec(arg)?.[1]?.toLowerCase();
  // one letter before ':' is a Windows drive (C:\…), not a URL scheme
  if (scheme && scheme.length > 1) {
    if (scheme !== 'file') return null;
    try {
      return fileURLToPath(arg);
    } catch {
      return null;
    }
  }
  if (arg.includes('\0')) return null;
  return isAbsolute(arg) ? resolve(arg) : resolve(cwd, arg);
}

export interface OpenedFilesOptions {
  registry: Pick<FileRegistry, 'register'>;
  /**
   * Pushes newly registered files to the renderer (`filesOpened`); answers false when no window
   * could take them (they stay queued for the next `take`).
   */
  deliver(files: FileInfo[]): boolean;
  log?(line: string): void;
}

/** The queue between the OS handing files over and the renderer showing the chooser. */
export class OpenedFiles {
  private pending: FileInfo[] = [];
  /** The current window's renderer has asked once: later files are pushed, not queued. */
  private rendererAsked = false;
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly opts: OpenedFilesOptions) {}

  /** Registers the paths (in order, one at a time) and queues or pushes those that are audio. */
  add(paths: readonly string[], from: string): Promise<FileInfo[]> {
    const list = paths.slice(0, MAX_OPENED_FILES);
    const run = this.tail.then(() => this.registerAll(list, from));
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** The files waiting for the renderer (once pending registrations settled); empties the queue. */
  async take(): Promise<FileInfo[]> {
    await this.tail;
    this.rendererAsked = true;
    const files = this.pending;
    this.pending = [];
    return files;
  }

  /** A new window (a fresh renderer) is loading: queue until it asks. */
  windowOpened(): void {
    this.rendererAsked = false;
  }

  get waiting(): number {
    return this.pending.length;
  }

  private async registerAll(paths: readonly string[], from: string): Promise<FileInfo[]> {
    const got: FileInfo[] = [];
    for (const path of paths) {
      try {
        got.push(await this.opts.registry.register(path, 'audio'));
      } catch (e) {
        // English only: the log's words (the creator sees nothing for a file that did not open)
        const why = e instanceof Error ? e.message : 'not an audio file';
        this.opts.log?.(`[open-with] ${from}: not opened: ${why}`);
      }
    }
    if (got.length === 0) return got;
    if (this.rendererAsked && this.opts.deliver(got)) return got;
    this.pending = [...this.pending, ...got].slice(-MAX_OPENED_FILES);
    return got;
  }
}
