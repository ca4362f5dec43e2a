/**
 * The languages Cadenza speaks, their names in themselves, and the best fit from the OS's
 * preferred languages. Plain data and functions: main, the renderer, tests and the CLI share it.
 */

/** The eight languages with catalogs (BCP 47 tags, as the catalog folders are named). */
export const LANGUAGES = ['en', 'es', 'pt-BR', 'de', 'fr', 'ja', 'zh-CN', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Test and development modes: pseudo-localised English, and the same right to left. */
export const PSEUDO_LANGUAGES = ['en-XA', 'ar-XB'] as const;
export type PseudoLanguage = (typeof PSEUDO_LANGUAGES)[number];

/** A language the app can show: a real one or a pseudo-locale. */
export type AppLanguage = Language | PseudoLanguage;

/** What Settings stores: follow the OS, or one language. */
export const LANGUAGE_CHOICES = ['system', ...LANGUAGES, ...PSEUDO_LANGUAGES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

export const SOURCE_LANGUAGE: Language = 'en';

/** Each language in its own name, as the Settings choice lists it. */
export const NATIVE_NAMES: Record<AppLanguage, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  fr: 'Français',
  ja: '日本語',
  'zh-CN': '简体中文',
  ko: '한국어',
  'en-XA': '[Ƥşèéüδô]',
  'ar-XB': '[RTL ƥşèéüδô]',
};

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** Writing direction of a language (only the pseudo right-to-left mode is rtl so far). */
export const directionOf = (lang: AppLanguage): 'ltr' | 'rtl' => (lang === 'ar-XB' ? 'rtl' : 'ltr');

/** The Intl locale a language formats with (the pseudo modes format as English). */
export const intlLocaleOf = (lang: AppLanguage): string =>
  lang === 'en-XA' || lang === 'ar-XB' ? 'en' : lang;

/**
 * The language that fits one BCP 47 tag best, or null: an exact match, then by script or region
 * for Chinese (Traditional scripts and regions — zh-TW, zh-HK, zh-Hant — read Simplified Chinese
 * more easily than English, so they fall back to it), then by the primary language (pt-PT →
 * Portuguese (Brazil), de-AT → German, es-419 → Spanish).
 */
export function fitOne(tag: string): Language | null {
  const clean = tag.trim().replace(/_/g, '-');
  if (!clean) return null;
  const lower = clean.toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  switch (primary) {
    case 'zh':
      return 'zh-CN';
    case 'pt':
      return 'pt-BR';
    case 'en':
    case 'es':
    case 'de':
    case 'fr':
    case 'ja':
    case 'ko':
      return primary;
    default:
      return null;
  }
}

/**
 * The start language from the OS's preferred languages, in the user's order: the first one that
 * fits; English when none does.
 */
export function bestFit(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const fit = fitOne(tag);
    if (fit) return fit;
  }
  return SOURCE_LANGUAGE;
}

/** The language in effect for a stored choice. */
export function resolveChoice(
  choice: LanguageChoice | undefined,
  system: readonly string[],
): AppLanguage {
  if (!choice || choice === 'system') return bestFit(system);
  return choice;
}
