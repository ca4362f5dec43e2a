/**
 * One word per language for the app's own places (issue 27, docs/translating.md): the Library is
 * always the same word (the terms chosen in shell.json), never a second one in some messages.
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

/** The Library's name in each language, and the other words for it that crept in before. */
const LIBRARY_WORD: Record<string, { word: RegExp; others: RegExp }> = {
  de: { word: /Bibliothek/, others: /Mediathek/ },
  es: { word: /[Bb]iblioteca/, others: /[Ll]ibrería|[Ff]onoteca/ },
  'pt-BR': { word: /[Bb]iblioteca/, others: /[Aa]cervo/ },
  fr: { word: /[Bb]ibliothèque/, others: /[Mm]édiathèque|[Pp]hothèque/ },
  ja: { word: /ライブラリ/, others: /ライブラリー|資料庫/ },
  'zh-CN': { word: /媒体库/, others: /资料库|音乐库|曲库|素材库/ },
  ko: { word: /라이브러리/, others: /보관함|자료실|음악함/ },
};

describe('one word for the Library in each language', () => {
  it.each(Object.keys(LIBRARY_WORD))('%s says the Library one way everywhere', (lang) => {
    const { word, others } = LIBRARY_WORD[lang]!;
    const texts = catalog(lang);
    const second = [...texts].filter(([, s]) => others.test(s)).map(([k, s]) => `${k}: ${s}`);
    expect(second).toEqual([]);
    // the chosen word is really the one in use (the sidebar's name for the panel)
    expect(texts.get('shell:nav.library')).toMatch(word);
  });

  it('can fail: a second word is found', () => {
    expect(LIBRARY_WORD['ko']!.others.test('이 항목의 파일이 더 이상 보관함에 없습니다.')).toBe(
      true,
    );
    expect(LIBRARY_WORD['zh-CN']!.others.test('此项目的文件已不在资料库中。')).toBe(true);
  });
});
