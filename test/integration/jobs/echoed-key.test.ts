/**
 * Security: a service that echoes the key as a property name (`{"detail": {"<key>": "echo"}}`) and
 * answers with more than anyone needs for diagnosis. The job record keeps the answer for
 * diagnosis only redacted — names as well as values — and cut to a size cap.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/main/services/api';
import { createJobsService } from '../../../src/main/services/jobs';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { MAX_DIAGNOSIS_BYTES } from '../../../src/main/services/jobs/store';
import { createLibrary } from '../../../src/main/services/library/library';
import { json, startServer, type TestServer } from '../../unit/api/server';

const KEY = 'echoed-name-key-5d0c2b9a71';
let api: TestServer;
let root: string;
const cleanups: Array<() => Promise<void>> = [];

beforeEach(async () => {
  api = await startServer();
  root = await mkdtemp(join(tmpdir(), 'cadenza-echo-record-'));
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await api.close();
  await rm(root, { recursive: true, force: true });
});

async function failedRecordText(): Promise<string> {
  const dataDir = join(root, 'data');
  const library = createLibrary({
    dir: join(root, 'Music'),
    indexFile: join(dataDir, 'library-index.json'),
    watch: false,
  });
  await library.open();
  const client = createServiceClient({ baseUrl: api.url, getKey: () => Promise.resolve(KEY) });
  const jobs = createJobsService({ dataDir, library, client: () => client, pollIntervalMs: 50 });
  await jobs.open();
  cleanups.push(async () => {
    await jobs.close();
    await library.close();
  });
  const submit = createSongSubmitters(jobs, () => client, library);
  const job = await submit.songV2({ mode: 'auto', prompt: 'night drive' });
  const done = await jobs.waitFor(job.id, 10_000);
  expect(done.state).toBe('failed');
  const names = await readdir(join(dataDir, 'jobs'));
  expect(names).toContain(`${job.id}.json`);
  return readFile(join(dataDir, 'jobs', `${job.id}.json`), 'utf8');
}

describe('a service answer kept in a job record', () => {
  it('never holds the key, even where the service echoed it as a property name', async () => {
    api.handle((_req, res) =>
      json(res, 200, {
        status: 400,
        message: 'rejected',
        data: { detail: { [KEY]: 'echo', [`x-${KEY}-y`]: { nested: KEY } } },
      }),
    );
    const text = await failedRecordText();
    expect(text).not.toContain(KEY);
    // the answer itself is still there, for diagnosis
    const record = JSON.parse(text) as { lastResponse: { data: { detail: object } } };
    expect(Object.values(record.lastResponse.data.detail)).toContain('echo');
  });

  it('is cut to a size cap, saying how big the answer was', async () => {
    const filler = 'x'.repeat(1000);
    api.handle((_req, res) =>
      json(res, 200, {
        status: 400,
        message: 'rejected',
        data: Array.from({ length: 2000 }, (_, i) => ({ i, filler })),
      }),
    );
    const text = await failedRecordText();
    const record = JSON.parse(text) as { lastResponse: { truncated: boolean; bytes: number } };
    expect(Buffer.byteLength(JSON.stringify(record.lastResponse))).toBeLessThan(
      MAX_DIAGNOSIS_BYTES * 2,
    );
    expect(record.lastResponse.truncated).toBe(true);
    expect(record.lastResponse.bytes).toBeGreaterThan(2_000_000);
  });
});
