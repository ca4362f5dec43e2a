import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { codesOf, localFault } from '../../../src/main/services/jobs/faults';

const present = () => Promise.resolve(true);
const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

describe('local faults are classified from the error chain, never from its words', () => {
  it('reads the code of a real file-system error through an io AppError cause', async () => {
    const real = await open(join(tmpdir(), 'no-such-folder-cadenza', 'x'), 'w').catch(
      (e: unknown) => e,
    );
    const wrapped = new AppError('io', 'Cadenza could not write the downloaded file.', {
      cause: real,
    });
    expect(codesOf(wrapped)).toEqual(['ENOENT']);
    // the folder is there, so a missing file inside it is a write error, not a missing library
    expect(await localFault(wrapped, present)).toBe('write_error');
    expect(await localFault(wrapped, () => Promise.resolve(false))).toBe('library_missing');
  });

  it('classifies disk full and permission from causes and from the detail an AppError keeps', async () => {
    const full = new AppError('io', 'The disk is full.', { cause: errno('ENOSPC') });
    expect(await localFault(full, present)).toBe('disk_full');
    const denied = new AppError('io', 'Cadenza may not write there.', { detail: 'EACCES' });
    expect(await localFault(denied, present)).toBe('no_permission');
    const deep = new Error('outer', { cause: new Error('middle', { cause: errno('EROFS') }) });
    expect(await localFault(deep, present)).toBe('no_permission');
  });

  it('does not take a code that only appears in a message for a local fault', async () => {
    const worded = new AppError('server', 'The media server said (ENOSPC) on its side.');
    expect(codesOf(worded)).toEqual([]);
    expect(await localFault(worded, present)).toBeNull();
    expect(await localFault(new Error('ENOSPC somewhere else'), present)).toBeNull();
  });
});
