import { AppError, COUNTER_LABELS, type Counter } from '@shared/errors';
import { isObject, num, redact, str, type Json } from '../ground/lenient';
import { chargeNote, timeoutError, type CallContext } from '../http/failures';

export type { CallContext } from '../http/failures';

/**
 * The one mapping from service failures to AppErrors with messages a creator understands.
 * The raw body is kept in `raw` (with the key removed) for the job record.
 */

export const AUTH_MESSAGE = "The service didn't accept your API key.";

const ENTITLEMENT_CODES = new Set([400015]);

/** The translated message of an exhausted counter (errors namespace). */
const ENTITLEMENT_KEYS: Record<Counter, string> = {
  key_words_counts: 'errors:service.entitlement.words',
  key_clone_voices: 'errors:service.entitlement.clones',
  key_cover_counts: 'errors:service.entitlement.covers',
  key_vc_counts: 'errors:service.entitlement.conversions',
  key_music_counts: 'errors:service.entitlement.songs',
  key_singing_credits: 'errors:service.entitlement.singing',
};
const ENTITLEMENT_WORDS = /left counts?|insufficient|quota|credit|subscription|权益不足/i;

/** Whether a failure after the request went out may have charged (docs/writing.md, "Charges"). */
const charges = (ctx: CallContext): boolean => chargeNote(ctx) !== '';

/** A refusal: the translated message takes the service's words as they came. */
function refusalError(
  ctx: CallContext,
  said: string | undefined,
  extra: { httpStatus?: number; raw: unknown; detail?: string },
): AppError {
  return new AppError('in_band', `The service could not ${ctx.action}${said ? `: ${said}` : '.'}`, {
    ...extra,
    key: said ? 'errors:service.refusedSaid' : 'errors:service.refused',
    ...(said ? { params: { said } } : {}),
  });
}

/** The key was not accepted (401/403, or the envelope said so). */
const authError = (extra: { httpStatus?: number; raw: unknown }): AppError =>
  new AppError('auth', AUTH_MESSAGE, { ...extra, key: 'errors:service.auth' });

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
  // the translated words name the counter; the service's own words stay in raw and the log
  const text =
    `Your key has no ${what} left, so the service could not ${ctx.action}.` +
    ' Check the remaining balance on the Account page.' +
    (message ? ` (The service said: “${message}”)` : '');
  const extra: ConstructorParameters<typeof AppError>[2] = { raw };
  if (ctx.counter) extra.counter = ctx.counter;
  if (httpStatus !== undefined) extra.httpStatus = httpStatus;
  const key = ctx.counter ? ENTITLEMENT_KEYS[ctx.counter] : 'errors:service.entitlementAny';
  return new AppError('entitlement', text, { ...extra, key });
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
  if (status === 401) return authError({ httpStatus, raw });
  if (
    isEntitlementFailure(num(isObject(body) ? body.status : undefined), message) &&
    status !== 404 &&
    status < 500
  ) {
    return entitlementError(ctx, message, raw, status);
  }
  if (status === 403) return authError({ httpStatus, raw });
  if (status === 422) {
    const fields = validationFields(raw, ctx.fieldNames);
    const list = Object.entries(fields)
      .map(([f, m]) => `${f}: ${m}`)
      .join('; ');
    return new AppError(
      'validation',
      `The service did not accept the request${list ? ` — ${list}` : ''}.`,
      { fields, httpStatus, raw, key: 'errors:service.rejected' },
    );
  }
  if (status === 404)
    return new AppError(
      'not_found',
      `The service could not find what was asked for, so it could not ${ctx.action}.`,
      { httpStatus, raw, key: 'errors:service.notFound' },
    );
  if (status === 408) return timeoutError(ctx, undefined, raw);
  if (status === 429)
    return new AppError(
      'server',
      `The service is busy right now and could not ${ctx.action}. Try again in a minute.`,
      { httpStatus, raw, key: 'errors:service.busy' },
    );
  if (status >= 500) {
    return new AppError(
      'server',
      `The service had a problem and could not ${ctx.action}. Try again in a moment.${chargeNote(ctx)}`,
      {
        httpStatus,
        raw,
        detail: `HTTP ${status}`,
        key: charges(ctx) ? 'errors:service.serverCharged' : 'errors:service.server',
      },
    );
  }
  return refusalError(ctx, message, { httpStatus, raw, detail: `HTTP ${status}` });
}

/** An envelope whose `status` is not 200 (HTTP 200 with an in-band failure). */
export function inBandFailure(body: Json, ctx: CallContext, key: string | undefined): AppError {
  const raw = redact(body, key);
  const message = serviceMessage(raw);
  const status = num(body.status ?? body.code);
  if (isEntitlementFailure(status, message)) {
    return entitlementError(ctx, message, raw);
  }
  if (status === 401 || status === 403) return authError({ raw });
  return refusalError(ctx, message, { raw });
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
    {
      raw: redact(raw, key),
      detail: what,
      key: charges(ctx) ? 'errors:service.unreadableCharged' : 'errors:service.unreadable',
    },
  );
}
