/**
 * The i18n runtime chunk: i18next and react-i18next, loaded by main.tsx before the first render.
 * No catalog is bundled here: every language, English too, is one small chunk per namespace.
 * The first frame waits only for the namespaces the window's frame uses (FIRST_FRAME_NAMESPACES);
 * the rest of the language's namespaces arrive with the first panel's chunk (loadAllNamespaces).
 */
import i18next, { type ResourceKey } from 'i18next';
import * as ReactI18next from 'react-i18next';
import { addFormatters, i18nextOptions } from '@shared/i18n/setup';
import { pseudoCatalog } from '@shared/i18n/pseudo';
import { directionOf, isLanguage, SOURCE_LANGUAGE, type AppLanguage } from '@shared/i18n/languages';
import { FIRST_FRAME_NAMESPACES, NAMESPACES, type Namespace } from '@shared/i18n/namespaces';
import { bindI18n } from './index';

/** Every catalog of every language, one chunk each, fetched on demand. */
const catalogs = import.meta.glob<ResourceKey>('../../shared/i18n/locales/*/*.json', {
  import: 'default',
});

/** "lang/ns" pairs already added (or being added) to i18next. */
const loading = new Map<string, Promise<void>>();
/** The namespaces every language the app switches to must have: grows to all of them. */
const wanted = new Set<Namespace>(FIRST_FRAME_NAMESPACES);

async function fetchCatalog(lang: string, ns: Namespace): Promise<ResourceKey> {
  const load = catalogs[`../../shared/i18n/locales/${lang}/${ns}.json`];
  return load ? load() : {};
}

function ensureNamespace(lang: AppLanguage, ns: Namespace): Promise<void> {
  const id = `${lang}/${ns}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = (async () => {
      if (lang === 'en-XA' || lang === 'ar-XB') {
        // the pseudo-locales are English, accented and lengthened, made here from its catalog
        await ensureNamespace(SOURCE_LANGUAGE, ns);
        const english: ResourceKey = i18next.getResourceBundle(SOURCE_LANGUAGE, ns);
        i18next.addResourceBundle(lang, ns, pseudoCatalog(english), true, true);
      } else if (isLanguage(lang)) {
        i18next.addResourceBundle(lang, ns, await fetchCatalog(lang, ns), true, true);
      }
    })();
    pending.catch(() => loading.delete(id)); // a failed fetch may be tried again
    loading.set(id, pending);
  }
  return pending;
}

/** The wanted namespaces of `lang` and of English (the fallback while a catalog lags behind). */
async function ensure(lang: AppLanguage): Promise<void> {
  const langs = lang === SOURCE_LANGUAGE ? [lang] : [lang, SOURCE_LANGUAGE];
  await Promise.all(langs.flatMap((l) => [...wanted].map((ns) => ensureNamespace(l, ns))));
}

function applyToDocument(lang: AppLanguage): void {
  document.documentElement.lang = lang === 'ar-XB' ? 'ar' : lang === 'en-XA' ? 'en' : lang;
  document.documentElement.dir = directionOf(lang);
}

let started = false;

export async function start(lang: AppLanguage): Promise<void> {
  if (!started) {
    await i18next.use(ReactI18next.initReactI18next).init(i18nextOptions(lang, {}));
    addFormatters(i18next);
    bindI18n(ReactI18next, i18next);
    started = true;
  }
  await switchTo(lang);
}

/** Every namespace of the current language (and English): the panels' words. */
export async function loadAllNamespaces(): Promise<void> {
  for (const ns of NAMESPACES) wanted.add(ns);
  await ensure(i18next.language as AppLanguage);
}

/** Counts switches: when two overlap (a slow catalog fetch), the later one wins. */
let switches = 0;

export async function switchTo(lang: AppLanguage): Promise<void> {
  const mine = ++switches;
  await ensure(lang);
  if (mine !== switches) return; // a later switch was asked for while this one's catalogs came
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  applyToDocument(lang);
}
