/**
 * A paid song survives a hostile transport end to end (issue 13, points 1 and 10): every answer
 * says `Connection: close`, the first media download is reset mid-body and the second ends short.
 * The job still finishes with both files complete, no temp file, and exactly one submission.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient } from '../../../src/main/services/api';
import { createJobsService } from '../../../src/main/services/jobs';
import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { createLibrary } from '../../../src/main/services/library/library';
import { sameAudio } from '../../support/same-audio';

const KEY = 'test-key-hostile-0001';
let emu: Emulator;
let root: string;
const cleanups: Array<() => Promise<void>> = [];

beforeEach(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 100 });
  root = await mkdtemp(join(tmpdir(), 'cadenza-hostile-'));
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await emu.close();
  await rm(root, { recursive: true, force: true });
});

it('a song job finishes over closing connections, a reset and a short body: complete files, one submission', async () => {
  const libraryDir = join(root, 'Music');
  const dataDir = join(root, 'data');
  const library = createLibrary({
    dir: libraryDir,
    indexFile: join(dataDir, 'library-index.json'),
    watch: false,
  });
  await library.open();
  const client = createServiceClient({
    baseUrl: emu.url,
    getKey: async () => KEY,
    retry: { attempts: 3, baseDelayMs: 20 },
  });
  const jobs = createJobsService({ dataDir, library, client: () => client, pollIntervalMs: 100 });
  const submit = createSongSubmitters(jobs, () => client, library);
  await jobs.open();
  cleanups.push(async () => {
    await jobs.close();
    await library.close();
  });

  emu.configure({ connectionClose: true });
  emu.inject({ path: '/media/song/*', kind: 'reset_mid_body' });
  emu.inject({ path: '/media/song/*', kind: 'short_body' });
  const job = await submit.songV2({ mode: 'auto', prompt: 'rain on a tin roof' });
  const done = await jobs.waitFor(job.id, 25_000);
  expect(done.state).toBe('done');
  expect(done.resultItemIds).toHaveLength(2);

  for (const id of done.resultItemIds) {
    const item = library.get(id)!;
    const songId = item.service_ids.song_id!;
    const clean = Buffer.from(
      await (await globalThis.fetch(`${emu.mediaUrl}/media/song/${songId}.mp3`)).arrayBuffer(),
    );
    expect(await sameAudio(library.pathOf(item), clean)).toBe(true);
  }
  expect(emu.log.filter((e) => e.path === '/v2/submit')).toHaveLength(1);
  const songGets = emu.log.filter((e) => e.origin === 'media' && e.path.startsWith('/media/song/'));
  expect(songGets.length).toBeGreaterThanOrEqual(4); // two faulty tries, then both songs
  const names = await readdir(libraryDir);
  expect(names.filter((n) => n.startsWith('.') || n.includes('.part'))).toEqual([]);
});
