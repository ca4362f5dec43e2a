import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_KIND_FACTS, JOB_KINDS } from '@shared/domain/job-kinds';
import { STALL_AFTER_MS } from '@shared/domain/stall';
import { JobStore } from '../../../src/main/services/jobs/store';
import { DEFAULT_ESTIMATE_MS } from '../../../src/renderer/lib/job-estimate';
import { englishText } from '@shared/i18n/english';

describe('the job-kind registry', () => {
  it('is where every per-kind table comes from', () => {
    for (const kind of JOB_KINDS) {
      const facts = JOB_KIND_FACTS[kind];
      expect(STALL_AFTER_MS[kind]).toBe(facts.stallAfterMs);
      expect(DEFAULT_ESTIMATE_MS[kind]).toBe(facts.estimateMs);
      expect(facts.label.key).toMatch(/^jobs:kind\.[a-zA-Z0-9]+$/);
      // the Jobs panel shows the key's words; its English is the registry's (the CLI's and the log's)
      expect(englishText(facts.label.key)).toBe(facts.label.en);
      expect(facts.maxOutputs).toBeGreaterThanOrEqual(1);
    }
  });

  it('never spends again for a history import', () => {
    expect(JOB_KIND_FACTS['history-import']).toMatchObject({ counter: null, retry: 'track' });
  });
});

describe('job records of the previous version', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('loads a history import recorded as a song-v2 job as a history-import', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cadenza-kinds-'));
    const jobsDir = join(dir, 'jobs');
    await mkdir(jobsDir);
    const at = new Date().toISOString();
    const base = {
      schema_version: 1,
      synchronous: false,
      label: 'Import: Old Mill',
      state: 'cancelled',
      progress: 0,
      serviceIds: ['101'],
      outputs: [],
      createdAt: at,
      updatedAt: at,
      submittedAt: at,
      finishedAt: at,
      error: null,
      resultItemIds: [],
    };
    await writeFile(
      join(jobsDir, 'job_import0001.json'),
      JSON.stringify({
        ...base,
        id: 'job_import0001',
        kind: 'song-v2',
        tracking: 'v3-tasks',
        request: { ids: ['101'], tracking: 'v3-tasks' },
      }),
    );
    // a real song submission tracked the usual way stays a song
    await writeFile(
      join(jobsDir, 'job_song000001.json'),
      JSON.stringify({
        ...base,
        id: 'job_song000001',
        kind: 'song-v2',
        tracking: 'v2-query',
        request: { mode: 'auto', prompt: 'rain' },
      }),
    );
    const store = new JobStore(jobsDir, { readOnly: true });
    await store.open();
    expect(store.get('job_import0001')?.kind).toBe('history-import');
    expect(store.get('job_song000001')?.kind).toBe('song-v2');
    expect(store.foreign()).toEqual([]);
  });
});
