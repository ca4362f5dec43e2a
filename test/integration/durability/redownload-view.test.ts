/**
 * Issue 13 point 6 in the app: what the Jobs panel and the Library are told. A job whose file
 * leaves the library is sent again with canRedownload, the IPC handlers list it and fetch it back
 * (jobs:redownload) without a second submission, and records from a newer version are listed as
 * unknown (jobs:listUnknown) and left as they are.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobSummary } from '@shared/domain/jobs';
import { toJobView } from '@shared/ipc/jobs';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { createJobsService, type JobsService } from '../../../src/main/services/jobs';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { jobsHandlers } from '../../../src/main/shell/handlers/jobs';
import type { JobsRuntime } from '../../../src/main/services/core';
import type { HandlerContext } from '../../../src/main/shell/ipc';
import { sameAudio } from '../../support/same-audio';

const KEY = 'redownload-view-key-51c0';
let emu: Emulator;
let dir: string;
let client: ServiceClient;
let library: Library;
let jobs: JobsService;

beforeEach(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 30 });
  emu.configure({ songDurationMs: 2_400 });
  dir = await mkdtemp(join(tmpdir(), 'cadenza-redownload-view-'));
  client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
  library = createLibrary({ dir: join(dir, 'library'), watch: false });
  await library.open();
  jobs = createJobsService({
    dataDir: join(dir, 'data'),
    library,
    client: () => client,
    pollIntervalMs: 50,
  });
  await jobs.open();
});
afterEach(async () => {
  await jobs.close();
  await library.close();
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

describe('Download again, as the app sees it', () => {
  it('a job whose file left the library says so, and the handler brings the file back', async () => {
    const submit = createSongSubmitters(jobs, () => client, library);
    const rt = { library, jobs, close: async () => undefined } as JobsRuntime;
    const handlers = jobsHandlers({
      jobsHost: { runtime: async () => rt } as unknown as Parameters<
        typeof jobsHandlers
      >[0]['jobsHost'],
      retry: () => Promise.reject(new Error('not retried here')),
    });
    const ctx = {} as HandlerContext;
    const job = await submit.songV2({ mode: 'auto', prompt: 'tide pools' });
    const done = await jobs.waitFor(job.id, 15_000);
    expect(done.state).toBe('done');
    const view = (await handlers.list(ctx)).find((j) => j.id === job.id)!;
    expect(view.canRedownload).toBe(false);

    const seen: JobSummary[] = [];
    jobs.on('job-updated', (j) => seen.push(j));
    const item = library.get(done.resultItemIds[0]!)!;
    const bytes = await readFile(library.pathOf(item));
    await library.remove(item.id);
    await expect.poll(() => seen.some((j) => j.id === job.id && j.redownloadable)).toBe(true);
    expect(toJobView(seen.at(-1)!).canRedownload).toBe(true);
    // removed without the Library's Move to trash (as a lost drive or a file manager would): lost
    expect(toJobView(seen.at(-1)!).lostResults).toBe(true);
    expect((await handlers.list(ctx)).find((j) => j.id === job.id)!.canRedownload).toBe(true);

    // the file comes back, moved (its recipe tag re-links it under its id): no longer offered
    seen.length = 0;
    await mkdir(join(dir, 'library', 'Moved'), { recursive: true });
    await writeFile(join(dir, 'library', 'Moved', item.file), bytes);
    await library.rescan();
    await expect
      .poll(() => seen.some((j) => j.id === job.id && j.redownloadable === false))
      .toBe(true);
    expect(toJobView(seen.at(-1)!).lostResults).toBe(false);
    await rm(join(dir, 'library', 'Moved'), { recursive: true });
    await library.rescan();
    await expect.poll(() => seen.at(-1)?.redownloadable).toBe(true);

    const again = await handlers.redownload(ctx, job.id);
    expect(again.state).toBe('downloading');
    const back = await jobs.waitFor(job.id, 15_000);
    expect(back.state).toBe('done');
    const restored = library.get(item.id)!;
    // the same audio (by payload: the file is tagged again, its recipe dated by this save)
    expect(await sameAudio(library.pathOf(restored), bytes)).toBe(true);
    expect((await handlers.list(ctx)).find((j) => j.id === job.id)!.canRedownload).toBe(false);
    expect(emu.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit')).toHaveLength(1);

    // a record from a newer version: listed as unknown, its bytes untouched
    const future = join(dir, 'data', 'jobs', 'job_future0001.json');
    const text = `${JSON.stringify({ schema_version: 9, id: 'job_future0001', kind: 'hologram', state: 'beaming', label: 'Future job', createdAt: 'x', updatedAt: 'x' })}\n`;
    await writeFile(future, text);
    await jobs.pollNow();
    expect(await handlers.listUnknown(ctx)).toEqual([
      { id: 'job_future0001', label: 'Future job', why: 'newer', updatedAt: 'x' },
    ]);
    expect(await readFile(future, 'utf8')).toBe(text);
  }, 30_000);
});
