/**
 * What the pseudo-locale test looks for: visible text and accessible names that did not go through
 * the catalogs. Under `en-XA` every catalog string reads `⟦Åççéñţéð ···⟧`; anything left outside
 * those brackets — besides names that stay as they are (the brand, languages in their own names,
 * format and service names) and digits, punctuation and symbols — escaped translation.
 */
import { NATIVE_NAMES } from '../../../src/shared/i18n/languages';

/** Words that are never translated. */
export const UNTRANSLATED_NAMES: readonly string[] = [
  'Cadenza',
  ...Object.values(NATIVE_NAMES),
  'MP3',
  'WAV',
  'FLAC',
  'M4A',
  'OGG',
  'Opus',
  'MP4',
  'API',
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAMES = new RegExp(
  [...UNTRANSLATED_NAMES]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|'),
  'g',
);

/** What is left of a text once pseudo strings, untranslated names and non-letters are removed. */
export function leftover(text: string): string {
  // innermost first: a catalog string can hold another one (a counter's name inside a cost line)
  let rest = text;
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  }
  return rest
    .replace(NAMES, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

/**
 * Texts under `root` that escaped translation: each element's own text (its text-node children)
 * and its aria-label, title, placeholder and alt. Elements inside `translate="no"` (creator
 * content: titles, voice names, paths, lyrics) are not checked.
 */
export function untranslated(root: Element): string[] {
  const found: string[] = [];
  const check = (what: string, text: string | null) => {
    if (text && leftover(text)) found.push(`${what}: ${text.trim()}`);
  };
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (['SCRIPT', 'STYLE'].includes(el.tagName)) continue;
    // creator content (titles, names, paths, lyrics) is marked translate="no", as HTML means it
    if (el.closest('[translate="no"]')) continue;
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent ?? '')
      .join('');
    check(`<${el.tagName.toLowerCase()}>`, own);
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt'])
      check(`<${el.tagName.toLowerCase()} ${attr}>`, el.getAttribute(attr));
  }
  return found;
}
