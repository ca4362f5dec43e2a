/**
 * "Open logs folder" and "Copy diagnostic report" as shell functions: the Account panel reaches
 * them over IPC (handlers/diagnostics.ts) and a menu can call them directly. The report is built
 * by services/diagnostics and goes from main to the clipboard; it never crosses IPC.
 */
import { mkdir } from 'node:fs/promises';
import type { App, Clipboard, Shell } from 'electron';
import { appError } from '@shared/app-error';
import { keyOrigin } from '../services/account';
import type { Core } from '../services/core';
import {
  buildDiagnosticReport,
  formatDiagnosticReport,
  type DiagnosticReport,
} from '../services/diagnostics';
import { logger } from '../services/log';

const log = logger('diagnostics');

export interface ShellDiagnostics {
  readonly logsDir: string;
  /** Opens the logs folder in the file manager. */
  openLogsFolder(): Promise<void>;
  buildReport(): Promise<DiagnosticReport>;
  /** Builds the report, puts its text on the clipboard and answers the text. */
  copyReport(): Promise<string>;
}

export interface ShellDiagnosticsOptions {
  core: Pick<Core, 'paths' | 'settings' | 'keys' | 'jobsHost'>;
  env: NodeJS.ProcessEnv;
  logsDir: string;
  app: Pick<App, 'getVersion'>;
  shell: Pick<Shell, 'openPath'>;
  clipboard: Pick<Clipboard, 'writeText'>;
}

export function createShellDiagnostics(opts: ShellDiagnosticsOptions): ShellDiagnostics {
  const { core } = opts;
  const buildReport = (): Promise<DiagnosticReport> =>
    buildDiagnosticReport({
      process: 'app',
      appVersion: opts.app.getVersion(),
      ...(process.versions.electron ? { electronVersion: process.versions.electron } : {}),
      ...(process.versions.chrome ? { chromeVersion: process.versions.chrome } : {}),
      settings: core.settings,
      env: opts.env,
      dataDir: core.paths.dataDir,
      logsDir: opts.logsDir,
      jobs: async () => (await core.jobsHost.runtime()).jobs.list(),
      keyStorage: async () =>
        (await core.keys.describe(keyOrigin(core.settings.baseUrl()))).storage,
    });
  return {
    logsDir: opts.logsDir,
    async openLogsFolder() {
      await mkdir(opts.logsDir, { recursive: true });
      const failure = await opts.shell.openPath(opts.logsDir);
      if (failure) {
        log.warn('the logs folder could not be opened', { reason: failure });
        throw appError('io', 'errors:logs.folderUnopened', { folder: opts.logsDir });
      }
    },
    buildReport,
    async copyReport() {
      const text = formatDiagnosticReport(await buildReport());
      await opts.clipboard.writeText(text);
      log.info('diagnostic report copied', { chars: text.length });
      return text;
    },
  };
}
