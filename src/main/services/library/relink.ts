/**
 * Re-linking (issue 28, point 3): a file manager moves or renames a library file and leaves its
 * sidecar behind, copies a file without it, or loses sidecars on the way to a new disk. The index
 * then finds, for each media file read without a sidecar, the story it belongs to:
 *
 * 1. a sidecar left behind under the same name in another Unicode normalisation or case (macOS
 *    NFD names, case-insensitive volumes);
 * 2. a sidecar left behind that carries the id in the file's own recipe field (recipe.ts);
 * 3. the id of an item still listed with its sidecar: the file is a copy; it keeps the story and
 *    gets a derived id of its own (dedupeIds: the file the sidecar names keeps the original);
 * 4. a sidecar left behind whose audio hash (audio_sha256) is the file's audio payload's;
 * 5. (no recipe) a sidecar left behind under the same file name in another folder, when only one;
 * 6. else, with a recipe, the story is rebuilt from the file's tags (title, lyrics, genre, art)
 *    and its recipe.
 *
 * This runs in the index build (the worker): nothing is written, so the CLI's listing shows the
 * right items read-only. The app then settles what was found (settleRelinks: the sidecar and its
 * cover move beside the file, a lost or copied item's sidecar is written) and re-reads those files.
 */
import { promises as fs, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import {
  ITEM_ID_PATTERN,
  SidecarSchema,
  type LibraryItem,
  type Sidecar,
} from '@shared/domain/library';
import type { Recipe } from '@shared/domain/recipe';
import { composerSettingsFrom, type ComposerSettings } from '@shared/domain/reuse';
import { audioPayloadHash } from '../audio/tags';
import { writeJsonAtomic } from '../ground/atomic';
import { audioHashOffMain, isTaggable, tagLibraryFile, type TagDefaults } from './file-tags';
import { mapLimited, readFoundMedia, recipeInFile } from './found';
import { searchTextOf, sidecarNameFor } from './index-entry';
import { isBareName } from './names';

/** What re-linking found for an entry whose file has no sidecar beside it. */
export interface Relink {
  /** The sidecar (relative) describing this file, left where the file was. */
  sidecarFrom?: string;
  /** The cover (relative) that sidecar names, left there too. */
  coverFrom?: string;
  /** The sidecar is lost: the item was rebuilt from the file's tags and recipe. */
  rebuilt?: boolean;
  /** The file is a copy of this item's file (it gets an id of its own). */
  copyOf?: string;
  /** A copy's lyrics (index items hold none), written into its sidecar when it is settled. */
  lyrics?: string | null;
  /**
   * A copy's or a rebuilt item's prompt (main's items hold none), written into its sidecar when
   * it is settled.
   */
  prompt?: string | null;
}

/** The part of an index entry re-linking reads and replaces. */
export interface RelinkEntry {
  item: LibraryItem;
  mediaMtimeMs: number;
  relink?: Relink;
  /** The searchable text (see IndexEntry.text). */
  text?: string;
  /** The prompt (see IndexEntry.prompt). */
  prompt?: string;
}

/** At most this many sidecars left behind are read in one pass (each is a small capped read). */
const MAX_ORPHANS = 5000;

/** Names compared the way macOS and Windows volumes may: NFC, and case-folded. */
export const sameNameKey = (rel: string): string => rel.normalize('NFC').toLowerCase();

const SIDECAR_SUFFIX = '.json';

interface Orphan {
  sideRel: string;
  mediaRel: string;
  sidecar: Sidecar;
}

const dirOf = (rel: string): string => (posix.dirname(rel) === '.' ? '' : posix.dirname(rel));
const nameOf = (rel: string): string => posix.basename(rel);

/** The sidecar fields a recipe carries (the rest comes from the file's tags). */
function sidecarFieldsOf(r: Recipe): Partial<Omit<Sidecar, 'prompt'>> {
  const out: Partial<Sidecar> = { id: r.id, kind: r.kind };
  if (r.mode !== undefined) out.mode = r.mode;
  if (r.model !== undefined) out.model = r.model;
  if (r.instrumental !== undefined) out.instrumental = r.instrumental;
  if (r.voice !== undefined) out.voice = r.voice;
  if (r.singer !== undefined) out.singer = r.singer;
  if (r.emotion !== undefined) out.emotion = r.emotion;
  if (r.tran !== undefined) out.tran = r.tran;
  if (r.service_ids) out.service_ids = r.service_ids;
  if (r.parent_id !== undefined) out.parent_id = r.parent_id;
  if (r.continue_at_s !== undefined) out.continue_at_s = r.continue_at_s;
  if (r.variation_group !== undefined) out.variation_group = r.variation_group;
  if (r.created_at !== undefined) out.created_at = r.created_at;
  return out;
}

/**
 * "Reuse settings" of a file (a dropped file, the CLI's `--from FILE`): the composer settings of
 * the recipe it carries (its title, else the title tag), with the lyrics of its own tags; null
 * when it carries no recipe or nothing to reuse. Read only: nothing is written and nothing is sent.
 */
export async function settingsInFile(
  path: string,
): Promise<{ title: string; settings: ComposerSettings } | null> {
  const recipe = await recipeInFile(path);
  if (!recipe) return null;
  const tags = await readFoundMedia(path).catch(() => null);
  // the recipe's title is the song's: a take's title tag says "Title · Take 2"
  const title =
    recipe.title?.trim() ||
    tags?.title?.trim() ||
    posix.basename(path.replace(/\\/g, '/')).replace(/\.[^.]+$/, '');
  const settings = composerSettingsFrom({ ...recipe, title, lyrics: tags?.lyrics ?? null });
  return settings ? { title, settings } : null;
}

const exists = (root: string, rel: string): boolean =>
  statSync(join(root, rel), { throwIfNoEntry: false })?.isFile() === true;

/**
 * Finds the story of each entry in `bare` (media read without a sidecar) among the sidecars in
 * `orphans` (relative paths of sidecars whose media is gone) and the entries listed with their
 * sidecars. Replaces those entries in `entries` (keyed by media path) with the item found and
 * what was found (`relink`). `readSidecar` reads one sidecar (capped, validated) or answers null.
 */
export async function relinkEntries<E extends RelinkEntry>(
  root: string,
  entries: Map<string, E>,
  bare: readonly string[],
  orphans: readonly string[],
  readSidecar: (path: string) => Sidecar | null,
  /** Recipes already read from the files (the others are read here). */
  known: ReadonlyMap<string, Recipe | null> = new Map(),
): Promise<void> {
  const candidates = bare.filter((rel) => entries.get(rel)?.item.hasSidecar === false);
  if (candidates.length === 0) return;
  const read: Orphan[] = [];
  for (const sideRel of orphans.slice(0, MAX_ORPHANS)) {
    const sidecar = readSidecar(join(root, sideRel));
    if (sidecar && ITEM_ID_PATTERN.test(sidecar.id))
      read.push({ sideRel, mediaRel: sideRel.slice(0, -SIDECAR_SUFFIX.length), sidecar });
  }
  const byName = new Map<string, Orphan>();
  const byId = new Map<string, Orphan>();
  const byHash = new Map<string, Orphan>();
  const byBase = new Map<string, Orphan[]>();
  for (const o of read) {
    byName.set(sameNameKey(o.mediaRel), o);
    if (!byId.has(o.sidecar.id)) byId.set(o.sidecar.id, o);
    if (o.sidecar.audio_sha256) byHash.set(o.sidecar.audio_sha256, o);
    const base = sameNameKey(nameOf(o.mediaRel));
    byBase.set(base, [...(byBase.get(base) ?? []), o]);
  }
  const live = new Map<string, E>();
  for (const e of entries.values()) if (e.item.hasSidecar) live.set(e.item.id, e);
  const used = new Set<Orphan>();
  const free = (o: Orphan | undefined): Orphan | undefined => (o && !used.has(o) ? o : undefined);

  // the older file takes a sidecar left behind; a newer one with the same id is a copy
  const ordered = [...candidates].sort(
    (a, b) => (entries.get(a) as E).mediaMtimeMs - (entries.get(b) as E).mediaMtimeMs,
  );
  const recipes = await mapLimited(ordered, 4, (rel) =>
    known.has(rel) || !isTaggable(rel)
      ? Promise.resolve(known.get(rel) ?? null)
      : recipeInFile(join(root, rel)),
  );
  for (const [i, rel] of ordered.entries()) {
    const entry = entries.get(rel) as E;
    const recipe = recipes[i] ?? null;
    let orphan =
      free(byName.get(sameNameKey(rel))) ?? (recipe ? free(byId.get(recipe.id)) : undefined);
    const copied = !orphan && recipe ? live.get(recipe.id) : undefined;
    if (!orphan && !copied && byHash.size > 0) {
      const hash = await audioPayloadHash(join(root, rel)).catch(() => null);
      if (hash) orphan = free(byHash.get(hash.sha256));
    }
    if (!orphan && !copied && !recipe) {
      const same = (byBase.get(sameNameKey(nameOf(rel))) ?? []).filter((o) => !used.has(o));
      if (same.length === 1) orphan = same[0];
    }
    const own = {
      file: rel,
      sizeBytes: entry.item.sizeBytes,
      modifiedAtMs: entry.item.modifiedAtMs,
      hasSidecar: false,
      artEmbedded: entry.item.artEmbedded,
    };
    if (orphan) {
      used.add(orphan);
      const s = orphan.sidecar;
      // the cover beside the file, else the one the sidecar names where it was left
      const left =
        s.cover_file && isBareName(s.cover_file)
          ? posix.join(dirOf(orphan.mediaRel), s.cover_file)
          : null;
      const coverFrom = left && exists(root, left) ? left : undefined;
      const { lyrics, prompt, ...fields } = s;
      const item: LibraryItem = {
        ...fields,
        ...own,
        hasLyrics: !!lyrics?.trim(),
        hasPrompt: !!prompt,
        cover: entry.item.cover ?? coverFrom ?? null,
      };
      const { prompt: _was, ...rest } = entry;
      entries.set(rel, {
        ...rest,
        item,
        text: searchTextOf(item, lyrics, prompt),
        ...(prompt ? { prompt } : {}),
        relink: { sidecarFrom: orphan.sideRel, coverFrom },
      } as E);
      live.set(item.id, entries.get(rel) as E);
    } else if (copied) {
      const {
        file: _f,
        sizeBytes: _s,
        modifiedAtMs: _m,
        hasSidecar: _h,
        artEmbedded: _a,
        ...story
      } = copied.item;
      const item: LibraryItem = { ...story, ...own, cover: entry.item.cover ?? story.cover };
      const lyrics = story.hasLyrics
        ? (readSidecar(join(root, sidecarNameFor(copied.item.file)))?.lyrics ?? null)
        : null;
      const prompt = copied.prompt ?? null;
      entries.set(rel, {
        ...entry,
        item,
        text: copied.text,
        ...(prompt ? { prompt } : {}),
        relink: { copyOf: story.id, lyrics, prompt },
      });
    } else if (recipe) {
      const prompt = recipe.prompt ?? entry.prompt ?? null;
      const item: LibraryItem = {
        ...entry.item,
        ...sidecarFieldsOf(recipe),
        ...own,
        hasPrompt: !!prompt,
      };
      entries.set(rel, {
        ...entry,
        item,
        ...(prompt ? { prompt } : {}),
        relink: { rebuilt: true, prompt },
      });
      live.set(item.id, entries.get(rel) as E);
    }
  }
}

/** Sidecars in `listed` (relative paths) whose media file is not listed. */
export function orphanSidecars(listed: Iterable<string>, has: (rel: string) => boolean): string[] {
  const out: string[] = [];
  for (const rel of listed)
    if (rel.endsWith(SIDECAR_SUFFIX) && !has(rel.slice(0, -SIDECAR_SUFFIX.length))) out.push(rel);
  return out;
}

/** The sidecar an item is written with (the index's own fields left out). */
function sidecarOf(item: LibraryItem, patch: Partial<Sidecar> = {}): Sidecar {
  const {
    file: _f,
    cover: _c,
    sizeBytes: _s,
    modifiedAtMs: _m,
    hasSidecar: _h,
    artEmbedded: _a,
    hasLyrics: _l,
    hasPrompt: _p,
    ...fields
  } = item;
  return SidecarSchema.parse({ ...fields, ...patch, schema_version: 1, id: item.id });
}

const absent = async (path: string): Promise<boolean> =>
  (await fs.lstat(path).catch(() => null)) === null;

/**
 * Makes what re-linking found true on disk (the app only; never the CLI's read-only listing):
 * a sidecar left behind moves beside its file (with its cover, when nothing is in the way), a
 * lost sidecar is written back from the file's tags, and a copy gets a sidecar (and recipe) with
 * its own id. Nothing already beside a file is replaced. Answers the media paths it settled, to
 * be read again.
 */
export async function settleRelinks(
  root: string,
  entries: readonly Pick<RelinkEntry, 'item' | 'relink'>[],
  sidecarNameFor: (media: string) => string,
  defaults: TagDefaults = {},
): Promise<string[]> {
  const settled: string[] = [];
  for (const { item, relink } of entries) {
    if (!relink) continue;
    const rel = item.file;
    const sideTo = join(root, sidecarNameFor(rel));
    try {
      if (!(await absent(sideTo))) continue;
      if (relink.sidecarFrom) {
        const from = join(root, relink.sidecarFrom);
        // the sidecar must still be the one that was read (not re-linked by another pass)
        if (await absent(from)) continue;
        if (relink.coverFrom && item.cover === relink.coverFrom) {
          const coverTo = posix.join(dirOf(rel), nameOf(relink.coverFrom));
          if (coverTo !== relink.coverFrom && (await absent(join(root, coverTo))))
            await fs.rename(join(root, relink.coverFrom), join(root, coverTo));
        }
        await fs.rename(from, sideTo);
      } else {
        const coverPath = item.cover ? join(root, item.cover) : null;
        // index items hold no lyrics: a copy's come from its original, a rebuilt item's from its tags
        const lyrics = relink.copyOf
          ? (relink.lyrics ?? null)
          : item.hasLyrics
            ? ((await readFoundMedia(join(root, rel)).catch(() => null))?.lyrics ?? null)
            : null;
        // index items hold no prompt either: a copy's and a rebuilt item's travel in `relink`
        const prompt = relink.prompt ?? null;
        const facts = relink.copyOf
          ? // the copy's own id goes into its recipe too (its mtime kept)
            await tagLibraryFile(join(root, rel), sidecarOf(item, { lyrics, prompt }), {
              coverPath,
              defaults,
              keepModifiedTime: true,
            })
          : await audioHashOffMain(join(root, rel))
              .then((h) => ({ file_size_bytes: h.sizeBytes, audio_sha256: h.sha256 }))
              .catch(() => null);
        const coverBeside = item.cover && dirOf(item.cover) === dirOf(rel) ? item.cover : null;
        await writeJsonAtomic(
          sideTo,
          sidecarOf(item, {
            lyrics,
            prompt,
            ...(facts ?? {}),
            cover_file: coverBeside ? nameOf(coverBeside) : null,
          }),
        );
      }
      settled.push(rel);
    } catch {
      // left for the next pass (a file locked or read-only now)
    }
  }
  return settled;
}
