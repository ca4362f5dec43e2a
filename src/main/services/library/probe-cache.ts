/**
 * What the probe learned about files added outside the app (length, title, genre, lyrics, art
 * presence, Cadenza's recipe in their tags), kept in the data folder — never in the library — and
 * keyed by path + size + mtime + inode, so a file is read again only when it changed. The app and
 * the CLI share it: a read-only command (`cadenza library list`) may write this cache, and only
 * this. Bounded (entries and bytes), line-delimited JSON written atomically; a damaged file or
 * line is dropped and rebuilt by the next probe (it is a cache: nothing is lost).
 *
 *   const cache = new ProbeCache(join(dataDir, 'probe-cache.json'));
 *   const hit = await cache.get(path, stat);          // undefined: probe, then cache.set(...)
 *   await cache.save();                               // when anything was set
 */
import { promises as fs, type Stats } from 'node:fs';
import { dirname, sep } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { RecipeSchema } from '@shared/domain/recipe';
import { commitTemp, tempPathFor } from '../ground/atomic';
import { READ_CAPS, openRegular } from '../ground/regular-file';
import type { ProbeFacts } from './found';
import {
  CACHE_VERSION,
  MAX_LINE_CHARS,
  lineMatches,
  plausibleLine,
  type CacheLine,
} from './probe-cache-lines';

export { PROBE_CACHE_NAME } from './probe-cache-lines';
/** Files remembered; the least recently used are forgotten beyond it. */
export const PROBE_CACHE_ENTRIES = 60_000;

type Line = CacheLine;

const plausible = (x: unknown): x is Line =>
  plausibleLine(x, (recipe) => RecipeSchema.safeParse(recipe).success);

/**
 * The caches open in this thread, by file: a reader of the same file (CachedLyrics) uses the
 * lines one already holds instead of reading the file again — the CLI, whose index runs on its
 * own thread, lists lyrics right after its scan loaded them.
 */
const openCaches = new Map<string, WeakRef<ProbeCache>>();

export class ProbeCache {
  /** The lines a cache of `file` in this thread has loaded, or null. */
  static loadedLines(file: string): ReadonlyMap<string, Line> | null {
    return openCaches.get(file)?.deref()?.lines ?? null;
  }

  private lines: Map<string, Line> | null = null;
  private loading: Promise<Map<string, Line>> | null = null;
  private dirty = false;
  /** Lookups answered from the cache, and not, since it was made (for the benches). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    readonly file: string,
    private readonly maxEntries = PROBE_CACHE_ENTRIES,
  ) {
    openCaches.set(file, new WeakRef(this));
  }

  /** Read once, on the first lookup: a library of sidecars never probes and never loads it. */
  private async all(): Promise<Map<string, Line>> {
    if (this.lines) return this.lines;
    this.loading ??= readLines(this.file).then((m) => (this.lines = m));
    return this.loading;
  }

  async get(path: string, stat: Stats): Promise<ProbeFacts | undefined> {
    const lines = await this.all();
    const l = lines.get(path);
    if (!lineMatches(l, stat)) {
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    // most recently used last: the first ones are forgotten first
    lines.delete(path);
    lines.set(path, l);
    return { facts: l.facts, recipe: l.recipe };
  }

  async set(path: string, stat: Stats, value: ProbeFacts): Promise<void> {
    const lines = await this.all();
    const line: Line = { path, size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, ...value };
    lines.delete(path);
    if (JSON.stringify(line).length > MAX_LINE_CHARS) return;
    lines.set(path, line);
    for (const oldest of lines.keys()) {
      if (lines.size <= this.maxEntries) break;
      lines.delete(oldest);
    }
    this.dirty = true;
  }

  /** The files under `dir` whose length the probe only estimated (refine.ts), oldest used first. */
  async estimated(dir: string): Promise<string[]> {
    const under = dir.endsWith(sep) ? dir : dir + sep;
    const out: string[] = [];
    for (const l of (await this.all()).values())
      if (l.facts?.estimated && l.path.startsWith(under)) out.push(l.path);
    return out;
  }

  /**
   * Keeps the exact length counted for a file the probe estimated, while the cache still knows
   * the file as `stat`; answers whether it did.
   */
  async setExactLength(path: string, stat: Stats, durationMs: number): Promise<boolean> {
    const l = (await this.all()).get(path);
    if (!l?.facts || l.size !== stat.size || l.mtimeMs !== stat.mtimeMs || l.ino !== stat.ino)
      return false;
    const { estimated: _e, ...facts } = l.facts;
    l.facts = { ...facts, durationMs };
    this.dirty = true;
    return true;
  }

  /** Writes the cache when it changed (atomically, a few hundred lines at a time). */
  async save(): Promise<void> {
    if (!this.dirty || !this.lines) return;
    this.dirty = false;
    await fs.mkdir(dirname(this.file), { recursive: true });
    const tmp = tempPathFor(this.file, '.tmp');
    const handle = await fs.open(tmp, 'wx', 0o644);
    try {
      await handle.write(`${JSON.stringify({ schema_version: CACHE_VERSION })}\n`);
      let batch: string[] = [];
      for (const l of this.lines.values()) {
        batch.push(JSON.stringify(l));
        if (batch.length >= 500) {
          await handle.write(`${batch.join('\n')}\n`);
          batch = [];
        }
      }
      if (batch.length > 0) await handle.write(`${batch.join('\n')}\n`);
      await handle.close();
      await commitTemp(tmp, this.file);
    } catch (e) {
      await handle.close().catch(() => undefined);
      await fs.rm(tmp, { force: true });
      this.dirty = true;
      throw e;
    }
  }
}

/** Bytes read at a time (a readline stream over the file cost twice the CPU). */
const READ_CHUNK = 1024 * 1024;

/** The cache file's lines; none when it is missing, too large, of another version or damaged. */
async function readLines(file: string): Promise<Map<string, Line>> {
  const out = new Map<string, Line>();
  const opened = await openRegular(file).catch(() => null);
  if (!opened) return out;
  try {
    if (opened.stat.size > READ_CAPS.cacheBytes) return out;
    const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK, opened.stat.size + 1));
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let header = true;
    let position = 0;
    for (;;) {
      const { bytesRead } = await opened.handle.read(chunk, 0, chunk.length, position);
      position += bytesRead;
      const lines = (
        rest + (bytesRead > 0 ? decoder.write(chunk.subarray(0, bytesRead)) : decoder.end())
      ).split('\n');
      rest = bytesRead > 0 ? (lines.pop() ?? '') : '';
      for (const text of lines) {
        if (header) {
          header = false;
          const h = JSON.parse(text) as { schema_version?: unknown };
          if (h.schema_version !== CACHE_VERSION) return new Map();
          continue;
        }
        if (!text || text.length > MAX_LINE_CHARS) continue;
        try {
          const l: unknown = JSON.parse(text);
          if (plausible(l)) out.set(l.path, l);
        } catch {
          // a damaged line: that file is probed again
        }
      }
      // a line longer than any kept is not gathered further (a damaged or hostile file)
      if (rest.length > MAX_LINE_CHARS) rest = ' '.repeat(MAX_LINE_CHARS + 1);
      if (bytesRead === 0 || position > READ_CAPS.cacheBytes) break;
    }
    return out;
  } catch {
    return new Map();
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}

interface LyricsLine {
  size: number;
  mtimeMs: number;
  ino: number;
  lyrics: string;
}

/**
 * The lyrics of files added outside the app, as the probe cache has them, for main — whose rows
 * keep no lyrics — when they are shown or listed in full (`cadenza library list --json` asks for
 * every one): the file's tags are not parsed again while its size, mtime and inode are those the
 * probe saw. Read from the data folder on the first question and dropped after a while without
 * one, so main holds them only while something asks (only lines with lyrics are kept).
 *
 *   const lyrics = new CachedLyrics(join(dataDir, PROBE_CACHE_NAME));
 *   await lyrics.get(path, stat);   // the text, or undefined: read the file's tags
 */
export class CachedLyrics {
  private lines: Map<string, LyricsLine> | null = null;
  private loading: Promise<Map<string, LyricsLine>> | null = null;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    readonly file: string,
    private readonly keepMs = 30_000,
  ) {}

  private async all(): Promise<Map<string, LyricsLine>> {
    if (this.lines) return this.lines;
    const held = ProbeCache.loadedLines(this.file);
    this.loading ??= (held ? Promise.resolve(held) : readLines(this.file)).then((all) => {
      const kept = new Map<string, LyricsLine>();
      for (const l of all.values())
        if (typeof l.facts?.lyrics === 'string')
          kept.set(l.path, {
            size: l.size,
            mtimeMs: l.mtimeMs,
            ino: l.ino,
            lyrics: l.facts.lyrics,
          });
      this.lines = kept;
      this.loading = null;
      return kept;
    });
    return this.loading;
  }

  async get(path: string, stat: Stats): Promise<string | undefined> {
    const lines = await this.all();
    // one timer, moved on by each question
    if (this.idle) this.idle.refresh();
    else {
      this.idle = setTimeout(() => {
        this.lines = null;
        this.idle = undefined;
      }, this.keepMs);
      this.idle.unref();
    }
    const l = lines.get(path);
    if (!l || l.size !== stat.size || l.mtimeMs !== stat.mtimeMs || l.ino !== stat.ino)
      return undefined;
    return l.lyrics;
  }
}
