/**
 * The one word counter (lyrics, speech): words as the language segments them (Intl.Segmenter), so
 * a Chinese or Japanese sentence counts its words, not its spaces.
 */
const segmenters = new Map<string, Intl.Segmenter>();

export function countWords(text: string, locale = 'en'): number {
  if (!text.trim()) return 0;
  let seg = segmenters.get(locale);
  if (!seg) {
    seg = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, seg);
  }
  let n = 0;
  for (const s of seg.segment(text)) if (s.isWordLike) n++;
  return n;
}
