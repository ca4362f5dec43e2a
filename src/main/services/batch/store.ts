/**
 * Batch records in `<data>/batches/<id>.json`: written atomically (temp then rename), read
 * bounded, non-blocking and regular-file-only, validated with zod. A damaged or newer record is
 * left in place and skipped (logged), never rewritten. Every change is read-modify-write of the
 * record on disk, one at a time in this process, so a pause or cancel written by the other
 * process (the CLI while the app runs) is seen by the next change.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { BatchRecordSchema, type BatchRecord } from '@shared/domain/batch';
import { appError } from '@shared/app-error';
import { writeJsonAtomic } from '../ground/atomic';
import { readRegularText } from '../ground/regular-file';
import { logger } from '../log';

const log = logger('batch');

/** A record holds at most 500 slots and 200 prompts with lyrics: a few MB at the very most. */
const RECORD_MAX_BYTES = 48 * 1024 * 1024;
const ID_PATTERN = /^bat_[A-Za-z0-9_-]{6,64}$/;

export const newBatchId = (): string => `bat_${randomBytes(9).toString('base64url')}`;

export interface BatchStore {
  readonly dir: string;
  /** Every readable batch, newest first. */
  list(): Promise<BatchRecord[]>;
  get(id: string): Promise<BatchRecord | null>;
  create(record: BatchRecord): Promise<BatchRecord>;
  /** Reads the record, applies `change` (null: no change) and writes it; answers the result. */
  update(id: string, change: (b: BatchRecord) => BatchRecord | null): Promise<BatchRecord | null>;
}

export function createBatchStore(dataDir: string): BatchStore {
  const dir = join(dataDir, 'batches');
  const fileOf = (id: string): string => {
    if (!ID_PATTERN.test(id)) throw appError('not_found', 'batch:errors.notFound');
    return join(dir, `${id}.json`);
  };
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(op: () => Promise<T>): Promise<T> => {
    const run = queue.then(op, op);
    queue = run.catch(() => undefined);
    return run;
  };

  async function read(id: string): Promise<BatchRecord | null> {
    if (!ID_PATTERN.test(id)) return null; // not an id this store makes: no such batch
    let text: string;
    try {
      text = await readRegularText(fileOf(id), RECORD_MAX_BYTES);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn('batch record not readable', { id, error: String(e) });
      return null;
    }
    try {
      const parsed = BatchRecordSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      log.warn('batch record not valid; left as it is', { id });
    } catch {
      log.warn('batch record damaged; left as it is', { id });
    }
    return null;
  }

  return {
    dir,
    async list() {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const ids = names.flatMap((n) => {
        const id = n.endsWith('.json') ? n.slice(0, -5) : '';
        return ID_PATTERN.test(id) ? [id] : [];
      });
      const records = await Promise.all(ids.map((id) => read(id)));
      return records
        .filter((r): r is BatchRecord => r !== null)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    get: (id) => read(id),
    create: (record) =>
      serial(async () => {
        await fs.mkdir(dir, { recursive: true });
        await writeJsonAtomic(fileOf(record.id), BatchRecordSchema.parse(record));
        return record;
      }),
    update: (id, change) =>
      serial(async () => {
        const current = await read(id);
        if (!current) return null;
        const next = change(current);
        if (!next) return current;
        const stamped = { ...next, updatedAt: new Date().toISOString() };
        await writeJsonAtomic(fileOf(id), BatchRecordSchema.parse(stamped));
        return stamped;
      }),
  };
}
