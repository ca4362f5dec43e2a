/**
 * The library's collections: one `.m3u8` playlist each in `<library>/Collections/` (m3u8.ts).
 * A collection's id is its file name without the extension. Entries are resolved to items by
 * their id line first (so a playlist follows renames and moves), else by path; `sync` rewrites
 * the playlists whose paths went stale and drops entries whose items left the library.
 *
 *   const store = createCollectionStore({ dir: library.dir, items: () => library.items() });
 *   const c = await store.create('Harbour EP');
 *   await store.add(c.id, ['itm_a', 'itm_b']);
 */
import { promises as fs } from 'node:fs';
import { join, posix } from 'node:path';
import type { LibraryItem } from '@shared/domain/library';
import { appError } from '@shared/app-error';
import { writeFileAtomic } from '../ground/atomic';
import { isTooLarge, readRegularText } from '../ground/regular-file';
import { sanitizeBaseName } from '../library/names';
import {
  MAX_PLAYLIST_BYTES,
  MAX_PLAYLIST_ENTRIES,
  PLAYLIST_EXTENSION,
  formatPlaylist,
  parsePlaylist,
  type Playlist,
  type PlaylistEntry,
} from './m3u8';

/** The folder (inside the library) holding the playlists. */
export const COLLECTIONS_FOLDER = 'Collections';
/** Playlist paths are relative to the playlist: one folder down from the library's root. */
const UP = '../';

export interface CollectionEntry {
  /** The item, when the entry resolves to one in the library now. */
  item: LibraryItem | null;
  entry: PlaylistEntry;
}

export interface Collection {
  id: string;
  name: string;
  artist: string | null;
  /** Library-relative cover image path (the album's), or null. */
  cover: string | null;
  entries: CollectionEntry[];
}

/** An entry taken out of a collection with its place, to be put back (Undo of a trash). */
export interface TakenEntry {
  collection: string;
  index: number;
  entry: PlaylistEntry;
}

export interface CollectionStore {
  list(): Promise<Collection[]>;
  get(id: string): Promise<Collection>;
  create(name: string, album?: { artist?: string | null }): Promise<Collection>;
  /** Adds items at the end (or before index `at`); items already in it move there. */
  add(id: string, itemIds: readonly string[], at?: number): Promise<Collection>;
  remove(id: string, itemIds: readonly string[]): Promise<Collection>;
  /** The new order of the collection's items (ids); entries not named keep their place after them. */
  reorder(id: string, itemIds: readonly string[]): Promise<Collection>;
  /** Album details: artist (null clears), cover from an item's cover image (null clears). */
  setAlbum(
    id: string,
    album: { artist?: string | null; coverItemId?: string | null },
  ): Promise<Collection>;
  delete(id: string): Promise<void>;
  /** Takes the items' entries out of every collection now; answers them with their places. */
  takeOut(itemIds: readonly string[]): Promise<TakenEntry[]>;
  /** Puts taken entries back at their places (an entry whose item is in it again is skipped). */
  putBack(taken: readonly TakenEntry[]): Promise<number>;
  /** Rewrites playlists whose entries moved, were renamed or left the library; answers how many. */
  sync(): Promise<number>;
}

export interface CollectionStoreOptions {
  dir: string;
  items: () => readonly LibraryItem[];
  /** Read only (CLI listing): nothing is written. */
  readOnly?: boolean;
}

const ID_PATTERN = /^[^/\\\0]{1,120}$/;

export function createCollectionStore(o: CollectionStoreOptions): CollectionStore {
  const folder = join(o.dir, COLLECTIONS_FOLDER);
  const fileOf = (id: string): string => {
    if (!ID_PATTERN.test(id) || id.startsWith('.'))
      throw appError('not_found', 'errors:collections.notFound');
    return join(folder, `${id}${PLAYLIST_EXTENSION}`);
  };
  /** One write at a time, so two quick edits never lose one another. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(op: () => Promise<T>): Promise<T> => {
    const run = queue.then(op, op);
    queue = run.catch(() => undefined);
    return run;
  };

  function lookups() {
    const list = o.items();
    const byId = new Map(list.map((i) => [i.id, i]));
    const byFile = new Map(list.map((i) => [i.file.normalize('NFC').toLowerCase(), i]));
    return { byId, byFile };
  }
  type Lookups = ReturnType<typeof lookups>;

  const libraryPath = (entryPath: string): string | null => {
    const p = posix.normalize(posix.join(COLLECTIONS_FOLDER, entryPath));
    return p.startsWith('../') || posix.isAbsolute(p) ? null : p;
  };
  const entryPath = (file: string): string => `${UP}${file}`;

  const resolve = (e: PlaylistEntry, l: Lookups): LibraryItem | null => {
    if (e.id) {
      const byId = l.byId.get(e.id);
      if (byId) return byId;
    }
    const rel = libraryPath(e.path);
    return rel ? (l.byFile.get(rel.toLowerCase()) ?? null) : null;
  };

  const entryFor = (item: LibraryItem): PlaylistEntry => ({
    id: item.id,
    path: entryPath(item.file),
    title: item.title,
    seconds: item.duration_ms === null ? null : Math.round(item.duration_ms / 1000),
  });

  async function read(id: string): Promise<Playlist> {
    const path = fileOf(id);
    const st = await fs.lstat(path).catch(() => null);
    if (!st?.isFile()) throw appError('not_found', 'errors:collections.notFound');
    // opened non-blocking and checked again after the open (a FIFO swapped in cannot hold it)
    const text = await readRegularText(path, MAX_PLAYLIST_BYTES).catch((e: unknown) => {
      throw isTooLarge(e)
        ? appError('validation', 'errors:collections.tooLarge')
        : appError('not_found', 'errors:collections.notFound');
    });
    return parsePlaylist(text, id);
  }

  function view(id: string, p: Playlist, l: Lookups): Collection {
    const coverRel = p.cover ? libraryPath(p.cover) : null;
    return {
      id,
      name: p.name,
      artist: p.artist,
      cover: coverRel,
      entries: p.entries.map((entry) => ({ entry, item: resolve(entry, l) })),
    };
  }

  async function write(id: string, p: Playlist): Promise<void> {
    if (o.readOnly) throw appError('busy', 'errors:collections.readOnly');
    await fs.mkdir(folder, { recursive: true });
    await writeFileAtomic(fileOf(id), formatPlaylist(p));
  }

  /** The playlist with every entry that resolves rewritten from its item (path, title, length). */
  function freshened(p: Playlist, l: Lookups, dropGone: boolean): Playlist {
    const entries: PlaylistEntry[] = [];
    for (const e of p.entries) {
      const item = resolve(e, l);
      if (item) entries.push(entryFor(item));
      else if (!dropGone || !e.id) entries.push(e);
    }
    return { ...p, entries };
  }

  const edit = (id: string, change: (p: Playlist, l: Lookups) => Playlist): Promise<Collection> =>
    serial(async () => {
      const l = lookups();
      const next = change(freshened(await read(id), l, false), l);
      if (next.entries.length > MAX_PLAYLIST_ENTRIES)
        throw appError('validation', 'errors:collections.tooLarge');
      await write(id, next);
      return view(id, next, l);
    });

  const requireItems = (ids: readonly string[], l: Lookups): LibraryItem[] =>
    [...new Set(ids)].map((i) => {
      const item = l.byId.get(i);
      if (!item) throw appError('not_found', 'errors:library.itemGone');
      return item;
    });

  async function ids(): Promise<string[]> {
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    return names
      .filter((n) => n.toLowerCase().endsWith(PLAYLIST_EXTENSION) && !n.startsWith('.'))
      .map((n) => n.slice(0, -PLAYLIST_EXTENSION.length))
      .sort((a, b) => a.localeCompare(b));
  }

  return {
    async list() {
      const l = lookups();
      const out: Collection[] = [];
      for (const id of await ids()) {
        const p = await read(id).catch(() => null);
        if (p) out.push(view(id, p, l));
      }
      return out;
    },
    async get(id) {
      return view(id, await read(id), lookups());
    },
    create: (name, album = {}) =>
      serial(async () => {
        const clean = name.normalize('NFC').trim();
        if (!clean) throw appError('validation', 'errors:collections.noName');
        const base = sanitizeBaseName(clean, 'Collection');
        const taken = new Set((await ids()).map((i) => i.toLowerCase()));
        let id = base;
        for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${base} (${n})`;
        const p: Playlist = {
          name: clean,
          artist: album.artist?.trim() || null,
          cover: null,
          entries: [],
        };
        await write(id, p);
        return view(id, p, lookups());
      }),
    add: (id, itemIds, at) =>
      edit(id, (p, l) => {
        const adding = requireItems(itemIds, l);
        const moving = new Set(adding.map((i) => i.id));
        const rest = p.entries.filter((e) => !(e.id && moving.has(e.id)));
        const where = at === undefined ? rest.length : Math.max(0, Math.min(at, rest.length));
        rest.splice(where, 0, ...adding.map(entryFor));
        return { ...p, entries: rest };
      }),
    remove: (id, itemIds) =>
      edit(id, (p) => {
        const gone = new Set(itemIds);
        return { ...p, entries: p.entries.filter((e) => !(e.id && gone.has(e.id))) };
      }),
    reorder: (id, itemIds) =>
      edit(id, (p) => {
        const byId = new Map(p.entries.filter((e) => e.id).map((e) => [e.id!, e]));
        const named = [...new Set(itemIds)].flatMap((i) => byId.get(i) ?? []);
        const used = new Set(named);
        return { ...p, entries: [...named, ...p.entries.filter((e) => !used.has(e))] };
      }),
    setAlbum: (id, album) =>
      edit(id, (p, l) => {
        const next = { ...p };
        if (album.artist !== undefined) next.artist = album.artist?.trim() || null;
        if (album.coverItemId !== undefined) {
          const item = album.coverItemId ? requireItems([album.coverItemId], l)[0]! : null;
          next.cover = item?.cover ? entryPath(item.cover) : null;
        }
        return next;
      }),
    delete: (id) =>
      serial(async () => {
        if (o.readOnly) throw appError('busy', 'errors:collections.readOnly');
        await fs.rm(fileOf(id), { force: true });
      }),
    takeOut: (itemIds) =>
      serial(async () => {
        if (o.readOnly) return [];
        const gone = new Set(itemIds);
        const taken: TakenEntry[] = [];
        for (const id of await ids()) {
          const p = await read(id).catch(() => null);
          if (!p) continue;
          const out = p.entries.flatMap((entry, index) =>
            entry.id && gone.has(entry.id) ? [{ collection: id, index, entry }] : [],
          );
          if (out.length === 0) continue;
          await write(id, { ...p, entries: p.entries.filter((e) => !(e.id && gone.has(e.id))) });
          taken.push(...out);
        }
        return taken;
      }),
    putBack: (taken) =>
      serial(async () => {
        if (o.readOnly) return 0;
        const byCollection = new Map<string, TakenEntry[]>();
        for (const t of taken)
          byCollection.set(t.collection, [...(byCollection.get(t.collection) ?? []), t]);
        const l = lookups();
        let n = 0;
        for (const [id, entries] of byCollection) {
          const p = await read(id).catch(() => null);
          if (!p) continue; // the collection was deleted since
          const next = [...p.entries];
          const present = new Set(next.flatMap((e) => (e.id ? [e.id] : [])));
          // in the order they stood, each at its old place: together they stand as before
          for (const t of [...entries].sort((a, b) => a.index - b.index)) {
            if (t.entry.id && present.has(t.entry.id)) continue;
            const item = t.entry.id ? l.byId.get(t.entry.id) : undefined;
            next.splice(Math.min(t.index, next.length), 0, item ? entryFor(item) : t.entry);
            n++;
          }
          if (next.length > MAX_PLAYLIST_ENTRIES) continue;
          await write(id, { ...p, entries: next });
        }
        return n;
      }),
    sync: () =>
      serial(async () => {
        if (o.readOnly) return 0;
        const l = lookups();
        let n = 0;
        for (const id of await ids()) {
          const p = await read(id).catch(() => null);
          if (!p) continue;
          const next = freshened(p, l, true);
          if (formatPlaylist(next) === formatPlaylist(p)) continue;
          await write(id, next);
          n++;
        }
        return n;
      }),
  };
}

/** The album's first cover when it names none: the first entry's item with a cover. */
export const albumCover = (c: Collection): string | null =>
  c.cover ?? c.entries.find((e) => e.item?.cover)?.item?.cover ?? null;
