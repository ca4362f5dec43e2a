import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { basename, extname, join, posix } from 'node:path';
import {
  ITEM_ID_PATTERN,
  SidecarSchema,
  type LibraryItem,
  type Sidecar,
} from '@shared/domain/library';
import { READ_CAPS, readRegularTextSync } from '../ground/regular-file';
import type { FoundFacts } from './found';
import { isBareName } from './names';
import type { Relink } from './relink';
import { COVER_EXTENSIONS, guessKind } from '../ground/media-types';

/** One index entry: the item plus the stats that say whether it is still current. */
export interface IndexEntry {
  item: LibraryItem;
  mediaSize: number;
  mediaMtimeMs: number;
  sidecarSize: number | null;
  sidecarMtimeMs: number | null;
  /** Found by re-linking (no sidecar beside the file): what the app settles on disk. */
  relink?: Relink;
  /**
   * The item's searchable text (see `searchTextOf`): kept by the worker (searches, the saved
   * index), never sent to main.
   */
  text?: string;
  /** The item's prompt (absent: none). Kept by the worker, sent to main only when asked for. */
  prompt?: string;
}

/**
 * What main is sent of an entry: the item, and what re-linking found (main settles it on disk).
 * The stats and the search text stay in the worker. `prompt` comes only with the first rows of
 * an open (null: it has none), so the first page is answered without asking the worker.
 */
export type MainEntry = Pick<IndexEntry, 'item' | 'relink'> & { prompt?: string | null };

/** Whitespace, as search.ts splits a query into its terms. */
const SPACES = /\s+/;

/**
 * An item's searchable text, made once when its sidecar is read: the distinct words, lower case,
 * of its title, tags, artist, album, genre, lyrics and prompt, one space between them. A query's
 * term holds no white space, so it is inside this text exactly when it is inside one of the
 * fields; each word is kept once (a chorus sung four times is held once), which halves the
 * worker's text at 50,000 items (issue 30).
 */
export function searchTextOf(
  item: Pick<LibraryItem, 'title' | 'tags' | 'artist' | 'album' | 'genre'>,
  lyrics: string | null | undefined,
  prompt: string | null | undefined,
): string {
  const all = [
    item.title,
    item.tags.join(' '),
    item.artist ?? '',
    item.album ?? '',
    item.genre ?? '',
    lyrics ?? '',
    prompt ?? '',
  ]
    .join('\n')
    .toLowerCase();
  const words = new Set(all.split(SPACES));
  words.delete('');
  return [...words].join(' ');
}

/** An entry's `prompt` field: only when there is one (most found files have none). */
const promptField = (prompt: string | null | undefined): { prompt?: string } =>
  prompt ? { prompt } : {};

/** A file's size and mtime, as an entry keeps them. */
export type FileStats = Pick<Stats, 'size' | 'mtimeMs'>;

/**
 * The entry of a media file just read: its item, stats, search text and prompt — nothing else of
 * the sidecar (its lyrics live on only as words of the search text). The item is copied into a
 * plain object first: the one `itemFrom` builds (a validated sidecar spread with the file's
 * fields) took about 1.3 KB of this runtime's heap, its copy about 0.6 KB (measured over the
 * library-index bench's sidecars; the worker keeps one per item).
 */
export function entryOf(
  item: LibraryItem,
  media: FileStats,
  sidecar: FileStats | null,
  lyrics: string | null | undefined,
  prompt: string | null | undefined,
): IndexEntry {
  const kept = { ...item };
  return {
    item: kept,
    mediaSize: media.size,
    mediaMtimeMs: media.mtimeMs,
    sidecarSize: sidecar ? sidecar.size : null,
    sidecarMtimeMs: sidecar ? sidecar.mtimeMs : null,
    text: searchTextOf(kept, lyrics, prompt),
    ...promptField(prompt),
  };
}

export const SIDECAR_SUFFIX = '.json';
export const sidecarNameFor = (mediaFileName: string): string =>
  `${mediaFileName}${SIDECAR_SUFFIX}`;

/** A listed file: its relative path, extension and (when stat-ed) stats. */
export interface Listed {
  rel: string;
  /** The name's extension, lower case with its dot ('' when none). */
  ext: string;
  /**
   * Size and mtime (a whole `Stats` only where the lister keeps one: see indexer.ts); null when
   * the caller chose not to stat this file (trusted saved entry).
   */
  stat: FileStats | null;
}

const externalId = (rel: string): string =>
  `ext_${createHash('sha1').update(rel).digest('hex').slice(0, 16)}`;

export function coverFor(
  rel: string,
  sidecar: Pick<Sidecar, 'cover_file'> | null,
  files: Map<string, Listed>,
  imageBases?: ReadonlySet<string>,
): string | null {
  const extLen = extname(rel).length;
  if (!sidecar?.cover_file && imageBases && !imageBases.has(rel.slice(0, rel.length - extLen)))
    return null;
  const dir = posix.dirname(rel) === '.' ? '' : posix.dirname(rel);
  // a sidecar's cover is a bare name beside the media (never a path), and a listed file
  if (sidecar?.cover_file && isBareName(sidecar.cover_file)) {
    const c = dir ? posix.join(dir, sidecar.cover_file) : sidecar.cover_file;
    if (files.has(c)) return c;
  }
  const base = rel.slice(0, rel.length - extname(rel).length);
  for (const ext of COVER_EXTENSIONS) if (files.has(`${base}${ext}`)) return `${base}${ext}`;
  return null;
}

export function readSidecar(path: string): Sidecar | null {
  try {
    const parsed = SidecarSchema.safeParse(
      JSON.parse(readRegularTextSync(path, READ_CAPS.sidecarBytes)),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type FoundFields = Omit<Sidecar, 'lyrics' | 'prompt'>;
type FoundInput = Pick<
  Sidecar,
  'schema_version' | 'id' | 'kind' | 'title' | 'tags' | 'lyrics' | 'duration_ms' | 'created_at'
>;

/** SidecarSchema's defaults for the fields a found file does not have, in its order (made once). */
let foundDefaults: FoundFields | undefined;

/**
 * What SidecarSchema.parse makes of a found file's fields, without parsing a whole sidecar for
 * each of thousands of files (issue 30): the schema's defaults once, and the few fields a probe
 * fills checked here; anything else is parsed (and refused) as before.
 */
function foundFields(input: FoundInput): FoundFields {
  const { duration_ms: ms, tags, title } = input;
  const fits =
    typeof title === 'string' &&
    (ms === null || (Number.isSafeInteger(ms) && ms >= 0)) &&
    Array.isArray(tags) &&
    tags.every((t) => typeof t === 'string');
  if (!fits) {
    const { lyrics: _l, prompt: _p, ...parsed } = SidecarSchema.parse(input);
    return parsed;
  }
  if (!foundDefaults) {
    const { lyrics: _l, prompt: _p, ...parsed } = SidecarSchema.parse({ ...input, tags: [] });
    foundDefaults = parsed;
  }
  const { lyrics: _l, ...fields } = input;
  return { ...foundDefaults, ...fields, tags: [...tags], service_ids: {} };
}

export function itemFrom(
  rel: string,
  media: Stats,
  sidecar: Sidecar | null,
  cover: string | null,
  found: FoundFacts | null = null,
): LibraryItem {
  const base = {
    file: rel,
    cover,
    sizeBytes: media.size,
    modifiedAtMs: media.mtimeMs,
  };
  // any sidecar found on disk gets an id every action accepts (one written by hand or another tool
  // may carry anything); a later rewrite stores the valid one
  if (sidecar) {
    const { lyrics, prompt, ...rest } = sidecar;
    return {
      ...rest,
      id: ITEM_ID_PATTERN.test(sidecar.id) ? sidecar.id : externalId(`${rel}\n${sidecar.id}`),
      ...base,
      hasSidecar: true,
      artEmbedded: false,
      hasLyrics: !!lyrics?.trim(),
      hasPrompt: !!prompt,
    };
  }
  const name = basename(rel);
  const probed = foundFields({
    schema_version: 1,
    id: externalId(rel),
    kind: guessKind(name),
    title: found?.title ?? name.slice(0, name.length - extname(name).length),
    tags: found?.genre ?? [],
    lyrics: found?.lyrics ?? null,
    duration_ms: found?.durationMs ?? null,
    created_at: new Date(media.birthtimeMs || media.mtimeMs).toISOString(),
  });
  return {
    ...probed,
    ...base,
    hasSidecar: false,
    artEmbedded: found?.hasArt ?? false,
    hasLyrics: !!found?.lyrics?.trim(),
    hasPrompt: false,
  };
}

/** The cover of one media file, from the few files it could be (no listing of the folder). */
export function coverNear(
  root: string,
  rel: string,
  sidecar: Pick<Sidecar, 'cover_file'> | null,
): string | null {
  const dir = posix.dirname(rel) === '.' ? '' : posix.dirname(rel);
  const base = rel.slice(0, rel.length - extname(rel).length);
  const candidates = [
    ...(sidecar?.cover_file
      ? [dir ? posix.join(dir, sidecar.cover_file) : sidecar.cover_file]
      : []),
    ...COVER_EXTENSIONS.map((ext) => `${base}${ext}`),
  ];
  const files = new Map<string, Listed>();
  for (const c of candidates)
    if (statSync(join(root, c), { throwIfNoEntry: false })?.isFile())
      files.set(c, { rel: c, ext: extname(c).toLowerCase(), stat: null });
  return coverFor(rel, sidecar, files);
}
