/**
 * The catalog gate: every key the code uses exists in every language's catalog (with every CLDR
 * plural form the language needs), no catalog has a key nobody uses, every language has the same
 * keys and the same placeholders as English, and no value is empty.
 *
 * A key use is a string literal of the form `<namespace>:<path>` anywhere under src/ (keys are
 * static: `t('settings:language.label')`, a registry's `label: 'shell:nav.songs'`,
 * `appError('io', 'errors:settingsUnsaved')`). A plural key is used without its suffix:
 * `t('common:items', { count })` uses `items_one`, `items_other`…
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/i18n/languages';
import { NAMESPACES } from '../../../src/shared/i18n/namespaces';
import { ENGLISH } from '../../../src/shared/i18n/english';

const root = resolve(__dirname, '../../..');
const localesDir = join(root, 'src/shared/i18n/locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(path, v);
    else for (const [p, s] of flatten(v, path)) out.set(p, s);
  }
  return out;
}

/** lang → "ns:path" → text */
function catalogs(): Map<string, Map<string, string>> {
  const all = new Map<string, Map<string, string>>();
  for (const lang of readdirSync(localesDir)) {
    const keys = new Map<string, string>();
    for (const file of readdirSync(join(localesDir, lang))) {
      const ns = file.replace(/\.json$/, '');
      const tree = JSON.parse(readFileSync(join(localesDir, lang, file), 'utf8')) as Tree;
      for (const [p, s] of flatten(tree)) keys.set(`${ns}:${p}`, s);
    }
    all.set(lang, keys);
  }
  return all;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/**
 * Code without its comments (examples of keys in a comment are not uses). String literals are
 * read whole first, so `'*' + '/*'` or `'https://'` inside one does not start a comment.
 */
const stripComments = (text: string): string =>
  text.replace(
    /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|(^|\s)\/\/.*$/gm,
    (m: string, space: string | undefined) =>
      m.startsWith('/*') ? '' : space !== undefined ? space : m,
  );

/** Every `'ns:path'` literal in src/ whose namespace is a catalog namespace. */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const re = new RegExp(`['"\`]((?:${NAMESPACES.join('|')}):[A-Za-z0-9_.-]+)['"\`]`, 'g');
  for (const file of sourceFiles(join(root, 'src')))
    for (const m of stripComments(readFileSync(file, 'utf8')).matchAll(re))
      used.set(m[1]!, file.slice(root.length + 1));
  return used;
}

const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

describe('the catalogs', () => {
  const all = catalogs();
  const english = all.get('en')!;

  it('exist for the eight languages and every namespace, and English is what english.ts bundles', () => {
    expect([...all.keys()].sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES)
      expect(readdirSync(join(localesDir, lang)).sort()).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    expect(Object.keys(ENGLISH).sort()).toEqual([...NAMESPACES].sort());
  });

  it('have every key the code uses, in every language', () => {
    const missing: string[] = [];
    for (const [key, file] of usedKeys())
      for (const [lang, keys] of all)
        if (!keys.has(key) && ![...keys.keys()].some((k) => base(k) === key && k !== key))
          missing.push(`${lang} ${key} (used in ${file})`);
    expect(missing).toEqual([]);
  });

  it('have no key the code does not use', () => {
    const used = usedKeys();
    const unused = [...english.keys()].filter((k) => !used.has(k) && !used.has(base(k)));
    expect(unused).toEqual([]);
  });

  it('have the same keys, placeholders and plural forms in every language as in English', () => {
    const problems: string[] = [];
    const englishBases = new Set([...english.keys()].map(base));
    for (const lang of LANGUAGES) {
      const keys = all.get(lang)!;
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const b of englishBases) {
        const plural = [...english.keys()].some((k) => k !== b && base(k) === b);
        const wanted = plural ? categories.map((c) => `${b}_${c}`) : [b];
        for (const k of wanted) if (!keys.has(k)) problems.push(`${lang}: missing ${k}`);
        const expected = placeholders(english.get(plural ? `${b}_other` : b) ?? '');
        for (const k of wanted) {
          const text = keys.get(k);
          if (text === undefined) continue;
          if (!text.trim()) problems.push(`${lang}: ${k} is empty`);
          // a language may leave out {{count}} in a form that names the number ("one file")
          const got = placeholders(text);
          if (
            got !== expected &&
            got !== expected.replace(/(^|,)count(,|$)/, '$1$2').replace(/^,|,$/g, '')
          )
            problems.push(`${lang}: ${k} has {{${got}}}, English {{${expected}}}`);
        }
      }
      for (const k of keys.keys())
        if (!englishBases.has(base(k))) problems.push(`${lang}: ${k} is not in English`);
    }
    expect(problems).toEqual([]);
  });
});
