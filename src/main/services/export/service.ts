/**
 * Exporting library items into a folder the user chose: each item becomes one file named after its
 * title (sanitised, never over an existing file: " (2)"; written to a hidden temp beside it and
 * placed under its name only complete), converted and tagged in the worker
 * (render.ts), or copied as it is (`original`). A selection gets track numbers in its order.
 * Title, lyrics, the prompt (as comment), style tags (genre), date, ReplayGain and Cadenza's recipe
 * come from the item (library/file-tags.ts, as the library tags its own files); artist and album
 * from the options, else the export defaults in settings; genre and year (as the date) from the
 * options when given; the cover from the image beside the item or its own art. An album (a
 * collection) adds its artist as the album artist and its cover on every file. "Without Cadenza
 * data" leaves the recipe out (an original copy loses the one it carried).
 *
 *   const exporter = createExportService({ settings });
 *   await exporter.exportItems({ items, library, folder, options }, { signal, onProgress });
 */
import { createWriteStream, promises as fs } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { basename, join } from 'node:path';
import { appError, wrapError } from '@shared/app-error';
import { AppError } from '@shared/errors';
import type { FullLibraryItem, LibraryItem } from '@shared/domain/library';
import { DEFAULT_LOUDNESS_TARGET_LUFS } from '@shared/domain/loudness';
import type { ExportNote, ExportOptions, ExportProgress } from '@shared/domain/export';
import type { SettingsStore } from '../contracts';
import { removeTempLeftovers, writeExclusive } from '../ground/atomic';
import { openRegular } from '../ground/regular-file';
import { diskFault } from '../ground/disk-faults';
import { confinedLibraryFile, libraryFilePath, libraryFilePathOrNull } from '../files/library-file';
import { nameSet, sanitizeBaseName, uniqueFileName } from '../library/names';
import { audioWorker, type WorkerClient } from '../worker';
import type { exportTasks } from './tasks';
import { retagFile, type ExportTags } from '../audio/tags';
import { isTaggable, tagsForItem } from '../library/file-tags';
import type { RenderInput, RenderResult } from './render';

export interface ExportRequest {
  /** In the order they are numbered. */
  items: readonly LibraryItem[];
  library: {
    dir: string;
    pathOf(item: LibraryItem): string;
    /** The item with its lyrics (main's items are compact; see Library.full). */
    full(item: LibraryItem): Promise<FullLibraryItem>;
  };
  /** An existing folder (main's dialog chose it). */
  folder: string;
  options: ExportOptions;
  /** An album (a collection): its artist as every file's album artist, its cover on every file. */
  album?: { artist: string | null; cover: string | null };
}

export interface ExportOutcome {
  folder: string;
  /** File names written, in the items' order. */
  files: string[];
  /** How many were decoded and encoded again (an MP3 exported as MP3 is only retagged). */
  reencoded: number;
  /** What some files go without, by key with the item's title (a cover left out). */
  notes?: ExportNote[];
}

export interface ExportRunOptions {
  signal?: AbortSignal;
  onProgress?: (p: ExportProgress) => void;
}

export interface ExportServiceDeps {
  settings: Pick<SettingsStore, 'get'>;
  worker?: () => Pick<WorkerClient<typeof exportTasks>, 'run'>;
  /** The levelling target normalising brings files to (LUFS). */
  loudnessTargetLufs?: () => number;
}

export interface ExportService {
  exportItems(request: ExportRequest, run?: ExportRunOptions): Promise<ExportOutcome>;
}

const stem = (file: string): { base: string; ext: string } => {
  const own = basename(file);
  const dot = own.lastIndexOf('.');
  return dot > 0 ? { base: own.slice(0, dot), ext: own.slice(dot) } : { base: own, ext: '' };
};

/** The tags written for `item`, the `index`th of `count`: the library file's, with the options'. */
function tagsFor(
  item: FullLibraryItem,
  index: number,
  count: number,
  shared: Pick<ExportTags, 'artist' | 'album' | 'albumArtist' | 'genre'> & {
    year?: number;
    withoutCadenza?: boolean;
    normalised?: boolean;
    /** What the export dialog itself was given (it wins over the item's own artist and album). */
    chosen?: { artist?: string; album?: string };
  },
): Omit<ExportTags, 'cover'> {
  const { cover: _cover, ...tags } = tagsForItem(
    // an export is titled by the song (an album's tracks are not "· Take 2")
    { ...item, take: null, lyrics: item.lyrics?.trim(), prompt: item.prompt?.trim() },
    null,
    { artist: shared.artist, album: shared.album },
    { withoutCadenza: shared.withoutCadenza },
  );
  // the export dialog's artist, album, genre and year stand for the item's own (a bulk edit's),
  // its style tags and date; Settings' defaults only fill what the item does not set
  if (shared.chosen?.artist) tags.artist = shared.chosen.artist;
  if (shared.chosen?.album) tags.album = shared.chosen.album;
  if (shared.genre) tags.genre = shared.genre;
  if (shared.albumArtist) tags.albumArtist = shared.albumArtist;
  if (shared.year) tags.date = String(shared.year);
  // a levelled file's loudness is the target's, not the one measured
  if (shared.normalised) delete tags.replayGain;
  if (count > 1) tags.track = { number: index + 1, total: count };
  return tags;
}

/** A refusal on one item, its title in front of the reason ("Neon Tide: …"). */
const inItem = (e: AppError, title: string): AppError =>
  wrapError(e.code, e, 'errors:export.inItem', { title }, { cause: e });

/** "The export was stopped after 2 of 5 files." (keyed: the renderer says it in the app's language) */
const stopped = (done: number, total: number, cause?: unknown): AppError =>
  appError(
    'cancelled',
    'errors:exportStopped',
    { done, count: total },
    cause === undefined ? {} : { cause },
  );

/**
 * Copies a library file as it is, as every reader of the library does: its real path confined to
 * the library folder (a symlink to audio outside it is refused, as the media protocol refuses
 * it), opened non-blocking and regular-file-only, and the opened file checked to be the confined
 * one (same device and inode) before a byte is copied.
 */
async function copyLibraryFile(libraryDir: string, file: string, tmp: string): Promise<void> {
  const confined = await confinedLibraryFile(libraryDir, file);
  const { handle, stat } = await openRegular(confined.path);
  try {
    if (stat.ino !== confined.stat.ino || stat.dev !== confined.stat.dev)
      throw appError('forbidden', 'errors:export.fileChanged');
    await pipeline(
      handle.createReadStream({ start: 0, autoClose: false }),
      createWriteStream(tmp, { flags: 'wx', mode: 0o644 }),
    );
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export function createExportService(deps: ExportServiceDeps): ExportService {
  const worker = deps.worker ?? (() => audioWorker<typeof exportTasks>());

  return {
    async exportItems(request, run = {}) {
      const { items, library, folder, options, album: albumOf } = request;
      const { signal, onProgress } = run;
      const defaults = deps.settings.get().export ?? {};
      const artist = options.artist || defaults.artist || undefined;
      const album = options.album || defaults.album || undefined;
      // an album's artist, else the files' artist; its cover, else each item's own
      const albumArtist = albumOf ? albumOf.artist || artist : undefined;
      const albumCover = albumOf?.cover
        ? await libraryFilePathOrNull(library.dir, albumOf.cover)
        : null;
      const target = options.normalise
        ? (deps.loudnessTargetLufs?.() ?? DEFAULT_LOUDNESS_TARGET_LUFS)
        : null;
      // a killed export leaves only a hidden temp named for its process: the next export to the
      // folder removes those whose process is gone (never another running export's)
      await removeTempLeftovers(folder);
      const taken = nameSet(await fs.readdir(folder).catch(() => [] as string[]));
      const files: string[] = [];
      const notes: ExportNote[] = [];
      let reencoded = 0;
      const total = items.length;
      const report = (done: number, within: number, current: string | null): void =>
        onProgress?.({ done, total, fraction: Math.min(1, (done + within) / total), current });

      for (const [index, item] of items.entries()) {
        if (signal?.aborted) throw stopped(files.length, total);
        report(index, 0, item.title);
        let written: string | null = null;
        try {
          for (let attempt = 0; attempt < 20 && !written; attempt++) {
            const name =
              options.format === 'original'
                ? uniqueFileName(stem(item.file).base, stem(item.file).ext, taken)
                : uniqueFileName(sanitizeBaseName(item.title), `.${options.format}`, taken);
            taken.add(name.toLowerCase());
            const dest = join(folder, name);
            if (options.format === 'original') {
              const copied = await writeExclusive(dest, async (tmp) => {
                await copyLibraryFile(library.dir, item.file, tmp);
                // "without Cadenza data": the copy's recipe goes, every other tag stays
                if (options.withoutCadenzaData && isTaggable(name))
                  await retagFile(tmp, {}, { withoutCadenza: true });
              });
              if (copied) written = name;
              continue;
            }
            // confined like the original's copy: a symlink out of the library is refused alike
            const input: RenderInput = {
              source: await libraryFilePath(library.dir, item.file),
              dest,
              format: options.format,
              tags: tagsFor(await library.full(item), index, total, {
                artist,
                album,
                albumArtist,
                genre: options.genre || undefined,
                chosen: { artist: options.artist || undefined, album: options.album || undefined },
                year: options.year,
                withoutCadenza: options.withoutCadenzaData,
                normalised: target !== null,
              }),
              withoutCadenza: options.withoutCadenzaData,
              coverPath: albumCover ?? (await libraryFilePathOrNull(library.dir, item.cover)),
              normaliseToLufs: target,
            };
            const result: RenderResult = await worker().run('export.file', input, {
              signal,
              onProgress: (f) => report(index, f, item.title),
            });
            if (result.written) {
              written = name;
              if (result.reencoded) reencoded += 1;
              for (const note of result.notes ?? []) notes.push({ title: item.title, ...note });
            }
          }
        } catch (e) {
          if (e instanceof AppError && e.code === 'cancelled')
            throw stopped(files.length, total, e);
          if (e instanceof AppError && ['validation', 'forbidden', 'not_found'].includes(e.code))
            throw inItem(e, item.title);
          // a full disk, a missing or read-only folder, a refused permission: said as such
          const fault = diskFault(e);
          if (fault) throw fault;
          throw appError(
            'io',
            'errors:export.unwritable',
            { title: item.title, done: files.length, total },
            { cause: e },
          );
        }
        if (!written) throw appError('io', 'errors:export.noFreeName', { title: item.title });
        files.push(written);
      }
      report(total, 0, null);
      return { folder, files, reencoded, ...(notes.length > 0 ? { notes } : {}) };
    },
  };
}
