/**
 * Polling with 50 active songs (25 V2 submissions of two songs each): how many status requests
 * the jobs service sends per poll interval. Target: 1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUERY_BATCH_SIZE } from '../src/shared/domain/service-limits';
import { startEmulator } from '../test/emulator';
import { createServiceClient } from '../src/main/services/api';
import { createJobsService } from '../src/main/services/jobs';
import { createSongSubmitters } from '../src/main/services/songs/submit';
import { createLibrary } from '../src/main/services/library/library';

const KEY = 'bench-key-0001';
const INTERVAL_MS = 500;

async function main(): Promise<void> {
  const emu = await startEmulator({
    keys: [KEY],
    stepMs: 4000,
    counters: { key_music_counts: 1000 },
  });
  const root = await mkdtemp(join(tmpdir(), 'cadenza-bench-poll-'));
  const library = createLibrary({ dir: join(root, 'Library'), watch: false });
  await library.open();
  const client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
  const jobs = createJobsService({
    dataDir: join(root, 'data'),
    library,
    client: () => client,
    pollIntervalMs: INTERVAL_MS,
  });
  const submit = createSongSubmitters(jobs, () => client, library);
  await jobs.open();
  try {
    const submitted = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        submit.songV2({ mode: 'auto', prompt: `bench song ${i}` }),
      ),
    );
    while (!submitted.every((j) => (jobs.get(j.id)?.serviceIds.length ?? 0) === 2))
      await new Promise((r) => setTimeout(r, 20));
    const active = submitted.reduce((n, j) => n + (jobs.get(j.id)?.serviceIds.length ?? 0), 0);
    const from = emu.log.length;
    const windowMs = 10 * INTERVAL_MS;
    const start = Date.now();
    await new Promise((r) => setTimeout(r, windowMs));
    const queries = emu.log
      .slice(from)
      .filter((e) => e.origin === 'service' && e.path === '/v2/query' && e.at - start < windowMs);
    const idsPerRequest = queries.map((q) => q.query.song_id?.split(',').length ?? 0);
    // requests that belong to the same poll round arrive within a few ms of each other
    const rounds: number[][] = [];
    for (const q of queries) {
      const last = rounds.at(-1);
      if (last && q.at - (last[0] as number) < INTERVAL_MS / 2) last.push(q.at);
      else rounds.push([q.at]);
    }
    console.log(`active songs: ${active}; poll interval ${INTERVAL_MS} ms; window ${windowMs} ms`);
    console.log(`poll rounds: ${rounds.length}; status requests: ${queries.length}`);
    console.log(
      `requests per interval: ${(queries.length / Math.max(1, rounds.length)).toFixed(2)}   (target 1)`,
    );
    console.log(
      `song ids per request: ${[...new Set(idsPerRequest)].sort((a, b) => b - a).join(', ')}`,
    );
    if (QUERY_BATCH_SIZE < active) {
      console.log(
        `note: the jobs poller asks once per interval for all ${active} ids; the service client splits them into requests of QUERY_BATCH_SIZE = ${QUERY_BATCH_SIZE} ids (src/shared/domain/service-limits.ts)`,
      );
    }
  } finally {
    for (const j of jobs.list()) await jobs.cancel(j.id);
    await jobs.close();
    await library.close();
    await emu.close();
    await rm(root, { recursive: true, force: true });
  }
}

void main();
