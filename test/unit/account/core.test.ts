import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../src/main/services/api';
import { createCore } from '../../../src/main/services/core';
import type { AppPaths } from '../../../src/main/services/paths';
import { createEncryptedFileBackend } from '../../../src/main/services/secrets';
import { createTestCipher } from '../secrets/fake-cipher';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-core-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('createCore', () => {
  it('wires settings, keys and clients to the same folders and origin-bound keys', async () => {
    const seenPaths: AppPaths[] = [];
    const built: Array<{ baseUrl: string; getKey: () => Promise<string | undefined> }> = [];
    const core = createCore({
      env: {
        CADENZA_HOME: join(dir, 'data'),
        CADENZA_LIBRARY: join(dir, 'lib'),
        CADENZA_KEYCHAIN: 'off',
      },
      secretBackends: (paths) => {
        seenPaths.push(paths);
        return [createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: paths.dataDir })];
      },
      clientFactory: (baseUrl, getKey) => {
        built.push({ baseUrl, getKey });
        return { baseUrl } as ServiceClient;
      },
    });
    expect(core.paths).toEqual({ dataDir: join(dir, 'data'), libraryDir: join(dir, 'lib') });
    expect(seenPaths).toEqual([core.paths]);
    expect(core.settings.libraryDir()).toBe(join(dir, 'lib'));

    await core.account.setServiceAddress('http://127.0.0.1:4010');
    expect((await core.account.setKey('core-key-aaaa1111')).storage).toBe('safe-storage');
    await core.account.setServiceAddress('https://other.example');
    await core.account.setKey('core-key-bbbb2222');

    core.client();
    await core.account.setServiceAddress('http://127.0.0.1:4010');
    core.client();
    expect(built.map((b) => b.baseUrl)).toEqual(['https://other.example', 'http://127.0.0.1:4010']);
    expect(await built[0]!.getKey()).toBe('core-key-bbbb2222');
    expect(await built[1]!.getKey()).toBe('core-key-aaaa1111');
    expect((await core.account.status()).keychainAvailable).toBe(false);
  });
});
