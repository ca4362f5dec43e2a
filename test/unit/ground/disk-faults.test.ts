/**
 * Disk faults in plain words (issue 26, point 8): what IPC answers, the CLI and exports say for a
 * full disk, a missing or read-only folder, a refused permission, too many open files.
 */
import { describe, expect, it } from 'vitest';
import { AppError, toErrorShape } from '@shared/errors';
import { diskFault } from '../../../src/main/services/ground/disk-faults';

const errno = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: operation failed, write`), { code });

describe('diskFault', () => {
  it.each([
    ['ENOSPC', /disk is full/],
    ['EDQUOT', /disk is full/],
    ['EACCES', /permission denied/],
    ['EPERM', /permission denied/],
    ['EROFS', /read-only/],
    ['ENOENT', /folder .* is missing/],
    ['EMFILE', /Too many files/],
    ['EIO', /disk reported an error/],
  ])('names %s as such, with a key for every language', (code, words) => {
    const fault = diskFault(errno(code))!;
    expect(fault.code).toBe('io');
    expect(fault.message).toMatch(words);
    expect(fault.key).toMatch(/^errors:/);
    // what an IPC answer carries: never "something went wrong inside Cadenza"
    expect(toErrorShape(fault).message).not.toMatch(/inside Cadenza/);
  });

  it('finds the code along the cause chain, and leaves errors with their own words alone', () => {
    const wrapped = new AppError('io', 'could not save', { cause: errno('ENOSPC') });
    expect(diskFault(wrapped)?.message).toMatch(/disk is full/);
    expect(diskFault(new AppError('validation', 'no', { cause: errno('ENOSPC') }))).toBeNull();
    expect(diskFault(new Error('plain'))).toBeNull();
    expect(diskFault(errno('ECONNRESET'))).toBeNull();
  });
});
