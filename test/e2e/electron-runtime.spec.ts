/**
 * What only a real Electron runtime can show (README, "Verified only with a real Electron runtime"),
 * checked where one is: `ELECTRON_OVERRIDE_DIST_PATH=/path/to/electron/dist npx playwright test
 * test/e2e/electron-runtime.spec.ts` (the CI workflow runs it on Linux, Windows and macOS). Without a
 * runtime every test here is skipped before anything starts.
 *
 * Each test launches the built app (out/main/index.js) in Electron through Playwright's _electron,
 * against the emulator, with its own folders, and reaches into main where the proof lives there:
 * the renderer's OS-level sandbox, IPC from a frame that is not the app's, the protocol handlers
 * as Electron registered them, the application menu, a native dialog, notifications, keytar built
 * for Electron's ABI and safeStorage with the OS key. The rest of the end-to-end suite also runs in
 * real Electron with the same variable.
 */
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator, type Emulator } from '../emulator';
import type { CadenzaApi } from '../../src/shared/ipc/api';
import { CONTENT_SECURITY_POLICY, RENDERER_ENTRY_URL } from '../../src/main/shell/security';
import { waitForAppReady } from './launch';

const DIST = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? '';
test.skip(
  !DIST,
  'needs a real Electron runtime: ELECTRON_OVERRIDE_DIST_PATH=/path/to/electron/dist (CI runs it)',
);

const MAIN_JS = join(resolve(__dirname, '../..'), 'out/main/index.js');
const PRELOAD_JS = join(resolve(__dirname, '../..'), 'out/preload/index.cjs');
const VALID_KEY = 'e2e-valid-key-1234';
type Renderer = { cadenza: CadenzaApi };

interface Folders {
  root: string;
  userData: string;
  home: string;
  library: string;
}

interface Running {
  electronApp: ElectronApplication;
  page: Page;
  close(): Promise<void>;
}

function executable(): string {
  if (process.platform === 'darwin') return join(DIST, 'Electron.app/Contents/MacOS/Electron');
  return join(DIST, process.platform === 'win32' ? 'electron.exe' : 'electron');
}

async function makeFolders(emulator: Emulator): Promise<Folders> {
  const root = await mkdtemp(join(tmpdir(), 'cadenza-electron-'));
  const f = {
    root,
    userData: join(root, 'user-data'),
    home: join(root, 'home'),
    library: join(root, 'library'),
  };
  for (const d of [f.userData, f.home, f.library]) await mkdir(d, { recursive: true });
  await writeFile(
    join(f.home, 'settings.json'),
    JSON.stringify({ schema_version: 1, baseUrl: emulator.url, firstRunDone: true }),
  );
  return f;
}

/** Launches the built app in real Electron; the OS keychain is used unless `keychain` is false. */
async function launch(f: Folders, opts: { keychain: boolean }): Promise<Running> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('CADENZA_') && k !== 'ELECTRON_RENDERER_URL') env[k] = v;
  Object.assign(env, {
    CADENZA_HOME: f.home,
    CADENZA_LIBRARY: f.library,
    CADENZA_ALLOW_LOOPBACK: '1',
    ...(opts.keychain ? {} : { CADENZA_KEYCHAIN: 'off' }),
  });
  const electronApp = await _electron.launch({
    executablePath: executable(),
    args: [`--user-data-dir=${f.userData}`, MAIN_JS],
    env,
  });
  let page: Page;
  try {
    page = await electronApp.firstWindow();
    await waitForAppReady(page);
  } catch (e) {
    await electronApp.close().catch(() => undefined);
    throw e;
  }
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await electronApp.close();
  };
  return { electronApp, page, close };
}

const status = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Renderer).cadenza.account.getStatus());

let emulator: Emulator;
let folders: Folders;

test.beforeEach(async () => {
  emulator = await startEmulator({ keys: [VALID_KEY], stepMs: 50 });
  folders = await makeFolders(emulator);
});

test.afterEach(async () => {
  await emulator.close();
  await rm(folders.root, { recursive: true, force: true });
});

test('the renderer is sandboxed by the OS, context-isolated, and has no Node', async () => {
  const app = await launch(folders, { keychain: false });
  try {
    const main = await app.electronApp.evaluate(({ app: electronApp, BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows()[0]!;
      const pid = win.webContents.getOSProcessId();
      const metric = electronApp.getAppMetrics().find((m) => m.pid === pid);
      return {
        sandboxOffSwitch: electronApp.commandLine.hasSwitch('no-sandbox'),
        pid,
        type: metric?.type,
        osSandboxed: metric?.sandboxed,
      };
    });
    expect(main).toMatchObject({ sandboxOffSwitch: false, type: 'Tab' });

    // The renderer process itself (where the preload runs) is confined by the OS: seccomp-bpf with
    // no_new_privs on Linux; Electron reports the OS sandbox on Windows and macOS.
    if (process.platform === 'linux') {
      const procStatus = await readFile(`/proc/${main.pid}/status`, 'utf8');
      expect(procStatus).toMatch(/^Seccomp:\s+2$/m);
      expect(procStatus).toMatch(/^NoNewPrivs:\s+1$/m);
    } else {
      expect(main.osSandboxed).toBe(true);
    }

    // The page's world: no Node, no Electron, only the named bridge (contextBridge refuses to
    // expose anything without context isolation).
    const world = await app.page.evaluate(() => {
      const g = globalThis as unknown as Record<string, unknown> & { location: { href: string } };
      const cadenza = g.cadenza as Record<string, unknown>;
      return {
        process: typeof g.process,
        require: typeof g.require,
        module: typeof g.module,
        Buffer: typeof g.Buffer,
        electron: typeof g.electron,
        ipcRenderer: typeof g.ipcRenderer,
        cadenza: typeof cadenza,
        genericInvoke: ['invoke', 'send', 'ipcRenderer'].filter((k) => k in cadenza),
        secure: g.isSecureContext,
        href: g.location.href,
      };
    });
    expect(world).toEqual({
      process: 'undefined',
      require: 'undefined',
      module: 'undefined',
      Buffer: 'undefined',
      electron: 'undefined',
      ipcRenderer: 'undefined',
      cadenza: 'object',
      genericInvoke: [],
      secure: true,
      href: RENDERER_ENTRY_URL,
    });
  } finally {
    await app.close();
  }
});

test('IPC answers the app’s own frame over structured clone and refuses any other frame', async () => {
  const app = await launch(folders, { keychain: false });
  try {
    // the app's renderer: a structured-cloned answer, as the contract describes it
    const answer = await status(app.page);
    expect(answer).toMatchObject({ ok: true, value: { hasKey: false, baseUrl: emulator.url } });
    // what cannot be cloned never reaches main as something else
    const uncloneable = await app.page.evaluate(async () => {
      const api = (globalThis as unknown as Renderer).cadenza;
      try {
        const r = await api.account.setKey((() => 'x') as unknown as string);
        return r.ok ? 'accepted' : `refused:${r.error.code}`;
      } catch (e) {
        return `threw:${String(e)}`;
      }
    });
    expect(uncloneable).not.toBe('accepted');

    // another page with the same preload, on another origin: the sender check refuses it
    const foreign = await app.electronApp.evaluate(async ({ BrowserWindow }, preload) => {
      const other = new BrowserWindow({
        show: false,
        webPreferences: { preload, sandbox: true, contextIsolation: true },
      });
      try {
        await other.loadURL('data:text/html,<title>not the app</title>');
        return (await other.webContents.executeJavaScript(
          `(async () => {
            if (typeof window.cadenza !== 'object') return { bridge: false };
            const r = await window.cadenza.account.getStatus();
            return { bridge: true, ok: r.ok, code: r.ok ? null : r.error.code };
          })()`,
        )) as { bridge: boolean; ok?: boolean; code?: string | null };
      } finally {
        other.destroy();
      }
    }, PRELOAD_JS);
    if (foreign.bridge) expect(foreign).toEqual({ bridge: true, ok: false, code: 'forbidden' });
    else expect(foreign).toEqual({ bridge: false });
    // and the app's own frame is still answered
    expect((await status(app.page)).ok).toBe(true);
  } finally {
    await app.close();
  }
});

/** A short 8 kHz mono PCM WAV (a tenth of a second of silence). */
function tinyWav(): Buffer {
  const samples = 800;
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test('cadenza-media: and app:// are answered by the app’s handlers inside Electron', async () => {
  await writeFile(join(folders.library, 'probe take.wav'), tinyWav());
  const app = await launch(folders, { keychain: false });
  try {
    const media = 'cadenza-media://library/probe%20take.wav';
    const fromMain = await app.electronApp.evaluate(
      async ({ BrowserWindow }, { media, entry }) => {
        const session = BrowserWindow.getAllWindows()[0]!.webContents.session;
        const ranged = await session.fetch(media, { headers: { Range: 'bytes=0-3' } });
        const head = Buffer.from(await ranged.arrayBuffer()).toString('latin1');
        const missing = await session.fetch('cadenza-media://library/not-there.wav');
        const outside = await session.fetch('cadenza-media://library/..%2F..%2Fetc%2Fpasswd');
        const page = await session.fetch(entry);
        return {
          handled: session.protocol.isProtocolHandled('cadenza-media'),
          rangedStatus: ranged.status,
          head,
          missing: missing.status,
          outside: outside.status,
          pageStatus: page.status,
          csp: page.headers.get('content-security-policy'),
        };
      },
      { media, entry: RENDERER_ENTRY_URL },
    );
    expect(fromMain).toMatchObject({
      handled: true,
      rangedStatus: 206,
      head: 'RIFF',
      pageStatus: 200,
      csp: CONTENT_SECURITY_POLICY,
    });
    expect(fromMain.missing).toBeGreaterThanOrEqual(400);
    expect(fromMain.outside).toBeGreaterThanOrEqual(400);

    // the page plays it through the scheme under its real CSP and privileges
    const duration = await app.page.evaluate(
      (src) =>
        new Promise<number>((done, fail) => {
          const g = globalThis as unknown as {
            Audio: new () => {
              duration: number;
              src: string;
              error: { code: number } | null;
              addEventListener(type: string, f: () => void): void;
            };
          };
          const audio = new g.Audio();
          audio.addEventListener('loadedmetadata', () => done(audio.duration));
          audio.addEventListener('error', () =>
            fail(new Error(`media error ${audio.error?.code}`)),
          );
          audio.src = src;
        }),
      media,
    );
    expect(duration).toBeCloseTo(0.1, 2);
  } finally {
    await app.close();
  }
});

test('the application menu, a native dialog and notifications', async () => {
  const app = await launch(folders, { keychain: false });
  try {
    const shell = await app.electronApp.evaluate(
      async ({ BrowserWindow, dialog, Menu, Notification }) => {
        const labels = (Menu.getApplicationMenu()?.items ?? []).map((i) => i.label);
        // a real native message box, closed again as if cancelled
        const win = BrowserWindow.getAllWindows()[0]!;
        const abort = new AbortController();
        const shown = dialog.showMessageBox(win, {
          message: 'Cadenza CI: a native dialog',
          buttons: ['OK', 'Cancel'],
          cancelId: 1,
          signal: abort.signal,
        });
        setTimeout(() => abort.abort(), 500);
        const answer = await shown;
        const supported = Notification.isSupported();
        let shownEvent: string = 'not supported';
        if (supported) {
          const n = new Notification({ title: 'Cadenza CI', body: 'A notification', silent: true });
          shownEvent = await new Promise<string>((done) => {
            n.once('show', () => done('show'));
            n.once('failed', (_e, error: string) => done(`failed: ${error}`));
            setTimeout(() => done('no event'), 5000);
            n.show();
          });
          n.close();
        }
        return { labels, response: answer.response, supported, shownEvent };
      },
    );
    expect(shell.labels).toEqual(expect.arrayContaining(['File', 'Edit']));
    expect(shell.response).toBe(1);
    // Linux needs a notification daemon on the session bus; Windows and macOS have their own.
    if (process.platform !== 'linux') {
      expect(shell.supported).toBe(true);
      expect(shell.shownEvent).not.toMatch(/^failed/);
    }
    test.info().annotations.push({ type: 'notification', description: shell.shownEvent });
  } finally {
    await app.close();
  }
});

test('keytar, rebuilt for Electron’s ABI, keeps the key in the OS keychain', async () => {
  const probe = await (async () => {
    const app = await launch(folders, { keychain: true });
    try {
      return await app.electronApp.evaluate(async (_electron, mainJs) => {
        // keytar as main loads it: resolved from the built main, in Electron's own Node
        const { createRequire } = process.getBuiltinModule('node:module');
        const req = createRequire(mainJs);
        const keytar = req('keytar') as {
          setPassword(s: string, a: string, p: string): Promise<void>;
          getPassword(s: string, a: string): Promise<string | null>;
          deletePassword(s: string, a: string): Promise<boolean>;
        };
        const service = 'Cadenza CI probe';
        const account = `probe-${process.pid}`;
        await keytar.setPassword(service, account, 'probe-secret');
        const read = await keytar.getPassword(service, account);
        const deleted = await keytar.deletePassword(service, account);
        return {
          read,
          deleted,
          abi: process.versions.modules,
          electron: process.versions.electron,
        };
      }, MAIN_JS);
    } finally {
      await app.close();
    }
  })();
  expect(probe).toMatchObject({ read: 'probe-secret', deleted: true });
  expect(probe.electron).toBeTruthy();

  // the app itself: the key goes to the keychain, survives a restart, and is removed again
  let app = await launch(folders, { keychain: true });
  try {
    expect(await status(app.page)).toMatchObject({ ok: true, value: { keychainAvailable: true } });
    const saved = await app.page.evaluate(
      (key) => (globalThis as unknown as Renderer).cadenza.account.setKey(key),
      VALID_KEY,
    );
    expect(saved.ok).toBe(true);
    expect(await status(app.page)).toMatchObject({
      value: { hasKey: true, keyLast4: '1234', storage: 'keychain' },
    });
    await app.close();
    app = await launch(folders, { keychain: true });
    expect(await status(app.page)).toMatchObject({
      value: { hasKey: true, keyLast4: '1234', storage: 'keychain' },
    });
  } finally {
    await app.page
      .evaluate(() => (globalThis as unknown as Renderer).cadenza.account.removeKey())
      .catch(() => undefined);
    await app.close();
  }
});

test('safeStorage encrypts with the OS key, and the app keeps the key with it', async () => {
  let app = await launch(folders, { keychain: false });
  try {
    const probe = await app.electronApp.evaluate(({ safeStorage }) => {
      const available = safeStorage.isEncryptionAvailable();
      const sealed = available ? safeStorage.encryptString('probe-secret') : Buffer.alloc(0);
      return {
        available,
        backend: process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'the OS',
        sealedContainsPlain: sealed.toString('latin1').includes('probe-secret'),
        opened: available ? safeStorage.decryptString(sealed) : null,
      };
    });
    expect(probe).toMatchObject({
      available: true,
      sealedContainsPlain: false,
      opened: 'probe-secret',
    });
    // on Linux, the Secret Service's key, never the hard-coded "basic_text" one
    expect(probe.backend).not.toBe('basic_text');
    expect(probe.backend).not.toBe('unknown');

    const saved = await app.page.evaluate(
      (key) => (globalThis as unknown as Renderer).cadenza.account.setKey(key),
      VALID_KEY,
    );
    expect(saved.ok).toBe(true);
    expect(await status(app.page)).toMatchObject({ value: { storage: 'safe-storage' } });
    const onDisk = await readFile(join(folders.home, 'keys.json'), 'utf8');
    expect(onDisk).not.toContain(VALID_KEY);
    await app.close();
    app = await launch(folders, { keychain: false });
    expect(await status(app.page)).toMatchObject({
      value: { hasKey: true, keyLast4: '1234', storage: 'safe-storage' },
    });
  } finally {
    await app.close();
  }
});
