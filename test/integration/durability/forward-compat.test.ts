/**
 * Issue 13 point 9: forward compatibility. Item ids are valid for any sidecar pair on disk, copies
 * included (a copied pair must not lock the original out); fields this version does not know are
 * kept when sidecars and job records are rewritten; a record from a newer schema is read-only and
 * left in place; an unknown kind or state is shown as unknown, never moved to corrupt/.
 */
import { copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ItemIdSchema } from '@shared/ipc/library';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient } from '../../../src/main/services/api';
import { createJobsService, type JobsService } from '../../../src/main/services/jobs';
import { createLibrary, type Library } from '../../../src/main/services/library/library';

const KEY = 'forward-compat-key-9f2';
let emu: Emulator;
let root: string;
let dataDir: string;
let libraryDir: string;
const closers: Array<() => Promise<void>> = [];

beforeEach(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 40 });
  emu.configure({ songDurationMs: 2_400 });
  root = await mkdtemp(join(tmpdir(), 'cadenza-compat-'));
  dataDir = join(root, 'data');
  libraryDir = join(root, 'library');
});
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
  await emu.close();
  await rm(root, { recursive: true, force: true });
});

async function open(): Promise<{ library: Library; jobs: JobsService }> {
  const library = createLibrary({ dir: libraryDir, watch: false });
  await library.open();
  const client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
  const jobs = createJobsService({ dataDir, library, client: () => client, pollIntervalMs: 50 });
  await jobs.open();
  closers.push(async () => {
    await jobs.close();
    await library.close();
  });
  return { library, jobs };
}

const sidecar = (over: Record<string, unknown>) =>
  JSON.stringify({
    schema_version: 1,
    kind: 'song',
    title: 'Song',
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });

describe('forward compatibility of sidecars and job records', () => {
  it('a copied song + sidecar pair gets its own valid id; the original keeps its id and every action', async () => {
    mkdirSync(libraryDir, { recursive: true });
    writeFileSync(join(libraryDir, 'Song.mp3'), 'original');
    writeFileSync(join(libraryDir, 'Song.mp3.json'), sidecar({ id: 'itm_original0001' }));
    utimesSync(join(libraryDir, 'Song.mp3'), new Date('2026-01-01'), new Date('2026-01-01'));
    // a copy made in a file manager: same sidecar id, a name sorting before the original's
    copyFileSync(join(libraryDir, 'Song.mp3'), join(libraryDir, 'Song (copy).mp3'));
    copyFileSync(join(libraryDir, 'Song.mp3.json'), join(libraryDir, 'Song (copy).mp3.json'));
    // and a sidecar written by another tool, with an id no action would accept
    writeFileSync(join(libraryDir, 'Other.mp3'), 'other');
    writeFileSync(join(libraryDir, 'Other.mp3.json'), sidecar({ id: 'weird id/with~chars' }));
    const { library } = await open();
    const items = library.items();
    expect(items).toHaveLength(3);
    for (const i of items) expect(ItemIdSchema.safeParse(i.id).success, i.id).toBe(true);
    expect(new Set(items.map((i) => i.id)).size).toBe(3);
    const original = items.find((i) => i.file === 'Song.mp3')!;
    expect(original.id).toBe('itm_original0001');
    const copy = items.find((i) => i.file === 'Song (copy).mp3')!;
    // both can be acted on
    await library.rename(original.id, 'First');
    await library.updateMeta(copy.id, { title: 'Second' });
    expect(library.get('itm_original0001')?.file).toBe('First.mp3');
    expect(library.get(copy.id)?.title).toBe('Second');
  });

  it('keeps unknown sidecar fields on rewrite and never rewrites a newer sidecar', async () => {
    mkdirSync(libraryDir, { recursive: true });
    writeFileSync(join(libraryDir, 'A.mp3'), 'a');
    writeFileSync(
      join(libraryDir, 'A.mp3.json'),
      sidecar({ id: 'itm_aaaa', loudness_lufs: -14.2, stems: { vocals: 'A.vocals.wav' } }),
    );
    writeFileSync(join(libraryDir, 'B.mp3'), 'b');
    const newer = sidecar({ id: 'itm_bbbb', schema_version: 2, title: 'From the future' });
    writeFileSync(join(libraryDir, 'B.mp3.json'), newer);
    const { library } = await open();
    await library.updateMeta('itm_aaaa', { title: 'Renamed in place' });
    const a = JSON.parse(readFileSync(join(libraryDir, 'A.mp3.json'), 'utf8'));
    expect(a).toMatchObject({
      title: 'Renamed in place',
      loudness_lufs: -14.2,
      stems: { vocals: 'A.vocals.wav' },
    });
    expect(library.get('itm_bbbb')?.title).toBe('From the future');
    await expect(library.updateMeta('itm_bbbb', { title: 'x' })).rejects.toThrow(/newer version/);
    expect(readFileSync(join(libraryDir, 'B.mp3.json'), 'utf8')).toBe(newer);
  });

  it('keeps unknown job fields through a whole run; newer and unknown records stay in place untouched', async () => {
    const jobsDir = join(dataDir, 'jobs');
    mkdirSync(jobsDir, { recursive: true });
    const newer = JSON.stringify({
      schema_version: 2,
      id: 'job_fromthefuture',
      kind: 'song-v2',
      state: 'running',
      label: 'Future',
    });
    const odd = JSON.stringify({
      schema_version: 1,
      id: 'job_unknownstate',
      kind: 'tts',
      state: 'paused-by-v9',
      label: 'Odd',
    });
    writeFileSync(join(jobsDir, 'job_fromthefuture.json'), newer);
    writeFileSync(join(jobsDir, 'job_unknownstate.json'), odd);

    const first = await open();
    const client = createServiceClient({ baseUrl: emu.url, getKey: async () => KEY });
    const songs = await client.songs.submit({ mode: 'auto', prompt: 'tide' });
    const job = await first.jobs.track({
      kind: 'song-v2',
      tracking: 'v2-query',
      ids: songs.map((s) => s.id),
      label: 'Tide',
    });
    await first.jobs.close();
    // a newer version, holding the lock meanwhile, adds fields (top level and per output)
    const file = join(jobsDir, `${job.id}.json`);
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    expect(raw.state).not.toBe('done');
    raw.priority = 'high';
    raw.outputs[0].stems = ['vocals'];
    writeFileSync(file, JSON.stringify(raw));
    const { jobs } = await open();
    const done = await jobs.waitFor(job.id, 20_000);
    expect(done.state).toBe('done');
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.priority).toBe('high');
    expect(after.outputs[0].stems).toEqual(['vocals']);
    expect(after.state).toBe('done');

    expect(readFileSync(join(jobsDir, 'job_fromthefuture.json'), 'utf8')).toBe(newer);
    expect(readFileSync(join(jobsDir, 'job_unknownstate.json'), 'utf8')).toBe(odd);
    expect(await readdir(jobsDir)).not.toContain('corrupt');
    expect(
      jobs
        .foreign()
        .map((f) => [f.id, f.why])
        .sort(),
    ).toEqual([
      ['job_fromthefuture', 'newer'],
      ['job_unknownstate', 'unknown-state'],
    ]);
    await expect(jobs.cancel('job_fromthefuture')).resolves.toBeUndefined();
    await expect(jobs.remove('job_fromthefuture')).rejects.toThrow(/newer/);
    expect(readFileSync(join(jobsDir, 'job_fromthefuture.json'), 'utf8')).toBe(newer);
  });
});
