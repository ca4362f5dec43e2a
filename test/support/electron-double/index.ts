/**
 * A stand-in for the `electron` module in a plain Node process. See README.md for what it covers
 * and what it cannot prove. Typical use (test/e2e/fixtures.ts):
 *
 *   const double = createElectronDouble({ userDataDir, browser });
 *   const uninstall = installElectronDouble(double);   // require('electron') → double.module
 *   require('/abs/out/main/index.js');                 // the built main
 *   double.app.start();                                // 'ready'
 *   const page = await double.firstWindowPage();
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DoubleApp } from './app';
import { DoubleIpcMain } from './ipc';
import { DoubleBrowserWindow, type WindowHost } from './window';
import { DoubleSession } from './session';
import {
  createClipboard,
  createDialog,
  createMenu,
  createNativeTheme,
  createNotificationClass,
  createProtocol,
  createSafeStorage,
  createShell,
  nativeImage,
} from './misc';
import { CHROMIUM_ARGS, createState, type DoubleOptions, type DoubleState } from './state';
import { makeEvent } from './events';
import { DoubleScreen } from './screen';
import { fileLocalStorage } from './window';
import type { SchemeRequestRecord } from './media-bridge';

export type {
  IpcRecord,
  DialogCall,
  DoubleOptions,
  NotificationRecord,
  ConsoleRecord,
  RelaunchRecord,
} from './state';
export type { SchemeRequestRecord } from './media-bridge';

/** The double's `protocol`: Electron's API plus double-only `fetch` and `pageRequests`. */
export type DoubleProtocol = ReturnType<typeof createProtocol> & {
  /** Every request the page made to a handled scheme, with the handler's status and Content-Range. */
  readonly pageRequests: SchemeRequestRecord[];
};
export { installElectronDouble } from './install';
export { DoubleBrowserWindow } from './window';
export { DoubleScreen, type DisplaySpec, type DoubleRect } from './screen';

export interface ElectronDouble {
  /** What `require('electron')` returns. */
  readonly module: Record<string, unknown>;
  readonly app: DoubleApp;
  readonly ipcMain: DoubleIpcMain;
  readonly session: DoubleSession;
  readonly state: DoubleState;
  readonly protocol: DoubleProtocol;
  /** The displays (screen.ts); `setDisplays` plugs and unplugs monitors. */
  readonly screen: DoubleScreen;
  /** Scripted dialog answers, consumed in order. */
  readonly dialogs: {
    readonly calls: DoubleState['dialogCalls'];
    answerMessageBox(response: number): void;
    answerOpenDialog(filePaths: string[]): void;
    answerSaveDialog(filePath: string | undefined): void;
  };
  /** The first window's page, once created and set up. */
  firstWindowPage(): Promise<Page>;
  /** Maps a File name to a path for webUtils.getPathForFile in every window. */
  registerDroppedFile(name: string, path: string): Promise<void>;
  /** app.quit(), then waits for pages and (owned) browser contexts to close. */
  quit(): Promise<void>;
}

export function createElectronDouble(options: DoubleOptions): ElectronDouble {
  const state = createState(options);
  const session = new DoubleSession();
  const ipcMain = new DoubleIpcMain(state);
  let ownedBrowser: Browser | undefined;
  const storageStateFile = join(options.userDataDir, 'Chromium', 'storage-state.json');
  const windowWaiters: ((w: DoubleBrowserWindow) => void)[] = [];

  const screen = new DoubleScreen(options.displays);
  const app: DoubleApp = new DoubleApp(state, () => DoubleBrowserWindow.getAllWindows());
  const protocol: DoubleProtocol = Object.assign(createProtocol(), {
    pageRequests: state.schemeRequests,
  });
  const host: WindowHost = {
    state,
    ipcMain,
    session,
    protocol,
    context(): Promise<BrowserContext> {
      state.context ??= (async () => {
        if (options.browser) return options.browser.newContext();
        // A browser of our own; localStorage and cookies persist across runs on the same
        // userData through a storage-state file (saved on quit), like Electron's profile.
        ownedBrowser = await chromium.launch({
          executablePath: options.executablePath ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
          headless: true,
        });
        const saved = existsSync(storageStateFile) ? storageStateFile : undefined;
        return ownedBrowser.newContext(saved ? { storageState: saved } : {});
      })();
      return state.context;
    },
    created(win) {
      app.emit('browser-window-created', makeEvent(), win);
      app.emit('web-contents-created', makeEvent(), win.webContents);
      for (const w of windowWaiters.splice(0)) w(win);
    },
    closed() {
      if (DoubleBrowserWindow.getAllWindows().length === 0) app.lastWindowClosed();
    },
  };
  DoubleBrowserWindow.bindHost(host);

  const { Menu, MenuItem } = createMenu();
  const nodeOnly = (what: string) => () => {
    throw new Error(
      `electron double: ${what} exists only inside the page (the preload runs there)`,
    );
  };

  const module: Record<string, unknown> = {
    app,
    BrowserWindow: DoubleBrowserWindow,
    ipcMain,
    ipcRenderer: {
      invoke: nodeOnly('ipcRenderer'),
      on: nodeOnly('ipcRenderer'),
      send: nodeOnly('ipcRenderer'),
    },
    contextBridge: { exposeInMainWorld: nodeOnly('contextBridge') },
    webUtils: {
      getPathForFile: (file: { name?: string }) =>
        file?.name ? (state.droppedFiles.get(file.name) ?? '') : '',
    },
    protocol,
    session: { defaultSession: session, fromPartition: () => session },
    dialog: createDialog(state),
    clipboard: createClipboard(state),
    shell: createShell(state),
    Notification: createNotificationClass(state),
    safeStorage: createSafeStorage(),
    nativeTheme: createNativeTheme(),
    Menu,
    MenuItem,
    nativeImage,
    screen,
    powerSaveBlocker: { start: () => 1, stop: () => undefined, isStarted: () => false },
  };
  module.default = module;

  return {
    module,
    app,
    ipcMain,
    session,
    state,
    protocol,
    screen,
    dialogs: {
      calls: state.dialogCalls,
      answerMessageBox: (response) => void state.dialogAnswers.messageBox.push({ response }),
      answerOpenDialog: (filePaths) => void state.dialogAnswers.openDialog.push({ filePaths }),
      answerSaveDialog: (filePath) => void state.dialogAnswers.saveDialog.push({ filePath }),
    },
    firstWindowPage() {
      const existing = DoubleBrowserWindow.getAllWindows()[0];
      const win = existing
        ? Promise.resolve(existing)
        : new Promise<DoubleBrowserWindow>((r) => windowWaiters.push(r));
      return win.then((w) => w.pageReady);
    },
    async registerDroppedFile(name, path) {
      state.droppedFiles.set(name, path);
      await Promise.all(
        DoubleBrowserWindow.getAllWindows().map((w) => w.registerDroppedFile(name, path)),
      );
    },
    async quit() {
      const context = state.context ? await state.context.catch(() => undefined) : undefined;
      if (context && ownedBrowser) {
        mkdirSync(dirname(storageStateFile), { recursive: true });
        await context.storageState({ path: storageStateFile }).catch(() => undefined);
        const first = context.pages()[0];
        const local = await first
          ?.evaluate(() =>
            JSON.stringify({ ...(globalThis as unknown as { localStorage: object }).localStorage }),
          )
          .catch(() => undefined);
        if (local) writeFileSync(fileLocalStorage(options.userDataDir), local);
      }
      const pages = DoubleBrowserWindow.getAllWindows().map((w) =>
        w.pageReady.catch(() => undefined),
      );
      app.quit();
      await app.quitted;
      for (const p of await Promise.all(pages)) await p?.close().catch(() => undefined);
      await context?.close().catch(() => undefined);
      await ownedBrowser?.close().catch(() => undefined);
    },
  };
}
