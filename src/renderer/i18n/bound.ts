/**
 * The bound i18next instance and what reads it without React or the runtime chunk: `t` and the
 * current language for stores and plain functions (the Library's rows, which a Node bench also
 * loads). index.ts re-exports these; import them from '../i18n' in components.
 */
import type { i18n as I18n } from 'i18next';
import type { AppLanguage } from '@shared/i18n/languages';

/**
 * The instance and react-i18next's module. The module is typed `unknown` here (index.ts gives it
 * its type) so this file reaches no React types: a Node program that loads it stays free of
 * React's DOM stand-ins.
 */
interface Bound {
  lib: unknown;
  instance: I18n;
}
export let bound: Bound | null = null;

/** Called once by the runtime chunk after i18next is initialised. */
export function bindI18n(lib: unknown, instance: I18n): void {
  bound = { lib, instance };
}

export function need(): Bound {
  if (!bound) throw new Error('Cadenza: i18n used before startI18n() finished');
  return bound;
}

/** The i18next instance (for code outside components: stores, handlers). */
export const i18n = (): I18n => need().instance;

/**
 * `t` outside React (stores, plain functions, class components): the current language (the key
 * itself if it runs before i18next started; the catalogs are not bundled into the entry).
 */
export const t: I18n['t'] = ((...args: Parameters<I18n['t']>) =>
  bound ? bound.instance.t(...args) : String(args[0])) as I18n['t'];

/** The app's language now (what the catalogs and formatters use). */
export const currentLanguage = (): AppLanguage =>
  (bound?.instance.language as AppLanguage | undefined) ?? 'en';

/**
 * Words by key whose `reason` is a rule's own key (`reasonKey` among the parameters, e.g. a batch
 * list's "Line 3: prompt: …"): the reason said in the app's language too.
 */
export function reasonedText(key: string, params: Record<string, string | number> = {}): string {
  const inner = params.reasonKey;
  return t(key, typeof inner === 'string' ? { ...params, reason: t(inner, params) } : params);
}
