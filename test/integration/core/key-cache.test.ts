/**
 * The key is read from the keychain once and kept in main; a change made by the CLI (another
 * process: its own core over the same data folder and the same keychain) is seen at the app's next
 * request, through the change stamp in the data folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { createCore, type Core } from '../../../src/main/services/core';
import { createKeytarBackend, type KeytarLike } from '../../../src/main/services/secrets';
import type { SecretBackend } from '../../../src/main/services/contracts';
import { runCli } from '../../../src/cli/main';

const FIRST = 'cache-first-key-1111';
const SECOND = 'cache-second-key-2222';
let emu: Emulator;
let dir: string;
let env: NodeJS.ProcessEnv;
/** The OS keychain both processes share, counting its reads. */
let keychain: SecretBackend;
let keychainReads: number;
let app: Core;

function sharedKeychain(): SecretBackend {
  const entries = new Map<string, string>();
  const kt: KeytarLike = {
    getPassword: async (_s, account) => {
      keychainReads += 1;
      return entries.get(account) ?? null;
    },
    setPassword: async (_s, account, password) => void entries.set(account, password),
    deletePassword: async (_s, account) => entries.delete(account),
  };
  return createKeytarBackend({ load: async () => kt });
}

/** `cadenza <args>` in-process, as its own core (its own key store) over the same folders. */
async function cli(args: string[], input = ''): Promise<number> {
  const out = new PassThrough().resume();
  return runCli(args, {
    env,
    stdin: Readable.from([input]),
    stdout: out,
    stderr: new PassThrough().resume(),
    createCore: (e) =>
      createCore({ env: e, keychainBackend: keychain, jobs: { holder: 'cli', watch: false } }),
  });
}

const keysSent = () =>
  emu.log.filter((e) => e.path === '/v1/get_api_key_info').map((e) => e.headers['x-api-key']);

beforeAll(async () => {
  emu = await startEmulator({ keys: [FIRST, SECOND], stepMs: 20 });
});
afterAll(() => emu.close());

beforeEach(async () => {
  emu.reset();
  dir = await mkdtemp(join(tmpdir(), 'cadenza-keycache-'));
  env = {
    CADENZA_HOME: join(dir, 'data'),
    CADENZA_LIBRARY: join(dir, 'library'),
    CADENZA_BASE_URL: emu.url,
    CADENZA_ALLOW_LOOPBACK: '1',
  };
  keychainReads = 0;
  keychain = sharedKeychain();
  app = createCore({ env, keychainBackend: keychain, jobs: { holder: 'app', watch: false } });
});
afterEach(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the key kept in main', () => {
  it('is read from the keychain once, then kept across requests', async () => {
    expect(await cli(['key', 'set'], `${FIRST}\n`)).toBe(0);
    keychainReads = 0;
    for (let i = 0; i < 3; i++) await app.account.keyInfo();
    await app.account.status();
    expect(keychainReads).toBe(1);
    expect(keysSent().slice(-3)).toEqual([FIRST, FIRST, FIRST]);
  });

  it('is dropped when the CLI sets another key: the next request sends the new one', async () => {
    await app.account.setKey(FIRST);
    await app.account.keyInfo();
    expect(keysSent().at(-1)).toBe(FIRST);

    expect(await cli(['key', 'set'], `${SECOND}\n`)).toBe(0);
    keychainReads = 0;
    await app.account.keyInfo();
    expect(keysSent().at(-1)).toBe(SECOND);
    expect((await app.account.status()).keyLast4).toBe('2222');
    expect(keychainReads).toBe(1); // read again once, then kept
    await app.account.keyInfo();
    expect(keychainReads).toBe(1);
  });

  it('is dropped when the CLI removes the key: the app has none', async () => {
    await app.account.setKey(FIRST);
    await app.account.keyInfo();
    expect(await cli(['key', 'remove'])).toBe(0);
    expect((await app.account.status()).hasKey).toBe(false);
    await expect(app.account.keyInfo()).rejects.toMatchObject({ code: 'no_key' });
  });
});
