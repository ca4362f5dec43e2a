/**
 * The CLI's process-level handlers: an unhandled rejection or an uncaught exception anywhere
 * (a timer, a stream callback) is logged with its stack and ends the command like any other
 * failure — exit code 1 and one line `cadenza: <reason>` on stderr, redacted — instead of Node's
 * stack dump.
 */
import { isAppError } from '@shared/errors';
import { logger, redactSecrets } from '../main/services/log';
import { GENERIC_FAILURE } from './failure';
import { oneLine } from './main';
import { terminalSafe } from './terminal';

const log = logger('cli');

export interface CrashHandlerOptions {
  proc: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  /** Ends the process (process.exit). */
  exit(code: number): void;
}

/** Installs the handlers; returns a function that removes them. */
export function installCliCrashHandlers(opts: CrashHandlerOptions): () => void {
  let handled = false;
  const fail = (what: string, error: unknown): void => {
    log.fatal(what, error instanceof Error ? error : { reason: String(error) });
    if (handled) return;
    handled = true;
    const reason = isAppError(error) ? oneLine(error.message) : GENERIC_FAILURE;
    let text = `cadenza: ${reason}\n`;
    if (opts.env.CADENZA_DEBUG === '1' && error instanceof Error && error.stack)
      text += `${error.stack}\n`;
    opts.stderr.write(terminalSafe(redactSecrets(text)));
    opts.exit(1);
  };
  const onRejection = (reason: unknown): void => fail('unhandled rejection', reason);
  const onException = (error: unknown): void => fail('uncaught exception', error);
  opts.proc.on('unhandledRejection', onRejection);
  opts.proc.on('uncaughtException', onException);
  return () => {
    opts.proc.off('unhandledRejection', onRejection);
    opts.proc.off('uncaughtException', onException);
  };
}
