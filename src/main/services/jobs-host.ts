/**
 * The library and jobs tracker of one process (core.openJobs) over its lifetime: opened on first
 * use (or when the app is ready), reopened on another folder when the user changes the library
 * folder, closed on quit (which releases the data-folder lock for the other process). Its events
 * outlive a reopen, so the shell and the feature services subscribe once.
 */
import type { JobSummary } from '@shared/domain/jobs';
import type { LibraryChange } from '@shared/domain/library';
import { appError } from '@shared/app-error';
import type { JobsService } from './jobs';
import type { Library } from './library/library';
import { TypedEmitter } from './ground/events';
import { logger } from './log';

const log = logger('jobs');

/** The library and the jobs service over it, opened together and closed together. */
export interface JobsRuntime {
  readonly library: Library;
  readonly jobs: JobsService;
  close(): Promise<void>;
}

export interface JobsHostEvents extends Record<string, unknown> {
  'job-updated': JobSummary;
  'job-finished': JobSummary;
  'library-changed': LibraryChange;
}

export interface JobsHostOptions {
  /** Opens a runtime on the folder the settings name now (core.openJobs with this process's options). */
  open(onLibrary?: (library: Library) => void): Promise<JobsRuntime>;
  /** How long closing waits for running work to settle before giving up (default 5 s). */
  closeTimeoutMs?: number;
}

export interface JobsHost {
  /** The open runtime (opens it on first use; waits for a start or a folder switch in progress). */
  runtime(): Promise<JobsRuntime>;
  /**
   * The library of the runtime that is open or opening, as soon as its open has started: for
   * answering a list's first rows while a large index still loads (`Library.whenListed`).
   */
  listing(): Promise<Library>;
  /** The library folder in use, or undefined before the first start finished. */
  libraryDir(): string | undefined;
  start(): Promise<JobsRuntime>;
  /** Closes the current runtime and opens one on the folder the settings name now. */
  reopen(): Promise<JobsRuntime>;
  /** Closes for good: later calls to runtime() fail with 'cancelled'. */
  stop(): Promise<void>;
  /** Job and library events of whichever runtime is open; returns the unsubscribe function. */
  on<K extends keyof JobsHostEvents>(name: K, listener: (p: JobsHostEvents[K]) => void): () => void;
}

export function createJobsHost(options: JobsHostOptions): JobsHost {
  const emitter = new TypedEmitter<JobsHostEvents>();
  let opening: Promise<JobsRuntime> | null = null;
  let current: JobsRuntime | null = null;
  let offs: Array<() => void> = [];
  let stopped = false;
  /** The library of the runtime being opened, from the moment its open starts. */
  let early: Library | null = null;
  let earlyWaiters: Array<(library: Library) => void> = [];

  async function open(): Promise<JobsRuntime> {
    const rt = await options
      .open((library) => {
        early = library;
        for (const w of earlyWaiters.splice(0)) w(library);
      })
      .finally(() => {
        early = null;
        earlyWaiters = [];
      });
    offs = [
      rt.jobs.on('job-updated', (j) => emitter.emit('job-updated', j)),
      rt.jobs.on('job-finished', (j) => emitter.emit('job-finished', j)),
      rt.library.on('changed', (c) => emitter.emit('library-changed', c)),
    ];
    current = rt;
    return rt;
  }

  async function close(): Promise<void> {
    const rt = current;
    current = null;
    for (const off of offs.splice(0)) off();
    if (!rt) return;
    const timeoutMs = options.closeTimeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      rt.close().catch((e: unknown) => log.error('jobs did not close cleanly', e)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  const host: JobsHost = {
    runtime() {
      if (stopped) return Promise.reject(appError('cancelled', 'errors:closing'));
      if (opening) return opening;
      if (current) return Promise.resolve(current);
      return host.start();
    },
    async listing() {
      if (!opening && current) return current.library;
      const pending = opening ?? host.runtime();
      if (early) return early;
      return Promise.race([
        pending.then((r) => r.library),
        new Promise<Library>((resolve) => earlyWaiters.push(resolve)),
      ]);
    },
    libraryDir: () => current?.library.dir,
    start() {
      opening ??= open().finally(() => {
        opening = null;
      });
      return opening;
    },
    reopen() {
      const previous = opening ?? Promise.resolve(current);
      opening = previous
        .catch(() => null)
        .then(() => close())
        .then(() => open())
        .finally(() => {
          opening = null;
        });
      return opening;
    },
    async stop() {
      stopped = true;
      await opening?.catch(() => undefined);
      await close();
    },
    on: (name, listener) => emitter.on(name, listener),
  };
  return host;
}
