/**
 * A cover beside a library item, read to embed it into the item's file (the library's upgrade and
 * saves), goes through the one regular-file open (issue 26, point 2): a FIFO swapped in for the
 * cover after its `lstat` said "a regular file" is refused at once. Before, the read that followed
 * the check opened the path again, blocking, and hung on the FIFO (and with it a libuv thread).
 */
import { execFileSync } from 'node:child_process';
import { promises as fsp, mkdtempSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { coverArtAt } from '../../../src/main/services/library/file-tags';

const dir = mkdtempSync(join(tmpdir(), 'cadenza-cover-swap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** `p`, or 'hung' when it has not settled within `ms`. */
const within = <T>(p: Promise<T>, ms = 3000): Promise<T | 'hung'> =>
  Promise.race([p, new Promise<'hung'>((r) => setTimeout(() => r('hung'), ms).unref())]);

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000a49444154789c6300010000050001',
  'hex',
);

describe('a cover swapped for a FIFO after its check', () => {
  it('is read when it is a picture', async () => {
    const png = join(dir, 'cover.png');
    writeFileSync(png, PNG);
    const art = await coverArtAt(png);
    expect(art?.mimeType).toBe('image/png');
  });

  it('answers "no cover" at once instead of hanging', async () => {
    const fifo = join(dir, 'swapped.png');
    execFileSync('mkfifo', [fifo]);
    // the check sees the regular file that was there; the FIFO is what the open then meets
    const before = await fsp.lstat(join(dir, 'cover.png'));
    const real = fsp.lstat.bind(fsp);
    vi.spyOn(fsp, 'lstat').mockImplementation(async (p, ...rest) =>
      String(p) === fifo ? (before as Stats) : real(p, ...(rest as [])),
    );
    expect(await within(coverArtAt(fifo))).toBeNull();
  });
});
