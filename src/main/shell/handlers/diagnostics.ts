/**
 * diagnostics:* — renderer errors into main's log (validated by the contract, size-limited there,
 * rate-limited here), and the Account panel's "Open logs folder" and "Copy diagnostic report".
 */
import type { RendererError } from '@shared/ipc/diagnostics';
import { logger } from '../../services/log';
import type { ShellDiagnostics } from '../diagnostics';
import type { NamespaceHandlers } from '../ipc';

const log = logger('renderer');

export interface RendererErrorLimit {
  /** Errors logged per window of time at most (default 20). */
  max?: number;
  windowMs?: number;
  now?: () => number;
}

/** Logs renderer errors, at most `max` per window; says how many were dropped when it reopens. */
export function createRendererErrorLog(limit: RendererErrorLimit = {}) {
  const max = limit.max ?? 20;
  const windowMs = limit.windowMs ?? 60_000;
  const now = limit.now ?? Date.now;
  let windowStart = now();
  let count = 0;
  let dropped = 0;
  return (error: RendererError): boolean => {
    const t = now();
    if (t - windowStart >= windowMs) {
      if (dropped > 0) log.warn('renderer errors were not logged (too many)', { dropped });
      windowStart = t;
      count = 0;
      dropped = 0;
    }
    if (count >= max) {
      dropped++;
      return false;
    }
    count++;
    const { kind, message, ...where } = error;
    log.error(
      `${kind === 'error' ? 'renderer error' : 'renderer unhandled rejection'}: ${message}`,
      where,
    );
    return true;
  };
}

export function diagnosticsHandlers(
  diagnostics: Pick<ShellDiagnostics, 'openLogsFolder' | 'copyReport'>,
  logRendererError: (error: RendererError) => boolean = createRendererErrorLog(),
): NamespaceHandlers<'diagnostics'> {
  return {
    reportRendererError(_ctx, error) {
      logRendererError(error);
      return null;
    },
    async openLogsFolder() {
      await diagnostics.openLogsFolder();
      return null;
    },
    async copyReport() {
      await diagnostics.copyReport();
      return null;
    },
  };
}
