// Shared by start.mjs and demo.mjs: find an Electron runtime, build if needed, launch the app.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = join(repoRoot, 'out/main/index.js');

function executableIn(dist) {
  if (process.platform === 'darwin') return join(dist, 'Electron.app/Contents/MacOS/Electron');
  if (process.platform === 'win32') return join(dist, 'electron.exe');
  return join(dist, 'electron');
}

/** The Electron executable from ELECTRON_OVERRIDE_DIST_PATH or node_modules/electron/dist, if present. */
export function findElectron() {
  const candidates = [];
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH)
    candidates.push(process.env.ELECTRON_OVERRIDE_DIST_PATH);
  candidates.push(join(repoRoot, 'node_modules/electron/dist'));
  for (const dist of candidates) {
    const exe = executableIn(dist);
    if (existsSync(exe)) return exe;
  }
  return undefined;
}

export function explainMissingRuntime() {
  console.error(
    [
      'No Electron runtime is available on this machine.',
      '',
      'The Electron binary is downloaded from outside the npm registry, so `npm ci` here skips it.',
      'To run the desktop app, point Cadenza at an Electron runtime you have:',
      '',
      '  ELECTRON_OVERRIDE_DIST_PATH=/path/to/electron/dist npm start',
      '',
      '`npm test` exercises the whole app without it: the built renderer and preload run in',
      'Chromium against the real main-process code (see test/support/electron-double/README.md).',
    ].join('\n'),
  );
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
    process.platform === 'win32' ? 'npx.cmd' : 'npx',
    ['electron-vite', 'build'],
    { cwd: repoRoot, stdio: 'inherit' },
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
