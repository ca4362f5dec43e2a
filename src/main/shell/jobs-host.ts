/**
 * The app's library and jobs tracker (core.openJobs) over their lifetime: opened when the app is
 * ready, reopened on another folder when the user changes the library folder, closed on quit
 * (which releases the data-folder lock for the CLI). Events are forwarded to the shell.
 */
import type { JobSummary } from '@shared/domain/jobs';
import type { LibraryChange } from '@shared/domain/library';
import { AppError } from '@shared/errors';
import type { Core, JobsRuntime } from '../services/core';

export interface JobsHostEvents {
  jobUpdated(job: JobSummary): void;
  jobFinished(job: JobSummary): void;
  libraryChanged(change: LibraryChange): void;
}

export interface JobsHostOptions {
  core: Core;
  events: JobsHostEvents;
  trash?: (absolutePath: string) => Promise<void>;
  pollIntervalMs?: number;
  /** How long quitting waits for running work to settle before giving up (default 5 s). */
  closeTimeoutMs?: number;
}

export interface JobsHost {
  /** The open runtime (waits for a start or a folder switch in progress). */
  runtime(): Promise<JobsRuntime>;
  /** The library folder in use, or undefined before the first start finished. */
  libraryDir(): string | undefined;
  start(): Promise<JobsRuntime>;
  /** Closes the current runtime and opens one on the folder the settings name now. */
  reopen(): Promise<JobsRuntime>;
  stop(): Promise<void>;
}

export function createJobsHost(options: JobsHostOptions): JobsHost {
  const { core, events } = options;
  let opening: Promise<JobsRuntime> | null = null;
  let current: JobsRuntime | null = null;
  let offs: Array<() => void> = [];
  let stopped = false;

  async function open(): Promise<JobsRuntime> {
    const rt = await core.openJobs({
      holder: 'app',
      trash: options.trash,
      pollIntervalMs: options.pollIntervalMs,
    });
    offs = [
      rt.jobs.on('job-updated', (j) => events.jobUpdated(j)),
      rt.jobs.on('job-finished', (j) => events.jobFinished(j)),
      rt.library.on('changed', (c) => events.libraryChanged(c)),
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
      rt
        .close()
        .catch((e: unknown) =>
          console.error(
            `jobs did not close cleanly: ${e instanceof Error ? e.message : String(e)}`,
          ),
        ),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  const host: JobsHost = {
    runtime() {
      if (stopped) return Promise.reject(new AppError('cancelled', 'Cadenza is closing.'));
      if (opening) return opening;
      if (current) return Promise.resolve(current);
      return host.start();
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
  };
  return host;
}
