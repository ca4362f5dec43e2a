import { output } from '../../../src/main/services/jobs/records';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { createJobsService, type JobsService } from '../../../src/main/services/jobs';
import { createLibrary, type Library } from '../../../src/main/services/library/library';

const KEY = 'test-key-track-0001';
let emu: Emulator;
let root: string;
let client: ServiceClient;
let jobs: JobsService;
let library: Library;

beforeEach(async () => {
  emu = await startEmulator({ keys: [KEY], vocabulary: 'spec', stepMs: 100 });
  root = await mkdtemp(join(tmpdir(), 'cadenza-track-'));
  library = createLibrary({ dir: join(root, 'Library'), watch: false });
  await library.open();
  client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
  jobs = createJobsService({
    dataDir: join(root, 'data'),
    library,
    client: () => client,
    pollIntervalMs: 100,
  });
  await jobs.open();
});

afterEach(async () => {
  await jobs.close();
  await library.close();
  await emu.close();
  await rm(root, { recursive: true, force: true });
});

describe('tracking by /v3/music/tasks and custom-singer tasks', () => {
  it('tracks songs made elsewhere through one batched /v3/music/tasks request per interval', async () => {
    const songs = await client.songs.submit({
      mode: 'custom',
      prompt: 'folk',
      title: 'Old Mill',
      lyrics: 'wheels turning',
    });
    // V3 tasks are asked about by task id, a different value from the song id
    const ids = songs.map((s) => emu.songs().find((x) => x.songId === s.id)!.taskId);
    expect(ids.some((id) => songs.some((s) => s.id === id))).toBe(false);
    const job = await jobs.track({ kind: 'song-v2', tracking: 'v3-tasks', ids, label: 'Old Mill' });
    const done = await jobs.waitFor(job.id, 15_000);
    expect(done.state).toBe('done');
    const items = await Promise.all(done.resultItemIds.map((id) => library.full(library.get(id)!)));
    expect(items.map((i) => i.title)).toEqual(['Old Mill', 'Old Mill']);
    expect(items.every((i) => i.lyrics?.includes('wheels turning'))).toBe(true);
    // the sidecars keep both ids: the task id polled and the song's own id (for de-duplication)
    expect(items.map((i) => i.service_ids.task_id).sort()).toEqual([...ids].sort());
    expect(items.map((i) => i.service_ids.song_id).sort()).toEqual(songs.map((s) => s.id).sort());
    const polls = emu.log.filter((e) => e.path === '/v3/music/tasks');
    expect(polls.length).toBeGreaterThan(0);
    for (const p of polls) expect(p.query.ids?.split(',').sort()).toEqual([...ids].sort());
    expect(emu.log.filter((e) => e.path === '/v2/query')).toEqual([]);
  });

  it('trains a custom singer and follows its task until it completes', async () => {
    const urls = [
      `${emu.mediaUrl}/media/tone.wav?seconds=200`,
      `${emu.mediaUrl}/media/tone.wav?seconds=200`,
    ];
    const job = await jobs.submit(
      {
        kind: 'custom-singer',
        synchronous: false,
        tracking: 'custom-singer',
        request: { urls, totalAudioDurationS: 400, name: 'Alto' },
        label: 'Singer: Alto',
      },
      async (signal) => {
        const task = await client.covers.trainSinger(
          { urls, totalAudioDurationS: 400 },
          { signal },
        );
        return {
          outputs: [
            output({ serviceId: task.id, status: 'queued', libraryKind: null, title: 'Alto' }),
          ],
          raw: task.raw,
          meta: { singer: task.id },
        };
      },
    );
    const done = await jobs.waitFor(job.id, 15_000);
    expect(done.state).toBe('done');
    expect(done.resultItemIds).toEqual([]); // a singer is not a library item
    expect(done.meta.singer).toBe(done.serviceIds[0]);
    const polls = emu.log.filter((e) => e.path === '/v1/cover/generate-custom-singer/tasks');
    expect(polls.length).toBeGreaterThan(0);
    const record = JSON.parse(
      await readFile(join(root, 'data', 'jobs', `${job.id}.json`), 'utf8'),
    ) as { request: { urls: string[] } };
    expect(record.request.urls).toEqual(urls);
  });
});
