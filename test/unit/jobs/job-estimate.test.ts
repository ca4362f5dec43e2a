import { describe, expect, it } from 'vitest';
import type { JobView } from '@shared/ipc/jobs';
import { englishText } from '@shared/i18n/english';
import {
  DEFAULT_ESTIMATE_MS,
  estimateFor,
  median,
  roughDuration,
  timeLeftText,
} from '../../../src/renderer/lib/job-estimate';

let seq = 0;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

function job(over: Partial<JobView> & { tookS?: number; model?: string | null }): JobView {
  seq += 1;
  const { tookS, model = 'v4.5-plus', ...rest } = over;
  const start = T0 + seq * 1000;
  return {
    id: `job_test${String(seq).padStart(4, '0')}`,
    kind: 'song-v2',
    label: 'night drive',
    asked: model === null ? [] : [{ label: 'Model', value: model }],
    state: tookS === undefined ? 'running' : 'done',
    progress: null,
    synchronous: false,
    createdAt: iso(start - 500),
    submittedAt: iso(start),
    finishedAt: tookS === undefined ? null : iso(start + tookS * 1000),
    updatedAt: iso(start),
    error: null,
    outputs: [],
    resultItemIds: [],
    waiting: null,
    movedAt: null,
    checkedAt: null,
    candidates: [],
    canRedownload: false,
    lostResults: false,
    countsBefore: null,
    ignoredOutputs: 0,
    model,
    ...rest,
  };
}

describe('time estimate: the median of this user’s finished jobs of the same kind and model', () => {
  it('uses the documented default before there is any such job', () => {
    const current = job({});
    const other = [
      job({ tookS: 30, model: 'v3.5' }), // another model
      job({ tookS: 30, kind: 'cover', model: null }), // another kind
      job({ tookS: undefined, state: 'failed' }), // not done
    ];
    expect(estimateFor(current, [current, ...other])).toEqual({
      totalMs: DEFAULT_ESTIMATE_MS['song-v2'],
      samples: 0,
    });
    expect(
      timeLeftText(
        current,
        estimateFor(current, other),
        Date.parse(current.submittedAt!),
        englishText,
      ),
    ).toBe('Usually takes 3 min');
  });

  it('takes the median of the matching done jobs (sent → finished), skipping the job itself', () => {
    const history = [
      job({ tookS: 60 }),
      job({ tookS: 100 }),
      job({ tookS: 400 }), // an outlier does not drag the median
      job({ tookS: 10, model: 'v4.0' }),
    ];
    const current = job({});
    expect(estimateFor(current, [...history, current])).toEqual({ totalMs: 100_000, samples: 3 });
    const even = [...history, job({ tookS: 120 })];
    expect(estimateFor(current, even)).toEqual({ totalMs: 110_000, samples: 4 });
  });

  it('says the time left, "Almost done", then "Taking longer than usual"', () => {
    const current = job({});
    const start = Date.parse(current.submittedAt!);
    const est = { totalMs: 100_000, samples: 2 };
    expect(timeLeftText(current, est, start, englishText)).toBe('About 2 min left');
    expect(timeLeftText(current, est, start + 70_000, englishText)).toBe('About 30 s left');
    expect(timeLeftText(current, est, start + 96_000, englishText)).toBe('Almost done');
    expect(timeLeftText(current, est, start + 101_000, englishText)).toBe(
      'Taking longer than usual',
    );
    expect(
      timeLeftText(current, { totalMs: 60_000, samples: 0 }, start + 61_000, englishText),
    ).toBe('Taking longer than usual');
  });

  it('median and rough durations', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(roughDuration(7_000, englishText)).toBe('7 s');
    expect(roughDuration(42_000, englishText)).toBe('40 s');
    expect(roughDuration(150_000, englishText)).toBe('3 min');
    expect(roughDuration(65 * 60_000, englishText)).toBe('1 h 5 min');
  });
});
