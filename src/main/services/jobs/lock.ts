import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pidAlive } from '../ground/atomic';
import { openRegular, READ_CAPS, readRegularText } from '../ground/regular-file';

/** What the lock file says about its holder. The file's mtime is the heartbeat. */
export interface LockInfo {
  pid: number;
  host: string;
  token: string;
  acquiredAt: string;
  heartbeatAt: string;
  /** "app" or "cli", for messages like "Cadenza (app) is already downloading your jobs". */
  holder: string;
}

export interface DataLockOptions {
  /** The data folder; the lock is `<dir>/<name>`. */
  dir: string;
  name?: string;
  holder?: string;
  /** A lock whose heartbeat is older than this is stale (default 15 s). */
  staleMs?: number;
  heartbeatMs?: number;
  /** Called when another process took the lock away (after we looked stale). */
  onLost?: () => void;
}

export { pidAlive };

/**
 * A lock file shared by the app and the CLI so that one process at a time polls and downloads
 * jobs. Created with O_EXCL; a lock left by a dead process (same host, pid gone) or with an old
 * heartbeat is taken over. The holder touches the file every `heartbeatMs` and checks it is still
 * its own.
 */
export class DataLock {
  readonly path: string;
  private token: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly staleMs: number;
  private readonly heartbeatMs: number;

  constructor(private readonly options: DataLockOptions) {
    this.path = join(options.dir, options.name ?? 'jobs.lock');
    this.staleMs = options.staleMs ?? 15_000;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(250, Math.floor(this.staleMs / 5));
  }

  get held(): boolean {
    return this.token !== null;
  }

  /** The current holder, or null when nobody holds it. */
  async holder(): Promise<(LockInfo & { heartbeatAgeMs: number }) | null> {
    try {
      // never blocks on a FIFO planted as the lock; the stat is the opened file's own
      const { handle, stat } = await openRegular(this.path);
      let raw: string;
      try {
        if (stat.size > READ_CAPS.smallStateBytes) return null;
        raw = await handle.readFile('utf8');
      } finally {
        await handle.close().catch(() => undefined);
      }
      const info = JSON.parse(raw) as LockInfo;
      return { ...info, heartbeatAgeMs: Date.now() - stat.mtimeMs };
    } catch {
      return null;
    }
  }

  private async isStale(): Promise<{ stale: boolean; token?: string }> {
    const info = await this.holder();
    if (!info) {
      // unreadable: a holder may be between create and write; old enough means abandoned
      const st = await fs.lstat(this.path).catch(() => null);
      // anything but a regular file (a FIFO, a folder, a symlink) was never a lock Cadenza made
      if (st && !st.isFile()) return { stale: true };
      return { stale: !st || Date.now() - st.mtimeMs > this.staleMs };
    }
    if (info.host === hostname() && info.pid !== process.pid && !pidAlive(info.pid))
      return { stale: true, token: info.token };
    return { stale: info.heartbeatAgeMs > this.staleMs, token: info.token };
  }

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    await fs.mkdir(this.options.dir, { recursive: true });
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = randomBytes(12).toString('hex');
      const now = new Date().toISOString();
      const info: LockInfo = {
        pid: process.pid,
        host: hostname(),
        token,
        acquiredAt: now,
        heartbeatAt: now,
        holder: this.options.holder ?? 'app',
      };
      try {
        const handle = await fs.open(this.path, 'wx', 0o644);
        try {
          await handle.writeFile(JSON.stringify(info));
          await handle.sync();
        } finally {
          await handle.close();
        }
        this.token = token;
        this.startHeartbeat();
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const { stale, token: staleToken } = await this.isStale();
      if (!stale) return false;
      // take over: move the stale file aside, check it was the one judged stale, then race for
      // a fresh O_EXCL create like everyone else
      const aside = `${this.path}.stale-${randomBytes(6).toString('hex')}`;
      try {
        await fs.rename(this.path, aside);
      } catch {
        continue;
      }
      const moved = await readRegularText(aside, READ_CAPS.smallStateBytes).catch(() => '');
      let movedToken: string | undefined;
      try {
        movedToken = (JSON.parse(moved) as LockInfo).token;
      } catch {
        movedToken = undefined;
      }
      if (staleToken !== undefined && movedToken !== staleToken) {
        // we moved a fresh lock someone just took: put it back if the place is still free
        await fs.link(aside, this.path).catch(() => undefined);
        await fs.rm(aside, { force: true });
        return false;
      }
      await fs.rm(aside, { force: true });
    }
    return false;
  }

  private startHeartbeat(): void {
    this.timer = setInterval(() => void this.beat(), this.heartbeatMs);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    if (!this.token) return;
    const info = await this.holder();
    if (!info || info.token !== this.token) {
      this.stopHeartbeat();
      this.token = null;
      this.options.onLost?.();
      return;
    }
    const now = new Date();
    await fs.utimes(this.path, now, now).catch(() => undefined);
  }

  private stopHeartbeat(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async release(): Promise<void> {
    this.stopHeartbeat();
    if (!this.token) return;
    const info = await this.holder();
    if (info?.token === this.token) await fs.rm(this.path, { force: true });
    this.token = null;
  }
}
