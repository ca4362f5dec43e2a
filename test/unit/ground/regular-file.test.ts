/**
 * The one open of files Cadenza did not just create (issue 26, point 2): non-blocking,
 * regular-file-only on the opened descriptor, and capped. Every case that is not a regular file
 * must answer within a moment — a FIFO without a writer used to hold `open()` forever.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openRegular,
  readRegular,
  readRegularHead,
  readRegularText,
  readRegularTextSync,
} from '../../../src/main/services/ground/regular-file';

let dir: string;
let server: Server;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-regular-'));
  writeFileSync(join(dir, 'record.json'), '{"ok":true}');
  execFileSync('mkfifo', [join(dir, 'pipe.json')]);
  mkdirSync(join(dir, 'folder.json'));
  symlinkSync(join(dir, 'pipe.json'), join(dir, 'link-to-pipe.json'));
  server = createServer();
  await new Promise<void>((r) => server.listen(join(dir, 'sock.json'), r));
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

const within = <T>(p: Promise<T>, ms = 2000): Promise<T> =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hung')), ms)),
  ]);

describe('openRegular and its readers', () => {
  it('read a regular file', async () => {
    expect(await readRegularText(join(dir, 'record.json'), 100)).toBe('{"ok":true}');
    expect(readRegularTextSync(join(dir, 'record.json'), 100)).toBe('{"ok":true}');
    expect((await readRegularHead(join(dir, 'record.json'), 3)).toString()).toBe('{"o');
  });

  it.each(['pipe.json', 'link-to-pipe.json', 'sock.json', 'folder.json', '/dev/zero'])(
    'refuse %s at once with ENOTREGULAR',
    async (name) => {
      const path = name.startsWith('/') ? name : join(dir, name);
      await expect(within(openRegular(path))).rejects.toMatchObject({ code: 'ENOTREGULAR' });
      await expect(within(readRegular(path, 10))).rejects.toMatchObject({ code: 'ENOTREGULAR' });
      expect(() => readRegularTextSync(path, 10)).toThrow(
        expect.objectContaining({ code: 'ENOTREGULAR' }) as Error,
      );
    },
  );

  it('keep a missing file an ENOENT (callers read that as "none yet")', async () => {
    await expect(readRegularText(join(dir, 'none.json'), 10)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('refuse a file over the cap before reading it', async () => {
    writeFileSync(join(dir, 'big.json'), Buffer.alloc(4096, 0x20));
    await expect(readRegular(join(dir, 'big.json'), 4095)).rejects.toMatchObject({
      code: 'ETOOLARGE',
    });
    expect(() => readRegularTextSync(join(dir, 'big.json'), 4095)).toThrow(
      expect.objectContaining({ code: 'ETOOLARGE' }) as Error,
    );
    expect((await readRegular(join(dir, 'big.json'), 4096)).length).toBe(4096);
  });
});
