/**
 * The renderer's way to i18next: `useTranslation` and `Trans` are react-i18next's own, reached
 * through this module so the first-screen script stays small — i18next and react-i18next live in
 * a chunk (./runtime.ts) that main.tsx loads before the first render, then binds here. Import them
 * from here, never from 'react-i18next' (a lint rule says so).
 *
 *   const { t } = useTranslation();
 *   t('settings:language.label')               // keys always carry their namespace
 *   t('common:items', { count: n })            // CLDR plurals: items_one, items_other…
 *   t('main:notify.ready', { name: title })     // creator content: {{name, bidi}} in the catalog
 */
import { createElement, useMemo, type ReactElement } from 'react';
import type * as ReactI18next from 'react-i18next';
import type { AppErrorShape } from '@shared/errors';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatFileSize,
  formatList,
  formatNumber,
  formatPercent,
  formatRelative,
  formatTime,
} from '@shared/i18n/format';
import { countWords } from '@shared/i18n/words';
import { intlLocaleOf, type AppLanguage } from '@shared/i18n/languages';

import { bound, currentLanguage, need, t } from './bound';

export { bindI18n, currentLanguage, i18n, reasonedText, t } from './bound';

/** react-i18next's module, as the runtime chunk bound it. */
const lib = (): typeof ReactI18next => need().lib as typeof ReactI18next;

export const useTranslation: typeof ReactI18next.useTranslation = ((
  ...args: Parameters<typeof ReactI18next.useTranslation>
) => lib().useTranslation(...args)) as typeof ReactI18next.useTranslation;

export function Trans(props: ReactI18next.TransProps<string>): ReactElement {
  return createElement(lib().Trans, props);
}

/** Loads the runtime chunk and starts i18next in `lang` (main.tsx, before the first render). */
export async function startI18n(lang: AppLanguage): Promise<void> {
  const runtime = await import('./runtime');
  await runtime.start(lang);
}

/**
 * Fetches every namespace of the app's language (the panels' words). A panel's chunk waits for it
 * (panels/lazy-panel.ts); main.tsx starts it right after the first frame.
 */
export async function loadAllNamespaces(): Promise<void> {
  const runtime = await import('./runtime');
  await runtime.loadAllNamespaces();
}

/** Switches the language at once (catalogs fetched on demand), `<html lang dir>` following. */
export async function switchLanguage(lang: AppLanguage): Promise<void> {
  const runtime = await import('./runtime');
  await runtime.switchTo(lang);
}

/**
 * Intl formatters bound to the app's language; re-renders when it changes.
 *   const f = useFormat(); f.date(item.createdAt); f.fileSize(bytes); f.duration(s)
 */
export function useFormat() {
  const { i18n: instance } = useTranslation();
  const lang = instance.language as AppLanguage;
  return useMemo(() => formattersFor(lang), [lang]);
}

export function formattersFor(lang: AppLanguage) {
  return {
    lang,
    number: (n: number, o?: Intl.NumberFormatOptions) => formatNumber(n, lang, o),
    percent: (fraction: number) => formatPercent(fraction, lang),
    date: (d: Date | number | string) => formatDate(d, lang),
    dateTime: (d: Date | number | string) => formatDateTime(d, lang),
    time: (d: Date | number | string) => formatTime(d, lang),
    relative: (d: Date | number | string) => formatRelative(d, lang),
    list: (items: readonly string[], type?: 'conjunction' | 'disjunction' | 'unit') =>
      formatList(items, lang, type),
    duration: (s: number, style?: 'long' | 'short' | 'narrow') => formatDuration(s, lang, style),
    clock: formatClock,
    fileSize: (bytes: number) => formatFileSize(bytes, lang),
    words: (text: string) => countWords(text, intlLocaleOf(lang)),
  };
}

/**
 * Words a store keeps to show later (a notice, a form problem found here): their key and
 * parameters, not their text, so they are said in the language of the moment they are shown —
 * a notice made in English reads German after a switch to German.
 *   set({ notice: said('account:notice.removed') });  …  {notice && saidText(notice)}
 */
export interface Said {
  key: string;
  params?: Record<string, string | number>;
}
export const said = (key: string, params?: Said['params']): Said =>
  params ? { key, params } : { key };
export const saidText = (words: Said): string => t(words.key, words.params ?? {});

/**
 * An error the renderer makes itself (nothing was sent): its key, and as its `message` the
 * English words (what the log and an English window show); `errorText` and `fieldText` say it in
 * the app's language of the moment. With `field`, it is that form field's message.
 */
export function localError(
  code: AppErrorShape['code'],
  key: string,
  params?: Record<string, string | number>,
  field?: string,
): AppErrorShape {
  const message = t(key, { ...params, lng: 'en' });
  const keyed = params ? { key, params } : { key };
  return {
    code,
    message,
    ...keyed,
    ...(field ? { fields: { [field]: message }, fieldKeys: { [field]: keyed } } : {}),
  };
}

/**
 * Words main wrote in English beside their key: the key's words in the app's language when the
 * catalog has them (a wrapped reason, `reasonKey` in the parameters, said in it too), else the
 * English as it came.
 */
export function keyedText(
  english: string,
  keyed: { key: string; params?: Record<string, string | number> } | null | undefined,
): string {
  if (!keyed || currentLanguage() === 'en' || !bound?.instance.exists(keyed.key, keyed.params))
    return english;
  const params = keyed.params ?? {};
  // a wrapped error (wrapError in shared/app-error): its own words go in as `reason`
  const inner = typeof params.reasonKey === 'string' ? params.reasonKey : undefined;
  if (inner && bound.instance.exists(inner, params))
    return t(keyed.key, { ...params, reason: t(inner, params) });
  return t(keyed.key, params);
}

/**
 * A form field's message from main, in the app's language: its key's words when main keyed it,
 * else the English words as they came. Undefined when the field has no message.
 */
export function fieldText(
  error: Pick<AppErrorShape, 'fields' | 'fieldKeys'> | null | undefined,
  name: string,
): string | undefined {
  const english = error?.fields?.[name];
  return english === undefined ? undefined : keyedText(english, error?.fieldKeys?.[name]);
}

/**
 * A check's problem from main (a measured link, a recording offered for cloning), in the app's
 * language: `problemKey`'s words, else `problem` as it came. Null when there is no problem.
 */
export function problemText(o: {
  problem: string | null;
  problemKey?: { key: string; params?: Record<string, string | number> } | null;
}): string | null {
  return o.problem === null ? null : keyedText(o.problem, o.problemKey);
}

/**
 * A failed result's reason: in the app's language when Cadenza wrote it (its key), else the
 * service's own words as they came.
 */
export function reasonText(o: {
  failReason: string | null;
  failReasonKey?: { key: string; params?: Record<string, string | number> } | null;
}): string {
  if (!o.failReason) return '';
  return keyedText(o.failReason, o.failReasonKey);
}

/**
 * What an AppError says, in the app's language: in English its message as main wrote it (it may
 * name the action: "…could not make the cover"); in another language its key's words with its
 * parameters when main gave a key; else the English message as it came.
 */
export function errorText(error: Pick<AppErrorShape, 'message' | 'key' | 'params'>): string {
  return keyedText(
    error.message,
    error.key ? { key: error.key, params: error.params ?? {} } : null,
  );
}
