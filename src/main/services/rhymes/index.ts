/**
 * The lyrics workspace's rhyme helper (issue 32, point 5): perfect rhymes for one English word
 * from the CMU pronouncing dictionary (`cmu-pronouncing-dictionary`, bundled with the app, no
 * network). The dictionary (4.7 MB) is imported on the first question only, its rhyme index built
 * once and kept. English only: the renderer hides the helper in other languages and says so.
 *
 *   const rhymes = createRhymes();
 *   await rhymes.find('night');  // { word: 'night', known: true, syllables: 1, rhymes: ['bite', …] }
 */

/** The dictionary's shape: a word (or `word(2)` for another pronunciation) → ARPAbet phones. */
export type Pronunciations = Readonly<Record<string, string>>;

export interface RhymeAnswer {
  /** The word asked about, as looked up (lower case, apostrophes straightened). */
  word: string;
  /** False when the dictionary does not know it: no rhymes, no syllables. */
  known: boolean;
  /** Syllables of its first pronunciation (vowel phones), or null when unknown. */
  syllables: number | null;
  /** Perfect rhymes, the ones with as many syllables first, then shorter words; at most `limit`. */
  rhymes: string[];
}

/** Words in the index: letters with inner apostrophes ("don't"), no abbreviations or digits. */
const PLAIN = /^[a-z]+(?:'[a-z]+)*$/;
const VARIANT = /\(\d+\)$/;
export const MAX_RHYMES = 40;

/** The vowel phones carry a stress digit: 1 primary, 2 secondary, 0 none. */
const isVowel = (phone: string) => /\d$/.test(phone);

/**
 * The part that rhymes: from the last primary-stressed vowel (else the last secondary, else the
 * last vowel) to the end, stress digits dropped. "N AY1 T" → "AY T"; "B IH0 L OW1" → "OW".
 */
export function rhymePart(phones: string): string {
  const p = phones.trim().split(/\s+/);
  let at = -1;
  for (const stress of ['1', '2', '']) {
    for (let i = p.length - 1; i >= 0; i--)
      if (isVowel(p[i]!) && (stress === '' || p[i]!.endsWith(stress))) {
        at = i;
        break;
      }
    if (at >= 0) break;
  }
  return p
    .slice(Math.max(0, at))
    .map((x) => x.replace(/\d$/, ''))
    .join(' ');
}

export const syllablesOf = (phones: string): number =>
  phones.trim().split(/\s+/).filter(isVowel).length;

/** A word as the dictionary spells it: lower case, curly apostrophes straight, edges trimmed. */
export function lookupForm(raw: string): string {
  return raw
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/^[^a-z]+|[^a-z]+$/g, '');
}

interface Index {
  dict: Pronunciations;
  /** rhyme part → plain words with it (a word once, whichever pronunciation). */
  byRhyme: Map<string, string[]>;
}

function buildIndex(dict: Pronunciations): Index {
  const byRhyme = new Map<string, string[]>();
  for (const [key, phones] of Object.entries(dict)) {
    const word = key.replace(VARIANT, '');
    if (!PLAIN.test(word)) continue;
    const part = rhymePart(phones);
    const list = byRhyme.get(part);
    if (!list) byRhyme.set(part, [word]);
    else if (list[list.length - 1] !== word) list.push(word);
  }
  return { dict, byRhyme };
}

const loadDictionary = async (): Promise<Pronunciations> =>
  (await import('cmu-pronouncing-dictionary')).dictionary;

export interface RhymeService {
  find(word: string, limit?: number): Promise<RhymeAnswer>;
}

export function createRhymes(load: () => Promise<Pronunciations> = loadDictionary): RhymeService {
  let index: Promise<Index> | null = null;
  const ready = () => {
    index ??= load().then(buildIndex);
    // a failed import is tried again on the next question
    index.catch(() => (index = null));
    return index;
  };
  return {
    async find(raw, limit = MAX_RHYMES) {
      const word = lookupForm(raw);
      const none: RhymeAnswer = { word, known: false, syllables: null, rhymes: [] };
      if (!PLAIN.test(word)) return none;
      const { dict, byRhyme } = await ready();
      const prons = [dict[word], dict[`${word}(2)`], dict[`${word}(3)`]].filter(
        (p): p is string => typeof p === 'string',
      );
      if (prons.length === 0) return none;
      const syllables = syllablesOf(prons[0]!);
      const seen = new Set<string>([word]);
      const found: string[] = [];
      for (const p of prons)
        for (const w of byRhyme.get(rhymePart(p)) ?? []) {
          // "night" is no rhyme for "knight"'s sound-alike only if it is the word itself
          if (seen.has(w)) continue;
          seen.add(w);
          found.push(w);
        }
      const sylOf = (w: string) => syllablesOf(dict[w] ?? '');
      found.sort(
        (a, b) =>
          Number(sylOf(a) !== syllables) - Number(sylOf(b) !== syllables) ||
          a.length - b.length ||
          (a < b ? -1 : a > b ? 1 : 0),
      );
      return { word, known: true, syllables, rhymes: found.slice(0, Math.max(0, limit)) };
    },
  };
}
