/**
 * The one i18next set-up both processes use: English as the fallback, keys written with their
 * namespace (`settings:language.label`), no HTML escaping (React escapes; main's strings go to
 * native widgets), and a `bidi` formatter that isolates creator content — titles, voice and singer
 * names — so a right-to-left title does not reorder the sentence around it: `“{{title, bidi}}”`.
 */
import type { i18n as I18n, InitOptions, Resource } from 'i18next';
import { SOURCE_LANGUAGE, type AppLanguage } from './languages';
import { NAMESPACES } from './namespaces';

/** First strong isolate … pop directional isolate. */
export const bidiIsolate = (value: unknown): string => `\u2068${String(value)}\u2069`;

/** A number with exactly one decimal in the locale's way ("5.2", "5,2"). */
export const tenths = (n: number, locale: string): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

export function i18nextOptions(lang: AppLanguage, resources: Resource): InitOptions {
  return {
    lng: lang,
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: false,
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  };
}

/** Adds Cadenza's formatters to an instance (call once after init). */
export function addFormatters(instance: I18n): void {
  instance.services.formatter?.add('bidi', (value) => bidiIsolate(value));
  // `{{size, tenths}}`: a number with one decimal (5.2 MB, 12.0 s), in the language's digits
  instance.services.formatter?.add('tenths', (value, lng) => tenths(Number(value), lng ?? 'en'));
}
