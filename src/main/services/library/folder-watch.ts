import { watch, type FSWatcher } from 'node:fs';
import { basename, extname, join, posix, sep } from 'node:path';
import { isTempName } from '../ground/atomic';
import { COVER_EXTENSIONS, ITEM_MEDIA_EXTENSIONS, isItemMedia } from '../ground/media-types';
import { SIDECAR_SUFFIX } from './index-entry';

export interface FolderWatchOptions {
  dir: string;
  /** Watch at all (default true). */
  enabled: boolean;
  /** Debounce for watch events, in ms. */
  debounceMs: number;
  /** Whether the index holds this media path (a cover's items are found this way). */
  knows: (rel: string) => boolean;
  /** Whether watching has stopped for good (the library closed). */
  closed: () => boolean;
  /** Re-reads these media paths. */
  refresh: (paths: string[]) => Promise<unknown>;
  /** Scans the whole library. */
  rescan: () => Promise<unknown>;
}

export interface FolderWatch {
  /** Watches the library and these subfolders (relative), and no others. */
  watchFolders(dirs: readonly string[]): void;
  /**
   * The app is writing these media paths (or their sidecars) itself and refreshes them when done:
   * their watch events are ignored for `forMs` (a bulk edit's writes are not refreshed piecemeal).
   */
  quiet(rels: readonly string[], forMs: number): void;
  /**
   * The app refreshed these paths, reading them from `since` (Date.now() when its refresh began):
   * a quiet one stays quiet only `graceMs` more (late events of its own writes). An event that came
   * for one of them from `since` on may be someone else's change the refresh did not see (a file
   * deleted just after the app wrote its sidecar): those paths are read once more after the grace.
   */
  settle(rels: readonly string[], graceMs: number, since: number): void;
  close(): void;
}

/** Quiet paths kept at most (a bulk edit of the whole library is bounded by the selection's cap). */
const MAX_QUIET = 20_000;

/**
 * Watches the library for changes made outside the app. macOS and Windows watch a tree
 * natively; elsewhere Node emulates `recursive` by stat-ing and watching every file from the
 * main thread (seconds of stall for 20,000 files), so each folder gets its own watcher instead
 * (the folders come from the worker's scans).
 */
export function createFolderWatch(options: FolderWatchOptions): FolderWatch {
  /** Folder watchers by relative path ('' is the library itself). */
  const watchers = new Map<string, FSWatcher>();
  let debounce: NodeJS.Timeout | undefined;
  /** Media paths the watchers named since the last refresh, and whether something needs a scan. */
  let watchedPaths = new Set<string>();
  let watchNeedsScan = false;
  /** Media paths the app writes itself: until when (Date.now()) their events are ignored. */
  const quietUntil = new Map<string, number>();
  /** Quiet media paths that had a watch event: when the last one came (Date.now()). */
  const quietEventAt = new Map<string, number>();
  const flushSoon = (): void => {
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      const paths = [...watchedPaths];
      const scan = watchNeedsScan;
      watchedPaths = new Set();
      watchNeedsScan = false;
      const work = scan ? options.rescan() : paths.length > 0 ? options.refresh(paths) : null;
      void work?.catch(() => undefined);
    }, options.debounceMs);
  };
  const isQuiet = (media: string): boolean => {
    const until = quietUntil.get(media);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    quietUntil.delete(media);
    return false;
  };

  /**
   * What a watch event in folder `folderRel` means: a media file or its sidecar changed (that
   * item is refreshed, nothing else is read), a cover changed (the items it may belong to are),
   * or anything else — a folder, no name — which needs a scan of the whole library.
   */
  const onWatchEvent =
    (folderRel: string) =>
    (_event: string, name: string | Buffer | null): void => {
      const n = name ? name.toString().split(sep).join('/') : '';
      if (n && isTempName(basename(n))) return;
      const rel = n ? (folderRel ? posix.join(folderRel, n) : n) : '';
      const media = rel.endsWith(SIDECAR_SUFFIX) ? rel.slice(0, -SIDECAR_SUFFIX.length) : rel;
      const ext = extname(media).toLowerCase();
      if (rel && isItemMedia(media)) {
        if (isQuiet(media)) {
          // most likely the app's own write, which its refresh reads; settle() checks the late ones
          quietEventAt.delete(media); // kept in arrival order, so the oldest go first below
          quietEventAt.set(media, Date.now());
          if (quietEventAt.size > MAX_QUIET) quietEventAt.delete(quietEventAt.keys().next().value!);
          return;
        }
        watchedPaths.add(media);
      } else if (rel && COVER_EXTENSIONS.includes(ext)) {
        const base = media.slice(0, media.length - ext.length);
        for (const e of ITEM_MEDIA_EXTENSIONS)
          for (const candidate of [`${base}${e}`, `${base}${e.toUpperCase()}`])
            if (options.knows(candidate)) watchedPaths.add(candidate);
      } else watchNeedsScan = true;
      flushSoon();
    };

  return {
    watchFolders(dirs) {
      if (!options.enabled || options.closed()) return;
      const native = process.platform === 'darwin' || process.platform === 'win32';
      const wanted = native ? [''] : ['', ...dirs];
      for (const rel of wanted) {
        if (watchers.has(rel)) continue;
        try {
          const w = watch(
            join(options.dir, rel),
            native ? { recursive: true } : {},
            onWatchEvent(rel),
          );
          w.on('error', () => undefined);
          watchers.set(rel, w);
        } catch {
          // the folder went away meanwhile: the next scan says so
        }
      }
      const keep = new Set(wanted);
      for (const [rel, w] of watchers)
        if (!keep.has(rel)) {
          w.close();
          watchers.delete(rel);
        }
    },
    quiet(rels, forMs) {
      const until = Date.now() + forMs;
      for (const rel of rels) quietUntil.set(rel, until);
      if (quietUntil.size > MAX_QUIET)
        for (const rel of quietUntil.keys()) {
          if (quietUntil.size <= MAX_QUIET) break;
          quietUntil.delete(rel);
        }
    },
    settle(rels, graceMs, since) {
      const until = Date.now() + graceMs;
      const settled: string[] = [];
      for (const rel of rels) {
        const was = quietUntil.get(rel);
        if (was === undefined) continue;
        quietUntil.set(rel, Math.min(was, until));
        settled.push(rel);
      }
      if (settled.length === 0) return;
      // once the grace is over, what changed after the refresh began is read again (cheap when
      // nothing did: the worker compares sizes and mtimes)
      const timer = setTimeout(() => {
        if (options.closed()) return;
        let again = false;
        for (const rel of settled) {
          const at = quietEventAt.get(rel);
          if (at === undefined || isQuiet(rel)) continue;
          quietEventAt.delete(rel);
          if (at < since) continue;
          watchedPaths.add(rel);
          again = true;
        }
        if (again) flushSoon();
      }, graceMs + 10);
      timer.unref?.();
    },
    close() {
      quietUntil.clear();
      quietEventAt.clear();
      for (const w of watchers.values()) w.close();
      watchers.clear();
      clearTimeout(debounce);
    },
  };
}
