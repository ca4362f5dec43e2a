/**
 * The main process's last line of defence. An unhandled rejection is logged and the app carries
 * on (one failed promise must not take the studio down). An uncaught exception leaves the process
 * in an unknown state: it is logged, the job store is flushed (running work settles, records are
 * written and the data-folder lock is released, within a deadline), the log reaches the disk and
 * the app relaunches — unless it crashed right after starting, where a relaunch would only loop.
 */
import type { App } from 'electron';
import { logger } from '../services/log';

const log = logger('process');

export interface ProcessHandlerOptions {
  /** `process` (an EventEmitter with the two events). */
  proc: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  app: Pick<App, 'relaunch' | 'exit'>;
  /** Flushes the job store: settles running work and releases the data-folder lock. */
  flushJobs(): Promise<void>;
  /** Writes the log to disk. */
  flushLog(): void;
  /** How long the job store may take (default 5 s). */
  flushTimeoutMs?: number;
  /** A crash sooner than this after start exits without relaunching (default 15 s). */
  minUptimeMs?: number;
  startedAtMs?: number;
  now?: () => number;
}

/** Installs both handlers; returns a function that removes them (on quit). */
export function installProcessHandlers(opts: ProcessHandlerOptions): () => void {
  const now = opts.now ?? Date.now;
  const startedAtMs = opts.startedAtMs ?? now();
  let crashing = false;

  const onRejection = (reason: unknown): void => {
    log.error(
      'unhandled rejection (the app carries on)',
      reason instanceof Error ? reason : { reason: String(reason) },
    );
  };

  const onException = (error: unknown): void => {
    log.fatal('uncaught exception', error instanceof Error ? error : { reason: String(error) });
    if (crashing) return; // a second one while flushing: the first is already ending the app
    crashing = true;
    void crash();
  };

  async function crash(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), opts.flushTimeoutMs ?? 5000);
    });
    const flushed = await Promise.race([
      opts.flushJobs().then(
        () => 'flushed' as const,
        (e: unknown) => {
          log.error('the job store could not be flushed', e);
          return 'failed' as const;
        },
      ),
      deadline,
    ]);
    clearTimeout(timer);
    const uptimeMs = now() - startedAtMs;
    const relaunch = uptimeMs >= (opts.minUptimeMs ?? 15_000);
    log.fatal(relaunch ? 'relaunching after a crash' : 'quitting after a crash at start', {
      jobs: flushed,
      uptimeMs,
    });
    opts.flushLog();
    if (relaunch) opts.app.relaunch();
    opts.app.exit(1);
  }

  opts.proc.on('unhandledRejection', onRejection);
  opts.proc.on('uncaughtException', onException);
  return () => {
    opts.proc.off('unhandledRejection', onRejection);
    opts.proc.off('uncaughtException', onException);
  };
}
