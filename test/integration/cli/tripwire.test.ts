/**
 * Key tripwire: every CLI command runs with a recognisable key. The key must appear in no output,
 * in no file the CLI leaves (plain or base64), and reach the emulator only as the x-api-key header
 * of requests to the service origin.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import {
  buildCli,
  createSandbox,
  filesUnder,
  runCli,
  type CliResult,
  type CliSandbox,
} from './run-cli';

const TRIPWIRE = 'tripwire-KEY-7f3a9c';
const FORMS = [
  TRIPWIRE,
  Buffer.from(TRIPWIRE).toString('base64'),
  encodeURIComponent(TRIPWIRE),
  TRIPWIRE.slice(0, -4),
];

let emu: Emulator;
let box: CliSandbox;
const results: Array<{ args: string[]; result: CliResult }> = [];

beforeAll(async () => {
  await buildCli();
  emu = await startEmulator({ keys: [TRIPWIRE] });
  box = createSandbox();
}, 60_000);
afterAll(async () => {
  await emu?.close();
  box?.dispose();
});

async function run(
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
  input?: string,
): Promise<CliResult> {
  const result = await runCli(args, { env: { ...box.env, ...extraEnv }, input });
  results.push({ args, result });
  return result;
}

describe('key tripwire', () => {
  it('never shows, stores or misroutes the key', async () => {
    const withKey = { CADENZA_API_KEY: TRIPWIRE };
    const debug = { ...withKey, CADENZA_DEBUG: '1' };

    // Every command, with the key in the environment and (for key set) on stdin.
    await run(['--help'], withKey);
    await run(['--version'], withKey);
    await run(['key', '--help'], withKey);
    await run(['config', '--help'], withKey);
    expect((await run(['config', 'set', 'base-url', emu.url], withKey)).code).toBe(0);
    await run(['config', 'set', 'library', join(box.root, 'lib2')], withKey);
    await run(['config', 'get'], withKey);
    await run(['config', 'get', 'base-url'], withKey);
    await run(['config', 'get', 'library'], withKey);
    expect((await run(['key', 'status'], withKey)).code).toBe(0);
    await run(['key', 'status', '--json'], withKey);
    expect((await run(['key', 'info'], withKey)).code).toBe(0);
    expect((await run(['key', 'info', '--json'], debug)).code).toBe(0);
    await run(['key', 'set'], withKey, `${TRIPWIRE}\n`);
    await run(['key', 'set'], {}, `${TRIPWIRE}\n`);
    await run(['key', 'set', TRIPWIRE], {});
    await run(['key', 'remove'], withKey);
    await run(['key', 'remove'], {});

    // Failure paths: the service refuses, breaks, or answers nonsense; the address is bad.
    emu.inject({ path: '/v1/get_api_key_info', kind: 'http401' });
    expect((await run(['key', 'info'], debug)).code).toBe(1);
    emu.inject({ path: '/v1/get_api_key_info', kind: 'http500', times: 5 });
    expect((await run(['key', 'info'], debug)).code).toBe(1);
    emu.inject({ path: '/v1/get_api_key_info', kind: 'in_band' });
    await run(['key', 'info', '--json'], debug);
    emu.configure({ keyStatus: 1 });
    expect((await run(['key', 'info'], debug)).code).toBe(1);
    emu.configure({ keyStatus: 0 });
    await run(['key', 'info'], { ...debug, CADENZA_BASE_URL: 'http://example.com' });
    await run(['key', 'info'], { ...debug, CADENZA_BASE_URL: 'http://127.0.0.1:9' });

    // 1. Output: stdout and stderr of every run.
    expect(results.length).toBeGreaterThan(20);
    for (const { args, result } of results) {
      for (const form of FORMS) {
        expect(result.stdout, `stdout of cadenza ${args.join(' ')}`).not.toContain(form);
        expect(result.stderr, `stderr of cadenza ${args.join(' ')}`).not.toContain(form);
      }
      // The CLI's last-resort redaction guard must never have had to fire.
      expect(result.stdout + result.stderr, `output of cadenza ${args.join(' ')}`).not.toContain(
        '[redacted]',
      );
    }

    // 2. Files: nothing under the sandbox (HOME, CADENZA_HOME, library) holds the key.
    const files = filesUnder(box.root);
    expect(files.some((f) => f.path.endsWith('settings.json'))).toBe(true);
    for (const file of files) {
      const text = file.bytes.toString('latin1');
      for (const form of FORMS) expect(text, file.path).not.toContain(form);
    }

    // 3. The wire: the key only as x-api-key, only to the service origin.
    const keyed = emu.log.filter((e) => e.headers['x-api-key'] !== undefined);
    expect(keyed.length).toBeGreaterThanOrEqual(3);
    for (const entry of emu.log) {
      if (entry.headers['x-api-key'] !== undefined) {
        expect(entry.origin).toBe('service');
        expect(entry.headers['x-api-key']).toBe(TRIPWIRE);
      }
      const { 'x-api-key': _sent, ...otherHeaders } = entry.headers;
      const rest = JSON.stringify({ ...entry, headers: otherHeaders });
      for (const form of FORMS) expect(rest).not.toContain(form);
    }
  }, 120_000);
});
