// npm run demo: the app against the local service emulator, with a demo key and a throwaway data folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ensureElectron, launchElectron, repoRoot } from './electron-runtime.mjs';

const PORT = 8787;
const KEY = 'demo-key-0000';

process.on('exit', (code) => {
  if (code !== 0)
    console.error(
      '\n(The emulator alone: npx tsx test/emulator/cli.ts --port 8787 --key demo-key-0000)',
    );
});
const electron = await ensureElectron();
ensureBuilt();

const home = mkdtempSync(join(tmpdir(), 'cadenza-demo-'));
const emulator = spawn(
  process.platform === 'win32' ? 'npx.cmd' : 'npx',
  ['tsx', 'test/emulator/cli.ts', '--port', String(PORT), '--key', KEY],
  {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);

const cleanUp = () => {
  if (emulator.exitCode === null) emulator.kill('SIGTERM');
  rmSync(home, { recursive: true, force: true });
};

// Wait until the emulator prints its address (it prints URLs, never keys).
await new Promise((resolve, reject) => {
  let seen = '';
  const timer = setTimeout(
    () => reject(new Error('The emulator did not start within 20 s.')),
    20_000,
  );
  emulator.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    seen += chunk.toString();
    if (seen.includes(`:${PORT}`)) {
      clearTimeout(timer);
      resolve();
    }
  });
  emulator.once('exit', (code) => {
    clearTimeout(timer);
    reject(new Error(`The emulator exited (code ${code}). Is port ${PORT} free?`));
  });
}).catch((err) => {
  console.error(err.message);
  cleanUp();
  process.exit(1);
});

console.log(`Demo: Cadenza against the emulator at http://127.0.0.1:${PORT}, data in ${home}`);
const code = await launchElectron(electron, {
  ...process.env,
  CADENZA_BASE_URL: `http://127.0.0.1:${PORT}`,
  CADENZA_API_KEY: KEY,
  CADENZA_HOME: home,
  CADENZA_LIBRARY: join(home, 'Library'),
  CADENZA_DEMO: '1',
  // the emulator serves on loopback, which the address guard refuses without this opt-in
  CADENZA_ALLOW_LOOPBACK: '1',
});
cleanUp();
process.exit(code);
