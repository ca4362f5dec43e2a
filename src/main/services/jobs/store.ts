import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { JobSchema, type Job } from '@shared/domain/jobs';
import { isTempName, removeTempLeftovers, writeJsonAtomic } from '../library/atomic';
import { logger } from '../log';

const log = logger('jobs');

interface Cached {
  job: Job;
  mtimeMs: number;
  size: number;
  ino: number;
}

/**
 * One JSON file per job under `<dataDir>/jobs/`, written atomically, validated on load. Corrupt
 * files are moved to `jobs/corrupt/` (kept for diagnosis) instead of stopping the app. Several
 * processes share the folder: `refresh()` picks up what the others wrote.
 */
export class JobStore {
  private cache = new Map<string, Cached>();
  /** Per-job chain of updates: two updates of one job never read the same base (no lost update). */
  private updating = new Map<string, Promise<unknown>>();

  constructor(readonly dir: string) {}

  private pathOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  async open(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await removeTempLeftovers(this.dir);
    await this.refresh();
  }

  list(): Job[] {
    return [...this.cache.values()]
      .map((c) => c.job)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  get(id: string): Job | undefined {
    return this.cache.get(id)?.job;
  }

  /** Re-reads job files that are new or changed on disk; returns the jobs that changed. */
  async refresh(): Promise<{ changed: Job[]; removed: string[] }> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const changed: Job[] = [];
    const seen = new Set<string>();
    for (const name of names) {
      if (!name.endsWith('.json') || isTempName(name)) continue;
      const id = name.slice(0, -5);
      seen.add(id);
      const job = await this.readIfChanged(id);
      if (job) changed.push(job);
    }
    const removed = [...this.cache.keys()].filter((id) => !seen.has(id));
    for (const id of removed) this.cache.delete(id);
    return { changed, removed };
  }

  /** The job from disk when its file changed since last read, else undefined. */
  private async readIfChanged(id: string): Promise<Job | undefined> {
    const path = this.pathOf(id);
    const st = await fs.stat(path).catch(() => null);
    if (!st) return undefined;
    const cached = this.cache.get(id);
    if (cached && cached.mtimeMs === st.mtimeMs && cached.size === st.size && cached.ino === st.ino)
      return undefined;
    let raw: string;
    try {
      raw = await fs.readFile(path, 'utf8');
    } catch {
      return undefined;
    }
    let parsed;
    try {
      parsed = JobSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = null;
    }
    if (!parsed?.success || parsed.data.id !== id) {
      await this.setAside(path, `${id}.json`);
      this.cache.delete(id);
      return undefined;
    }
    this.cache.set(id, { job: parsed.data, mtimeMs: st.mtimeMs, size: st.size, ino: st.ino });
    return parsed.data;
  }

  private async setAside(path: string, name: string): Promise<void> {
    const corrupt = join(this.dir, 'corrupt');
    await fs.mkdir(corrupt, { recursive: true });
    await fs.rename(path, join(corrupt, `${Date.now()}-${name}`)).catch(() => undefined);
    log.warn('a damaged job record was set aside', { file: name });
  }

  async save(job: Job): Promise<Job> {
    const valid = JobSchema.parse(job);
    await writeJsonAtomic(this.pathOf(valid.id), valid);
    const st = await fs.stat(this.pathOf(valid.id));
    this.cache.set(valid.id, { job: valid, mtimeMs: st.mtimeMs, size: st.size, ino: st.ino });
    return valid;
  }

  /**
   * Applies `change` to the newest version of the job (re-read if another process wrote it) and
   * saves the result. `change` returns null to leave the job as it is.
   */
  update(id: string, change: (job: Job) => Job | null): Promise<Job | undefined> {
    const previous = this.updating.get(id) ?? Promise.resolve();
    const run = previous.then(async () => {
      await this.readIfChanged(id);
      const current = this.cache.get(id)?.job;
      if (!current) return undefined;
      const next = change(current);
      if (!next) return current;
      return this.save({ ...next, updatedAt: new Date().toISOString() });
    });
    const settled = run.catch(() => undefined);
    this.updating.set(id, settled);
    void settled.then(() => {
      if (this.updating.get(id) === settled) this.updating.delete(id);
    });
    return run;
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.pathOf(id), { force: true });
    this.cache.delete(id);
  }
}
