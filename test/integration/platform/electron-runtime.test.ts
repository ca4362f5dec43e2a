/**
 * `npm start` / `npm run demo` fetch the Electron runtime with the electron package's own installer
 * when it is missing. Offline and deterministic: the installer runs for real, against a local
 * "mirror" that refuses or never answers, from a copy of the package in a temp folder (so the
 * repository's node_modules is never touched).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { fetchElectron, findElectron } from '../../../scripts/electron-runtime.mjs';

type FetchResult = { ok: true } | { ok: false; reason: string };
const fetchRuntime = fetchElectron as (o: {
  env: NodeJS.ProcessEnv;
  packageDir: string;
  timeoutMs?: number;
  stdio?: 'pipe';
}) => Promise<FetchResult>;
const find = findElectron as (o: {
  env: NodeJS.ProcessEnv;
  packageDir: string;
}) => string | undefined;

const repo = resolve(__dirname, '../../..');
let root: string;
let packageDir: string;
let server: Server | undefined;
const sockets = new Set<Socket>();

function copyElectronPackage(): string {
  const dir = join(root, 'node_modules/electron');
  mkdirSync(dir, { recursive: true });
  for (const f of ['install.js', 'package.json', 'checksums.json'])
    copyFileSync(join(repo, 'node_modules/electron', f), join(dir, f));
  // The installer's own dependency (@electron/get) resolves from the repository's copy.
  symlinkSync(join(repo, 'node_modules/@electron'), join(root, 'node_modules/@electron'));
  return dir;
}

/** A half-finished extraction: files in dist/ but no executable and no path.txt. */
function leavePartialRuntime(): void {
  mkdirSync(join(packageDir, 'dist/locales'), { recursive: true });
  writeFileSync(join(packageDir, 'dist/version'), 'v0.0.0-partial');
}

async function mirror(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
}

function envFor(mirrorUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env))
    if (/^(electron_|npm_config_electron|ELECTRON_|https?_proxy|HTTPS?_PROXY)/i.test(k))
      delete env[k];
  env.ELECTRON_MIRROR = mirrorUrl;
  env.electron_config_cache = join(root, 'cache');
  env.ELECTRON_SKIP_BINARY_DOWNLOAD = '1'; // what setup.sh exports: the explicit fetch must drop it
  return env;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cadenza-electron-fetch-'));
  packageDir = copyElectronPackage();
});

afterEach(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
  rmSync(root, { recursive: true, force: true });
});

describe('fetching the Electron runtime', () => {
  it('reports a mirror that refuses, asks it for this version, and leaves no partial runtime', async () => {
    const asked: string[] = [];
    const url = await mirror((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden');
    });
    leavePartialRuntime();
    const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;

    const result = await fetchRuntime({
      env: envFor(url),
      packageDir,
      timeoutMs: 60_000,
      stdio: 'pipe',
    });

    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(/403|forbidden|error/i);
    expect(asked.some((p) => p.includes(version) && p.includes('electron-v'))).toBe(true);
    expect(existsSync(join(packageDir, 'dist'))).toBe(false);
    expect(existsSync(join(packageDir, 'path.txt'))).toBe(false);
    expect(find({ env: {}, packageDir })).toBeUndefined();
  }, 90_000);

  it('gives up on a mirror that never answers after the timeout, with nothing left behind', async () => {
    const url = await mirror(() => {
      // Accept the request and say nothing, like a dead proxy.
    });
    leavePartialRuntime();
    const started = Date.now();

    const result = await fetchRuntime({
      env: envFor(url),
      packageDir,
      timeoutMs: 2_000,
      stdio: 'pipe',
    });

    expect(result).toEqual({ ok: false, reason: 'the download did not finish within 2 s' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(existsSync(join(packageDir, 'dist'))).toBe(false);
  }, 30_000);

  it('ELECTRON_OVERRIDE_DIST_PATH wins over the package runtime, and a wrong one is never replaced', () => {
    const own = join(root, 'own-dist');
    mkdirSync(own);
    const exeName = process.platform === 'win32' ? 'electron.exe' : 'electron';
    writeFileSync(join(own, exeName), '');
    mkdirSync(join(packageDir, 'dist'));
    writeFileSync(join(packageDir, 'dist', exeName), '');
    writeFileSync(join(packageDir, 'path.txt'), exeName);

    expect(find({ env: {}, packageDir })).toBe(join(packageDir, 'dist', exeName));
    expect(find({ env: { ELECTRON_OVERRIDE_DIST_PATH: own }, packageDir })).toBe(
      join(own, exeName),
    );
    expect(
      find({ env: { ELECTRON_OVERRIDE_DIST_PATH: join(root, 'nowhere') }, packageDir }),
    ).toBeUndefined();
  });
});

describe('the supported Node', () => {
  it('runs the tests on Node 22 or newer, as package.json requires', () => {
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe('>=22.19');
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    expect(major > 22 || (major === 22 && minor >= 19)).toBe(true);
    expect(pkg.devDependencies.node).toMatch(/^\^?22\./);
  });
});
