/**
 * Words main's services write into what they make (a new item's default title): in the app's
 * language when the app runs (the shell hands over its i18next `t` at start, shell/i18n.ts), in
 * English in the CLI and tests (nothing handed over). No bidi isolation here: titles become file
 * names.
 *
 *   const title = words('main:title.singingVideo');
 */
import { englishText, type MessageParams } from '@shared/i18n/english';

type Translate = (key: string, params: MessageParams) => string;
let translate: Translate = englishText;

/** The shell's translator (its i18next instance, following the app's language). */
export function setWords(fn: Translate): void {
  translate = fn;
}

/** A catalog key's words in the app's language (English outside the app). */
export const words = (key: string, params: MessageParams = {}): string => translate(key, params);
