/**
 * Main's i18next instance: the application menu, native dialogs, notifications and the titles
 * main gives new items, in the app's language. All catalogs are bundled into main (no budget
 * there). The language follows the Settings choice, or the best fit of the OS's preferred
 * languages (`app.getPreferredSystemLanguages()`); a change is announced so the menu is rebuilt.
 * The CLI does not use this: it stays English (shared/i18n/english.ts).
 */
import i18next, {
  type i18n as I18n,
  type Resource,
  type ResourceKey,
  type TOptions,
} from 'i18next';
import { addFormatters, i18nextOptions } from '@shared/i18n/setup';
import { pseudoCatalog } from '@shared/i18n/pseudo';
import { ENGLISH } from '@shared/i18n/english';
import {
  bestFit,
  PSEUDO_LANGUAGES,
  resolveChoice,
  type AppLanguage,
  type Language,
  type LanguageChoice,
} from '@shared/i18n/languages';
import { setWords } from '../services/words';

const catalogs = import.meta.glob<ResourceKey>('../../shared/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function allResources(): Resource {
  const resources: Resource = {};
  for (const [path, bundle] of Object.entries(catalogs)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    (resources[m[1]!] ??= {})[m[2]!] = bundle;
  }
  for (const pseudo of PSEUDO_LANGUAGES) resources[pseudo] = pseudoCatalog({ ...ENGLISH });
  return resources;
}

const instance: I18n = i18next.createInstance();
void instance.init(i18nextOptions('en', allResources()));
addFormatters(instance);

let systemLanguages: readonly string[] = [];
const listeners = new Set<(lang: AppLanguage) => void>();

/** The OS's preferred languages (from app.getPreferredSystemLanguages() once the app is ready). */
export function setSystemLanguages(tags: readonly string[]): void {
  systemLanguages = [...tags];
}

/** What "System default" gives on this computer. */
export const systemLanguage = (): Language => bestFit(systemLanguages);

/** The language in effect for a choice (applies it: menus and dialogs follow). */
export function applyLanguageChoice(choice: LanguageChoice | undefined): AppLanguage {
  const lang = resolveChoice(choice, systemLanguages);
  if (instance.language !== lang) {
    void instance.changeLanguage(lang);
    for (const listener of listeners) listener(lang);
  }
  return lang;
}

export const mainLanguage = (): AppLanguage => instance.language as AppLanguage;

/** Called with the new language whenever it changes (the menu is rebuilt). */
export function onLanguageChange(listener: (lang: AppLanguage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Main's `t`: keys with their namespace, `tr('menu:file')`. */
export const tr = (key: string, options?: TOptions): string => instance.t(key, options ?? {});

// the services' words (new items' titles) follow the app's language
setWords((key, params) => tr(key, params));
