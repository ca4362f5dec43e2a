/**
 * Launching the built app: under the Electron double in this Node process (this machine), or as
 * real Electron via Playwright's _electron when ELECTRON_OVERRIDE_DIST_PATH names a runtime.
 */
import { _electron, type Page } from '@playwright/test';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import {
  createElectronDouble,
  installElectronDouble,
  type ConsoleRecord,
  type DialogCall,
  type IpcRecord,
} from '../support/electron-double';

export interface AppDirs {
  root: string;
  userData: string;
  home: string;
  library: string;
}

/** One item of the application menu: its label or role, and its submenu. */
export interface MenuEntry {
  label?: string;
  role?: string;
  submenu?: MenuEntry[];
}

export interface LaunchedApp {
  page: Page;
  /** The application menu main installed (null: none, Electron's default would show). */
  applicationMenu(): Promise<MenuEntry[] | null>;
  /** Chooses an item of the application menu, by its labels (`['File', 'Settings']`). */
  clickMenuItem(labels: readonly string[]): Promise<void>;
  ipcLog: IpcRecord[];
  openedExternal: string[];
  console: ConsoleRecord[];
  dialogCalls: DialogCall[];
  answerMessageBox(response: number): Promise<void>;
  answerOpenDialog(filePaths: string[]): Promise<void>;
  dropFiles(selector: string, files: { path: string; mimeType?: string }[]): Promise<void>;
  /** Another launch of the app with these arguments after the entry (`second-instance` in main). */
  secondInstance(args: string[], workingDirectory: string): Promise<void>;
  /** The text main put on the clipboard. */
  clipboardText(): Promise<string>;
  close(): Promise<void>;
}

interface LaunchOptions {
  mainJs: string;
  dirs: AppDirs;
  env: Record<string, string>;
  /** Command-line arguments after the app's entry (e.g. files opened with Cadenza). */
  args?: string[];
  /** Run as an installed build (app.isPackaged); the double only. */
  packaged?: boolean;
}

/** Menu items (Electron's MenuItem or the double's template objects) as plain entries. */
function menuEntries(items: unknown): MenuEntry[] {
  if (!Array.isArray(items)) return [];
  return items.map((raw) => {
    const item = raw as { label?: unknown; role?: unknown; submenu?: unknown };
    const sub = item.submenu as { items?: unknown } | unknown[] | undefined;
    const entry: MenuEntry = {};
    if (typeof item.label === 'string' && item.label) entry.label = item.label;
    if (typeof item.role === 'string' && item.role) entry.role = item.role;
    const subItems = Array.isArray(sub) ? sub : sub?.items;
    if (subItems) entry.submenu = menuEntries(subItems);
    return entry;
  });
}

/** Waits for the renderer's ready signal (set once the first account status settled). */
export async function waitForAppReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** Dispatches dragenter/dragover/drop with File objects named like the given paths. */
async function dispatchDrop(
  page: Page,
  selector: string,
  files: { name: string; mimeType: string }[],
): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list) => {
    // Page-side code (DOM types are not in this tsconfig).
    const g = globalThis as unknown as {
      DataTransfer: new () => { items: { add(f: unknown): void } };
      File: new (parts: unknown[], name: string, opts: { type: string }) => unknown;
    };
    const dt = new g.DataTransfer();
    for (const f of list)
      dt.items.add(new g.File([new Uint8Array(16)], f.name, { type: f.mimeType }));
    return dt;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop'])
    await page.dispatchEvent(selector, type, { dataTransfer });
}

const nameOf = (path: string): string => path.split(/[\\/]/).pop() ?? path;

const ENV_KEYS_TO_CLEAR = [
  'ELECTRON_RENDERER_URL',
  'CADENZA_BASE_URL',
  'CADENZA_API_KEY',
  'CADENZA_DEMO',
  'CADENZA_ALLOW_LOOPBACK',
];

export async function launchInDouble({
  mainJs,
  dirs,
  env,
  output,
  args = [],
  packaged = false,
}: LaunchOptions & { output: string[] }): Promise<LaunchedApp> {
  const savedEnv = new Map<string, string | undefined>();
  for (const k of [...ENV_KEYS_TO_CLEAR, ...Object.keys(env)]) savedEnv.set(k, process.env[k]);
  for (const k of ENV_KEYS_TO_CLEAR) delete process.env[k];
  Object.assign(process.env, env);

  // Main writes to this process's stdout/stderr: keep a copy for the tests (and pass it through).
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((s) => s.write.bind(s));
  streams.forEach((s, i) => {
    s.write = ((chunk: unknown, ...rest: unknown[]) => {
      output.push(
        typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'),
      );
      return (originals[i] as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof s.write;
  });

  const double = createElectronDouble({
    userDataDir: dirs.userData,
    paths: { music: join(dirs.root, 'Music') },
    isPackaged: packaged,
  });
  const uninstall = installElectronDouble(double);
  const restore = (): void => {
    uninstall();
    streams.forEach((s, i) => (s.write = originals[i] as typeof s.write));
    for (const [k, v] of savedEnv) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };

  let page: Page;
  try {
    // A fresh copy of the built main (and anything it bundled next to it) for every launch.
    const outDir = dirname(dirname(mainJs));
    const cache = (Module as unknown as { _cache: Record<string, unknown> })._cache;
    for (const id of Object.keys(cache)) if (id.startsWith(outDir)) delete cache[id];
    const req = Module.createRequire(mainJs);
    // main reads its command line as it starts: an unpackaged app's [electron, entry, ...args],
    // an installed one's [app, ...args]
    const savedArgv = process.argv;
    process.argv = packaged ? [process.execPath, ...args] : [process.execPath, mainJs, ...args];
    try {
      req(mainJs);
    } finally {
      process.argv = savedArgv;
    }
    const outputBefore = output.length;
    // A start-up failure makes main quit: report it at once instead of waiting for a timeout.
    const quitEarly = double.app.quitted.then(() => {
      throw new Error(
        `The app quit while starting. Its output:\n${output.slice(outputBefore).join('')}`,
      );
    });
    quitEarly.catch(() => undefined);
    double.app.start();
    page = await Promise.race([double.firstWindowPage(), quitEarly]);
    await Promise.race([waitForAppReady(page), quitEarly]);
  } catch (e) {
    await double.quit().catch(() => undefined);
    restore();
    throw e;
  }

  return {
    page,
    applicationMenu: async () => {
      const menu = (
        double.module.Menu as { getApplicationMenu(): { items: unknown[] } | null }
      ).getApplicationMenu();
      return menu ? menuEntries(menu.items) : null;
    },
    clickMenuItem: async (labels) => {
      // the double's menu keeps main's template: its items are the objects main wrote
      type Item = { label?: string; click?: () => void; submenu?: Item[] };
      const menu = (
        double.module.Menu as { getApplicationMenu(): { items: Item[] } | null }
      ).getApplicationMenu();
      let items: Item[] = menu?.items ?? [];
      let found: Item | undefined;
      for (const label of labels) {
        found = items.find((i) => i.label === label);
        items = found?.submenu ?? [];
      }
      if (!found?.click) throw new Error(`no menu item ${labels.join(' › ')}`);
      found.click();
    },
    ipcLog: double.state.ipcLog,
    openedExternal: double.state.openedExternal,
    console: double.state.console,
    dialogCalls: double.state.dialogCalls,
    answerMessageBox: async (response) => double.dialogs.answerMessageBox(response),
    answerOpenDialog: async (paths) => double.dialogs.answerOpenDialog(paths),
    async dropFiles(selector, files) {
      for (const f of files) await double.registerDroppedFile(nameOf(f.path), f.path);
      await dispatchDrop(
        page,
        selector,
        files.map((f) => ({ name: nameOf(f.path), mimeType: f.mimeType ?? '' })),
      );
    },
    clipboardText: async () => double.state.clipboardText,
    async secondInstance(args, workingDirectory) {
      double.app.emit(
        'second-instance',
        { preventDefault: () => undefined },
        [process.execPath, mainJs, ...args],
        workingDirectory,
        {},
      );
    },
    async close() {
      try {
        await double.quit();
      } finally {
        restore();
      }
    },
  };
}

/** Real Electron (cannot run on this machine): dialogs and openExternal are stubbed in main. */
export async function launchInElectron({
  mainJs,
  dirs,
  env,
  args = [],
}: LaunchOptions): Promise<LaunchedApp> {
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? '';
  const executablePath = join(
    dist,
    process.platform === 'darwin'
      ? 'Electron.app/Contents/MacOS/Electron'
      : process.platform === 'win32'
        ? 'electron.exe'
        : 'electron',
  );
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !ENV_KEYS_TO_CLEAR.includes(k)) childEnv[k] = v;
  const electronApp = await _electron.launch({
    executablePath,
    args: [`--user-data-dir=${dirs.userData}`, mainJs, ...args],
    env: { ...childEnv, ...env },
  });
  const consoleLog: ConsoleRecord[] = [];
  const output: string[] = [];
  electronApp.process().stdout?.on('data', (d: Buffer) => output.push(d.toString('utf8')));
  await electronApp.evaluate(({ dialog, shell }) => {
    const g = globalThis as unknown as {
      __answers: number[];
      __opened: string[];
      __paths: string[][];
    };
    g.__answers = [];
    g.__opened = [];
    g.__paths = [];
    dialog.showMessageBox = (async () => ({
      response: g.__answers.shift() ?? 1,
      checkboxChecked: false,
    })) as typeof dialog.showMessageBox;
    dialog.showOpenDialog = (async () => {
      const filePaths = g.__paths.shift() ?? [];
      return { canceled: filePaths.length === 0, filePaths };
    }) as typeof dialog.showOpenDialog;
    shell.openExternal = async (url: string) => {
      g.__opened.push(url);
    };
  });
  const page = await electronApp.firstWindow();
  page.on('console', (m) => consoleLog.push({ type: m.type(), text: m.text() }));
  await waitForAppReady(page);
  const openedExternal: string[] = [];
  return {
    page,
    applicationMenu: async () => {
      const items = await electronApp.evaluate(({ Menu }) => {
        const walk = (menu: Electron.Menu | null | undefined): unknown[] | null =>
          menu
            ? menu.items.map((i) => ({ label: i.label, role: i.role, submenu: walk(i.submenu) }))
            : null;
        return walk(Menu.getApplicationMenu());
      });
      return items ? menuEntries(items) : null;
    },
    clickMenuItem: async (labels) => {
      const clicked = await electronApp.evaluate(({ Menu }, path) => {
        let items = Menu.getApplicationMenu()?.items ?? [];
        let found: Electron.MenuItem | undefined;
        for (const label of path) {
          found = items.find((i) => i.label === label);
          items = found?.submenu?.items ?? [];
        }
        found?.click();
        return !!found;
      }, labels);
      if (!clicked) throw new Error(`no menu item ${labels.join(' › ')}`);
    },
    ipcLog: [],
    get openedExternal() {
      return openedExternal;
    },
    console: consoleLog,
    dialogCalls: [],
    answerMessageBox: (response) =>
      electronApp.evaluate(
        (_e, r) => void (globalThis as unknown as { __answers: number[] }).__answers.push(r),
        response,
      ),
    answerOpenDialog: (paths) =>
      electronApp.evaluate(
        (_e, p) => void (globalThis as unknown as { __paths: string[][] }).__paths.push(p),
        paths,
      ),
    clipboardText: () => electronApp.evaluate(({ clipboard }) => clipboard.readText()),
    secondInstance: (args, workingDirectory) =>
      electronApp.evaluate(
        ({ app }, a) =>
          void app.emit(
            'second-instance',
            { preventDefault: () => undefined },
            [process.execPath, a.mainJs, ...a.args],
            a.workingDirectory,
            {},
          ),
        { mainJs, args, workingDirectory },
      ),
    async dropFiles() {
      throw new Error(
        'Dropping files is driven through the double only (real Electron needs OS drag and drop).',
      );
    },
    async close() {
      openedExternal.push(
        ...(await electronApp.evaluate(
          () => (globalThis as unknown as { __opened: string[] }).__opened,
        )),
      );
      await electronApp.close();
    },
  };
}
