import type { ReactNode } from 'react';
import type { LibrarySong } from '@shared/ipc/songs';
import type { MenuItem } from '../../components';
import { canTrim, useTrimDialog } from '../../player/region/use-trim';
import { loadLibrarySongs } from '../../stores/songs';

/** The library file of a song, from its `cadenza-media://library/…` address. */
export function libraryFileOf(mediaUrl: string): string {
  const at = mediaUrl.indexOf('://library/');
  return at < 0
    ? ''
    : mediaUrl
        .slice(at + '://library/'.length)
        .split('/')
        .map(decodeURIComponent)
        .join('/');
}

export interface FinishingActions {
  /** Menu items for the take's ⋯ menu (none while the take is not in the library). */
  items: MenuItem[];
  /** The dialogs they open; render them once in the take's card. */
  dialogs: ReactNode;
}

/**
 * The finishing tools of a saved take for its ⋯ menu, the same the Library offers: Trim (a new
 * item; the take is only read).
 */
export function useFinishingActions(song: LibrarySong | null): FinishingActions {
  const trim = useTrimDialog(() => void loadLibrarySongs());
  if (!song) return { items: [], dialogs: trim.dialog };
  const file = libraryFileOf(song.mediaUrl);
  return {
    items: [
      {
        label: 'Trim…',
        hidden: !canTrim({ file, kind: 'song' }),
        onSelect: () =>
          trim.open({
            itemId: song.itemId,
            title: song.title,
            file,
            durationMs: song.durationMs,
            coverUrl: song.coverUrl ?? null,
          }),
      },
    ],
    dialogs: trim.dialog,
  };
}
