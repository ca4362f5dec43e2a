import { describe, expect, it } from 'vitest';
import { appError, wrapError } from '../../../src/shared/app-error';

describe('an error said inside a sentence of its own (wrapError)', () => {
  it('keeps the English message whole and carries the inner key for the renderer', () => {
    const inner = appError('validation', 'errors:export.unconvertible');
    const e = wrapError('validation', inner, 'errors:export.inItem', { title: 'Neon Tide' });
    expect(e.message).toBe(
      'Neon Tide: This item’s audio cannot be converted. Export it as the original file instead.',
    );
    expect(e.key).toBe('errors:export.inItem');
    expect(e.params).toMatchObject({
      title: 'Neon Tide',
      reasonKey: 'errors:export.unconvertible',
    });
    expect(e.toShape()).toMatchObject({ key: 'errors:export.inItem' });
  });
});

describe('keys that travel with an error', () => {
  it('a job record gives its failure back with its key, parameters and field keys', async () => {
    const { failureOf } = await import('../../../src/shared/domain/jobs');
    const { keyedFields } = await import('../../../src/shared/app-error');
    const recorded = appError(
      'not_found',
      'errors:covers.fileGone',
      { name: 'take.wav' },
      keyedFields({ source: { key: 'errors:fields.fileGone' } }),
    ).toShape();
    expect(recorded.fields).toEqual({ source: 'The file is no longer there.' });
    const e = failureOf({ state: 'failed', error: recorded });
    expect(e.toShape()).toEqual(recorded);
    expect(failureOf({ state: 'cancelled', error: null })).toMatchObject({
      message: 'The job ended cancelled.',
      key: 'errors:jobEnded.cancelled',
    });
  });
});
