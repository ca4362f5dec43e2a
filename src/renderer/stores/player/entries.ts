/**
 * What the player plays: one shape for library items, song previews, voice samples, takes and job
 * results, so every panel hands the one player store the same thing.
 */
import type { LibraryKind } from '@shared/domain/library';
import type { LibraryItemView } from '@shared/ipc/library';
import { t } from '../../i18n';
import { baseTitle, takeName, takeNumbersOf } from '../../lib/take-title';
import { useLibraryStore } from '../library';

export interface PlayEntry {
  /**
   * Says what plays: the library item id for library items (so the same song started from the
   * Library or from a panel is one thing), else a panel's own key ("sample:<speaker>").
   */
  key: string;
  /** The library item (its media URL is asked from main; it has waveform peaks), or null. */
  itemId: string | null;
  /** A `cadenza-media:` URL already known (previews, samples, results); null = ask main. */
  url: string | null;
  /** As one plain string: a take's is "Harbour Lights · Take 2" (see `take`). */
  title: string;
  /** A take of a submission: its title and number, shown with the title isolated (`EntryTitle`). */
  take?: { title: string; n: number };
  video: boolean;
  /** Lower-case codec hint for howler ("mp3"); null when the URL names no file. */
  format: string | null;
  /** The probed length (sidecar); the one duration shown everywhere when known. */
  durationMs: number | null;
  coverUrl: string | null;
  /** The panel it was started from, shown in the bar ("Library", "Voice sample"). */
  origin: string;
}

export const isVideoKind = (kind: LibraryKind): boolean =>
  kind === 'singing-video' || kind === 'subtitle-video';

/** "mp3" from "Song 1.mp3" or "cadenza-media://library/Song%201.mp3"; null without an extension. */
export function formatOf(fileOrUrl: string): string | null {
  const name = fileOrUrl.split(/[/\\]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : null;
}

/** A take's entry is named by the take rule ("Harbour Lights · Take 2"); others keep their title. */
export function asTake<E extends PlayEntry>(entry: E, title: string, n: number | null): E {
  if (n === null) return entry;
  const base = baseTitle(title);
  return { ...entry, title: takeName(base, n), take: { title: base, n } };
}

/** A library item's take number, from the library's list (null: not a take of a group). */
const takeNumberOf = (itemId: string): number | null =>
  takeNumbersOf(useLibraryStore.getState().items).get(itemId) ?? null;

export const toQueueEntry = (item: LibraryItemView, origin = t('shell:nav.library')): PlayEntry =>
  asTake(
    {
      key: item.id,
      itemId: item.id,
      url: null,
      title: item.title,
      video: isVideoKind(item.kind),
      format: formatOf(item.file),
      durationMs: item.durationMs,
      coverUrl: item.coverUrl,
      origin,
    },
    item.title,
    takeNumberOf(item.id),
  );

/** A library file a panel already has the media URL of (takes, results, songs). */
export function libraryEntry(item: {
  itemId: string;
  title: string;
  mediaUrl: string;
  durationMs: number | null;
  kind?: LibraryKind;
  origin: string;
  coverUrl?: string | null;
}): PlayEntry {
  return asTake(
    {
      key: item.itemId,
      itemId: item.itemId,
      url: item.mediaUrl,
      title: item.title,
      video: item.kind ? isVideoKind(item.kind) : false,
      format: formatOf(item.mediaUrl),
      durationMs: item.durationMs,
      coverUrl: item.coverUrl ?? null,
      origin: item.origin,
    },
    item.title,
    takeNumberOf(item.itemId),
  );
}
