import type { LibraryKind } from '@shared/domain/library';
import { formatClock } from '@shared/i18n/format';

/** "3:05", "1:02:09" — a clock for positions and durations in seconds (one for both processes). */
export { formatClock };

/**
 * A length ("0:14"), rounded to the nearest second: the one way every place (bar, queue, panels,
 * Library) shows an item's duration, so one song never reads 0:13 here and 0:14 there.
 */
export const formatLength = (totalS: number): string =>
  formatClock(Math.round(Number.isFinite(totalS) ? totalS : 0));

/** "3:05": the player's length format (one rounding everywhere). */
export function formatDurationMs(ms: number | null): string {
  return ms === null ? '—' : formatLength(ms / 1000);
}

/** What each kind of item is called (catalog keys, translated where shown). */
export const KIND_LABELS = {
  song: 'library:kind.song',
  tts: 'library:kind.speech',
  cover: 'library:kind.cover',
  'singing-video': 'library:kind.singingVideo',
  'subtitle-video': 'library:kind.subtitleVideo',
} as const satisfies Record<LibraryKind, string>;
