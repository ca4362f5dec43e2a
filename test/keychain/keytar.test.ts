/**
 * keytar against a real Secret Service (gnome-keyring in a private D-Bus session): run through
 * test/keychain/run.sh. Stores, reads, rebinds by origin and deletes keys through the keytar
 * backend, checks the entries with secret-tool, and drives the built CLI through the same keychain.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '@shared/defaults';
import type { KeyInfo } from '@shared/domain/account';
import { createAccountService, keyOrigin } from '../../src/main/services/account';
import { createKeyStore, createKeytarBackend } from '../../src/main/services/secrets';
import { createSettingsStore } from '../../src/main/services/settings';
import { startEmulator, type Emulator } from '../emulator';
import { buildCli, filesUnder, runCli } from '../integration/cli/run-cli';

const run = promisify(execFile);
const tag = randomBytes(4).toString('hex');
const ORIGIN_A = `https://keychain-a-${tag}.example`;
const ORIGIN_B = `https://keychain-b-${tag}.example`;
const KEY_A = `kc-key-a-${tag}-0001`;
const KEY_B = `kc-key-b-${tag}-0002`;

/** What the Secret Service holds for service + account, read with secret-tool (not keytar). */
async function secretToolLookup(service: string, account: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('secret-tool', ['lookup', 'service', service, 'account', account]);
    return stdout;
  } catch {
    return undefined; // secret-tool exits 1 when nothing matches
  }
}

async function secretToolAttributes(service: string): Promise<string> {
  const { stdout, stderr } = await run('secret-tool', ['search', '--all', 'service', service]);
  return stdout + stderr;
}

let tmp: string;
beforeAll(() => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS)
    throw new Error(
      'Run this test through test/keychain/run.sh (it needs a D-Bus session with gnome-keyring).',
    );
  tmp = mkdtempSync(join(tmpdir(), 'cadenza-keychain-'));
});
afterAll(async () => {
  const backend = createKeytarBackend();
  for (const origin of [ORIGIN_A, ORIGIN_B]) await backend.remove(origin).catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
});

describe('keytar backend on a real Secret Service', () => {
  it('is available and stores a key under service "Cadenza", account = origin', async () => {
    const backend = createKeytarBackend();
    expect(await backend.available()).toBe(true);
    await backend.set(ORIGIN_A, KEY_A);
    expect(await backend.get(ORIGIN_A)).toBe(KEY_A);
    expect(await backend.get(ORIGIN_B)).toBeUndefined();

    expect(KEYCHAIN_SERVICE).toBe('Cadenza');
    expect(await secretToolLookup('Cadenza', ORIGIN_A)).toBe(KEY_A);
    const attributes = await secretToolAttributes('Cadenza');
    expect(attributes).toContain('attribute.service = Cadenza');
    expect(attributes).toContain(`attribute.account = ${ORIGIN_A}`);
  });

  it('keeps keys bound to their origin when the service address changes', async () => {
    const settings = createSettingsStore(tmp, {}, { defaultLibraryDir: join(tmp, 'lib') });
    const keys = createKeyStore({ backends: [createKeytarBackend()], env: {} });
    const account = createAccountService({
      settings,
      keys,
      // The service accepts every key here: this test is about where keys are kept.
      clientFactory: () => ({ keyInfo: () => Promise.resolve({ key_status: 0 } as KeyInfo) }),
    });
    await account.setServiceAddress(ORIGIN_A);
    expect(await account.status()).toMatchObject({
      hasKey: true,
      storage: 'keychain',
      keychainAvailable: true,
      keyLast4: KEY_A.slice(-4),
    });

    const moved = await account.setServiceAddress(ORIGIN_B);
    expect(moved).toMatchObject({ hasKey: false, storage: 'none' });
    await account.setKey(KEY_B);
    expect(await secretToolLookup('Cadenza', ORIGIN_B)).toBe(KEY_B);
    expect(await secretToolLookup('Cadenza', ORIGIN_A)).toBe(KEY_A);

    await account.removeKey();
    expect(await secretToolLookup('Cadenza', ORIGIN_B)).toBeUndefined();
    expect((await account.setServiceAddress(ORIGIN_A)).keyLast4).toBe(KEY_A.slice(-4));
  });

  it('deletes the entry', async () => {
    const backend = createKeytarBackend();
    await backend.remove(ORIGIN_A);
    expect(await backend.get(ORIGIN_A)).toBeUndefined();
    expect(await secretToolLookup('Cadenza', ORIGIN_A)).toBeUndefined();
  });
});

describe('the built CLI with the real keychain', () => {
  let emu: Emulator;
  const CLI_KEY = `tripwire-KEY-kc-${tag}`;

  beforeAll(async () => {
    await buildCli();
    emu = await startEmulator({ keys: [CLI_KEY], counters: { key_music_counts: 9 } });
  }, 60_000);
  afterAll(async () => {
    await createKeytarBackend()
      .remove(keyOrigin(emu.url))
      .catch(() => undefined);
    await emu?.close();
  });

  it('stores the key from stdin in the keychain, uses it, and removes it', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CADENZA_HOME: join(tmp, 'cli-home'),
      CADENZA_LIBRARY: join(tmp, 'cli-lib'),
    };
    delete env.CADENZA_API_KEY;
    delete env.CADENZA_BASE_URL;
    const origin = keyOrigin(emu.url);
    const outputs: string[] = [];
    const cli = async (args: string[], input?: string) => {
      const r = await runCli(args, { env, input });
      outputs.push(r.stdout, r.stderr);
      return r;
    };

    expect((await cli(['config', 'set', 'base-url', emu.url])).code).toBe(0);

    const empty = await cli(['key', 'set'], '\n');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^cadenza: No key was given/);

    const set = await cli(['key', 'set'], `${CLI_KEY}\n`);
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(`ending in ${CLI_KEY.slice(-4)}`);
    expect(set.stdout).toContain('system keychain');
    expect(await secretToolLookup('Cadenza', origin)).toBe(CLI_KEY);

    const status = await cli(['key', 'status', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({
      hasKey: true,
      storage: 'keychain',
      keychainAvailable: true,
      keyLast4: CLI_KEY.slice(-4),
    });

    const info = await cli(['key', 'info', '--json']);
    expect(info.code).toBe(0);
    expect(JSON.parse(info.stdout).key_music_counts).toBe(9);
    expect(
      emu.log
        .filter((e) => e.headers['x-api-key'] === CLI_KEY)
        .every((e) => e.origin === 'service'),
    ).toBe(true);

    const removed = await cli(['key', 'remove']);
    expect(removed.code).toBe(0);
    expect(await secretToolLookup('Cadenza', origin)).toBeUndefined();
    expect((await cli(['key', 'info'])).stderr).toMatch(/^cadenza: No API key is set/);

    // The key was in the keychain only: never in the output or the data folder.
    for (const text of outputs) expect(text).not.toContain(CLI_KEY);
    for (const file of filesUnder(join(tmp, 'cli-home')))
      expect(file.bytes.toString('latin1')).not.toContain(CLI_KEY);
  });
});
