import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { type CliResult, ROOT, runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-test-key-4f2e9a71';

const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: {
    counters: {
      key_music_counts: 42,
      key_words_counts: 5000,
      key_cover_counts: 3,
      key_clone_voices: 2,
      key_vc_counts: 0,
      key_singing_credits: 7,
    },
  },
});

/** A failure is exactly one line on stderr, "cadenza: …", without a stack trace, and nothing on stdout. */
function expectOneLineFailure(r: CliResult, code: 1 | 2, message: RegExp): void {
  expect(r.code).toBe(code);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^cadenza: /);
  expect(lines[0]).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

const withService = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...cli.box.env,
  CADENZA_BASE_URL: cli.emu.url,
  ...extra,
});

describe('cadenza CLI: basics', () => {
  it('prints help listing the commands and the version from package.json', async () => {
    const help = await runCli(['--help'], { env: cli.box.env });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^\s+key\s+/m);
    expect(help.stdout).toMatch(/^\s+config\s+/m);
    expect(help.stdout).toContain('CADENZA_API_KEY');
    const version = await runCli(['--version'], { env: cli.box.env });
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version,
    );
    const keyHelp = await runCli(['key', '--help'], { env: cli.box.env });
    expect(keyHelp.code).toBe(0);
    expect(keyHelp.stdout).toContain('key set');
  });

  it('exits 2 with one line for usage errors', async () => {
    expectOneLineFailure(await runCli([], { env: cli.box.env }), 2, /missing command/);
    expectOneLineFailure(
      await runCli(['frobnicate'], { env: cli.box.env }),
      2,
      /unknown command 'frobnicate'/,
    );
    expectOneLineFailure(
      await runCli(['key', 'info', '--bogus'], { env: cli.box.env }),
      2,
      /--bogus/,
    );
    expectOneLineFailure(
      await runCli(['config', 'set', 'base-url'], { env: cli.box.env }),
      2,
      /missing value/,
    );
  });

  it('never takes the key from the command line', async () => {
    const r = await runCli(['key', 'set', KEY], { env: cli.box.env });
    expectOneLineFailure(r, 2, /standard input/);
    expect(r.stderr).not.toContain(KEY);
  });
});

describe('cadenza key info', () => {
  it('prints the entitlements table', async () => {
    const r = await runCli(['key', 'info'], { env: withService({ CADENZA_API_KEY: KEY }) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\s+Songs\s+42$/m);
    expect(r.stdout).toMatch(/^\s+Text-to-speech words\s+5000$/m);
    expect(r.stdout).toMatch(/^\s+Covers\s+3$/m);
    expect(r.stdout).toMatch(/^\s+Singing credits\s+7$/m);
    expect(r.stdout).toMatch(/^Status\s+active$/m);
    expect(r.stdout).toContain(cli.emu.url);
    expect(r.stdout).not.toContain(KEY);
  });

  it('prints JSON with --json, without the key', async () => {
    const r = await runCli(['key', 'info', '--json'], {
      env: withService({ CADENZA_API_KEY: KEY }),
    });
    expect(r.code).toBe(0);
    const info = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(info).toMatchObject({
      key_status: 0,
      key_music_counts: 42,
      key_words_counts: 5000,
      key_singing_credits: 7,
      email: 'creator@example.com',
    });
    expect(info).not.toHaveProperty('x_api_key');
    expect(r.stdout).not.toContain(KEY);
  });

  it('follows the address stored with config set base-url', async () => {
    expect(
      (await runCli(['config', 'set', 'base-url', cli.emu.url], { env: cli.box.env })).code,
    ).toBe(0);
    const got = await runCli(['config', 'get', 'base-url'], { env: cli.box.env });
    expect(got.stdout.trim()).toBe(cli.emu.url);
    const r = await runCli(['key', 'info', '--json'], {
      env: { ...cli.box.env, CADENZA_API_KEY: KEY },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).key_music_counts).toBe(42);
  });

  it('fails with one line for an invalid key (401)', async () => {
    const r = await runCli(['key', 'info'], {
      env: withService({ CADENZA_API_KEY: 'wrong-key-00000000' }),
    });
    expectOneLineFailure(r, 1, /didn't accept your API key/);
    expect(cli.emu.log.some((e) => e.path === '/v1/get_api_key_info')).toBe(true);
  });

  it('fails with one line when no key is set, without calling the service', async () => {
    const r = await runCli(['key', 'info'], { env: withService() });
    expectOneLineFailure(r, 1, /No API key is set/);
    expect(cli.emu.log).toEqual([]);
  });

  it('fails with one line for a disabled key', async () => {
    cli.emu.configure({ keyStatus: 1 });
    const r = await runCli(['key', 'info'], { env: withService({ CADENZA_API_KEY: KEY }) });
    expectOneLineFailure(r, 1, /disabled/);
  });

  it('fails with one line when the service cannot be reached', async () => {
    const port = await freePort();
    const r = await runCli(['key', 'info'], {
      env: { ...cli.box.env, CADENZA_BASE_URL: `http://127.0.0.1:${port}`, CADENZA_API_KEY: KEY },
    });
    expectOneLineFailure(r, 1, /isn.t answering/i);
  });
});

describe('cadenza key set / status / remove without a keychain', () => {
  it('refuses to store a key, pointing to CADENZA_API_KEY, and stores nothing', async () => {
    const r = await runCli(['key', 'set'], { env: withService(), input: `${KEY}\n` });
    expectOneLineFailure(r, 1, /CADENZA_API_KEY/);
    const status = await runCli(['key', 'status', '--json'], { env: withService() });
    expect(JSON.parse(status.stdout)).toMatchObject({
      hasKey: false,
      storage: 'none',
      keychainAvailable: false,
    });
  });

  it('reports a key from the environment by its last 4 characters', async () => {
    const r = await runCli(['key', 'status'], { env: withService({ CADENZA_API_KEY: KEY }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^API key\s+set, ending in 9a71 \(from CADENZA_API_KEY\)$/m);
    expect(r.stdout).toMatch(/^Keychain\s+not available$/m);
  });
});

describe('cadenza config', () => {
  it('refuses plain http to a remote host and keeps the old address', async () => {
    expectOneLineFailure(
      await runCli(['config', 'set', 'base-url', 'http://example.com'], { env: cli.box.env }),
      1,
      /https/,
    );
    expect((await runCli(['config', 'get', 'base-url'], { env: cli.box.env })).stdout.trim()).toBe(
      'https://api.cadenza.example',
    );
  });

  it('shows environment overrides and validates CADENZA_BASE_URL', async () => {
    const r = await runCli(['config', 'get'], {
      env: { ...cli.box.env, CADENZA_BASE_URL: 'http://localhost:1234/' },
    });
    expect(r.stdout).toMatch(/^base-url\s+http:\/\/localhost:1234$/m);
    expect(r.stdout).toMatch(
      new RegExp(`^library\\s+${cli.box.libraryDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'),
    );
    expectOneLineFailure(
      await runCli(['key', 'info'], {
        env: { ...cli.box.env, CADENZA_BASE_URL: 'http://example.com', CADENZA_API_KEY: KEY },
      }),
      1,
      /CADENZA_BASE_URL/,
    );
  });

  it('reports a file-system failure as a creator-readable line', async () => {
    // A data folder that is a file makes saving settings fail inside Node.
    const env = { ...cli.box.env, CADENZA_HOME: join(ROOT, 'package.json') };
    const r = await runCli(['config', 'set', 'base-url', 'https://a.example'], { env });
    expectOneLineFailure(r, 1, /could not save its settings/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
