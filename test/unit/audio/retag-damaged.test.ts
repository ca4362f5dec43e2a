/**
 * A file the retag cannot read is named for what it is (issue 28): an empty file is empty, and a
 * file that is none of the library's formats is said to be none of them — not "no MP3 audio" for
 * a file named `.flac`. The file is left exactly as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { retagFile } from '../../../src/main/services/audio/tags';

const dir = mkdtempSync(join(tmpdir(), 'cadenza-retag-damaged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(name: string, bytes: Buffer): Promise<{ message: string; kept: boolean }> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const error = await retagFile(path, { title: 'Harbour' }).then(
    () => null,
    (e: unknown) => e as Error & { key?: string },
  );
  expect(error).toMatchObject({ key: 'errors:audio.tagsUnwritable' });
  return { message: error!.message, kept: readFileSync(path).equals(bytes) };
}

describe('a file the retag cannot read', () => {
  it('is said to be empty when it is', async () => {
    const { message, kept } = await refusal('Empty.flac', Buffer.alloc(0));
    expect(message).toMatch(/it is empty/);
    expect(kept).toBe(true);
  });

  it('is said to hold none of the formats, not "no MP3", when it is not audio', async () => {
    const { message, kept } = await refusal(
      'Garbage.flac',
      Buffer.from('not audio at all'.repeat(64)),
    );
    expect(message).toMatch(/no MP3, FLAC or WAV audio/);
    expect(kept).toBe(true);
  });
});
