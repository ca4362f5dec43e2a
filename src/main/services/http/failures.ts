import { AppError, type Counter } from '@shared/errors';
import { isObject, str } from '../ground/lenient';

/**
 * Turns whatever a request threw (undici's errors, socket errors, the policy's own aborts) into an
 * AppError a creator can read. Nothing the network does escapes as anything else.
 */

/** What a call is for, so its failures can say what could not be done. */
export interface CallContext {
  /** What the creator was doing, completing "could not …": e.g. "create the song". */
  action: string;
  /** The counter this endpoint spends, named when an entitlement runs out. */
  counter?: Counter;
  /** Service field name -> the input's field name, for 422 details. */
  fieldNames?: Record<string, string>;
  /** A POST that may have spent an entitlement even when no answer arrived. */
  mayCharge?: boolean;
}

/** Said only when the request reached the service (docs/writing.md, "Charges"). */
const CHARGE_NOTE = 'It may have been charged: check your library and credits before trying again.';

export function chargeNote(ctx: CallContext, sent = true): string {
  return ctx.mayCharge && sent ? ` ${CHARGE_NOTE}` : '';
}

/**
 * Low-level failures that happen before a single byte of the request leaves this computer: the
 * service was never asked, so nothing can have been charged.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

/**
 * The network works but the service's host does not take the connection: something there refused
 * it (nothing listens, the service is down) or no route leads to that one host. No network at all
 * (no route anywhere, no name lookups) keeps "Check your internet connection".
 */
const HOST_DOWN_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH']);

/** The low-level code of a thrown connection error (undici puts it on the error or its cause). */
function connectionCode(cause: unknown): string | undefined {
  if (!isObject(cause)) return undefined;
  const own = str(cause.code);
  if (own && own !== 'UND_ERR_SOCKET') return own;
  return (isObject(cause.cause) ? str(cause.cause.code) : undefined) ?? own;
}

/** Whether a connection failure happened before the request could reach the service. */
function neverSent(cause: unknown): boolean {
  const code = connectionCode(cause);
  return code !== undefined && NOT_SENT_CODES.has(code);
}

export function timeoutError(
  ctx: CallContext,
  timeoutMs: number | undefined,
  raw?: unknown,
  where?: { endpoint?: string },
): AppError {
  const after = timeoutMs ? ` after ${seconds(timeoutMs)}` : '';
  const extra: ConstructorParameters<typeof AppError>[2] = {};
  if (raw !== undefined) extra.raw = raw;
  if (where?.endpoint) extra.detail = `timeout ${where.endpoint}`;
  const key = chargeNote(ctx) ? 'errors:service.timeoutCharged' : 'errors:service.timeout';
  return new AppError(
    'timeout',
    `The service did not answer in time${after}, so Cadenza could not ${ctx.action}.${chargeNote(ctx)}`,
    { ...extra, key },
  );
}

/** Said when the service's host does not answer though the network works (issue 29, point 8). */
const HOST_DOWN_ADVICE =
  'Your network works; try again later, or check the service address in Account.';

/**
 * A connection that failed. The code and endpoint go to `detail` (the log); the message says
 * whether anything may have been charged: a refused or unresolvable connection sent nothing. A
 * refused one names the host that did not answer, so "the service is down" reads differently
 * from "no internet".
 */
function networkError(
  ctx: CallContext,
  cause: unknown,
  endpoint?: string,
  host?: string,
): AppError {
  const code = connectionCode(cause);
  const sent = !neverSent(cause);
  const detail = [code ?? 'network error', endpoint].filter(Boolean).join(' ');
  if (host && code && HOST_DOWN_CODES.has(code))
    return new AppError(
      'network',
      `The service at ${host} isn't answering, so Cadenza could not ${ctx.action}. ${HOST_DOWN_ADVICE}`,
      { cause, detail, key: 'errors:service.hostDown', params: { host } },
    );
  return new AppError(
    'network',
    `Cadenza couldn't reach the service, so it could not ${ctx.action}. Check your internet connection.${chargeNote(ctx, sent)}`,
    {
      cause,
      detail,
      key: chargeNote(ctx, sent) ? 'errors:service.networkCharged' : 'errors:service.network',
    },
  );
}

export const cancelledError = (): AppError =>
  new AppError('cancelled', 'Cancelled.', { key: 'errors:cancelled' });

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
  /** Host (and port) asked, named when it does not answer though the network works. */
  host?: string;
}

/** A wait in English words for the log and the CLI ("1 second", "30 seconds", "2 minutes"), by Intl. */
const seconds = (ms: number): string => {
  const s = Math.max(1, Math.round(ms / 1000));
  const [value, unit] = s % 60 === 0 && s >= 120 ? [s / 60, 'minute'] : [s, 'second'];
  return new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'long' }).format(value);
};

/** The translated words of a failure: the charged variant when the request may have cost. */
const keyOf = (ctx: CallContext, key: string, charged: string): string =>
  chargeNote(ctx) ? charged : key;

export function shortBodyError(ctx: CallContext, got: number, announced: number): AppError {
  return new AppError(
    'network',
    `The connection closed after ${got} of ${announced} bytes, so Cadenza could not ${ctx.action}. Try again.${chargeNote(ctx)}`,
    { key: keyOf(ctx, 'errors:service.broken', 'errors:service.brokenCharged') },
  );
}

export function tooLargeError(ctx: CallContext, maxBytes: number): AppError {
  const mb = Math.max(1, Math.round(maxBytes / 1048576));
  return new AppError(
    'bad_response',
    `The answer is larger than the ${mb} MB Cadenza accepts here, so it could not ${ctx.action}.`,
    { key: 'errors:service.tooLarge', params: { mb } },
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
      { key: keyOf(ctx, 'errors:service.timeout', 'errors:service.timeoutCharged') },
    );
  if (f.stop === 'slow') {
    const kb = Math.max(1, Math.round(f.minBytesPerSecond / 1024));
    return new AppError(
      'timeout',
      `The server sent data too slowly (under ${kb} KB a second for ${seconds(f.throughputWindowMs)}), so Cadenza stopped and could not ${ctx.action}. Try again later.`,
      { key: 'errors:service.tooSlow' },
    );
  }
  if (e instanceof AppError) return e;
  const code = isObject(e) ? str(e.code) : undefined;
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      if (f.host)
        // no answer at all is not a refusal: with no network but a route still set up, a
        // connection times out the same way, so it names the host without claiming the network works
        return new AppError(
          'timeout',
          `The service at ${f.host} did not accept a connection within ${seconds(f.connectMs)}, so Cadenza could not ${ctx.action}. Either your internet connection or the service is down: check your connection and try again; if other sites work, check the service address in Account.`,
          { key: 'errors:service.connectTimeout', params: { host: f.host } },
        );
      return new AppError(
        'timeout',
        `The server did not accept a connection within ${seconds(f.connectMs)}, so Cadenza could not ${ctx.action}. Check your internet connection.`,
        { key: 'errors:service.network' },
      );
    case 'UND_ERR_HEADERS_TIMEOUT':
      return timeoutError(ctx, f.idleMs);
    case 'UND_ERR_BODY_TIMEOUT':
      return new AppError(
        'timeout',
        `The server stopped sending for ${seconds(f.idleMs)}, so Cadenza could not ${ctx.action}. Try again.${chargeNote(ctx)}`,
        { key: keyOf(ctx, 'errors:service.stalled', 'errors:service.stalledCharged') },
      );
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return new AppError(
        'network',
        `The answer did not match its announced size, so Cadenza could not ${ctx.action}. Try again.${chargeNote(ctx)}`,
        { key: keyOf(ctx, 'errors:service.broken', 'errors:service.brokenCharged') },
      );
  }
  if (code?.startsWith('HPE_') && !f.inBody)
    return new AppError(
      'bad_response',
      `The server's answer was not valid HTTP, so Cadenza could not ${ctx.action}.${chargeNote(ctx)}`,
      { key: keyOf(ctx, 'errors:service.unreadable', 'errors:service.unreadableCharged') },
    );
  if (f.inBody)
    return new AppError(
      'network',
      `The connection broke before the whole answer arrived, so Cadenza could not ${ctx.action}. Try again.${chargeNote(ctx)}`,
      { key: keyOf(ctx, 'errors:service.broken', 'errors:service.brokenCharged') },
    );
  // a refused or unresolvable connection sent nothing: networkError leaves out the charge note
  return networkError(ctx, e, f.endpoint, f.host);
}
