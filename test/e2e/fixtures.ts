/**
 * The end-to-end fixture. Per test: fresh temp folders (user data, CADENZA_HOME, CADENZA_LIBRARY),
 * an emulator, and the BUILT app (out/main/index.js) launched against it — in this Node process
 * under the Electron double with Chromium as the window, or, when ELECTRON_OVERRIDE_DIST_PATH is
 * set, as real Electron through Playwright's _electron. Tests wait for the renderer's
 * `data-app-ready="true"`, never for time.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator, type Emulator } from '../emulator';
import type { ConsoleRecord, DialogCall, IpcRecord } from '../support/electron-double';
import {
  launchInDouble,
  launchInElectron,
  type LaunchedApp,
  type AppDirs,
  type MenuEntry,
} from './launch';

export const REPO_ROOT = resolve(__dirname, '../..');
export const MAIN_JS = join(REPO_ROOT, 'out/main/index.js');

/** A valid key of the emulator; the panel shows "Key ending in 1234". */
export const VALID_KEY = 'e2e-valid-key-1234';

export interface AppHandle {
  /** The current window's page (changes after restart). */
  readonly page: Page;
  /**
   * Quits the app and launches it again on the same folders; resolves the new page once ready.
   * `args` go on the new launch's command line after the app's entry (e.g. files to open);
   * `packaged` runs it as an installed build (the double only).
   */
  restart(options?: { args?: string[]; packaged?: boolean }): Promise<Page>;
  /** The application menu main installed, as labels/roles (null when none was set). */
  applicationMenu(): Promise<MenuEntry[] | null>;
  /** Chooses an item of the application menu by its labels (`['File', 'Settings']`). */
  clickMenuItem(labels: readonly string[]): Promise<void>;
  /** Launches the app "again" while it runs: main gets `second-instance` with these arguments. */
  secondInstance(args: string[], workingDirectory?: string): Promise<void>;
  /** The text main last put on the clipboard. */
  clipboardText(): Promise<string>;
  /** Every IPC message of every run of this test (empty with real Electron). */
  readonly ipcLog: IpcRecord[];
  readonly dialogs: {
    readonly calls: DialogCall[];
    /** The next message box answers this button index (0 = confirm in Cadenza's dialogs). */
    answerMessageBox(response: number): Promise<void>;
    answerOpenDialog(filePaths: string[]): Promise<void>;
  };
  /** URLs passed to shell.openExternal. */
  readonly openedExternal: string[];
  /** The page's console messages. */
  readonly console: ConsoleRecord[];
  /** What main wrote to stdout/stderr during the test. */
  readonly output: string[];
  readonly dirs: AppDirs;
  /** Drops files on an element: registers each path for webUtils and dispatches drag events with File objects. */
  dropFiles(selector: string, files: { path: string; mimeType?: string }[]): Promise<void>;
}

interface Fixtures {
  emulatorKeys: string[];
  /** First run already finished in settings.json (true); false shows it at launch. */
  firstRunDone: boolean;
  /**
   * Main asks about tagging older files (seeded sidecars have no audio hash, as an earlier
   * version left them); by default the creator answered "Not now" in an earlier run.
   */
  upgradeUnanswered: boolean;
  emulator: Emulator;
  app: AppHandle;
  page: Page;
}

const useRealElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;

export const test = base.extend<Fixtures>({
  emulatorKeys: [[VALID_KEY], { option: true }],
  firstRunDone: [true, { option: true }],
  upgradeUnanswered: [false, { option: true }],

  emulator: async ({ emulatorKeys }, use) => {
    const emulator = await startEmulator({ keys: emulatorKeys, stepMs: 50 });
    await use(emulator);
    await emulator.close();
  },

  app: async ({ emulator, firstRunDone, upgradeUnanswered }, use, testInfo) => {
    if (!existsSync(MAIN_JS))
      throw new Error(
        'out/main/index.js is missing: run `npm run build` before the end-to-end tests.',
      );
    const root = await mkdtemp(join(tmpdir(), 'cadenza-e2e-'));
    const dirs: AppDirs = {
      root,
      userData: join(root, 'user-data'),
      home: join(root, 'home'),
      library: join(root, 'library'),
    };
    for (const d of [dirs.userData, dirs.home, dirs.library]) await mkdir(d, { recursive: true });
    // The service address is a stored setting (CADENZA_BASE_URL would pin it and hide address changes).
    await writeFile(
      join(dirs.home, 'settings.json'),
      JSON.stringify({
        schema_version: 1,
        baseUrl: emulator.url,
        ...(firstRunDone ? { firstRunDone: true } : {}),
      }),
    );
    if (!upgradeUnanswered)
      await writeFile(
        join(dirs.home, 'library-upgrade.json'),
        JSON.stringify({ version: 1, consent: 'declined', stopped: false }),
      );
    const env: Record<string, string> = {
      CADENZA_HOME: dirs.home,
      CADENZA_LIBRARY: dirs.library,
      CADENZA_KEYCHAIN: 'off',
      // the emulator's media is on loopback: the address guard's documented opt-in
      CADENZA_ALLOW_LOOPBACK: '1',
    };

    const ipcLog: IpcRecord[] = [];
    const openedExternal: string[] = [];
    const consoleLog: ConsoleRecord[] = [];
    const dialogCalls: DialogCall[] = [];
    const output: string[] = [];
    const launch = (args?: string[], packaged?: boolean): Promise<LaunchedApp> =>
      useRealElectron
        ? launchInElectron({ mainJs: MAIN_JS, dirs, env, args })
        : launchInDouble({ mainJs: MAIN_JS, dirs, env, output, args, packaged });

    let current = await launch();
    const collect = (): void => {
      ipcLog.push(...current.ipcLog.splice(0));
      openedExternal.push(...current.openedExternal.splice(0));
      consoleLog.push(...current.console.splice(0));
      dialogCalls.push(...current.dialogCalls.splice(0));
    };
    const handle: AppHandle = {
      get page() {
        return current.page;
      },
      async restart(options) {
        collect();
        await current.close();
        current = await launch(options?.args, options?.packaged);
        return current.page;
      },
      applicationMenu: () => current.applicationMenu(),
      clickMenuItem: (labels) => current.clickMenuItem(labels),
      secondInstance: (args, workingDirectory = REPO_ROOT) =>
        current.secondInstance(args, workingDirectory),
      clipboardText: () => current.clipboardText(),
      get ipcLog() {
        collect();
        return ipcLog;
      },
      get openedExternal() {
        collect();
        return openedExternal;
      },
      get console() {
        collect();
        return consoleLog;
      },
      output,
      dirs,
      dialogs: {
        get calls() {
          collect();
          return dialogCalls;
        },
        answerMessageBox: (response) => current.answerMessageBox(response),
        answerOpenDialog: (paths) => current.answerOpenDialog(paths),
      },
      dropFiles: (selector, files) => current.dropFiles(selector, files),
    };

    try {
      await use(handle);
    } finally {
      collect();
      await current.close().catch(() => undefined);
      if (testInfo.status === testInfo.expectedStatus)
        await rm(root, { recursive: true, force: true });
      else await testInfo.attach('app-folders', { body: root });
    }
  },

  page: async ({ app }, use) => {
    await use(app.page);
  },
});

export { expect };

/** Opens the Account panel from the main navigation. */
export async function openAccount(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Account/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}
