import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import {
  JOB_KINDS,
  JOB_SCHEMA_VERSION,
  JOB_STATES,
  JobSchema,
  type Job,
  type ForeignJob,
} from '@shared/domain/jobs';
import { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';
import { isTempName, removeTempLeftovers, writeJsonAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';
import { logger, redactJson } from '../log';
import { isBareName } from '../library/names';
import { migrateJobRecord } from './migrate';

const log = logger('jobs');

interface Stamp {
  mtimeMs: number;
  size: number;
  ino: number;
}
interface Cached extends Stamp {
  job: Job;
}

export interface JobStoreOptions {
  /**
   * Never create, move, rename or delete anything (listing commands and views). Saving throws.
   */
  readOnly?: boolean;
}

const sameStamp = (a: Stamp | undefined, b: Stamp): boolean =>
  !!a && a.mtimeMs === b.mtimeMs && a.size === b.size && a.ino === b.ino;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The most of a service answer a job record keeps for diagnosis (its JSON text, in bytes). */
export const MAX_DIAGNOSIS_BYTES = 16 * 1024;

interface CutAnswer {
  truncated: true;
  bytes: number;
  head: string;
}

function isCutAnswer(v: unknown): v is CutAnswer {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    Object.keys(o).length === 3 &&
    o.truncated === true &&
    typeof o.bytes === 'number' &&
    typeof o.head === 'string' &&
    o.head.length <= MAX_DIAGNOSIS_BYTES
  );
}

/**
 * What a record keeps of a service answer: redacted (property names as well as values, by the
 * process's redactor — the transport already removed this key; this also catches keys it never
 * saw and look-alikes), and cut to `MAX_DIAGNOSIS_BYTES` of JSON text, saying how big it was.
 */
export function forDiagnosis(raw: unknown): unknown {
  if (raw === undefined) return undefined;
  const clean = redactJson(raw);
  if (isCutAnswer(clean)) return clean; // already cut when it was first saved
  const json = JSON.stringify(clean) ?? '';
  const bytes = Buffer.byteLength(json);
  if (bytes <= MAX_DIAGNOSIS_BYTES) return clean;
  const head = Buffer.from(json).subarray(0, MAX_DIAGNOSIS_BYTES).toString('utf8');
  const cut: CutAnswer = { truncated: true, bytes, head: head.replace(/\uFFFD$/, '') };
  return cut;
}

/**
 * A record that names a file as no Cadenza writes it (a planned `fileName` with a separator, `..`,
 * a control character…): damaged or tampered with. Listed as damaged, never followed or rewritten.
 */
function damagedOf(job: Job): ForeignJob | null {
  if (job.outputs.every((o) => o.fileName === null || isBareName(o.fileName))) return null;
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    label: job.label || job.kind,
    schemaVersion: job.schema_version,
    why: 'damaged',
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/**
 * A record this version cannot act on: written by a newer schema, or naming a kind or state it does
 * not know. Shown as unknown and left in place, byte for byte.
 */
function foreignOf(id: string, raw: Record<string, unknown>): ForeignJob | null {
  const version = typeof raw.schema_version === 'number' ? raw.schema_version : null;
  const kind = text(raw.kind);
  const state = text(raw.state);
  let why: ForeignJob['why'] | null = null;
  if (version !== null && version > JOB_SCHEMA_VERSION) why = 'newer';
  else if (!(JOB_KINDS as readonly string[]).includes(kind)) why = 'unknown-kind';
  else if (!(JOB_STATES as readonly string[]).includes(state)) why = 'unknown-state';
  if (!why) return null;
  return {
    id,
    kind,
    state,
    label: text(raw.label) || kind || 'Unknown job',
    schemaVersion: version,
    why,
    createdAt: text(raw.createdAt),
    updatedAt: text(raw.updatedAt),
  };
}

/**
 * One JSON file per job under `<dataDir>/jobs/`, written atomically, validated on load. Fields this
 * version does not know are kept when a record is rewritten. Records from a newer schema, or with
 * a kind or state this version does not know, are listed as foreign and never rewritten or moved.
 * Unparsable files are skipped; only the lock holder sets them aside (`repair`). Several processes
 * share the folder: `refresh()` picks up what the others wrote.
 */
export class JobStore {
  private cache = new Map<string, Cached>();
  private foreignCache = new Map<string, ForeignJob & Stamp>();
  private unreadable = new Set<string>();
  /** Per-job chain of updates: two updates of one job never read the same base (no lost update). */
  private updating = new Map<string, Promise<unknown>>();

  constructor(
    readonly dir: string,
    private readonly options: JobStoreOptions = {},
  ) {}

  private pathOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  async open(): Promise<void> {
    if (!this.options.readOnly) await fs.mkdir(this.dir, { recursive: true });
    await this.refresh();
  }

  /**
   * Lock holder only: removes temp files whose owner process is gone and sets aside records that
   * cannot be parsed at all (kept in `jobs/corrupt/` for diagnosis).
   */
  async repair(): Promise<void> {
    if (this.options.readOnly) return;
    await removeTempLeftovers(this.dir);
    for (const name of [...this.unreadable]) {
      const path = join(this.dir, name);
      const corrupt = join(this.dir, 'corrupt');
      await fs.mkdir(corrupt, { recursive: true });
      await fs.rename(path, join(corrupt, `${Date.now()}-${name}`)).catch(() => undefined);
      this.unreadable.delete(name);
      log.warn('a damaged job record was set aside', { file: name });
    }
  }

  list(): Job[] {
    return [...this.cache.values()]
      .map((c) => c.job)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  /** Records this version can show but not act on (newer schema, unknown kind or state). */
  foreign(): ForeignJob[] {
    return [...this.foreignCache.values()].map(({ mtimeMs: _m, size: _s, ino: _i, ...f }) => f);
  }

  get(id: string): Job | undefined {
    return this.cache.get(id)?.job;
  }

  isForeign(id: string): boolean {
    return this.foreignCache.has(id);
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
    for (const id of [...this.foreignCache.keys()]) if (!seen.has(id)) this.foreignCache.delete(id);
    for (const name of [...this.unreadable])
      if (!seen.has(name.slice(0, -5))) this.unreadable.delete(name);
    return { changed, removed };
  }

  /** The job from disk when its file changed since last read, else undefined. */
  private async readIfChanged(id: string): Promise<Job | undefined> {
    const path = this.pathOf(id);
    const st = await fs.stat(path).catch(() => null);
    if (!st) return undefined;
    const stamp = { mtimeMs: st.mtimeMs, size: st.size, ino: st.ino };
    if (sameStamp(this.cache.get(id), stamp) || sameStamp(this.foreignCache.get(id), stamp))
      return undefined;
    let raw: unknown;
    try {
      raw = JSON.parse(await readRegularText(path, READ_CAPS.jobRecordBytes));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      raw = undefined;
    }
    const name = `${id}.json`;
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      raw = migrateJobRecord(raw as Record<string, unknown>);
      const foreign = foreignOf(id, raw as Record<string, unknown>);
      if (foreign) {
        this.cache.delete(id);
        this.foreignCache.set(id, { ...foreign, ...stamp });
        return undefined;
      }
      const parsed = JobSchema.safeParse(raw);
      const damaged = parsed.success ? damagedOf(parsed.data) : null;
      if (damaged) {
        if (this.cache.has(id)) log.warn('a job record names a file outside the library', { id });
        this.cache.delete(id);
        this.foreignCache.set(id, { ...damaged, ...stamp });
        return undefined;
      }
      if (parsed.success && parsed.data.id === id) {
        this.foreignCache.delete(id);
        this.unreadable.delete(name);
        this.cache.set(id, { job: parsed.data, ...stamp });
        return parsed.data;
      }
    }
    this.cache.delete(id);
    this.unreadable.add(name);
    return undefined;
  }

  private leftAsItIs(id: string): AppError {
    return this.foreignCache.get(id)?.why === 'damaged'
      ? appError('busy', 'errors:jobs.recordDamaged')
      : appError('busy', 'errors:jobs.recordNewer');
  }

  async save(job: Job): Promise<Job> {
    if (this.options.readOnly)
      throw new AppError(
        'internal',
        /* English only: an invariant */ 'The job list was opened read-only.',
      );
    if (this.foreignCache.has(job.id)) throw this.leftAsItIs(job.id);
    if (damagedOf(job))
      throw new AppError(
        'internal',
        /* English only: an invariant */ 'A job may only name files in the library.',
      );
    const valid = JobSchema.parse(
      job.lastResponse === undefined
        ? job
        : { ...job, lastResponse: forDiagnosis(job.lastResponse) },
    );
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
    if (this.foreignCache.has(id)) throw this.leftAsItIs(id);
    await fs.rm(this.pathOf(id), { force: true });
    this.cache.delete(id);
  }
}
