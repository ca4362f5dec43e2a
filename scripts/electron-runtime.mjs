// Shared by start.mjs and demo.mjs: find an Electron runtime (fetching it with the electron
// package's own installer when it is missing), build if needed, launch the app.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = join(repoRoot, 'out/main/index.js');
const electronPackageDir = join(repoRoot, 'node_modules/electron');

/** How long the runtime download may take before it is abandoned (override for slow links). */
const DEFAULT_FETCH_TIMEOUT_MS = 15 * 60_000;

function executableIn(dist) {
  if (process.platform === 'darwin') return join(dist, 'Electron.app/Contents/MacOS/Electron');
  if (process.platform === 'win32') return join(dist, 'electron.exe');
  return join(dist, 'electron');
}

/**
 * The Electron executable from ELECTRON_OVERRIDE_DIST_PATH (which always wins) or the electron
 * package's dist folder, if present and complete (the installer writes path.txt last).
 */
export function findElectron({ env = process.env, packageDir = electronPackageDir } = {}) {
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const exe = executableIn(env.ELECTRON_OVERRIDE_DIST_PATH);
    return existsSync(exe) ? exe : undefined;
  }
  const exe = executableIn(join(packageDir, 'dist'));
  return existsSync(exe) && existsSync(join(packageDir, 'path.txt')) ? exe : undefined;
}

/** Removes whatever a failed or interrupted install left: a runtime is complete or absent. */
export function removePartialRuntime(packageDir = electronPackageDir) {
  rmSync(join(packageDir, 'dist'), { recursive: true, force: true });
  rmSync(join(packageDir, 'path.txt'), { force: true });
}

/**
 * Runs the electron package's own installer (node_modules/electron/install.js, which prints its
 * progress) and resolves with { ok: true } or { ok: false, reason }. A failure or a timeout leaves
 * no partial runtime behind. The download address follows the package's own settings
 * (ELECTRON_MIRROR, electron_config_cache, proxies).
 */
export function fetchElectron({
  env = process.env,
  packageDir = electronPackageDir,
  timeoutMs = Number(env.CADENZA_ELECTRON_FETCH_TIMEOUT_MS) || DEFAULT_FETCH_TIMEOUT_MS,
  stdio = 'inherit',
} = {}) {
  const installer = join(packageDir, 'install.js');
  if (!existsSync(installer))
    return Promise.resolve({ ok: false, reason: `${installer} is missing (run npm ci).` });
  let version = '';
  try {
    version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;
  } catch {
    // The installer reports a broken package itself.
  }
  console.log(`Fetching the Electron ${version} runtime (one time)…`);
  // The set-up skips the download during `npm ci`; this is the explicit fetch, so drop the skip.
  const childEnv = { ...env };
  delete childEnv.ELECTRON_SKIP_BINARY_DOWNLOAD;
  return new Promise((resolveResult) => {
    let stderrTail = '';
    let settled = false;
    const child = spawn(process.execPath, [installer], {
      cwd: packageDir,
      env: childEnv,
      stdio: stdio === 'inherit' ? ['ignore', 'inherit', 'pipe'] : ['ignore', 'pipe', 'pipe'],
    });
    child.stderr.on('data', (chunk) => {
      if (stdio === 'inherit') process.stderr.write(chunk);
      stderrTail = (stderrTail + chunk.toString()).slice(-4000);
    });
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!result.ok || !findElectron({ env: {}, packageDir })) {
        removePartialRuntime(packageDir);
        if (result.ok) result = { ok: false, reason: 'the installer finished without a runtime' };
      }
      resolveResult(result);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({
        ok: false,
        reason: `the download did not finish within ${Math.round(timeoutMs / 1000)} s`,
      });
    }, timeoutMs);
    child.on('error', (err) => finish({ ok: false, reason: err.message }));
    child.on('exit', (code, signal) => {
      if (code === 0) return finish({ ok: true });
      const lastLine =
        stderrTail
          .split('\n')
          .map((l) => l.trim())
          .find((l) => /error/i.test(l)) ?? `the installer exited with ${code ?? signal}`;
      finish({ ok: false, reason: lastLine });
    });
  });
}

export function explainMissingRuntime(reason) {
  console.error(
    [
      'No Electron runtime is available on this machine.',
      ...(reason ? ['', `Fetching it failed: ${reason}`] : []),
      '',
      'The Electron binary is downloaded from outside the npm registry, on first start.',
      'To run the desktop app without that download, point Cadenza at a runtime you have:',
      '',
      '  ELECTRON_OVERRIDE_DIST_PATH=/path/to/electron/dist npm start',
      '',
      'A mirror can be set with ELECTRON_MIRROR (see the electron package README).',
      '`npm test` exercises the whole app without it: the built renderer and preload run in',
      'Chromium against the real main-process code (see test/support/electron-double/README.md).',
    ].join('\n'),
  );
}

/**
 * The runtime to launch: the one present, or a freshly fetched one. Exits with the explanation
 * when there is none (an override that points nowhere is never replaced by a download).
 */
export async function ensureElectron() {
  const present = findElectron();
  if (present) return present;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    explainMissingRuntime(
      `ELECTRON_OVERRIDE_DIST_PATH (${process.env.ELECTRON_OVERRIDE_DIST_PATH}) has no Electron executable`,
    );
    process.exit(1);
  }
  const fetched = await fetchElectron();
  const exe = fetched.ok ? findElectron() : undefined;
  if (!exe) {
    explainMissingRuntime(fetched.ok ? 'the runtime is still missing' : fetched.reason);
    process.exit(1);
  }
  return exe;
}

/** Builds out/ when it is missing. */
export function ensureBuilt() {
  if (
    existsSync(mainJs) &&
    existsSync(join(repoRoot, 'out/preload/index.cjs')) &&
    existsSync(join(repoRoot, 'out/renderer/index.html'))
  )
    return;
  console.log('Building Cadenza (out/ is missing)…');
  const result = spawnSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['run', '-s', 'build'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error('The build failed.');
    process.exit(result.status ?? 1);
  }
}

/** Launches Electron with the built main; resolves with its exit code. */
export function launchElectron(exe, env = process.env) {
  return new Promise((resolveExit) => {
    const child = spawn(exe, [mainJs], { cwd: repoRoot, stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`Could not start Electron: ${err.message}`);
      resolveExit(1);
    });
    for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => child.kill(sig));
  });
}
