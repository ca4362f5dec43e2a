import type { LibraryChange, LibraryItem } from '@shared/domain/library';
import type { MainEntry } from './index-entry';
import type { ScanResult } from './index-tasks';

/**
 * Newest first; items made in the same millisecond by their paths' code units. The worker orders
 * its entries with this same function, so its search answers come in main's order. Not
 * `localeCompare`: it built collation keys on every tie (about 150 ms of listing 3,000 found files,
 * whose copies share creation times), and the order is only a stable tie-break (the Library view
 * sorts for the eye with its own collator).
 */
export const byNewest = (
  a: Pick<LibraryItem, 'created_at' | 'file'>,
  b: Pick<LibraryItem, 'created_at' | 'file'>,
): number =>
  a.created_at < b.created_at
    ? 1
    : a.created_at > b.created_at
      ? -1
      : a.file < b.file
        ? -1
        : a.file > b.file
          ? 1
          : 0;

/** The fields an item may lack (an older or a found file's sidecar has none of them). */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
type OptionalField = OptionalKeys<LibraryItem>;

/** One `service_ids` for every item without any (most of them), and one empty tag list. */
const NO_SERVICE_IDS: LibraryItem['service_ids'] = Object.freeze({});
const NO_TAGS = Object.freeze([]) as unknown as string[];

/**
 * An item's tags in an array of its own made here (see `ItemList.keep`): a literal per length
 * for the usual few tags, which V8 allocates in the old generation like the item; more are
 * copied as they come.
 */
const tagsKept = (t: readonly string[]): string[] => {
  switch (t.length) {
    case 0:
      return NO_TAGS;
    case 1:
      return [t[0]!];
    case 2:
      return [t[0]!, t[1]!];
    case 3:
      return [t[0]!, t[1]!, t[2]!];
    case 4:
      return [t[0]!, t[1]!, t[2]!, t[3]!];
    default:
      return t.slice();
  }
};

const isEmpty = (o: object): boolean => {
  for (const _ in o) return false;
  return true;
};

/**
 * Merges `incoming` (newest first) into `rows` (newest first) in place, from the back: the cost
 * is the incoming items plus the rows newer than the oldest of them — when a chunk of an open is
 * older than everything listed (the usual case) that is an append.
 */
function mergeInto(rows: LibraryItem[], incoming: readonly LibraryItem[]): void {
  let i = rows.length - 1;
  let j = incoming.length - 1;
  // grown by push (setting a larger length makes a holey array V8 may turn into a dictionary)
  for (const item of incoming) rows.push(item);
  let k = rows.length - 1;
  while (j >= 0) {
    const a = rows[i];
    const b = incoming[j] as LibraryItem;
    if (i >= 0 && byNewest(a as LibraryItem, b) > 0) {
      rows[k--] = a as LibraryItem;
      i -= 1;
    } else {
      rows[k--] = b;
      j -= 1;
    }
  }
}

/**
 * What main holds of the index: the items the worker sent by path, newest first and by id.
 * Changes arrive as diffs (see `publish`); each costs main work in proportion to the change.
 */
export class ItemList {
  /** Items by media path (relative). */
  readonly paths = new Map<string, LibraryItem>();
  byId = new Map<string, LibraryItem>();
  /** Newest first. Changed in place until `list` hands it out; copied before the next change. */
  private rows: LibraryItem[] = [];
  private handedOut = false;
  /** Copies of the whole list made since the last reset (a diagnostic; tests read it). */
  copies = 0;
  /** Changes published since this list was made (a search answer mapped earlier still holds). */
  changes = 0;
  /**
   * The item main keeps for one the worker sent (just parsed from its chunk's JSON): the same
   * fields in an object and a tag list built here, one shared empty `service_ids`. Every item of
   * an open survives, and each of main's scavenges copied every young object that survived it:
   * 10 MB at a time at 50,000 items (issue 30). V8 allocates the objects of one literal in the
   * old generation once most of them survive (allocation-site pretenuring), so these are not
   * copied; the parsed ones die young. Fields a newer version's sidecar has and this one does not
   * know are not kept (every sidecar write reads the sidecar from disk). About 0.5 µs of CPU per
   * item.
   */
  keep(x: LibraryItem): LibraryItem {
    const item: Omit<LibraryItem, OptionalField> = {
      schema_version: x.schema_version,
      id: x.id,
      kind: x.kind,
      title: x.title,
      tags: tagsKept(x.tags),
      model: x.model,
      voice: x.voice,
      singer: x.singer,
      emotion: x.emotion,
      duration_ms: x.duration_ms,
      service_ids: isEmpty(x.service_ids) ? NO_SERVICE_IDS : x.service_ids,
      source_url: x.source_url,
      parent_id: x.parent_id,
      variation_group: x.variation_group,
      created_at: x.created_at,
      job_id: x.job_id,
      cover_file: x.cover_file,
      file: x.file,
      cover: x.cover,
      sizeBytes: x.sizeBytes,
      modifiedAtMs: x.modifiedAtMs,
      hasSidecar: x.hasSidecar,
      artEmbedded: x.artEmbedded,
      hasLyrics: x.hasLyrics,
      hasPrompt: x.hasPrompt,
    };
    const out = item as LibraryItem;
    // one named load per field (test/unit/library/item-list.test.ts checks every field is here)
    const { take, trimmed_from, loudness, continue_at_s, whole_song, mode, instrumental } = x;
    const { tran, file_size_bytes, audio_sha256, favourite, rating, artist, album, genre } = x;
    if (take !== undefined) out.take = take;
    if (trimmed_from !== undefined) out.trimmed_from = trimmed_from;
    if (loudness !== undefined) out.loudness = loudness;
    if (continue_at_s !== undefined) out.continue_at_s = continue_at_s;
    if (whole_song !== undefined) out.whole_song = whole_song;
    if (mode !== undefined) out.mode = mode;
    if (instrumental !== undefined) out.instrumental = instrumental;
    if (tran !== undefined) out.tran = tran;
    if (file_size_bytes !== undefined) out.file_size_bytes = file_size_bytes;
    if (audio_sha256 !== undefined) out.audio_sha256 = audio_sha256;
    if (favourite !== undefined) out.favourite = favourite;
    if (rating !== undefined) out.rating = rating;
    if (artist !== undefined) out.artist = artist;
    if (album !== undefined) out.album = album;
    if (genre !== undefined) out.genre = genre;
    return out;
  }

  /**
   * All items, newest first. The array handed out is never changed afterwards: the next change
   * copies it first (once), so an open's chunks, when nobody reads the list between them, each
   * cost main their own size — not a copy of the whole list per chunk (100 copies of up to 50,000
   * rows at 50,000 items: most of main's garbage while opening).
   */
  get list(): readonly LibraryItem[] {
    this.handedOut = true;
    return this.rows;
  }

  /** The list for a read that keeps nothing of it (a find, a filter into a new array). */
  get peek(): readonly LibraryItem[] {
    return this.rows;
  }

  /** How many items are listed (without handing the list out). */
  get count(): number {
    return this.rows.length;
  }

  reset(): void {
    this.paths.clear();
    this.byId = new Map();
    this.rows = [];
    this.handedOut = false;
    this.copies = 0;
    this.changes += 1;
  }

  /** The rows to change: the list itself while nobody holds it, else a copy. */
  private writable(): LibraryItem[] {
    if (this.handedOut) {
      this.rows = this.rows.slice();
      this.handedOut = false;
      this.copies += 1;
    }
    return this.rows;
  }

  /**
   * Applies what the worker found: `changed` entries (newest first) replace those at their paths,
   * `removed` paths go. Work here is proportional to the change, plus one pass over the list when
   * items leave or move (a rename, a removal), and a copy when the list was handed out since the
   * last change.
   */
  publish(changed: readonly MainEntry[], removed: readonly string[]): LibraryChange {
    const change: LibraryChange = { added: [], updated: [], removed: [] };
    if (changed.length === 0 && removed.length === 0) return change;
    this.changes += 1;
    const { paths, byId } = this;
    const before = new Map<string, LibraryItem | undefined>();
    const note = (id: string): void => {
      if (!before.has(id)) before.set(id, byId.get(id));
    };
    const gone = new Set<LibraryItem>();
    const drop = (old: LibraryItem): void => {
      note(old.id);
      gone.add(old);
      if (byId.get(old.id) === old) byId.delete(old.id);
    };
    for (const rel of removed) {
      const old = paths.get(rel);
      if (!old) continue;
      drop(old);
      paths.delete(rel);
    }
    for (const { item } of changed) {
      const old = paths.get(item.file);
      if (old) drop(old);
      note(item.id);
      paths.set(item.file, item);
    }
    for (const { item } of changed) byId.set(item.id, item);
    // the worker sends entries newest first, so this sort is a linear check
    const incoming = changed.map((e) => e.item).sort(byNewest);
    const rows = this.writable();
    if (gone.size > 0) {
      // by index: this runs a few times per change, seldom optimised, and an iterator's result
      // object per row was most of main's garbage of a rename or a removal at 50,000 (issue 30)
      let k = 0;
      for (let i = 0; i < rows.length; i++) if (!gone.has(rows[i]!)) rows[k++] = rows[i]!;
      rows.length = k;
    }
    if (incoming.length > 0) mergeInto(rows, incoming);
    for (const [id, old] of before) {
      const now = byId.get(id);
      if (!old && now) change.added.push(id);
      else if (old && !now) change.removed.push(id);
      else if (old !== now) change.updated.push(id);
    }
    return change;
  }

  /** The paths a scan or refresh found gone (all not sent, when it sent the whole index). */
  removedBy(result: Omit<ScanResult, 'dirs'>, sent: readonly MainEntry[]): string[] {
    if (!result.complete) return result.removed;
    const listed = new Set(sent.map((e) => e.item.file));
    return [...this.paths.keys()].filter((rel) => !listed.has(rel));
  }
}
