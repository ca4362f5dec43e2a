/**
 * Creator content inside a visible sentence (a title, a voice or file name, what was typed) is
 * bidi-isolated, `{{title, bidi}}`, so a right-to-left title cannot reorder the sentence.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = resolve(__dirname, '../../../src/shared/i18n/locales');

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [[path, v] as [string, string]] : flatten(v, path);
  });
}

/** "ns:path" → text, for one language. */
function catalog(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(localesDir, lang))) {
    const ns = file.replace(/\.json$/, '');
    const tree = JSON.parse(readFileSync(join(localesDir, lang, file), 'utf8')) as Tree;
    for (const [p, s] of flatten(tree)) out.set(`${ns}:${p}`, s);
  }
  return out;
}

/** Placeholders that carry creator content (titles, names, files, what was typed). */
const CREATOR = new Set(['title', 'name', 'names', 'file', 'path', 'folder', 'query', 'text']);

/**
 * Strings where such a placeholder stays plain, with the reason:
 * - main's notifications, native dialogs and default titles (file names): native widgets and
 *   names on disk get no isolation marks (docs/translating.md);
 * - accessible names and alt texts: read out, never laid out as a sentence on screen;
 * - a title inside a Trans element of its own (`<title>{{title}}</title>`): the element isolates it.
 */
const PLAIN_BY_DESIGN = [
  /^(main|menu):/,
  /^batch:(notify|main)\./, // main's native notification and dialog words, as main: and menu:
  /(Aria|aria|Alt|alt)$/,
  /\.(aria|defaultName|defaultTitle|selectionTitle|takeTitle|playName)$/,
  /^songs:take\.more$/, // a take's menu's accessible name
  /^common:take\.name$/, // a take's name as one string (accessible names, the queue, file names); on screen common:take.title isolates it
  /^library:exportWhat\.one$/,
  /^songs:finishing\.exportWhat$/,
  /^library:lyrics\.aria$/,
  /^library:details\.(coverAlt|more)$/,
  /^songs:(job\.progress|history\.itemAria)$/,
  /^player:/,
  /^voice:browser\.row\.sampleOf$/,
  /^covers:singers\.newName$/,
  /^songs:extend\.aria$/,
  /^library:list\.rowAria(Take)?$/,
  /^errors:settings\.addressIn$/, // {{name}} is an environment variable's name, not creator content
];

/** The creator-content placeholders of a string that are not isolated. */
function plainCreator(text: string): string[] {
  const withoutOwnElement = text.replace(/<(\w+)>\{\{[^}]+\}\}<\/\1>/g, '');
  return [...withoutOwnElement.matchAll(/\{\{\s*([\w.]+)\s*(?:,\s*([^}]*))?\}\}/g)]
    .filter(([, name, format]) => CREATOR.has(name!) && !/\bbidi\b/.test(format ?? ''))
    .map(([, name]) => name!);
}

describe('creator content inside a sentence is bidi-isolated', () => {
  it('every visible English string isolates its titles, names and typed text', () => {
    const plain = [...catalog('en')]
      .filter(([key]) => !PLAIN_BY_DESIGN.some((re) => re.test(key)))
      .flatMap(([key, text]) => plainCreator(text).map((name) => `${key} {{${name}}}`));
    expect(plain).toEqual([]);
  });

  it('can fail: a plain title is found, an isolated one or one in its own element is not', () => {
    expect(plainCreator('Filled with the settings of “{{title}}”.')).toEqual(['title']);
    expect(plainCreator('Filled with the settings of “{{title, bidi}}”.')).toEqual([]);
    expect(plainCreator('Saved “<title>{{title}}</title>”.')).toEqual([]);
    expect(plainCreator('{{count}} of {{total}}')).toEqual([]);
  });
});
