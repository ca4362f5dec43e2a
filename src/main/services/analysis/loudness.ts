/**
 * Loudness of library items, measured once each in the background and kept:
 *
 * - items the app made (they have a sidecar): in the sidecar's optional `loudness` field;
 * - files added outside the app (no sidecar, and nothing is ever written beside them): in
 *   `<data>/loudness-found.json`, keyed by path, size and mtime (a changed file is measured again).
 *
 * The queue runs in main but only waits: each measurement is one `audio.loudness` task in the
 * worker thread (decode + meter), one at a time, so main's event loop never does the work. It
 * starts a few seconds after the library opens (start-up stays quiet), follows library changes,
 * and `measure(id)` puts one item ahead of the rest (the player asks for the item it plays).
 * A measurement older than its media file, or by an older meter version, is taken again.
 *
 * A file that takes the measuring process down (a decoder bug, a bomb) is not tried again at every
 * start: before each measurement the process writes which file (path, size, mtime) it is measuring
 * to `<data>/loudness-trying-<pid>.json`; a start that finds such a file of a process that is gone
 * records that file as unmeasurable (kept across restarts with its size and mtime, so a changed
 * file is tried again).
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { LOUDNESS_METER_VERSION, LoudnessSchema, type Loudness } from '@shared/domain/loudness';
import type { LibraryItem } from '@shared/domain/library';
import { appError } from '@shared/app-error';
import { AppError } from '@shared/errors';
import type { JobsHost } from '../jobs-host';
import type { Library } from '../library/library';
import { pidAlive, writeJsonAtomic } from '../ground/atomic';
import { tagLibraryFile, type FileFacts, type TagDefaults } from '../library/file-tags';
import { READ_CAPS, readRegularText } from '../ground/regular-file';
import { logger } from '../log';
import { libraryFilePathOrNull } from '../files/library-file';

const log = logger('loudness');

export interface LoudnessServiceOptions {
  dataDir: string;
  /** The process's library (core.jobsHost). */
  host: Pick<JobsHost, 'runtime' | 'on'>;
  /** Measures a file (default: the worker's `audio.loudness` task). */
  measure: (path: string, signal: AbortSignal) => Promise<Loudness | null>;
  /** Wait after `start()` (and after a change) before measuring: start-up stays quiet. */
  startDelayMs?: number;
  /** Artist and album of the library's tags (Settings' export defaults), for ReplayGain retags. */
  tagDefaults?: () => TagDefaults;
}

export interface LoudnessService {
  /** The kept measurement of an item (sidecar or the found-files store), or null. */
  of(item: LibraryItem): Loudness | null;
  /** The kept measurement of an item (loads the found-files store first), or null. */
  keptFor(item: LibraryItem): Promise<Loudness | null>;
  /** The kept measurement, else measured now ahead of the queue and kept; null: not decodable. */
  measure(id: string): Promise<Loudness | null>;
  /** Measures every item that lacks a current measurement, in the background, until stopped. */
  start(): void;
  stop(): Promise<void>;
  /** Resolves when the queue has nothing left to do (tests, benches). */
  idle(): Promise<void>;
}

const FoundStoreSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), LoudnessSchema),
  /** Files no decoder here reads (AAC, video), any item: not tried again while unchanged. */
  unmeasurable: z.array(z.string()).default([]),
});

/**
 * During a pass results are written in batches — this many, or what was measured in FLUSH_MS —
 * each batch's sidecars followed by one refresh of just those files (one change event, not one
 * per item; the folder is not listed again), so the Library shows levels as they are measured.
 */
const SAVE_EVERY = 500;
const FLUSH_MS = 5000;

const foundKey = (item: LibraryItem): string =>
  `${item.file}|${item.sizeBytes}|${Math.round(item.modifiedAtMs)}`;

/** A measurement still describes the item: same meter, taken after the media last changed. */
export function isCurrent(l: Loudness | null | undefined, item: LibraryItem): l is Loudness {
  if (!l || l.version !== LOUDNESS_METER_VERSION) return false;
  const at = Date.parse(l.measuredAt);
  return Number.isFinite(at) && at + 1000 >= item.modifiedAtMs;
}

const TRYING_PREFIX = 'loudness-trying-';

/**
 * Keys a process that is gone was measuring when it stopped (its marker files are removed): the
 * files that took it down. Markers of running processes (another window, the CLI) are left.
 */
async function crashedOn(dataDir: string): Promise<string[]> {
  const names = await fs.readdir(dataDir).catch(() => [] as string[]);
  const keys: string[] = [];
  for (const name of names) {
    const pid = new RegExp(`^${TRYING_PREFIX}(\\d{1,10})\\.json$`).exec(name)?.[1];
    if (!pid || Number(pid) === process.pid || pidAlive(Number(pid))) continue;
    const path = join(dataDir, name);
    try {
      const raw = JSON.parse(await readRegularText(path, READ_CAPS.smallStateBytes)) as unknown;
      if (Array.isArray(raw)) for (const k of raw) if (typeof k === 'string') keys.push(k);
    } catch {
      // unreadable: nothing to learn from it
    }
    await fs.rm(path, { force: true }).catch(() => undefined);
  }
  return keys;
}

export function createLoudnessService(options: LoudnessServiceOptions): LoudnessService {
  const storeFile = join(options.dataDir, 'loudness-found.json');
  const tryingFile = join(options.dataDir, `${TRYING_PREFIX}${process.pid}.json`);
  /** Keys being measured now, as written to `tryingFile`. */
  const trying = new Set<string>();
  let tryingWrite: Promise<void> = Promise.resolve();

  /** Writes the keys being measured (not atomic: a crash of this process keeps what was written). */
  function noteTrying(): Promise<void> {
    const keys = [...trying];
    tryingWrite = tryingWrite
      .then(() =>
        keys.length > 0
          ? fs.writeFile(tryingFile, JSON.stringify(keys))
          : fs.rm(tryingFile, { force: true }),
      )
      .catch(() => undefined);
    return tryingWrite;
  }
  let found: Map<string, Loudness> | null = null;
  /** Files that cannot be measured (AAC, video: kept), or failed this session (a read error). */
  const failed = new Set<string>();
  const unmeasurable = new Set<string>();
  const running = new Map<string, Promise<Loudness | null>>();
  let controller = new AbortController();
  let started = false;
  let pass: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let offChanges: (() => void) | undefined;
  let storeWrite: Promise<void> = Promise.resolve();
  /** Changes to the data-folder store not written yet (written every SAVE_EVERY and at the end). */
  let unsaved = 0;
  /** Measurements of sidecar items not written yet, by item id. */
  const pendingSidecars = new Map<string, Loudness>();
  /** Measurements taken out of `pendingSidecars` by a flush and not yet written. */
  const flushing = new Map<string, Loudness>();
  let lastFlush = Date.now();

  async function loadFound(): Promise<Map<string, Loudness>> {
    if (found) return found;
    try {
      const parsed = FoundStoreSchema.safeParse(
        JSON.parse(await readRegularText(storeFile, READ_CAPS.cacheBytes)),
      );
      found = new Map(parsed.success ? Object.entries(parsed.data.entries) : []);
      for (const k of parsed.success ? parsed.data.unmeasurable : []) unmeasurable.add(k);
    } catch {
      found = new Map();
    }
    for (const k of await crashedOn(options.dataDir)) {
      log.warn('a file stopped the last loudness measurement: it is not measured again', {
        file: k.split('|')[0],
      });
      unmeasurable.add(k);
      unsaved += 1;
    }
    return found;
  }

  function saveFound(library: Library): Promise<void> {
    if (unsaved === 0) return storeWrite;
    unsaved = 0;
    // only entries of files still in the library are kept
    const live = new Set(library.items().map(foundKey));
    const entries = Object.fromEntries([...(found ?? [])].filter(([k]) => live.has(k)));
    const skipped = [...unmeasurable].filter((k) => live.has(k));
    storeWrite = storeWrite
      .then(async () => {
        await fs.mkdir(options.dataDir, { recursive: true });
        await writeJsonAtomic(storeFile, { version: 1, entries, unmeasurable: skipped });
      })
      .catch((e: unknown) => log.error('loudness of found files not saved', e));
    return storeWrite;
  }

  /**
   * ReplayGain into a file Cadenza tagged when it saved it (its sidecar has the audio hash): the
   * tags are merged again with the loudness, the mtime kept. Files from before tagging existed are
   * left alone (rewriting them is the upgrade's, with the creator's consent). Best effort.
   */
  async function retagWithLoudness(
    library: Library,
    id: string,
    loudness: Loudness,
  ): Promise<Partial<FileFacts>> {
    const item = library.get(id);
    if (!item?.audio_sha256) return {};
    // never through a symlink to a file outside the library (that file is not Cadenza's to tag)
    const path = await libraryFilePathOrNull(library.dir, item.file);
    if (!path) return {};
    const facts = await tagLibraryFile(
      path,
      { ...(await library.full(item)), loudness },
      {
        coverPath: item.cover ? join(library.dir, item.cover) : null,
        defaults: options.tagDefaults?.(),
        keepModifiedTime: true,
      },
    );
    return facts ?? {};
  }

  /** Writes what was measured: the sidecars (then one scan) and the data-folder store. */
  async function flush(library: Library): Promise<void> {
    lastFlush = Date.now();
    const batch = [...pendingSidecars];
    pendingSidecars.clear();
    // still known as measured while being written (a pass meanwhile must not measure it again
    // and retag the same file at the same time: the second retag would keep the first's mtime)
    for (const [id, loudness] of batch) flushing.set(id, loudness);
    const written: string[] = [];
    for (const [id, loudness] of batch)
      await retagWithLoudness(library, id, loudness)
        .then((facts) => library.updateMeta(id, { loudness, ...facts }, { rescan: false }))
        .then((item) => written.push(item.file))
        .catch((e: unknown) => {
          // gone or renamed meanwhile: the next pass measures it again under its new name
          log.warn('loudness not written to the sidecar', e);
        })
        .finally(() => flushing.delete(id));
    // only the sidecars written are read again, not the whole folder
    if (written.length > 0) await library.refresh(written);
    await saveFound(library);
  }

  const kept = (item: LibraryItem): Loudness | null => {
    const own = item.hasSidecar
      ? (pendingSidecars.get(item.id) ?? flushing.get(item.id) ?? item.loudness)
      : found?.get(foundKey(item));
    return isCurrent(own, item) ? own : null;
  };

  /** Measures one item and keeps the result; null when it cannot be decoded. */
  function measureItem(library: Library, item: LibraryItem): Promise<Loudness | null> {
    const key = `${item.id}|${foundKey(item)}`;
    const inFlight = running.get(key);
    if (inFlight) return inFlight;
    const work = (async () => {
      trying.add(foundKey(item));
      await noteTrying();
      // confined: a symlink in the library to audio outside it is not measured (unmeasurable)
      const path = await libraryFilePathOrNull(library.dir, item.file);
      const loudness = await (
        path ? options.measure(path, controller.signal) : Promise.resolve(null)
      ).finally(() => {
        trying.delete(foundKey(item));
        void noteTrying();
      });
      if (!loudness) {
        unmeasurable.add(foundKey(item));
        unsaved += 1;
        return null;
      }
      if (item.hasSidecar) {
        // a newer version's sidecar stays as it is
        if (item.schema_version === 1) pendingSidecars.set(item.id, loudness);
      } else {
        (await loadFound()).set(foundKey(item), loudness);
        unsaved += 1;
      }
      return loudness;
    })().finally(() => running.delete(key));
    running.set(key, work);
    return work;
  }

  /** One pass over the library: every item without a current measurement, newest first. */
  async function runPass(): Promise<void> {
    const { library } = await options.host.runtime();
    await loadFound();
    try {
      await measureAll(library);
    } finally {
      await flush(library);
    }
  }

  async function measureAll(library: Library): Promise<void> {
    for (const item of library.items()) {
      if (!started) return;
      const k = foundKey(item);
      if (kept(item) || failed.has(k) || unmeasurable.has(k)) continue;
      // the item may have changed or gone while earlier ones were measured
      const now = library.get(item.id);
      if (!now || kept(now)) continue;
      await measureItem(library, now).catch((e: unknown) => {
        failed.add(foundKey(now));
        if (!(e instanceof AppError && e.code === 'cancelled'))
          log.warn(`loudness of ${now.file} not measured`, e);
      });
      if (
        pendingSidecars.size + unsaved >= SAVE_EVERY ||
        (pendingSidecars.size + unsaved > 0 && Date.now() - lastFlush >= FLUSH_MS)
      )
        await flush(library);
    }
  }

  function schedule(delayMs: number): void {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      pass = pass
        .then(() => (started ? runPass() : undefined))
        .catch((e: unknown) => {
          log.error('loudness queue stopped', e);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    of: kept,
    async keptFor(item) {
      await loadFound();
      return kept(item);
    },
    async measure(id) {
      const { library } = await options.host.runtime();
      await loadFound();
      const item = library.get(id);
      if (!item) throw appError('not_found', 'errors:library.itemGone');
      if (unmeasurable.has(foundKey(item))) return null;
      const known = kept(item);
      if (known) return known;
      try {
        return await measureItem(library, item);
      } finally {
        await flush(library);
      }
    },
    start() {
      if (started) return;
      started = true;
      controller = new AbortController();
      offChanges = options.host.on('library-changed', (c) => {
        if (c.added.length > 0 || c.updated.length > 0) schedule(options.startDelayMs ?? 3000);
      });
      schedule(options.startDelayMs ?? 3000);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      offChanges?.();
      controller.abort();
      await pass.catch(() => undefined);
      await storeWrite;
    },
    async idle() {
      // a pass may schedule another (its own writes change the library): wait until none is due
      for (;;) {
        const current = pass;
        await current;
        await Promise.all([...running.values()].map((p) => p.catch(() => null)));
        if (current === pass && timer === undefined && running.size === 0) return;
        if (timer !== undefined) await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
