/**
 * The pseudo-locale (en-XA): every English string accented, about 35 % longer and bracketed —
 * `Save` → `⟦Šåvé ·····⟧` — so a test sees at once which visible text did not go through the
 * catalogs, and layouts are tried against German-length strings. Placeholders (`{{title}}`),
 * nesting (`$t(…)`) and tags (`<0>…</0>`, `<link>…</link>`) are kept as they are.
 */
const ACCENTS: Record<string, string> = {
  a: 'å',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Opening and closing marks of a pseudo-localised string. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const KEEP = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?[\w-]+\s*\/?>)/g;

export function pseudoLocalize(text: string): string {
  if (text === '') return text;
  const accented = text
    .split(KEEP)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c)))
    .join('');
  const visible = text.replace(KEEP, '').length;
  const pad = Math.max(1, Math.round(visible * 0.35));
  return `${PSEUDO_OPEN}${accented} ${'·'.repeat(pad)}${PSEUDO_CLOSE}`;
}

const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/**
 * A catalog (nested objects of strings) with every string pseudo-localised. A plural's `_other`
 * form also stands for every other CLDR category (the right-to-left mode plurals as Arabic does).
 */
export function pseudoCatalog<T>(catalog: T): T {
  if (typeof catalog === 'string') return pseudoLocalize(catalog) as T;
  if (catalog && typeof catalog === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(catalog)) {
      out[k] = pseudoCatalog(v);
      if (k.endsWith('_other') && typeof v === 'string') {
        const base = k.slice(0, -'_other'.length);
        for (const suffix of PLURAL_SUFFIXES)
          if (!(base + suffix in catalog)) out[base + suffix] = out[k];
      }
    }
    return out as T;
  }
  return catalog;
}
