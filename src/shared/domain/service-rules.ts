/**
 * The machinery of the service-input rules (service-inputs.ts, media-inputs.ts): a rule's message
 * with its catalog key beside its English words, schemas with rules, and the checks main, the CLI
 * and the renderer run on an input before anything is sent.
 */
import type { z } from 'zod';
import { refuseFields, type FieldErrors, type KeyedMessage, type MessageParams } from '../errors';

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export const charCount = (s: string): number => [...s].length;

/**
 * A rule's message: its catalog key (`errors:rules.*`) and parameters, which the renderer says in
 * the app's language, beside its English words (for main's log, the CLI and English). The words are
 * written here because the renderer's first screen imports these rules and must not bundle the
 * catalogs; test/unit/i18n/keyed-errors-inputs.test.ts holds them equal to the English catalog's.
 */
export interface RuleMessage extends KeyedMessage {
  english: string;
}

export const say = (key: string, english: string, params?: MessageParams): RuleMessage =>
  params ? { key, english, params } : { key, english };

/** A custom zod issue saying `m`: the English as its message, the key in its params. */
export const issueOf = (m: RuleMessage) =>
  ({
    code: 'custom',
    message: m.english,
    params: m.params ? { key: m.key, params: m.params } : { key: m.key },
  }) as const;

/** The key of an issue a rule made (undefined for zod's own issues). */
export function keyOf(issue: z.core.$ZodIssue): KeyedMessage | undefined {
  const params = issue.code === 'custom' ? issue.params : undefined;
  if (typeof params?.key !== 'string') return undefined;
  return params.params
    ? { key: params.key, params: params.params as MessageParams }
    : { key: params.key };
}

/**
 * Zod issues as form field -> message (the first message per field, the path joined with dots),
 * with each message's key where a rule gave one (`fieldText(checked, name)` in the renderer says it
 * in the app's language).
 */
export function checkFields(
  schema: z.ZodType,
  input: unknown,
): { fields: FieldErrors; fieldKeys: Record<string, KeyedMessage> } {
  const fields: FieldErrors = {};
  const fieldKeys: Record<string, KeyedMessage> = {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return { fields, fieldKeys };
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join('.') || 'input';
    if (name in fields) continue;
    fields[name] = issue.message;
    const keyed = keyOf(issue);
    if (keyed) fieldKeys[name] = keyed;
  }
  return { fields, fieldKeys };
}

/** The English messages of checkFields: form field -> message (empty when the input is fine). */
export function fieldErrorsOf(schema: z.ZodType, input: unknown): FieldErrors {
  return checkFields(schema, input).fields;
}

/**
 * Throws the validation AppError naming every field at fault, keyed; nothing when it is fine.
 * `summary` (what it says when several fields are at fault) is a rule message: English and key.
 */
export function refuseInput(schema: z.ZodType, input: unknown, summary?: RuleMessage): void {
  const { fields, fieldKeys } = checkFields(schema, input);
  refuseFields(fields, summary?.english, {
    fieldKeys,
    ...(summary ? { summaryKey: summary.key } : {}),
  });
}

/**
 * A name typed by the creator (a collection's, an item's): trimmed, refused empty or longer than
 * `max` with keyed messages, so the IPC refusal reads in the app's language.
 */
export const nameRule = (
  schema: z.ZodString,
  empty: RuleMessage,
  max: number,
  tooLong: RuleMessage,
): z.ZodString =>
  schema.trim().superRefine((s, ctx) => {
    if (s.length === 0) ctx.addIssue(issueOf(empty));
    else if (s.length > max) ctx.addIssue(issueOf(tooLong));
  });

export const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Adds a message to a form field (the first message per field is the one shown). */
export type AddIssue = (field: string, message: RuleMessage) => void;

/**
 * A schema with its rules: `check` runs on an input of the schema's shape and names the fields it
 * refuses, so the rules live in the schema that `fieldErrorsOf` and the IPC contract share.
 */
export function withRules<T extends z.ZodType>(
  schema: T,
  check: (input: z.output<T>, add: AddIssue) => void,
): T {
  return schema.superRefine((input, ctx) =>
    check(input, (field, message) => ctx.addIssue({ ...issueOf(message), path: [field] })),
  );
}
