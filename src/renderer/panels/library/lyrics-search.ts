/**
 * The view filters what it holds (titles, tags, prompts, file names, models) on every keystroke;
 * lyrics stay in main, whose search looks in them too. Once typing pauses, main is asked which
 * items match the words, and those with lyrics are added to the view's matches — so searching the
 * Library view finds the same items as main's search (plus the view's own file/model matches).
 */
import { useEffect, useState } from 'react';
import type { LibraryItemView } from '@shared/ipc/library';
import { call } from '../../bridge';

/** Quiet time after the last keystroke before main is asked. */
export const LYRICS_SEARCH_DELAY_MS = 120;
/** Main's query takes at most this many characters. */
const QUERY_MAX_CHARS = 200;
/**
 * Shorter text is not looked for in lyrics: one or two letters are in nearly every lyric, and
 * main's answer would name tens of thousands of items at 50,000 (a set built and every item
 * filtered again, between two keystrokes) to add almost nothing to what the view matches itself.
 */
export const LYRICS_SEARCH_MIN_CHARS = 3;

export interface MainMatches {
  /** The search text these matches are for. */
  text: string;
  /** Ids of the items main's search matched (lyrics included). */
  ids: ReadonlySet<string>;
}

/**
 * Main's matches for `text` among items with lyrics, or null while there are none to add (no
 * words, nothing has lyrics, not answered yet). Callers use them only while `text` is unchanged.
 */
export function useMainMatches(
  text: string,
  items: readonly LibraryItemView[],
): MainMatches | null {
  const [matches, setMatches] = useState<MainMatches | null>(null);
  const query = text.trim().slice(0, QUERY_MAX_CHARS);
  const anyLyrics = items.some((i) => i.hasLyrics);

  useEffect(() => {
    if (query.length < LYRICS_SEARCH_MIN_CHARS || !anyLyrics) return;
    let current = true;
    const timer = setTimeout(() => {
      void call((api) => api.library.matching(query)).then((r) => {
        if (!current || !r.ok) return;
        setMatches({ text, ids: new Set(r.value) });
      });
    }, LYRICS_SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // items: a changed library is searched again
  }, [query, text, anyLyrics, items]);

  return matches && matches.text === text && query.length >= LYRICS_SEARCH_MIN_CHARS && anyLyrics
    ? matches
    : null;
}
