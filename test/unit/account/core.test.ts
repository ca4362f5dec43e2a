import { createSongSubmitters } from '../../../src/main/services/songs/submit';
import { AppError } from '@shared/errors';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
        // the key check before storing finds the service unreachable: stored, not checked yet
        const offline = () => Promise.reject(new AppError('network', 'offline'));
        return { baseUrl, keyInfo: offline } as unknown as ServiceClient;
      },
    });
    expect(core.paths).toEqual({ dataDir: join(dir, 'data'), libraryDir: join(dir, 'lib') });
    expect(seenPaths).toEqual([core.paths]);
    expect(core.settings.libraryDir()).toBe(join(dir, 'lib'));

    await core.account.setServiceAddress('http://127.0.0.1:4010');
    expect(await core.account.setKey('core-key-aaaa1111')).toMatchObject({
      storage: 'safe-storage',
      keyCheck: 'unchecked',
    });
    await core.account.setServiceAddress('https://other.example');
    await core.account.setKey('core-key-bbbb2222');
    built.length = 0; // the clients the key checks used

    core.client();
    await core.account.setServiceAddress('http://127.0.0.1:4010');
    core.client();
    expect(built.map((b) => b.baseUrl)).toEqual(['https://other.example', 'http://127.0.0.1:4010']);
    expect(await built[0]!.getKey()).toBe('core-key-bbbb2222');
    expect(await built[1]!.getKey()).toBe('core-key-aaaa1111');
    expect((await core.account.status()).keychainAvailable).toBe(false);
  });
});

describe('submissions without a key', () => {
  it('are refused before a job is recorded (no failed "add your key" job is left behind)', async () => {
    const core = createCore({
      env: {
        CADENZA_HOME: join(dir, 'data'),
        CADENZA_LIBRARY: join(dir, 'lib'),
        CADENZA_KEYCHAIN: 'off',
      },
      secretBackends: (paths) => [
        createEncryptedFileBackend({ cipher: createTestCipher(), dataDir: paths.dataDir }),
      ],
    });
    const runtime = await core.openJobs({ watch: false, pollIntervalMs: 60_000 });
    try {
      const submit = createSongSubmitters(runtime.jobs, () => core.client(), runtime.library);
      const err = await submit.songV2({ mode: 'auto', prompt: 'rain on a tin roof' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('no_key');
      expect(runtime.jobs.list()).toEqual([]);
      const jobsDir = join(core.paths.dataDir, 'jobs');
      expect(existsSync(jobsDir) ? readdirSync(jobsDir) : []).toEqual([]);
    } finally {
      await runtime.close();
    }
  });
});
