import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobRecord } from '../../../src/main/services/jobs/records';
import { JobStore } from '../../../src/main/services/jobs/store';

describe('job store updates', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cadenza-store-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('applies concurrent updates of one job one after another, so none is lost', async () => {
    const store = new JobStore(join(dir, 'jobs'));
    await store.open();
    const job = await store.save(
      createJobRecord({ kind: 'tts', synchronous: true, request: {}, label: 'x' }),
    );
    const bump = () =>
      store.update(job.id, (j) => ({
        ...j,
        meta: { ...j.meta, count: String(Number(j.meta.count ?? 0) + 1) },
      }));
    await Promise.all(Array.from({ length: 25 }, bump));
    expect(store.get(job.id)?.meta.count).toBe('25');

    // a reopened store reads the same from disk
    const again = new JobStore(join(dir, 'jobs'));
    await again.open();
    expect(again.get(job.id)?.meta.count).toBe('25');
  });

  it('a failing change does not block the updates queued after it', async () => {
    const store = new JobStore(join(dir, 'jobs'));
    await store.open();
    const job = await store.save(
      createJobRecord({ kind: 'tts', synchronous: true, request: {}, label: 'x' }),
    );
    const failing = store.update(job.id, () => {
      throw new Error('boom');
    });
    const next = store.update(job.id, (j) => ({ ...j, label: 'after' }));
    await expect(failing).rejects.toThrow('boom');
    expect((await next)?.label).toBe('after');
  });
});
