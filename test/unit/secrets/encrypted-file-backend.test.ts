import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedFileBackend } from '../../../src/main/services/secrets';
import { createTestCipher } from './fake-cipher';

const KEY = 'sk-live-9f8e7d6c5b4a3210';
const ORIGIN = 'https://api.example.org';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-keys-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('encrypted file backend (safeStorage)', () => {
  it('stores ciphertext only, in a 0600 file, and reads the key back', async () => {
    const backend = createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: dir });
    expect(backend.kind).toBe('safe-storage');
    expect(await backend.available()).toBe(true);
    await backend.set(ORIGIN, KEY);
    expect(await backend.get(ORIGIN)).toBe(KEY);

    const raw = readFileSync(join(dir, 'keys.json'), 'utf8');
    expect(raw).not.toContain(KEY);
    expect(raw).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(raw).not.toContain(KEY.slice(-8));
    const parsed = JSON.parse(raw) as { schema_version: number; keys: Record<string, string> };
    expect(parsed.schema_version).toBe(1);
    expect(Object.keys(parsed.keys)).toEqual([ORIGIN]);
    if (process.platform !== 'win32')
      expect(statSync(join(dir, 'keys.json')).mode & 0o777).toBe(0o600);
  });

  it('binds keys to origins and removes one without touching the others', async () => {
    const backend = createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: dir });
    await backend.set(ORIGIN, KEY);
    await backend.set('http://127.0.0.1:4010', 'emulator-key-0001');
    expect(await backend.get('https://other.example')).toBeUndefined();
    await backend.remove(ORIGIN);
    expect(await backend.get(ORIGIN)).toBeUndefined();
    expect(await backend.get('http://127.0.0.1:4010')).toBe('emulator-key-0001');
  });

  it('answers "no key" for ciphertext it cannot decrypt (another login) or a damaged file', async () => {
    await createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: dir }).set(ORIGIN, KEY);
    expect(
      await createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: dir }).get(ORIGIN),
    ).toBeUndefined();
    writeFileSync(join(dir, 'keys.json'), 'not json');
    expect(
      await createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: dir }).get(ORIGIN),
    ).toBeUndefined();
  });

  it('is unavailable when the cipher says encryption is not available, and never writes then', async () => {
    const backend = createEncryptedFileBackend({
      cipher: createTestCipher({ available: false }),
      dataDir: dir,
    });
    expect(await backend.available()).toBe(false);
    await expect(backend.set(ORIGIN, KEY)).rejects.toMatchObject({ code: 'io' });
    expect(() => statSync(join(dir, 'keys.json'))).toThrow();
  });
});
