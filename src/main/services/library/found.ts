/**
 * What the library reads from a media file added outside the app (no sidecar): its length, title
 * and genre tags, and whether it carries cover art, from the media probe. The index build runs
 * in the worker thread, so this never blocks main; results live in the saved index (in the data
 * folder), so a file is probed again only when its size or mtime changes. Nothing is written
 * beside the file: a sidecar appears only when the user edits the item.
 */
import { probeFile } from '../audio/probe';

export interface FoundFacts {
  durationMs: number | null;
  title: string | null;
  genre: string[];
  /** Unsynchronised lyrics from its tags. */
  lyrics?: string | null;
  /** The file embeds a picture, served as its cover (media protocol `art` host). */
  hasArt: boolean;
}

export async function readFoundMedia(path: string): Promise<FoundFacts | null> {
  const p = await probeFile(path, { art: true }).catch(() => null);
  if (!p) return null;
  return {
    durationMs: p.durationMs,
    title: p.tags.title,
    genre: p.tags.genre,
    lyrics: p.tags.lyrics ?? null,
    hasArt: p.art !== null,
  };
}

/** Runs `fn` over `items`, `limit` at a time; results in order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const run = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return out;
}
