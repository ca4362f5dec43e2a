/**
 * Batches of song prompts (issue 32, point 1; docs/batches.md): a list read from typed lines or
 * a CSV/TSV file, N submissions per prompt, sent through the persistent jobs at most
 * `concurrency` at a time, its results filed in a collection named after it. Records live in
 * `<data>/batches/` (store.ts); one pass of the engine (engine.ts) follows a batch's jobs and
 * sends what is due. Only the process holding the jobs lock drives batches; the other one (the
 * CLI while the app runs) records, pauses and cancels, and the holder follows its records.
 *
 * The app starts the driver when it is ready (`start`); the CLI drives while it waits.
 */
import {
  BATCH_DEFAULT_CONCURRENCY,
  BATCH_MAX_CONCURRENCY,
  BATCH_MAX_PER_PROMPT,
  BATCH_MAX_SUBMISSIONS,
  BATCH_NAME_MAX_CHARS,
  BATCH_SCHEMA_VERSION,
  batchSettled,
  batchView,
  type BatchPrompt,
  type BatchQuote,
  type BatchRecord,
  type BatchView,
} from '@shared/domain/batch';
import { parseBatchList, type BatchList } from '@shared/domain/batch-list';
import type { Job } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import { TypedEmitter } from '../ground/events';
import type { JobsHost, JobsRuntime } from '../jobs-host';
import { logger } from '../log';
import type { SpendTotal } from '../budget';
import { batchRefusal, batchSize, quoteBatch } from './quote';
import { createEngine } from './engine';
import { createBatchStore, newBatchId } from './store';

export { isChargeFreeBusy } from './engine';

const log = logger('batch');

export interface BatchEvents extends Record<string, unknown> {
  /** A batch changed (its view as the renderer shows it). */
  'batch-updated': BatchView;
  /** Nothing is left that a batch does by itself: it ended (or waits only for the creator). */
  'batch-finished': BatchView;
}

export interface BatchServiceDeps {
  dataDir: string;
  runtime: () => Promise<JobsRuntime>;
  events: Pick<JobsHost, 'on'>;
  /** One prompt to the song submitters, the job's meta carrying the batch's tags. */
  submit(prompt: BatchPrompt, meta: Record<string, string>): Promise<Job>;
  /** Makes the collection a batch's results land in; answers its id. */
  newCollection(name: string): Promise<string>;
  /**
   * Files items in a collection (ones already there or not listed in the library yet are left
   * out); answers which of them the collection holds now.
   */
  file(collectionId: string, itemIds: readonly string[]): Promise<readonly string[]>;
  /**
   * The total of so many submissions of a model (services/budget: learned, never a price);
   * `fresh`: with the counter read from the service now (else as last read).
   */
  total(model: string, submissions: number, fresh: boolean): Promise<SpendTotal>;
  /** The Settings budget of the songs counter (null: none). */
  budget(): number | null;
  /** The Settings values: submissions in flight per batch, the composer's default model. */
  settings(): { concurrency?: number; defaultModel: string };
  /** How often the driver looks (ms; default 2000): backed-off slots, the other process's records. */
  intervalMs?: number;
  /** Backoff after a charge-free "too many requests": first wait and cap (ms). */
  backoffMs?: { min: number; max: number };
  now?: () => number;
}

export interface NewBatch {
  name: string;
  /** The list as typed or read from a file (lines, CSV or TSV). */
  text: string;
  /** The file's name, when it came from one (decides CSV or TSV by its extension). */
  fileName?: string;
  perPrompt: number;
  /** Submissions in flight at once (default: the Settings value). */
  concurrency?: number;
  /**
   * The creator answered the budget ask for this batch ("Send anyway"), or the caller applied
   * the rule itself (the CLI refuses what it cannot ask). Without it, a batch the rule asks about
   * (over the budget, or its spend not known yet) is not recorded and nothing is sent. A total the
   * counter cannot cover is refused either way.
   */
  spendConfirmed?: boolean;
  /**
   * The caller read the counter just now (the CLI's quote before it): the rule totals against
   * that read instead of asking the service again.
   */
  countsJustRead?: boolean;
}

export function createBatchService(deps: BatchServiceDeps) {
  const store = createBatchStore(deps.dataDir);
  const emitter = new TypedEmitter<BatchEvents>();
  const now = deps.now ?? Date.now;
  const backoff = deps.backoffMs ?? { min: 20_000, max: 5 * 60_000 };
  const engine = createEngine({
    store,
    async submit(b, slot, meta) {
      const prompt = b.prompts[b.slots[slot]?.prompt ?? -1];
      if (!prompt) throw appError('internal', 'errors:internal');
      return deps.submit(prompt, meta);
    },
    async file(b, itemIds) {
      // without a collection (it could not be made) there is nothing to wait for
      return b.collectionId ? deps.file(b.collectionId, itemIds) : itemIds;
    },
    backoffMs: (attempts) => Math.min(backoff.max, backoff.min * 2 ** Math.max(0, attempts - 1)),
    now,
  });
  const seen = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let offs: Array<() => void> = [];
  let driving: Promise<void> | null = null;
  let again = false;

  function announce(b: BatchRecord): void {
    const view = batchView(b);
    const stamp = `${b.updatedAt}:${b.state}`;
    if (seen.get(b.id) !== stamp) {
      seen.set(b.id, stamp);
      emitter.emit('batch-updated', view);
    }
  }

  const concurrencyOf = (n: number | undefined): number => {
    const v = n ?? deps.settings().concurrency ?? BATCH_DEFAULT_CONCURRENCY;
    return Math.min(BATCH_MAX_CONCURRENCY, Math.max(1, Math.floor(v)));
  };

  /** One pass over every batch that still has work (only while this process holds the lock). */
  async function driveAll(): Promise<void> {
    const { jobs } = await deps.runtime();
    const all = await store.list();
    for (const b of all) {
      if (b.finishedAt !== null && b.state !== 'running') {
        announce(b);
        continue;
      }
      const after = jobs.isPolling() ? await engine.pass(b.id, jobs) : b;
      if (!after) continue;
      announce(after);
      if (batchSettled(after) && after.finishedAt !== null && !after.announced) {
        const marked = await store.update(after.id, (r) => ({ ...r, announced: true }));
        if (marked) emitter.emit('batch-finished', batchView(marked));
      }
    }
  }

  /** Runs a pass now (or right after the one running). */
  function drive(): Promise<void> {
    if (driving) {
      again = true;
      return driving;
    }
    driving = (async () => {
      do {
        again = false;
        await driveAll().catch((e: unknown) => log.warn('batch pass failed', { error: String(e) }));
      } while (again);
    })().finally(() => {
      driving = null;
    });
    return driving;
  }

  async function change(
    id: string,
    edit: (b: BatchRecord) => BatchRecord | null,
  ): Promise<BatchView> {
    const b = await store.update(id, edit);
    if (!b) throw appError('not_found', 'batch:errors.notFound');
    announce(b);
    void drive();
    return batchView(b);
  }

  const slotEdit =
    (index: number, from: readonly string[], to: 'waiting' | 'skipped') =>
    (b: BatchRecord): BatchRecord | null => {
      const s = b.slots[index];
      if (!s || !from.includes(s.state)) return null;
      const slots = [...b.slots];
      slots[index] = {
        ...s,
        state: to,
        retryAt: null,
        error: null,
        jobId: to === 'waiting' ? null : s.jobId,
      };
      const reopen = to === 'waiting' && b.state !== 'cancelled';
      return {
        ...b,
        slots,
        ...(reopen
          ? { state: b.state === 'done' ? 'running' : b.state, finishedAt: null, announced: false }
          : {}),
      };
    };

  return {
    on: <K extends keyof BatchEvents>(name: K, listener: (p: BatchEvents[K]) => void) =>
      emitter.on(name, listener),

    /** Reads a list without recording anything: its prompts and every problem, by line. */
    check(text: string, fileName?: string): BatchList {
      return parseBatchList(text, { fileName, defaultModel: deps.settings().defaultModel });
    },

    /** The total before starting and the budget rule's verdict (quote.ts). */
    quote: (
      prompts: readonly BatchPrompt[],
      perPrompt: number,
      opts: { budget?: number | null; askWhenUnknown?: boolean; fresh?: boolean } = {},
    ): Promise<BatchQuote> => quoteBatch(deps, prompts, perPrompt, opts),
    cliRefusal: batchRefusal,

    /** Records a batch (refused whole when its list has a problem) and starts sending. */
    async create(n: NewBatch): Promise<BatchView> {
      const name = n.name.normalize('NFC').trim();
      if (!name || [...name].length > BATCH_NAME_MAX_CHARS)
        throw appError('validation', 'batch:errors.name', { max: BATCH_NAME_MAX_CHARS });
      if (!Number.isInteger(n.perPrompt) || n.perPrompt < 1 || n.perPrompt > BATCH_MAX_PER_PROMPT)
        throw appError('validation', 'batch:errors.perPrompt', { max: BATCH_MAX_PER_PROMPT });
      const list = parseBatchList(n.text, {
        fileName: n.fileName,
        defaultModel: deps.settings().defaultModel,
      });
      const first = list.problems[0];
      if (first)
        throw appError('validation', first.key, {
          ...first.params,
          line: first.line,
          more: list.problems.length - 1,
        });
      const { submissions } = batchSize(list.prompts.length, n.perPrompt);
      if (submissions > BATCH_MAX_SUBMISSIONS)
        throw appError('validation', 'batch:errors.tooManySubmissions', {
          max: BATCH_MAX_SUBMISSIONS,
          count: submissions,
        });
      // the budget rule (services/budget, docs/cost.md) before anything is recorded or sent
      const quote = await quoteBatch(deps, list.prompts, n.perPrompt, {
        askWhenUnknown: true,
        fresh: n.countsJustRead !== true,
      });
      if (quote.verdict === 'refuse')
        throw appError(
          'entitlement',
          'batch:errors.cannotCover',
          {
            total: quote.total ?? 0,
            remaining: quote.remaining ?? 0,
          },
          { counter: 'key_music_counts' },
        );
      if (quote.verdict === 'ask' && n.spendConfirmed !== true)
        throw appError('validation', 'batch:errors.askFirst');
      const collectionId = await deps.newCollection(name).catch((e: unknown) => {
        log.warn('batch collection not made', { error: String(e) });
        return null;
      });
      const at = new Date(now()).toISOString();
      const record: BatchRecord = {
        schema_version: BATCH_SCHEMA_VERSION,
        id: newBatchId(),
        name,
        state: 'running',
        concurrency: concurrencyOf(n.concurrency),
        perPrompt: n.perPrompt,
        prompts: list.prompts,
        // prompt by prompt: every copy of the first, then the second's…
        slots: list.prompts.flatMap((_, p) =>
          Array.from({ length: n.perPrompt }, () => ({
            prompt: p,
            state: 'waiting' as const,
            jobId: null,
            attempts: 0,
            retryAt: null,
            itemIds: [],
            error: null,
          })),
        ),
        collectionId,
        createdAt: at,
        updatedAt: at,
        finishedAt: null,
        announced: false,
      };
      await store.create(record);
      log.info('batch recorded', { id: record.id, submissions, concurrency: record.concurrency });
      announce(record);
      await drive();
      return batchView((await store.get(record.id)) ?? record);
    },

    async list(): Promise<BatchView[]> {
      return (await store.list()).map(batchView);
    },
    async get(id: string): Promise<BatchView> {
      const b = await store.get(id);
      if (!b) throw appError('not_found', 'batch:errors.notFound');
      return batchView(b);
    },
    /** No new submissions; those in flight finish and land. */
    pause: (id: string) =>
      change(id, (b) => (b.state === 'running' ? { ...b, state: 'paused' } : null)),
    resume: (id: string) =>
      change(id, (b) =>
        b.state === 'paused'
          ? { ...b, state: 'running', finishedAt: null, announced: false }
          : null,
      ),
    /** Nothing more is sent; jobs in flight are cancelled, finished results are kept and filed. */
    cancel: (id: string) =>
      change(id, (b) =>
        b.state === 'running' || b.state === 'paused' ? { ...b, state: 'cancelled' } : null,
      ),
    /** The creator sends an interrupted or failed submission again (it may spend again). */
    sendAgain: (id: string, slot: number) =>
      change(id, slotEdit(slot, ['interrupted', 'failed'], 'waiting')),
    /** The creator leaves an interrupted or failed submission as it is. */
    skip: (id: string, slot: number) =>
      change(id, slotEdit(slot, ['interrupted', 'failed'], 'skipped')),

    /** One pass now (tests, the CLI). */
    drive,

    /** Resolves with the batch once nothing is left that it does by itself. */
    waitFor(id: string, timeoutMs = 0): Promise<BatchView> {
      return new Promise((resolve, reject) => {
        let timeout: NodeJS.Timeout | undefined;
        const done = (v: BatchView) => {
          off();
          clearTimeout(timeout);
          resolve(v);
        };
        const off = emitter.on('batch-updated', (v) => {
          if (v.id === id && v.finishedAt !== null) done(v);
        });
        if (timeoutMs > 0)
          timeout = setTimeout(() => {
            off();
            reject(appError('timeout', 'errors:jobs.timedOut'));
          }, timeoutMs);
        void store.get(id).then((b) => {
          if (!b) {
            off();
            clearTimeout(timeout);
            reject(appError('not_found', 'batch:errors.notFound'));
          } else if (b.finishedAt !== null && b.state !== 'paused') done(batchView(b));
        });
      });
    },

    /** Drives batches from now on: after job changes and every `intervalMs`. */
    start(): void {
      if (timer) return;
      offs = [deps.events.on('job-finished', () => void drive())];
      timer = setInterval(() => void drive(), deps.intervalMs ?? 2000);
      timer.unref?.();
      void drive();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      for (const off of offs.splice(0)) off();
      await driving;
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
