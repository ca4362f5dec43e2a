/**
 * Runs the built CLI (out/cli/cadenza.cjs) as a child process, the way a user or a script would,
 * with its own temp HOME / CADENZA_HOME / CADENZA_LIBRARY and no D-Bus session (so no OS keychain
 * is touched: the real keychain has its own test under test/keychain).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator';

export const ROOT = resolve(__dirname, '../../..');
export const CLI = join(ROOT, 'out/cli/cadenza.cjs');

export async function buildCli(): Promise<void> {
  await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { cwd: ROOT });
}

export interface CliSandbox {
  root: string;
  home: string;
  dataDir: string;
  libraryDir: string;
  env: NodeJS.ProcessEnv;
  dispose(): void;
}

export function createSandbox(): CliSandbox {
  const root = mkdtempSync(join(tmpdir(), 'cadenza-cli-'));
  const home = join(root, 'home');
  const dataDir = join(root, 'data');
  const libraryDir = join(root, 'library');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_RUNTIME_DIR: root,
    CADENZA_HOME: dataDir,
    CADENZA_LIBRARY: libraryDir,
    // the emulator is on loopback: the address guard's documented opt-in
    CADENZA_ALLOW_LOOPBACK: '1',
  };
  return {
    root,
    home,
    dataDir,
    libraryDir,
    env,
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number },
): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: opts.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Every file under a folder with its bytes (for the key tripwire). */
export function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  const out: Array<{ path: string; bytes: Buffer }> = [];
  const walk = (d: string): void => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) out.push({ path: p, bytes: readFileSync(p) });
    }
  };
  walk(dir);
  return out;
}

/** One test file's CLI runs against the emulator: see useCliAgainstEmulator. */
export interface CliHarness {
  /** The emulator, started once for the file and reset before each test. */
  readonly emu: Emulator;
  /** The current test's sandbox (its own HOME, CADENZA_HOME and library). */
  readonly box: CliSandbox;
  /** The sandbox's environment pointed at the emulator, with the key, keychain off and polling. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** Disposes the test's sandbox and starts a fresh one (new data and library folders). */
  freshSandbox(): void;
}

/**
 * Registers the hooks every CLI test file repeats: build the CLI and start the emulator with `key`
 * once, a fresh sandbox and a reset emulator (then `eachTest`) before each test, cleanup after.
 */
export function useCliAgainstEmulator(opts: {
  key: string;
  emulator?: Omit<EmulatorOptions, 'keys'>;
  pollIntervalMs?: number;
  eachTest?: (emu: Emulator) => void;
}): CliHarness {
  let emu: Emulator | undefined;
  let box: CliSandbox | undefined;
  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`${what} is only there inside a test`);
    return v;
  };
  beforeAll(async () => {
    await buildCli();
    emu = await startEmulator({ ...opts.emulator, keys: [opts.key] });
  }, 90_000);
  afterAll(async () => {
    await emu?.close();
  });
  beforeEach(() => {
    box = createSandbox();
    need(emu, 'the emulator').reset();
    opts.eachTest?.(need(emu, 'the emulator'));
  });
  afterEach(() => {
    box?.dispose();
    box = undefined;
  });
  return {
    get emu() {
      return need(emu, 'the emulator');
    },
    get box() {
      return need(box, 'the sandbox');
    },
    env: (extra = {}) => ({
      ...need(box, 'the sandbox').env,
      CADENZA_BASE_URL: need(emu, 'the emulator').url,
      CADENZA_API_KEY: opts.key,
      CADENZA_KEYCHAIN: 'off',
      CADENZA_POLL_INTERVAL_MS: String(opts.pollIntervalMs ?? 100),
      ...extra,
    }),
    freshSandbox() {
      box?.dispose();
      box = createSandbox();
    },
  };
}
