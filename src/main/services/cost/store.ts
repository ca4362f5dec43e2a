import { createHash } from 'node:crypto';
import { z } from 'zod';
import { COUNTERS, type Counter } from '@shared/errors';
import { writeJsonAtomic } from '../ground/atomic';
import { readRegularText } from '../ground/regular-file';
import { logger } from '../log';
import { median } from './learn';

const log = logger('cost');

/** The newest samples kept per key, kind and model. */
export const SAMPLES_KEPT = 20;
const MAX_KEYS = 16;
const MAX_ENTRIES = 64;
const MAX_FILE_BYTES = 256 * 1024;

const EntrySchema = z.object({
  counter: z.enum(COUNTERS),
  samples: z.array(z.number().finite().min(0).max(1e9)).max(SAMPLES_KEPT),
});
const FileSchema = z.object({
  version: z.literal(1),
  keys: z.record(z.string().max(64), z.record(z.string().max(100), EntrySchema)),
});
type CostFile = z.infer<typeof FileSchema>;

/**
 * Which key the samples belong to, without keeping the key: the first 16 hex digits of a SHA-256
 * over the service origin and the key (a key shared with the web is still this key's history).
 */
export function keyFingerprint(origin: string, key: string): string {
  return createHash('sha256').update(`${origin}\n${key}`).digest('hex').slice(0, 16);
}

/** Samples are kept per kind and model: a song made with v4.5 is not one made with v3.0. */
export const entryName = (kind: string, model: string | null): string =>
  model ? `${kind}|${model}` : kind;

export interface CostEstimate {
  counter: Counter;
  /** The median of this key's samples, or null: not known yet. */
  usual: number | null;
  samples: number;
}

/**
 * `cost-history.json` in the data folder: per key fingerprint, per kind and model, the newest
 * samples. Read bounded and checked (a damaged file is set aside: history starts again).
 */
export function createCostStore(file: string) {
  async function read(): Promise<CostFile> {
    try {
      // non-blocking, regular files only, capped: a FIFO or a huge file there is set aside
      const parsed = FileSchema.safeParse(JSON.parse(await readRegularText(file, MAX_FILE_BYTES)));
      if (parsed.success) return parsed.data;
      log.warn('the cost history could not be read; it starts again');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn('the cost history could not be read; it starts again', { error: String(e) });
    }
    return { version: 1, keys: {} };
  }

  let writing: Promise<unknown> = Promise.resolve();

  return {
    async record(keyId: string, name: string, counter: Counter, sample: number): Promise<void> {
      const next = writing.then(async () => {
        const data = await read();
        const entries = (data.keys[keyId] ??= {});
        const entry = entries[name] ?? { counter, samples: [] };
        entries[name] = {
          counter,
          samples: [...(entry.counter === counter ? entry.samples : []), sample].slice(
            -SAMPLES_KEPT,
          ),
        };
        // bounded: the oldest keys and entries go first
        const keyIds = Object.keys(data.keys);
        for (const old of keyIds.slice(0, Math.max(0, keyIds.length - MAX_KEYS)))
          if (old !== keyId) delete data.keys[old];
        const names = Object.keys(entries);
        for (const old of names.slice(0, Math.max(0, names.length - MAX_ENTRIES)))
          if (old !== name) delete entries[old];
        await writeJsonAtomic(file, data);
      });
      writing = next.catch(() => undefined);
      await next;
    },

    async estimate(keyId: string | null, name: string, counter: Counter): Promise<CostEstimate> {
      await writing;
      const entry = keyId ? (await read()).keys[keyId]?.[name] : undefined;
      const samples = entry && entry.counter === counter ? entry.samples : [];
      return { counter, usual: median(samples), samples: samples.length };
    },
  };
}
