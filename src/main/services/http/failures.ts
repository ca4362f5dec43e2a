import { AppError } from '@shared/errors';
import {
  CHARGE_NOTE,
  cancelledError,
  networkError,
  timeoutError,
  type CallContext,
} from '../api/errors';
import { isObject, str } from '../ground/lenient';

/**
 * Turns whatever a request threw (undici's errors, socket errors, the policy's own aborts) into an
 * AppError a creator can read. Nothing the network does escapes as anything else.
 */

/** Why the policy itself stopped a request. */
export type StopReason = 'cancelled' | 'deadline' | 'slow';

export interface FailureContext {
  ctx: CallContext;
  kind: 'call' | 'transfer';
  /** Whether the answer's headers had arrived (a failure now is a broken transfer). */
  inBody: boolean;
  stop: StopReason | undefined;
  deadlineMs: number;
  idleMs: number;
  connectMs: number;
  minBytesPerSecond: number;
  throughputWindowMs: number;
  /** Method and path, for the log (AppError.detail); never shown. */
  endpoint?: string;
}

const seconds = (ms: number): string => {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s % 60 === 0 && s >= 120) return `${s / 60} minutes`;
  return s === 1 ? '1 second' : `${s} seconds`;
};

/** Said only when the request reached the service (docs/writing.md, "Charges"). */
function chargeNote(ctx: CallContext): string {
  return ctx.mayCharge ? ` ${CHARGE_NOTE}` : '';
}

export function shortBodyError(ctx: CallContext, got: number, announced: number): AppError {
  return new AppError(
    'network',
    `The connection closed after ${got} of ${announced} bytes, so Cadenza could not ${ctx.action}. Try again.${chargeNote(ctx)}`,
  );
}

export function tooLargeError(ctx: CallContext, maxBytes: number): AppError {
  const mb = Math.max(1, Math.round(maxBytes / 1048576));
  return new AppError(
    'bad_response',
    `The answer is larger than the ${mb} MB Cadenza accepts here, so it could not ${ctx.action}.`,
  );
}

export function toAppError(e: unknown, f: FailureContext): AppError {
  const { ctx } = f;
  if (f.stop === 'cancelled') return cancelledError();
  if (f.stop === 'deadline' && f.kind === 'call') return timeoutError(ctx, f.deadlineMs);
  if (f.stop === 'deadline')
    return new AppError(
      'timeout',
      `It took longer than ${seconds(f.deadlineMs)} in all, so Cadenza stopped and could not ${ctx.action}.${chargeNote(ctx)}`,
    );
  if (f.stop === 'slow') {
    const kb = Math.max(1, Math.round(f.minBytesPerSecond / 1024));
    return new AppError(
      'timeout',
      `The server sent data too slowly (under ${kb} KB a second for ${seconds(f.throughputWindowMs)}), so Cadenza stopped and could not ${ctx.action}. Try again later.`,
    );
  }
  if (e instanceof AppError) return e;
  const code = isObject(e) ? str(e.code) : undefined;
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new AppError(
        'timeout',
        `The server did not accept a connection within ${seconds(f.connectMs)}, so Cadenza could not ${ctx.action}. Check your internet connection.`,
      );
    case 'UND_ERR_HEADERS_TIMEOUT':
      return timeoutError(ctx, f.idleMs);
    case 'UND_ERR_BODY_TIMEOUT':
      return new AppError(
        'timeout',
        `The server stopped sending for ${seconds(f.idleMs)}, so Cadenza could not ${ctx.action}. Try again.${chargeNote(ctx)}`,
      );
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return new AppError(
        'network',
        `The answer did not match its announced size, so Cadenza could not ${ctx.action}. Try again.${chargeNote(ctx)}`,
      );
  }
  if (code?.startsWith('HPE_') && !f.inBody)
    return new AppError(
      'bad_response',
      `The server's answer was not valid HTTP, so Cadenza could not ${ctx.action}.${chargeNote(ctx)}`,
    );
  if (f.inBody)
    return new AppError(
      'network',
      `The connection broke before the whole answer arrived, so Cadenza could not ${ctx.action}. Try again.${chargeNote(ctx)}`,
    );
  // a refused or unresolvable connection sent nothing: networkError leaves out the charge note
  return networkError(ctx, e, f.endpoint);
}
