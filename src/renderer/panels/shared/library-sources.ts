/**
 * Library items offered as sources by the Covers and Videos panels (a cover's song, training
 * audio, a singing or subtitle video's link): picked from the Library's own list, which follows
 * main's changes by ids, so no panel loads or reloads the whole library for its own list.
 */
import { useEffect, useMemo } from 'react';
import type { LibraryItemView } from '@shared/ipc/library';
import { KIND_LABELS, formatDurationMs } from '../../lib/format';
import { t } from '../../i18n';
import { ensureLibraryItems, useLibraryStore } from '../../stores/library';

/** "Song · 2:18": what a picker shows beside a title. */
export const sourceDetail = (i: LibraryItemView): string =>
  i.durationMs === null
    ? t(KIND_LABELS[i.kind])
    : `${t(KIND_LABELS[i.kind])} · ${formatDurationMs(i.durationMs)}`;

/**
 * The library items `accept` takes, loading the library's list the first time a panel needs it.
 * `accept` must be defined once (module level): a new function each render recomputes the list.
 */
export function useLibrarySources(accept: (i: LibraryItemView) => boolean): {
  items: LibraryItemView[];
  loading: boolean;
} {
  const all = useLibraryStore((s) => s.items);
  const loaded = useLibraryStore((s) => s.itemsLoaded);
  useEffect(() => {
    void ensureLibraryItems();
  }, []);
  // the views themselves (no copies): the picker asks `sourceDetail` only for the few it shows
  const items = useMemo(() => all.filter(accept), [all, accept]);
  return { items, loading: !loaded };
}
