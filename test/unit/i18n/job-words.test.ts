/**
 * What main writes into a job record that a creator reads carries its catalog key (issue 27):
 * the renderer says it in the app's language; the record, the log and the CLI keep the English.
 */
import { describe, expect, it } from 'vitest';
import {
  createJobRecord,
  interruptJob,
  keyedFailReason,
  output,
  settle,
} from '../../../src/main/services/jobs/records';

const job = (outputs: Parameters<typeof output>[0][]) => ({
  ...createJobRecord({ kind: 'song-v2', synchronous: false, request: {}, label: 'Song' }),
  state: 'running' as const,
  outputs: outputs.map(output),
});

describe('job records', () => {
  it('key an interrupted job', () => {
    const e = interruptJob(job([])).error!;
    expect(e.key).toBe('errors:jobs.interrupted');
    expect(e.message).toBe(
      'Interrupted — may have been charged. Check your library and balance before retrying.',
    );
  });

  it('key "N of M results failed" and a reason Cadenza wrote, keeping the English', () => {
    const cancelled = {
      serviceId: 'a',
      status: 'failed' as const,
      libraryKind: 'song' as const,
      ...keyedFailReason('errors:jobs.cancelledRest'),
    };
    const half = settle(job([cancelled, { serviceId: 'b', status: 'saved', libraryKind: 'song' }]));
    expect(half.error).toMatchObject({
      key: 'errors:jobs.someFailed',
      params: { count: 1, total: 2 },
      message: '1 of 2 results failed. Cancelled before the service finished it.',
    });
    const all = settle(job([cancelled, { ...cancelled, serviceId: 'b' }]));
    expect(all.error).toMatchObject({
      key: 'errors:jobs.cancelledRest',
      message: 'Cancelled before the service finished it.',
    });
    // the service's own words stay as they came, unkeyed
    const said = settle(
      job([{ serviceId: 'a', status: 'failed', libraryKind: 'song', failReason: 'Bad prompt' }]),
    );
    expect(said.error).toEqual({ code: 'in_band', message: 'Bad prompt' });
  });
});
