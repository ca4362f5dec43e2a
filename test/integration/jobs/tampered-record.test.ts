/**
 * Security: persisted records are input. A job record edited by someone with write access to the
 * data folder, whose planned file name climbs out of the library (`../../outside/song.mp3`), is
 * listed as damaged and never followed: resuming it writes nothing outside the library (no media,
 * no sidecar, no cover replacing a file there) and leaves the record as it is.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/main/services/api';
import { createJobsService } from '../../../src/main/services/jobs';
import { createJobRecord, output } from '../../../src/main/services/jobs/records';
import { createLibrary } from '../../../src/main/services/library/library';
import { isBareName } from '../../../src/main/services/library/names';
import { mp3Frame } from '../../support/media-fixtures';
import { startServer, type TestServer } from '../../unit/api/server';

const KEY = 'tampered-record-key-0001';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64),
]);
let api: TestServer;
let root: string;
let dataDir: string;
let libraryDir: string;
let outside: string;
const cleanups: Array<() => Promise<void>> = [];

beforeEach(async () => {
  api = await startServer((req, res) => {
    const png = req.path.endsWith('.png');
    const body = png ? PNG : Buffer.concat(Array.from({ length: 200 }, mp3Frame));
    res.writeHead(200, {
      'content-type': png ? 'image/png' : 'audio/mpeg',
      'content-length': body.length,
    });
    res.end(body);
  });
  root = await mkdtemp(join(tmpdir(), 'cadenza-tampered-'));
  dataDir = join(root, 'data');
  libraryDir = join(root, 'Music', 'Cadenza');
  outside = join(root, 'outside');
  mkdirSync(outside, { recursive: true });
  mkdirSync(join(dataDir, 'jobs'), { recursive: true });
  // what the attacker wants replaced: a file beside the target, under the cover's name
  writeFileSync(join(outside, 'song.png'), 'precious picture');
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await api.close();
  await rm(root, { recursive: true, force: true });
});

/** A song job that finished on the service and waits to be saved, as a record on disk. */
function plantRecord(fileName: string): string {
  const job = createJobRecord({
    kind: 'song-v2',
    synchronous: false,
    tracking: 'v2-query',
    request: { mode: 'auto', prompt: 'night drive' },
    label: 'Night drive',
  });
  const record = {
    ...job,
    state: 'downloading',
    owner: null,
    serviceIds: ['s1'],
    outputs: [
      output({
        serviceId: 's1',
        status: 'complete',
        libraryKind: 'song',
        title: 'Night drive',
        mediaUrl: `${api.url}/media/s1.mp3`,
        coverUrl: `${api.url}/art/s1.png`,
        durationMs: 4800,
        libraryItemId: 'itm_planted000000000001',
        fileName,
      }),
    ],
  };
  const path = join(dataDir, 'jobs', `${job.id}.json`);
  writeFileSync(path, JSON.stringify(record, null, 2));
  return job.id;
}

async function resume() {
  const library = createLibrary({
    dir: libraryDir,
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
  return { jobs, library };
}

const snapshot = (dir: string): Record<string, string> =>
  Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n), 'latin1')]));

describe('a tampered job record', () => {
  it('naming a file outside the library is shown as damaged and writes nothing outside', async () => {
    const before = snapshot(outside);
    const damagedId = plantRecord('../../outside/song.mp3');
    const recordBefore = readFileSync(join(dataDir, 'jobs', `${damagedId}.json`), 'utf8');
    // a sound record beside it: resuming does run, and saves that one into the library
    const soundId = plantRecord('Night drive.mp3');
    const { jobs } = await resume();
    const done = await jobs.waitFor(soundId, 15_000);
    expect(done.state).toBe('done');

    expect(snapshot(outside)).toEqual(before);
    expect(existsSync(join(outside, 'song.mp3'))).toBe(false);
    expect(jobs.get(damagedId)).toBeUndefined();
    expect(jobs.foreign()).toEqual([
      expect.objectContaining({ id: damagedId, why: 'damaged', label: 'Night drive' }),
    ]);
    expect(readFileSync(join(dataDir, 'jobs', `${damagedId}.json`), 'utf8')).toBe(recordBefore);
    // only the sound record's song was fetched
    expect(api.seen.filter((r) => r.path.endsWith('.mp3'))).toHaveLength(1);
  });

  it('never gets a file placed over one already in the library', async () => {
    mkdirSync(libraryDir, { recursive: true });
    writeFileSync(join(libraryDir, 'Night drive.png'), 'someone else’s picture');
    const id = plantRecord('Night drive.mp3');
    const { jobs, library } = await resume();
    const done = await jobs.waitFor(id, 15_000);
    expect(done.state).toBe('done');
    expect(readFileSync(join(libraryDir, 'Night drive.png'), 'utf8')).toBe(
      'someone else’s picture',
    );
    const item = library.get(done.resultItemIds[0]!);
    expect(item?.file).toBe('Night drive.mp3');
  });
});

describe('isBareName', () => {
  it('takes the names Cadenza makes and refuses paths, dots, controls and bidi tricks', () => {
    for (const ok of ['Night drive.mp3', 'Night drive (2).mp3', 'שיר.flac', 'CON_.wav'])
      expect(isBareName(ok)).toBe(true);
    for (const bad of [
      '../song.mp3',
      '../../../../tmp/song.mp3',
      'a/b.mp3',
      'a\\b.mp3',
      '..',
      '.',
      '.hidden.mp3',
      '.cadenza-tmp-p1-aa.part',
      'nul.mp3',
      'song\u0000.mp3',
      'song\u001b[2J.mp3',
      'song\u202Egpj.mp3',
      'song.mp3.',
      'song.MP3',
      '',
      `${'x'.repeat(300)}.mp3`,
    ])
      expect(isBareName(bad), bad).toBe(false);
  });
});
