/**
 * App lifecycle: one instance, its log and process-level handlers, hardening before any window
 * exists, the services (core) wired to the IPC handlers, the main window, and a clean quit.
 */
import {
  app,
  BrowserWindow,
  clipboard,
  Menu,
  dialog,
  ipcMain,
  nativeTheme,
  Notification,
  powerSaveBlocker,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import { createCore, type Core } from '../services/core';
import { resolvePaths } from '../services/paths';
import { createEncryptedFileBackend } from '../services/secrets';
import { FileRegistry } from '../services/files/registry';
import { registerIpc } from './ipc';
import { senderCheck } from './security';
import { hardenSession, hardenWebContents } from './hardening';
import { createMainWindow, rendererDir } from './window';
import { initialWindowState, trackWindowState } from './window-state';
import { createWindowStateStore } from '../services/window-state';
import { buildHandlers, forwardEvents } from './handlers';
import { createJobNotifier } from './notifications';
import { followBatches } from './batch-shell';
import { handleScheme, registerAppSchemes } from './protocol';
import { createMediaHandler, MEDIA_SCHEME } from '../services/media-protocol/handler';
import { createRendererHandler, RENDERER_SCHEME } from './renderer-scheme';
import { sendEvent } from './events';
import { createShellUpdates } from './updater';
import { OpenedFiles, pathsFromArgv } from './open-files';
import { logger } from '../services/log';
import { boundHeapGrowth } from '../services/worker';
import { startAppLog } from './logging';
import { installProcessHandlers } from './process-handlers';
import { createShellDiagnostics, type ShellDiagnostics } from './diagnostics';
import { buildMenuTemplate } from './menu';
import {
  applyLanguageChoice,
  mainLanguage,
  onLanguageChange,
  setSystemLanguages,
  tr,
} from './i18n';

const log = logger('app');
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export interface ShellOptions {
  /** The folder of the built main bundle (out/main). */
  mainDir: string;
  env?: NodeJS.ProcessEnv;
}

function createCoreForShell(env: NodeJS.ProcessEnv, files: FileRegistry): Core {
  const userDataDir = app.getPath('userData');
  const { dataDir } = resolvePaths({ env, userDataDir });
  const keychainOff = env.CADENZA_KEYCHAIN === 'off';
  return createCore({
    env,
    userDataDir,
    musicDir: app.getPath('music'),
    secretBackends: [createEncryptedFileBackend({ cipher: safeStorage, dataDir })],
    ...(keychainOff ? { keychainBackend: null } : {}),
    jobs: { holder: 'app', trash: (path) => shell.trashItem(path) },
    // a retried cover or clone finds the files picked in this session by their handles
    files,
  });
}

/** Starts the desktop app. Returns false when another instance already runs (this one quits). */
export function startShell(opts: ShellOptions): boolean {
  const env = opts.env ?? process.env;
  // before the services build anything on main's heap or start a worker thread
  boundHeapGrowth();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  const startedAtMs = Date.now();
  const { dataDir } = resolvePaths({ env, userDataDir: app.getPath('userData') });
  const appLog = startAppLog({ dataDir, env, echo: !app.isPackaged });
  log.info('Cadenza starting', { version: app.getVersion(), platform: process.platform });
  let flushJobs: () => Promise<void> = async () => undefined;
  const removeProcessHandlers = installProcessHandlers({
    proc: process,
    app,
    flushJobs: () => flushJobs(),
    flushLog: () => appLog.flush(),
    startedAtMs,
  });
  /** "Open logs folder" and "Copy diagnostic report", for IPC and for a menu (once ready). */
  let diagnostics: ShellDiagnostics | undefined;
  const devServerUrl =
    !app.isPackaged && env.ELECTRON_RENDERER_URL ? env.ELECTRON_RENDERER_URL : undefined;
  const where = { mainDir: opts.mainDir, devServerUrl };
  let mainWindow: BrowserWindow | null = null;
  let unregister: (() => void) | undefined;
  let stopWork: (() => Promise<void>) | undefined;
  let started = false; // the services and IPC are up: a window may open
  registerAppSchemes(protocol); // before 'ready'
  const registry = new FileRegistry();
  const windowState = createWindowStateStore(dataDir);
  // "Open with Cadenza": audio paths on the command line, from a second launch or macOS open-file
  const openedFiles = new OpenedFiles({
    registry,
    deliver: (files) => {
      const windows = BrowserWindow.getAllWindows();
      for (const win of windows) sendEvent(win, 'filesOpened', files);
      return windows.length > 0;
    },
    log: (line) => log.info(line),
  });
  const argvContext = (cwd: string) => ({
    isPackaged: app.isPackaged,
    cwd,
    appPaths: [app.getAppPath()],
  });
  void openedFiles.add(pathsFromArgv(process.argv, argvContext(process.cwd())), 'command line');

  const openWindow = (): void => {
    openedFiles.windowOpened();
    mainWindow = createMainWindow(where, {
      state: initialWindowState(windowState, screen),
      dark: nativeTheme.shouldUseDarkColors,
    });
    trackWindowState(mainWindow, windowState);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  hardenWebContents(app, shell);
  app.on('second-instance', (_event, argv, workingDirectory) => {
    void openedFiles.add(pathsFromArgv(argv, argvContext(workingDirectory)), 'second launch');
    if (!mainWindow) {
      if (started) openWindow();
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('open-file', (event, path) => {
    event.preventDefault();
    void openedFiles.add([path], 'open-file');
    if (started && !mainWindow) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('will-quit', (event) => {
    unregister?.();
    unregister = undefined;
    // release the data-folder lock (so the CLI can take over), then quit for real
    const stop = stopWork;
    if (!stop) return;
    stopWork = undefined;
    event.preventDefault();
    void stop().finally(() => app.quit());
  });
  app.on('quit', () => {
    log.info('Cadenza quit');
    removeProcessHandlers();
    void appLog.close();
  });

  app
    .whenReady()
    .then(() => {
      hardenSession(session.defaultSession, devServerUrl);
      const core = createCoreForShell(env, registry);
      nativeTheme.themeSource = core.settings.get().theme ?? 'system';
      const { jobsHost, mediaCache } = core;
      const unforward = forwardEvents(core, BrowserWindow);
      const notify = createJobNotifier({
        Notification,
        BrowserWindow,
        t: tr,
        language: mainLanguage,
      });
      const unnotify = jobsHost.on('job-finished', (job) => notify(job));
      const unfollowBatches = followBatches({
        batches: core.batches,
        keepAwake: () => core.settings.get().batch?.keepAwake !== false,
        powerSaveBlocker,
        BrowserWindow,
        Notification,
        t: tr,
      });
      const media = createMediaHandler({
        roots: () => ({ library: jobsHost.libraryDir(), cache: mediaCache.dir }),
        cache: mediaCache,
      });
      const unhandleMedia = handleScheme(protocol, MEDIA_SCHEME, media);
      // the renderer's own origin: out/renderer only (the window loads app://cadenza/index.html)
      const unhandleRenderer = handleScheme(
        protocol,
        RENDERER_SCHEME,
        createRendererHandler({ root: rendererDir(opts.mainDir) }),
      );
      const updates = createShellUpdates({
        app,
        env,
        settings: core.settings,
        onState: (state) => {
          for (const win of BrowserWindow.getAllWindows()) sendEvent(win, 'updateState', state);
        },
      });
      flushJobs = () => jobsHost.stop();
      diagnostics = createShellDiagnostics({
        core,
        env,
        logsDir: appLog.dir,
        app,
        shell,
        clipboard,
      });
      const shellDiagnostics = diagnostics;
      const buildMenu = (): void =>
        Menu.setApplicationMenu(
          Menu.buildFromTemplate(
            buildMenuTemplate({
              platform: process.platform,
              isPackaged: app.isPackaged,
              appName: app.getName(),
              t: tr,
              actions: {
                showLibraryFolder: () => void shell.openPath(core.settings.libraryDir()),
                openLogsFolder: () => void shellDiagnostics.openLogsFolder(),
                copyDiagnosticReport: () => void shellDiagnostics.copyReport(),
                openSettings: () => {
                  const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
                  if (win) sendEvent(win, 'openSettings', null);
                },
                editCommand: (command) => {
                  const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
                  if (win) sendEvent(win, 'menuEdit', command);
                },
              },
            }),
          ),
        );
      // the app's language: the Settings choice, or the best fit of the OS's languages
      setSystemLanguages(app.getPreferredSystemLanguages?.() ?? [app.getLocale()]);
      applyLanguageChoice(core.settings.get().language);
      buildMenu();
      const unfollowLanguage = onLanguageChange(() => buildMenu()); // rebuilt in the new language
      stopWork = async () => {
        updates.stop();
        unhandleMedia();
        unhandleRenderer();
        await core.close();
        unforward();
        unnotify();
        unfollowBatches();
        unfollowLanguage();
      };
      void mediaCache
        .open()
        .catch((e: unknown) => log.error(`media cache unavailable: ${messageOf(e)}`, e));
      void jobsHost
        .start()
        .then(() => {
          core.loudness.start(); // measures items' loudness in the background
          core.libraryUpgrade.start(); // continues an upgrade the creator agreed to
          core.batches.start(); // sends what batches have waiting (this process holds the lock)
          void core.collections.resumeTags(); // files a quit left untagged (data folder's queue)
        })
        .catch((e: unknown) => log.error(`jobs could not start: ${messageOf(e)}`, e));
      const handlers = buildHandlers({
        core,
        registry,
        env,
        updates,
        openedFiles,
        diagnostics,
        electron: { app, dialog, shell, BrowserWindow, clipboard, nativeTheme },
      });
      unregister = registerIpc(ipcMain, handlers, {
        isTrustedSender: senderCheck({ devServerUrl }),
        onInternalError: (channel, e) => {
          log.error(`${channel} failed`, e);
        },
        // the codes and endpoints the UI's words leave out (docs/writing.md)
        onAppError: (channel, e) => {
          log.warn(`${channel}: ${e.code}`, {
            code: e.code,
            detail: e.detail,
            ...(e.httpStatus !== undefined ? { httpStatus: e.httpStatus } : {}),
          });
        },
      });
      started = true;
      openWindow();
      updates.start(); // first check shortly after start, then daily (services/updates)
    })
    .catch((e: unknown) => {
      log.fatal(`Cadenza could not start: ${messageOf(e)}`, e);
      app.quit();
    });
  return true;
}
