/**
 * Views of the one library list (stores/library.ts) that panels read: its songs (extend, compare
 * takes, name an extension's parent) and its speech takes. Derived, never fetched: main sends
 * the library once, and a library change reaches every view through that one list.
 */
import type { LibraryItemView } from '@shared/ipc/library';
import { libraryFileUrl } from '@shared/library-url';

/** A song in the library as the Songs panel needs it: its service id says whether it extends. */
export interface LibrarySong {
  itemId: string;
  title: string;
  /** The service's song id from the sidecar; null = cannot be extended. */
  songId: string | null;
  durationMs: number | null;
  createdAt: string;
  jobId: string | null;
  parentId: string | null;
  variationGroup: string | null;
  prompt: string | null;
  model: string | null;
  /** `cadenza-media://library/…` */
  mediaUrl: string;
  /** The song's artwork (the cover file, or art embedded in the audio); null = none. */
  coverUrl: string | null;
}

/** An earlier take: a text-to-speech item of the library. */
export interface Take {
  itemId: string;
  title: string;
  text: string;
  voice: string | null;
  emotion: string | null;
  durationMs: number | null;
  createdAt: string;
  /** `cadenza-media://library/…` */
  mediaUrl: string;
}

const songOf = (i: LibraryItemView): LibrarySong => ({
  itemId: i.id,
  title: i.title,
  songId: i.songId,
  durationMs: i.durationMs,
  createdAt: i.createdAt,
  jobId: i.jobId,
  parentId: i.parentId,
  variationGroup: i.variationGroup,
  prompt: i.prompt,
  model: i.model,
  mediaUrl: libraryFileUrl(i.file),
  coverUrl: i.coverUrl,
});

const takeOf = (i: LibraryItemView): Take => ({
  itemId: i.id,
  title: i.title,
  text: i.prompt ?? '',
  voice: i.voice,
  emotion: i.emotion,
  durationMs: i.durationMs,
  createdAt: i.createdAt,
  mediaUrl: libraryFileUrl(i.file),
});

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }): number =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

/**
 * One derived list per list of items (the store replaces its array on every change): a selector
 * answers the same array until the library changes, so a component re-renders only then.
 */
function derived<T>(
  keep: (i: LibraryItemView) => boolean,
  view: (i: LibraryItemView) => T & { createdAt: string },
): (items: readonly LibraryItemView[]) => T[] {
  const cache = new WeakMap<readonly LibraryItemView[], T[]>();
  return (items) => {
    let list = cache.get(items);
    if (!list) {
      list = items.filter(keep).map(view).sort(newestFirst);
      cache.set(items, list);
    }
    return list;
  };
}

/** The library's songs, newest first. */
export const songsOf = derived((i) => i.kind === 'song', songOf);
/** The library's speech takes, newest first. */
export const takesOf = derived((i) => i.kind === 'tts', takeOf);
