/**
 * The i18n runtime chunk: i18next, react-i18next and the English catalogs, loaded by main.tsx
 * before the first render; every other language is its own chunks, fetched when chosen.
 */
import i18next, { type Resource, type ResourceKey } from 'i18next';
import * as ReactI18next from 'react-i18next';
import { ENGLISH } from '@shared/i18n/english';
import { addFormatters, i18nextOptions } from '@shared/i18n/setup';
import { pseudoCatalog } from '@shared/i18n/pseudo';
import { directionOf, isLanguage, type AppLanguage } from '@shared/i18n/languages';
import { bindI18n } from './index';

/** Every catalog but English, one chunk each, fetched on demand. */
const lazyCatalogs = import.meta.glob<ResourceKey>(
  ['../../shared/i18n/locales/*/*.json', '!../../shared/i18n/locales/en/*.json'],
  { import: 'default' },
);

const loaded = new Set<string>(['en']);

async function ensure(lang: AppLanguage): Promise<void> {
  if (loaded.has(lang)) return;
  if (lang === 'en-XA' || lang === 'ar-XB') {
    for (const [ns, catalog] of Object.entries(ENGLISH))
      i18next.addResourceBundle(lang, ns, pseudoCatalog(catalog), true, true);
  } else if (isLanguage(lang)) {
    const prefix = `../../shared/i18n/locales/${lang}/`;
    const entries = Object.entries(lazyCatalogs).filter(([path]) => path.startsWith(prefix));
    const bundles = await Promise.all(entries.map(async ([path, load]) => [path, await load()]));
    for (const [path, bundle] of bundles) {
      const ns = (path as string).slice(prefix.length).replace(/\.json$/, '');
      i18next.addResourceBundle(lang, ns, bundle, true, true);
    }
  }
  loaded.add(lang);
}

function applyToDocument(lang: AppLanguage): void {
  document.documentElement.lang = lang === 'ar-XB' ? 'ar' : lang === 'en-XA' ? 'en' : lang;
  document.documentElement.dir = directionOf(lang);
}

let started = false;

export async function start(lang: AppLanguage): Promise<void> {
  if (!started) {
    const resources: Resource = { en: { ...ENGLISH } };
    await i18next.use(ReactI18next.initReactI18next).init(i18nextOptions('en', resources));
    addFormatters(i18next);
    bindI18n(ReactI18next, i18next);
    started = true;
  }
  await switchTo(lang);
}

export async function switchTo(lang: AppLanguage): Promise<void> {
  await ensure(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  applyToDocument(lang);
}
