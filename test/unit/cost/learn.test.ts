import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { costSample, median } from '../../../src/main/services/cost/learn';
import { createCostStore, keyFingerprint } from '../../../src/main/services/cost/store';

const job = { id: 'job_aaaaaaaa', kind: 'song-v2', state: 'done' } as const;
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const base = {
  job,
  counter: 'key_music_counts',
  before: 50,
  beforeAt: at(0),
  after: 49,
  afterAt: at(100),
  others: [{ id: job.id, kind: 'song-v2', createdAt: at(1), finishedAt: at(90) }],
} as const;

describe('cost: a sample from the counters before and after a finished job', () => {
  it('is the difference when no other job spending the counter was in flight', () => {
    expect(costSample(base)).toBe(1);
  });

  it('is not taken when another job spending the same counter overlapped the two reads', () => {
    const overlapping = {
      id: 'job_bbbbbbbb',
      kind: 'song-v1',
      createdAt: at(50),
      finishedAt: null,
    } as const;
    expect(costSample({ ...base, others: [...base.others, overlapping] })).toBeNull();
    // one that finished before the first read, or a job of another counter, does not matter
    const earlier = {
      id: 'job_cccccccc',
      kind: 'song-v2',
      createdAt: at(-60),
      finishedAt: at(-1),
    } as const;
    const cover = {
      id: 'job_dddddddd',
      kind: 'cover',
      createdAt: at(10),
      finishedAt: at(20),
    } as const;
    expect(costSample({ ...base, others: [...base.others, earlier, cover] })).toBe(1);
  });

  it('learns nothing from a top-up, a failed job, or reads out of order', () => {
    expect(costSample({ ...base, after: 60 })).toBeNull();
    expect(costSample({ ...base, job: { ...job, state: 'failed' } })).toBeNull();
    expect(costSample({ ...base, afterAt: at(-5) })).toBeNull();
  });

  it('the estimate is the median', () => {
    expect(median([])).toBeNull();
    expect(median([1])).toBe(1);
    expect(median([2, 1, 9])).toBe(2);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });
});

describe('cost: the history file', () => {
  it('keeps samples per key, kind and model; the key itself is never written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cost-'));
    const file = join(dir, 'cost-history.json');
    const store = createCostStore(file);
    const mine = keyFingerprint('https://api.example', 'secret-key-1');
    const other = keyFingerprint('https://api.example', 'secret-key-2');
    expect(await store.estimate(mine, 'song-v2|v4.5', 'key_music_counts')).toEqual({
      counter: 'key_music_counts',
      usual: null,
      samples: 0,
    });
    await store.record(mine, 'song-v2|v4.5', 'key_music_counts', 1);
    await store.record(mine, 'song-v2|v4.5', 'key_music_counts', 3);
    await store.record(mine, 'song-v2|v4.5', 'key_music_counts', 1);
    await store.record(other, 'song-v2|v4.5', 'key_music_counts', 7);
    expect(await store.estimate(mine, 'song-v2|v4.5', 'key_music_counts')).toMatchObject({
      usual: 1,
      samples: 3,
    });
    expect(await store.estimate(mine, 'song-v2|v3.0', 'key_music_counts')).toMatchObject({
      usual: null,
    });
    expect(await store.estimate(other, 'song-v2|v4.5', 'key_music_counts')).toMatchObject({
      usual: 7,
    });
    expect(await readFile(file, 'utf8')).not.toContain('secret-key');
  });

  it('a damaged file starts the history again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cost-'));
    const file = join(dir, 'cost-history.json');
    await writeFile(file, '{"version":1,"keys":{"k":{"song-v2":{"counter":"nope"}}}}');
    const store = createCostStore(file);
    expect((await store.estimate('k', 'song-v2', 'key_music_counts')).usual).toBeNull();
    await store.record('k', 'song-v2', 'key_music_counts', 2);
    expect((await store.estimate('k', 'song-v2', 'key_music_counts')).usual).toBe(2);
  });

  it('a FIFO planted as the history file is read as no history, at once (never hangs)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cost-'));
    const file = join(dir, 'cost-history.json');
    execFileSync('mkfifo', [file]);
    const store = createCostStore(file);
    const started = Date.now();
    expect((await store.estimate('k', 'song-v2', 'key_music_counts')).usual).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
