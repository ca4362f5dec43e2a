import { z } from 'zod';
import type { MessageParams } from './i18n/english';

export type { MessageParams };

/** A message as a catalog key and its parameters. */
export interface KeyedMessage {
  key: string;
  params?: MessageParams;
}

/**
 * Every failure that crosses a boundary (service client → jobs → IPC → renderer, or → CLI output)
 * is an AppError value with a stable code. Messages are written for creators, not developers.
 */
export const ERROR_CODES = [
  'no_key', // no API key stored
  'auth', // 401/403: key missing or invalid
  'key_disabled', // key_status != 0
  'entitlement', // a counter ran out; `counter` names it
  'validation', // client-side or 422; `fields` maps form field -> message
  'in_band', // HTTP 200 with a failing envelope status
  'bad_response', // the service answered something we cannot read
  'network', // offline, DNS, connection refused/reset
  'timeout',
  'server', // 5xx
  'not_found',
  'cancelled', // the user cancelled
  'invalid_argument', // an IPC argument failed its schema
  'forbidden', // a request the app refuses (sender, path, URL policy)
  'io', // local file system failure
  'busy', // another process holds the lock
  'internal',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Entitlement counters named in key info. */
export const COUNTERS = [
  'key_words_counts',
  'key_clone_voices',
  'key_cover_counts',
  'key_vc_counts',
  'key_music_counts',
  'key_singing_credits',
] as const;
export const CounterSchema = z.enum(COUNTERS);
export type Counter = z.infer<typeof CounterSchema>;

export const COUNTER_LABELS: Record<Counter, string> = {
  key_words_counts: 'text-to-speech words',
  key_clone_voices: 'voice clones',
  key_cover_counts: 'covers',
  key_vc_counts: 'voice conversions',
  key_music_counts: 'songs',
  key_singing_credits: 'singing credits',
};

/** A message as its catalog key and parameters (the renderer says it in the app's language). */
export const KeyedMessageSchema = z.object({
  key: z.string().max(200),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const AppErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  counter: CounterSchema.optional(),
  httpStatus: z.number().int().optional(),
  /**
   * The message's catalog key (`errors:…`) and parameters: the renderer shows it in the app's
   * language; `message` stays English (log, CLI, older records). Absent on messages not yet keyed.
   */
  key: z.string().max(200).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Each field's message as a key and parameters (`fields` holds its English words). */
  fieldKeys: z.record(z.string(), KeyedMessageSchema).optional(),
});
export type AppErrorShape = z.infer<typeof AppErrorSchema>;

/** Throwable form of AppErrorShape, used inside main and the CLI. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly counter?: Counter;
  readonly httpStatus?: number;
  /** Raw service response (never sent to the renderer; kept in job records for diagnosis). */
  readonly raw?: unknown;
  /**
   * For the log only, never the UI: the low-level code and the endpoint (e.g.
   * "ECONNREFUSED POST /v2/submit"). Not part of the shape that crosses IPC.
   */
  readonly detail?: string;
  /** The message's catalog key and parameters (see AppErrorSchema). */
  readonly key?: string;
  readonly params?: MessageParams;
  readonly fieldKeys?: Record<string, KeyedMessage>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: {
      fields?: Record<string, string>;
      counter?: Counter;
      httpStatus?: number;
      raw?: unknown;
      cause?: unknown;
      detail?: string;
      key?: string;
      params?: MessageParams;
      fieldKeys?: Record<string, KeyedMessage>;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'AppError';
    this.code = code;
    if (extra.fields) this.fields = extra.fields;
    if (extra.counter) this.counter = extra.counter;
    if (extra.httpStatus !== undefined) this.httpStatus = extra.httpStatus;
    if (extra.raw !== undefined) this.raw = extra.raw;
    if (extra.detail !== undefined) this.detail = extra.detail;
    if (extra.key !== undefined) this.key = extra.key;
    if (extra.params !== undefined && Object.keys(extra.params).length > 0)
      this.params = extra.params;
    if (extra.fieldKeys) this.fieldKeys = extra.fieldKeys;
  }

  toShape(): AppErrorShape {
    const shape: AppErrorShape = { code: this.code, message: this.message };
    if (this.fields) shape.fields = this.fields;
    if (this.counter) shape.counter = this.counter;
    if (this.httpStatus !== undefined) shape.httpStatus = this.httpStatus;
    if (this.key) shape.key = this.key;
    if (this.params) shape.params = this.params;
    if (this.fieldKeys) shape.fieldKeys = this.fieldKeys;
    return shape;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

const INTERNAL_MESSAGE = 'Something went wrong inside Cadenza. Please try again.';

/** Turns anything thrown into an AppErrorShape without leaking internals. */
export function toErrorShape(e: unknown): AppErrorShape {
  if (e instanceof AppError) return e.toShape();
  // the English words of errors:internal (catalogs are not bundled here: the preload uses this)
  return { code: 'internal', message: INTERNAL_MESSAGE, key: 'errors:internal' };
}

/** Form field -> message, keyed by the input's own field names (the renderer shows them in place). */
export type FieldErrors = Record<string, string>;

/**
 * The one mapping from field messages to an error: 'validation' with the fields, its message the
 * only field's message or else the summary. Undefined when no field has a message.
 */
export function fieldsError(
  fields: FieldErrors,
  summary = FIELDS_SUMMARY,
  keys: FieldKeys = {},
): AppError | undefined {
  const names = Object.keys(fields);
  if (names.length === 0) return undefined;
  // the message is the only field's (its key too), else the summary (keyed when it is the usual one)
  const only = names.length === 1 ? keys.fieldKeys?.[names[0]!] : undefined;
  const key =
    names.length === 1
      ? only?.key
      : (keys.summaryKey ?? (summary === FIELDS_SUMMARY ? 'errors:fieldsSummary' : undefined));
  return new AppError('validation', names.length === 1 ? fields[names[0]!]! : summary, {
    fields,
    ...(keys.fieldKeys ? { fieldKeys: keys.fieldKeys } : {}),
    ...(key ? { key, ...(only?.params ? { params: only.params } : {}) } : {}),
  });
}

/** The English words of errors:fieldsSummary (the catalogs are not bundled here). */
const FIELDS_SUMMARY = 'Some fields need attention before this can be sent.';

/** Field messages as keys (for the renderer) and the summary's key, beside their English words. */
export interface FieldKeys {
  fieldKeys?: Record<string, KeyedMessage>;
  summaryKey?: string;
}

/** Throws fieldsError(fields, summary, keys) when any field has a message. */
export function refuseFields(fields: FieldErrors, summary?: string, keys?: FieldKeys): void {
  const e = fieldsError(fields, summary, keys);
  if (e) throw e;
}

/** One field's message as a validation error (keyed when `keyed` gives its key). */
export const fieldError = (field: string, message: string, keyed?: KeyedMessage): AppError =>
  new AppError('validation', message, {
    fields: { [field]: message },
    ...(keyed ? { key: keyed.key, fieldKeys: { [field]: keyed } } : {}),
    ...(keyed?.params ? { params: keyed.params } : {}),
  });
