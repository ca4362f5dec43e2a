import type { Job, Tracking } from '@shared/domain/jobs';
import type { CustomSingerTask, Song } from '@shared/domain/service';
import type { AppErrorShape } from '@shared/errors';
import { errorShape } from './records';

/** The part of the service client the poller uses; the real client satisfies it. */
export interface PollClient {
  songs: {
    query(ids: readonly string[], opts?: { signal?: AbortSignal }): Promise<Song[]>;
    tasks(ids: readonly string[], opts?: { signal?: AbortSignal }): Promise<Song[]>;
  };
  covers: {
    trainingTasks(
      ids?: readonly string[],
      opts?: { signal?: AbortSignal },
    ): Promise<CustomSingerTask[]>;
  };
}

export type PollAnswer =
  | { tracking: 'v2-query' | 'v3-tasks'; songs: Song[] }
  | { tracking: 'custom-singer'; tasks: CustomSingerTask[] };

export interface PollerOptions {
  intervalMs: number;
  maxBackoffMs: number;
}

interface GroupState {
  failures: number;
  nextAtMs: number;
  inFlight: boolean;
}

/** Ids still being generated, per way of asking. */
export function activeIds(jobs: readonly Job[]): Map<Tracking, string[]> {
  const out = new Map<Tracking, string[]>();
  for (const job of jobs) {
    if (!job.tracking || (job.state !== 'submitted' && job.state !== 'running')) continue;
    for (const o of job.outputs) {
      if (!o.serviceId || (o.status !== 'queued' && o.status !== 'streaming')) continue;
      const list = out.get(job.tracking) ?? [];
      list.push(o.serviceId);
      out.set(job.tracking, list);
    }
  }
  return out;
}

/**
 * Per tick, ONE batched request per tracking kind for all active ids (`/v2/query?song_id=a,b,…`,
 * `/v3/music/tasks?ids=…`, the custom-singer tasks). A failing kind backs off exponentially
 * (interval × 2^failures, capped) without holding up the others.
 */
export class Poller {
  private groups = new Map<Tracking, GroupState>();

  constructor(private readonly options: PollerOptions) {}

  private group(t: Tracking): GroupState {
    let g = this.groups.get(t);
    if (!g) {
      g = { failures: 0, nextAtMs: 0, inFlight: false };
      this.groups.set(t, g);
    }
    return g;
  }

  /** Delay before the next request of a kind after `failures` failures in a row. */
  backoffMs(failures: number): number {
    if (failures <= 0) return this.options.intervalMs;
    return Math.min(this.options.maxBackoffMs, this.options.intervalMs * 2 ** failures);
  }

  async poll(
    client: PollClient,
    jobs: readonly Job[],
    onAnswer: (a: PollAnswer) => Promise<void>,
    onError: (t: Tracking, e: AppErrorShape, retryInMs: number, raw: unknown) => void,
    options: { force?: boolean; signal?: AbortSignal } = {},
  ): Promise<void> {
    const now = Date.now();
    const work: Promise<void>[] = [];
    for (const [tracking, ids] of activeIds(jobs)) {
      const g = this.group(tracking);
      if (g.inFlight || (!options.force && now < g.nextAtMs)) continue;
      g.inFlight = true;
      work.push(
        (async () => {
          try {
            const opts = { signal: options.signal };
            const answer: PollAnswer =
              tracking === 'custom-singer'
                ? { tracking, tasks: await client.covers.trainingTasks(ids, opts) }
                : {
                    tracking,
                    songs:
                      tracking === 'v2-query'
                        ? await client.songs.query(ids, opts)
                        : await client.songs.tasks(ids, opts),
                  };
            g.failures = 0;
            g.nextAtMs = Date.now() + this.options.intervalMs;
            await onAnswer(answer);
          } catch (e) {
            g.failures += 1;
            const wait = this.backoffMs(g.failures);
            g.nextAtMs = Date.now() + wait;
            onError(tracking, errorShape(e), wait, (e as { raw?: unknown }).raw);
          } finally {
            g.inFlight = false;
          }
        })(),
      );
    }
    await Promise.all(work);
  }

  /** When each kind will be asked next (for status displays and tests). */
  schedule(): Record<string, { failures: number; nextAtMs: number }> {
    return Object.fromEntries(
      [...this.groups].map(([t, g]) => [t, { failures: g.failures, nextAtMs: g.nextAtMs }]),
    );
  }
}
