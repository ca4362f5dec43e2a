import { MODEL_LIMITS, type ModelVersion } from '@shared/domain/service-limits';

/**
 * The lyrics workspace's measures: syllables per line, the section outline and a note when the
 * lyrics clearly do not fit the model's song length. All heuristics (docs/lyrics-workspace.md):
 * counts are "about", never rules, and nothing here refuses a submission.
 */

/** Han, kana and Hangul: one character is one syllable (kana: one mora). Small kana add none. */
const ONE_PER_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const SMALL_KANA = /[ぁぃぅぇぉゃゅょゎァィゥェォャュョヮ]/gu;
/** A word of letters (accents stripped first), apostrophes inside kept. */
const LATIN_WORD = /[a-z]+(?:'[a-z]+)*/g;

/**
 * Syllables of one word, by vowel groups with English endings: a silent final e ("love"), -ed
 * not after t/d ("played"), -es not after a sibilant ("lines"); "-le" after a consonant sounds
 * ("table"). Accented letters count as their vowel ("corazón" → 3). At least 1 per word.
 */
export function wordSyllables(raw: string): number {
  let w = raw
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (!w) return 0;
  if (w.length <= 3) return 1;
  if (/[^aeiouy]le$/.test(w)) {
    // table, little: the -le is its own syllable
  } else if (/[^aeiouy]e$/.test(w)) w = w.slice(0, -1);
  else if (/[^aeioutd]ed$/.test(w)) w = w.slice(0, -2);
  else if (/[^aeiouysxzcg]es$/.test(w)) w = w.slice(0, -2);
  w = w.replace(/^y/, '');
  return Math.max(1, (w.match(/[aeiouy]+/g) ?? []).length);
}

/** Syllables of one line of lyrics (a section tag or a blank line has none). */
export function lineSyllables(line: string): number {
  if (sectionTag(line) !== null) return 0;
  const cjk = (line.match(ONE_PER_CHAR) ?? []).length - (line.match(SMALL_KANA) ?? []).length;
  const latin = line.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(LATIN_WORD);
  return cjk + (latin ?? []).reduce((n, word) => n + wordSyllables(word), 0);
}

/** A line that is only a section tag ("[Chorus]") names the section; anything else is null. */
export function sectionTag(line: string): string | null {
  const m = /^\s*\[([^\][]{1,40})\]\s*$/.exec(line);
  return m ? m[1]!.trim() : null;
}

export interface LyricLine {
  /** 1-based, as the editor counts lines. */
  number: number;
  text: string;
  syllables: number;
}

export interface Section {
  /** The tag's words ("Verse 2"), or null for lines before the first tag. */
  name: string | null;
  /** Lines with words in this section (blank lines and the tag not counted). */
  lines: number;
  syllables: number;
}

export interface LyricsMeasure {
  lines: LyricLine[];
  sections: Section[];
  syllables: number;
}

/** Each sung line with its syllables, and the sections they fall in. */
export function measureLyrics(lyrics: string): LyricsMeasure {
  const lines: LyricLine[] = [];
  const sections: Section[] = [];
  let current: Section | null = null;
  let total = 0;
  lyrics.split(/\r?\n/).forEach((text, i) => {
    const tag = sectionTag(text);
    if (tag !== null) {
      current = { name: tag, lines: 0, syllables: 0 };
      sections.push(current);
      return;
    }
    if (!text.trim()) return;
    const syllables = lineSyllables(text);
    lines.push({ number: i + 1, text, syllables });
    total += syllables;
    if (!current) {
      current = { name: null, lines: 0, syllables: 0 };
      sections.push(current);
    }
    current.lines += 1;
    current.syllables += syllables;
  });
  return { lines, sections, syllables: total };
}

/** About 3.3 sung syllables a second (a moderate pop tempo): 0.3 s each. */
export const SECONDS_PER_SYLLABLE = 0.3;
/** Lyrics sung in less than this are clearly short: the service pads or repeats them. */
export const SHORT_SUNG_S = 20;

export type LengthNote =
  { kind: 'short'; sungS: number } | { kind: 'long'; sungS: number; maxS: number } | null;

/**
 * A note only when the lyrics clearly do not fit: sung in under 20 s, or longer sung than the
 * longest song the model makes (the rest is likely cut). Empty lyrics get none.
 */
export function lengthNote(syllables: number, model: ModelVersion): LengthNote {
  if (syllables === 0) return null;
  const sungS = Math.round(syllables * SECONDS_PER_SYLLABLE);
  const maxS = MODEL_LIMITS[model].maxSongLengthS;
  if (sungS > maxS) return { kind: 'long', sungS, maxS };
  if (sungS < SHORT_SUNG_S) return { kind: 'short', sungS };
  return null;
}

/** The line number (1-based) the caret is on. */
export function lineAt(text: string, caret: number): number {
  return text.slice(0, Math.max(0, caret)).split('\n').length;
}

/** Letters (any script) and apostrophes inside a word ("don't", "don’t"). */
const WORD_CHAR = /[\p{L}\p{M}'’]/u;

/**
 * The word the caret is in or just after ("lig|ht" and "light|" → "light"), without edge
 * apostrophes; null between words or in an empty text.
 */
export function wordAt(text: string, caret: number): string | null {
  const at = Math.max(0, Math.min(caret, text.length));
  let start = at;
  let end = at;
  while (start > 0 && WORD_CHAR.test(text[start - 1]!)) start--;
  while (end < text.length && WORD_CHAR.test(text[end]!)) end++;
  const word = text.slice(start, end).replace(/^['’]+|['’]+$/g, '');
  return word ? word : null;
}
