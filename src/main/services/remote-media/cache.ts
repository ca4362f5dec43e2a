import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { appError } from '@shared/app-error';
import { mediaAddressGuard } from '../http/address-guard';
import { createHttpPolicy, type HttpPolicy, type HttpResponse } from '../http/policy';
import { writeJsonAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';

/** What the media handler needs to know about a cached entry. */
export interface CacheEntryInfo {
  contentType: string;
  /** False while the body is still arriving (a song that is still streaming). */
  complete: boolean;
  /** Bytes on disk so far. */
  bytes: number;
  /** The full size when the origin announced it. */
  totalBytes: number | null;
}

export interface MediaCacheOptions {
  /** `<dataDir>/media-cache` */
  dir: string;
  /** Largest body fetched, in bytes (default 1 GB). */
  maxBytes?: number;
  /** Total size kept between runs; oldest entries go first (default 2 GB). */
  maxTotalBytes?: number;
  /** The HTTP policy (deadline, throughput floor, redirects, address guard); default: its own. */
  policy?: HttpPolicy;
}

export interface MediaCache {
  readonly dir: string;
  open(): Promise<void>;
  close(): Promise<void>;
  /**
   * Starts fetching an http(s) URL from a service answer (without the key or cookies) and
   * returns its cache id once the response headers arrived; the body keeps arriving afterwards.
   */
  cacheRemote(url: string): Promise<string>;
  describe(id: string): CacheEntryInfo | undefined;
  /** Resolves when at least `minBytes` are on disk, the entry completed, or the timeout passed. */
  waitForBytes(id: string, minBytes: number, timeoutMs: number): Promise<void>;
  /** Resolves when the entry is complete (rejects if its fetch failed). */
  whenComplete(id: string): Promise<void>;
  pathOf(id: string): string;
}

export const CACHE_ID = /^[a-f0-9]{32}$/;

interface Entry extends CacheEntryInfo {
  url: string;
  done: Promise<void>;
  waiters: Set<() => void>;
  abort: AbortController;
}

export function createMediaCache(options: MediaCacheOptions): MediaCache {
  const dir = options.dir;
  const maxBytes = options.maxBytes ?? 1024 ** 3;
  const policy =
    options.policy ??
    createHttpPolicy({ userAgent: 'Cadenza (preview)', guard: mediaAddressGuard });
  const entries = new Map<string, Entry>();
  const dataPath = (id: string) => join(dir, `${id}.media`);
  const metaPath = (id: string) => join(dir, `${id}.json`);

  function notify(entry: Entry): void {
    for (const w of [...entry.waiters]) w();
  }

  async function pump(id: string, entry: Entry, res: HttpResponse): Promise<void> {
    // a fresh file: whatever is at the name (an older copy, a planted FIFO) is removed first
    await fs.rm(dataPath(id), { force: true });
    const handle = await fs.open(dataPath(id), 'wx');
    try {
      for await (const chunk of res.body()) {
        if (entry.bytes + chunk.byteLength > maxBytes)
          throw appError('forbidden', 'errors:media.tooLarge');
        await handle.write(chunk);
        entry.bytes += chunk.byteLength;
        notify(entry);
      }
    } finally {
      await handle.close();
    }
    entry.complete = true;
    await writeJsonAtomic(metaPath(id), {
      url: entry.url,
      contentType: entry.contentType,
      bytes: entry.bytes,
      fetchedAt: new Date().toISOString(),
    });
    notify(entry);
  }

  /** Resolves once the answer's headers arrived; the body keeps arriving into the entry. */
  function start(id: string, url: string): Promise<void> {
    const abort = new AbortController();
    return new Promise<void>((resolve, reject) => {
      const transfer = policy.request(
        {
          url,
          headers: { accept: '*/*' },
          signal: abort.signal,
          ctx: { action: 'load the media for playing' },
          kind: 'transfer',
          // a song still generating is streamed: starting over would lose what was played
          attempts: 1,
        },
        async (res) => {
          if (res.status < 200 || res.status > 299) {
            await res.discard();
            throw appError(
              res.status === 404 ? 'not_found' : 'server',
              'errors:media.hostStatus',
              { status: res.status },
              { httpStatus: res.status },
            );
          }
          const total = Number(res.header('content-length'));
          const entry: Entry = {
            url,
            contentType:
              res.header('content-type')?.split(';')[0]?.trim() || 'application/octet-stream',
            complete: false,
            bytes: 0,
            totalBytes: Number.isSafeInteger(total) && total > 0 ? total : null,
            done: Promise.resolve(),
            waiters: new Set(),
            abort,
          };
          entries.set(id, entry);
          const pumped = pump(id, entry, res).catch(async (e: unknown) => {
            entries.delete(id);
            notify(entry);
            await fs.rm(dataPath(id), { force: true });
            throw e;
          });
          entry.done = pumped;
          entry.done.catch(() => undefined);
          resolve();
          await pumped;
        },
      );
      transfer.catch((e: unknown) => reject(e));
    });
  }

  const starting = new Map<string, Promise<void>>();

  return {
    dir,
    async open() {
      await fs.mkdir(dir, { recursive: true });
      const names = await fs.readdir(dir);
      const kept: Array<{ id: string; size: number; mtimeMs: number }> = [];
      for (const name of names) {
        const id = name.replace(/\.(media|json)$/, '');
        if (!name.endsWith('.media')) continue;
        try {
          const meta = JSON.parse(
            await readRegularText(metaPath(id), READ_CAPS.smallStateBytes),
          ) as {
            url: string;
            contentType: string;
            bytes: number;
          };
          const st = await fs.stat(dataPath(id));
          if (st.size !== meta.bytes) throw new Error('size mismatch');
          kept.push({ id, size: st.size, mtimeMs: st.mtimeMs });
          entries.set(id, {
            url: meta.url,
            contentType: meta.contentType,
            complete: true,
            bytes: st.size,
            totalBytes: st.size,
            done: Promise.resolve(),
            waiters: new Set(),
            abort: new AbortController(),
          });
        } catch {
          // an interrupted fetch from an earlier run: nothing partial is kept
          await fs.rm(dataPath(id), { force: true });
          await fs.rm(metaPath(id), { force: true });
        }
      }
      let total = kept.reduce((n, k) => n + k.size, 0);
      for (const k of kept.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
        if (total <= (options.maxTotalBytes ?? 2 * 1024 ** 3)) break;
        entries.delete(k.id);
        await fs.rm(dataPath(k.id), { force: true });
        await fs.rm(metaPath(k.id), { force: true });
        total -= k.size;
      }
      for (const name of names)
        if (name.endsWith('.tmp') || name.startsWith('.'))
          await fs.rm(join(dir, name), { force: true });
    },
    async close() {
      for (const e of entries.values()) if (!e.complete) e.abort.abort();
      await Promise.allSettled([...entries.values()].map((e) => e.done));
    },
    async cacheRemote(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw appError('forbidden', 'errors:media.httpOnly');
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        throw appError('forbidden', 'errors:media.httpOnly');
      if (parsed.username || parsed.password)
        throw appError('forbidden', 'errors:media.credentials');
      const id = createHash('sha256').update(parsed.href).digest('hex').slice(0, 32);
      if (entries.has(id)) return id;
      let p = starting.get(id);
      if (!p) {
        p = start(id, parsed.href).finally(() => starting.delete(id));
        starting.set(id, p);
      }
      await p;
      return id;
    },
    describe(id) {
      const e = entries.get(id);
      return e
        ? {
            contentType: e.contentType,
            complete: e.complete,
            bytes: e.bytes,
            totalBytes: e.totalBytes,
          }
        : undefined;
    },
    waitForBytes(id, minBytes, timeoutMs) {
      const e = entries.get(id);
      if (!e || e.complete || e.bytes >= minBytes) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          e.waiters.delete(check);
          resolve();
        };
        const check = () => {
          if (e.complete || e.bytes >= minBytes || !entries.has(id)) done();
        };
        const timer = setTimeout(done, timeoutMs);
        e.waiters.add(check);
      });
    },
    async whenComplete(id) {
      const e = entries.get(id);
      if (!e) throw appError('not_found', 'errors:media.notCached');
      await e.done;
    },
    pathOf: dataPath,
  };
}
