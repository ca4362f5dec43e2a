import { AppError, COUNTER_LABELS } from '@shared/errors';
import { isObject, num, redact, str, type Json } from '../ground/lenient';
import { chargeNote, timeoutError, type CallContext } from '../http/failures';

export type { CallContext } from '../http/failures';

/**
 * The one mapping from service failures to AppErrors with messages a creator understands.
 * The raw body is kept in `raw` (with the key removed) for the job record.
 */

export const AUTH_MESSAGE = "The service didn't accept your API key.";

const ENTITLEMENT_CODES = new Set([400015]);
const ENTITLEMENT_WORDS = /left counts?|insufficient|quota|credit|subscription|权益不足/i;

/** The human text a service body carries, wherever it put it. */
export function serviceMessage(body: unknown): string | undefined {
  if (typeof body === 'string') {
    // an HTML error page (a proxy's, a CDN's) says nothing a creator can use
    if (/^\s*</.test(body)) return undefined;
    return body.trim().slice(0, 500) || undefined;
  }
  if (!isObject(body)) return undefined;
  for (const name of ['message', 'msg', 'error', 'detail', 'error_message', 'errorMessage']) {
    const v = body[name];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 500);
    if (isObject(v)) {
      const inner = serviceMessage(v);
      if (inner) return inner;
    }
  }
  return undefined;
}

function isEntitlementFailure(status: number | undefined, message: string | undefined): boolean {
  if (status !== undefined && ENTITLEMENT_CODES.has(status)) return true;
  return message !== undefined && ENTITLEMENT_WORDS.test(message);
}

function entitlementError(
  ctx: CallContext,
  message: string | undefined,
  raw: unknown,
  httpStatus?: number,
): AppError {
  const what = ctx.counter ? COUNTER_LABELS[ctx.counter] : 'entitlements';
  const text =
    `Your key has no ${what} left, so the service could not ${ctx.action}.` +
    ' Check the remaining balance on the Account page.' +
    (message ? ` (The service said: “${message}”)` : '');
  const extra: ConstructorParameters<typeof AppError>[2] = { raw };
  if (ctx.counter) extra.counter = ctx.counter;
  if (httpStatus !== undefined) extra.httpStatus = httpStatus;
  return new AppError('entitlement', text, extra);
}

/** 422 `detail` items -> form field -> message (loc's last element names the field). */
function validationFields(
  body: unknown,
  fieldNames: Record<string, string> = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  const detail = isObject(body) ? body.detail : undefined;
  if (!Array.isArray(detail)) return fields;
  for (const item of detail) {
    if (!isObject(item)) continue;
    const loc = Array.isArray(item.loc) ? item.loc : [];
    const last = str(loc[loc.length - 1]) ?? 'form';
    const field = fieldNames[last] ?? last;
    const msg = str(item.msg) ?? 'Not accepted by the service.';
    fields[field] = fields[field] ? `${fields[field]} ${msg}` : msg;
  }
  return fields;
}

/** A non-2xx HTTP answer as an AppError. */
export function httpFailure(
  status: number,
  body: unknown,
  ctx: CallContext,
  key: string | undefined,
): AppError {
  const raw = redact(body, key);
  const message = serviceMessage(raw);
  const httpStatus = status;
  if (status === 401) return new AppError('auth', AUTH_MESSAGE, { httpStatus, raw });
  if (
    isEntitlementFailure(num(isObject(body) ? body.status : undefined), message) &&
    status !== 404 &&
    status < 500
  ) {
    return entitlementError(ctx, message, raw, status);
  }
  if (status === 403) return new AppError('auth', AUTH_MESSAGE, { httpStatus, raw });
  if (status === 422) {
    const fields = validationFields(raw, ctx.fieldNames);
    const list = Object.entries(fields)
      .map(([f, m]) => `${f}: ${m}`)
      .join('; ');
    return new AppError(
      'validation',
      `The service did not accept the request${list ? ` — ${list}` : ''}.`,
      { fields, httpStatus, raw },
    );
  }
  if (status === 404)
    return new AppError(
      'not_found',
      `The service could not find what was asked for, so it could not ${ctx.action}.`,
      { httpStatus, raw },
    );
  if (status === 408) return timeoutError(ctx, undefined, raw);
  if (status === 429)
    return new AppError(
      'server',
      `The service is busy right now and could not ${ctx.action}. Try again in a minute.`,
      { httpStatus, raw },
    );
  if (status >= 500) {
    return new AppError(
      'server',
      `The service had a problem and could not ${ctx.action}. Try again in a moment.${chargeNote(ctx)}`,
      { httpStatus, raw, detail: `HTTP ${status}` },
    );
  }
  return new AppError(
    'in_band',
    `The service could not ${ctx.action}${message ? `: ${message}` : '.'}`,
    { httpStatus, raw, detail: `HTTP ${status}` },
  );
}

/** An envelope whose `status` is not 200 (HTTP 200 with an in-band failure). */
export function inBandFailure(body: Json, ctx: CallContext, key: string | undefined): AppError {
  const raw = redact(body, key);
  const message = serviceMessage(raw);
  const status = num(body.status ?? body.code);
  if (isEntitlementFailure(status, message)) {
    return entitlementError(ctx, message, raw);
  }
  if (status === 401 || status === 403) return new AppError('auth', AUTH_MESSAGE, { raw });
  return new AppError(
    'in_band',
    `The service could not ${ctx.action}${message ? `: ${message}` : '.'}`,
    { raw },
  );
}

export function badResponse(
  ctx: CallContext,
  what: string,
  raw: unknown,
  key: string | undefined,
): AppError {
  return new AppError(
    'bad_response',
    `Cadenza couldn't read the service's answer, so it could not ${ctx.action}.${chargeNote(ctx)}`,
    { raw: redact(raw, key), detail: what },
  );
}
