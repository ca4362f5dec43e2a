import type {
  FullLibraryItem,
  LibraryChange,
  LibraryItem,
  Sidecar,
  SidecarInput,
} from '@shared/domain/library';
import type { WorkerClient } from '../worker';
import type { TypedEmitter } from '../ground/events';
import type { libraryTasks } from './index-tasks';
import type { TagDefaults } from './file-tags';
import type { LibraryQuery } from './search';
import type { UndoTrash } from './trash';

export interface LibraryOptions {
  /**
   * The library folder. Opening never creates it; the first write does (see placement.ts: a
   * folder that was there before is made again only on the device it was on).
   */
  dir: string;
  /** Listing only (`cadenza library list`, views): nothing is created, moved, renamed or deleted. */
  readOnly?: boolean;
  /** Where the library folder's device is recorded (in the data folder). */
  placementFile?: string;
  /** Where the saved index lives (in the data folder, not the library). No saved index if omitted. */
  indexFile?: string;
  /** Moves a file to the OS trash; the shell passes Electron's. Default: delete. */
  trash?: (absolutePath: string) => Promise<void>;
  /** Watch the folder for changes made outside the app (default true). */
  watch?: boolean;
  /** Debounce for watch events, in ms. */
  watchDebounceMs?: number;
  /**
   * Where the index is built, loaded, saved and searched (default: the process's shared worker
   * thread). Main keeps the entries it is sent and answers reads from them.
   */
  worker?: WorkerClient<typeof libraryTasks>;
  /** Artist and album written into every file saved (Settings' export defaults). */
  tagDefaults?: () => TagDefaults;
}

export interface LibraryEvents extends Record<string, unknown> {
  changed: LibraryChange;
}

/** Metadata for a new item; `id` and `created_at` are filled in when missing. */
export type NewItemMeta = Omit<
  SidecarInput,
  'schema_version' | 'id' | 'created_at' | 'cover_file'
> & {
  id?: string;
  created_at?: string;
};

export interface CreateItemOptions {
  meta: NewItemMeta;
  /** Media extension, e.g. ".mp3". */
  ext: string;
  /** A name reserved earlier (see `reserveName`); used when still free or already ours. */
  fileName?: string;
  /** Writes the media into the temp path given (a download, a copy). */
  writeMedia: (tempPath: string) => Promise<void>;
  /** Optional cover image written beside the media as `<base><coverExt>`. */
  cover?: { ext: string; write: (tempPath: string) => Promise<void> };
  /**
   * Write the item's tags and recipe into the media before it is placed (default true; an
   * imported file keeps its own tags).
   */
  tag?: boolean;
}

export interface Library {
  readonly dir: string;
  /**
   * Loads the index in the worker: from the saved index when there is one (entries whose files
   * are still listed are trusted at first), then verifies every file's size and mtime in the
   * background. Main's event loop only receives the entries, in chunks.
   */
  open(): Promise<void>;
  /** Resolves when the background verification after `open` and the search warm-up are done. */
  ready(): Promise<void>;
  /**
   * Resolves once `items()` holds at least `count` items or the open in progress has listed
   * everything (at once when no open is in progress): the first rows of a list are answered
   * while the rest of a large index still loads, newest first.
   */
  whenListed(count: number): Promise<void>;
  close(): Promise<void>;
  /** All items, newest first. The array is replaced (never mutated) when the library changes. */
  items(): readonly LibraryItem[];
  get(id: string): LibraryItem | undefined;
  /**
   * The item with what main does not keep (its lyrics), read from its sidecar on disk now: for
   * a view that shows them, an export, a render that writes them into a file.
   */
  full(item: LibraryItem): Promise<FullLibraryItem>;
  /**
   * The prompts of these items (null: none), in their order, from the index worker: main's rows
   * hold none. One call for a page of rows; items without a prompt cost nothing.
   */
  prompts(items: readonly LibraryItem[]): Promise<(string | null)[]>;
  findByServiceId(serviceId: string): LibraryItem | undefined;
  /** Items matching the query, newest first (words are searched in the worker). */
  filter(query: LibraryQuery): Promise<LibraryItem[]>;
  /** Absolute path of an item's media file. */
  pathOf(item: LibraryItem): string;
  rescan(): Promise<LibraryChange>;
  /**
   * Re-reads only these media files (relative paths) and their sidecars: after the app itself
   * wrote them, instead of a scan of the whole folder.
   */
  refresh(files: readonly string[]): Promise<LibraryChange>;
  /** Whether the library folder is there now. */
  present(): Promise<boolean>;
  /** Makes the folder when it may be made (see placement.ts), else throws "Library folder missing". */
  ensureFolder(): Promise<void>;
  /** Lock holder only: removes temp files whose owner process is gone. */
  repair(): Promise<number>;
  /** Picks (and holds for this process) a unique file name for a title. */
  reserveName(title: string, ext: string): Promise<string>;
  createItem(options: CreateItemOptions): Promise<LibraryItem>;
  importFile(sourcePath: string, meta?: Partial<NewItemMeta>): Promise<LibraryItem>;
  rename(id: string, title: string): Promise<LibraryItem>;
  /**
   * Rewrites the item's sidecar with `patch`. `rescan: false` leaves the index as it is until the
   * caller's next `rescan()` (many sidecars written, one scan); it answers the item as it was.
   */
  updateMeta(
    id: string,
    patch: Partial<Omit<Sidecar, 'schema_version' | 'id'>>,
    options?: { rescan?: boolean },
  ): Promise<LibraryItem>;
  /**
   * The caller writes these media paths (or their sidecars) and refreshes them when done: the
   * folder watcher does not refresh them piecemeal meanwhile.
   */
  expectWrites?(files: readonly string[]): void;
  remove(id: string): Promise<void>;
  /** Trash with Undo: items wait in a hidden folder of the library before the OS trash. */
  trash: UndoTrash;
  on: TypedEmitter<LibraryEvents>['on'];
}
