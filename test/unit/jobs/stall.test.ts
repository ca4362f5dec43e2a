import { describe, expect, it } from 'vitest';
import { JOB_KINDS, WAIT_MESSAGES } from '@shared/domain/jobs';
import { SAVE_STALL_AFTER_MS, STALL_AFTER_MS, stalledWords, stallOf } from '@shared/domain/stall';
import { summarizeJob } from '@shared/domain/jobs';
import { createJobRecord } from '../../../src/main/services/jobs/records';
import { formatJobLine } from '../../../src/cli/commands/jobs';

const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const job = (over: Partial<ReturnType<typeof createJobRecord>> = {}) => ({
  ...createJobRecord({ kind: 'song-v2', synchronous: false, request: {}, label: 'Tide' }),
  state: 'running' as const,
  createdAt: new Date(T0).toISOString(),
  submittedAt: new Date(T0).toISOString(),
  ...over,
});

describe('stalled: per-kind thresholds measured from the last movement', () => {
  it('has a documented threshold for every kind: minutes for songs, hours for training', () => {
    for (const kind of JOB_KINDS) expect(STALL_AFTER_MS[kind]).toBeGreaterThan(0);
    expect(STALL_AFTER_MS['song-v2']).toBe(10 * 60_000);
    expect(STALL_AFTER_MS['custom-singer']).toBe(6 * 3600_000);
  });

  it('counts from movedAt, else the submission; only active jobs, never a waiting one', () => {
    const j = job({ movedAt: new Date(T0 + 5 * 60_000).toISOString() });
    expect(stallOf(j, T0 + 14 * 60_000)).toBeNull(); // 9 min since it moved
    expect(stallOf(j, T0 + 16 * 60_000)).toEqual({
      since: new Date(T0 + 5 * 60_000).toISOString(),
      afterMs: STALL_AFTER_MS['song-v2'],
    });
    expect(stallOf(job(), T0 + 11 * 60_000)).not.toBeNull();
    expect(stallOf(job({ state: 'done' }), T0 + 99 * 3600_000)).toBeNull();
    const waiting = job({
      state: 'downloading',
      waiting: { reason: 'disk_full', message: WAIT_MESSAGES.disk_full, since: '', retryAt: null },
    });
    expect(stallOf(waiting, T0 + 99 * 3600_000)).toBeNull();
    const training = job({ kind: 'custom-singer' });
    expect(stallOf(training, T0 + 5 * 3600_000)).toBeNull();
    expect(stallOf(training, T0 + 7 * 3600_000)).not.toBeNull();
    // saving has its own threshold, whatever the kind
    const saving = job({ kind: 'custom-singer', state: 'downloading' });
    expect(stallOf(saving, T0 + SAVE_STALL_AFTER_MS + 1)).not.toBeNull();
  });

  it('says it in words, and jobs list shows "stalled" with what to do', () => {
    const j = job();
    const stall = stallOf(j, T0 + 25 * 60_000)!;
    expect(stalledWords(stall, T0 + 25 * 60_000)).toBe(
      'Stalled — no change from the service for 25 min',
    );
    const line = formatJobLine(summarizeJob(j), T0 + 25 * 60_000);
    expect(line).toContain('stalled');
    expect(line).toContain(`cadenza jobs check ${j.id} to try now`);
  });
});
