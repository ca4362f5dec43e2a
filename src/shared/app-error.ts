/**
 * An AppError whose message is a catalog key: its `message` is the English text (the log and the
 * CLI keep English), its key and parameters travel with it so the renderer says it in the app's
 * language (errorText() in renderer/i18n). Kept apart from errors.ts so the preload and the
 * renderer's first screen do not bundle the English catalogs.
 *
 *   throw appError('io', 'errors:settingsUnsaved', {}, { cause: e });
 */
import { AppError, type ErrorCode, type KeyedMessage, type MessageParams } from './errors';
import { englishText } from './i18n/english';

export function appError(
  code: ErrorCode,
  key: string,
  params: MessageParams = {},
  extra: Omit<NonNullable<ConstructorParameters<typeof AppError>[2]>, 'key' | 'params'> = {},
): AppError {
  return new AppError(code, englishText(key, params), { ...extra, key, params });
}

/**
 * An error said inside a sentence of its own (`{{reason}}` in the key's words, e.g. "{{title}}:
 * {{reason}}"): in English the wrapped error's message goes in; in the app's language its key's
 * words do (`reasonKey`, with its parameters, translated by errorText in the renderer).
 */
export function wrapError(
  code: ErrorCode,
  inner: AppError,
  key: string,
  params: MessageParams = {},
  extra: Omit<NonNullable<ConstructorParameters<typeof AppError>[2]>, 'key' | 'params'> = {},
): AppError {
  const all: MessageParams = {
    ...(inner.key ? { ...inner.params, reasonKey: inner.key } : {}),
    ...params,
    reason: inner.message,
  };
  return new AppError(code, englishText(key, all), { ...extra, key, params: all });
}

/**
 * Form fields whose messages are keys (`fields` gets their English words, `fieldKeys` the keys):
 *   appError('not_found', 'errors:…', {}, keyedFields({ source: { key: 'errors:fields.…' } }))
 */
export function keyedFields(fieldKeys: Record<string, KeyedMessage>): {
  fields: Record<string, string>;
  fieldKeys: Record<string, KeyedMessage>;
} {
  const fields: Record<string, string> = {};
  for (const [name, m] of Object.entries(fieldKeys)) fields[name] = englishText(m.key, m.params);
  return { fields, fieldKeys };
}
