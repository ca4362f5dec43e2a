/**
 * App lifecycle: one instance, hardening before any window exists, the services (core) wired to
 * the IPC handlers, the main window, and a clean quit.
 */
import { app, BrowserWindow, dialog, ipcMain, safeStorage, session, shell } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { createCore, type Core } from '../services/core';
import { resolvePaths } from '../services/paths';
import { createEncryptedFileBackend } from '../services/secrets';
import { FileRegistry } from '../services/files/registry';
import { registerIpc, type HandlerContext, type IpcHandlers } from './ipc';
import { isTrustedSenderUrl } from './security';
import { hardenSession, hardenWebContents } from './hardening';
import { createMainWindow, rendererDir } from './window';
import { sendEvent } from './events';
import { accountHandlers } from './handlers/account';
import { filesHandlers } from './handlers/files';
import { appHandlers, openAllowedExternal } from './handlers/app';

export interface ShellOptions {
  /** The folder of the built main bundle (out/main). */
  mainDir: string;
  env?: NodeJS.ProcessEnv;
}

const windowOf = (ctx: HandlerContext): BrowserWindow | null => BrowserWindow.fromWebContents(ctx.event.sender);

function createCoreForShell(env: NodeJS.ProcessEnv): Core {
  const userDataDir = app.getPath('userData');
  const { dataDir } = resolvePaths({ env, userDataDir });
  const keychainOff = env.CADENZA_KEYCHAIN === 'off';
  return createCore({
    env,
    userDataDir,
    musicDir: app.getPath('music'),
    secretBackends: [createEncryptedFileBackend({ cipher: safeStorage, dataDir })],
    ...(keychainOff ? { keychainBackend: null } : {}),
  });
}

function buildHandlers(core: Core, registry: FileRegistry, env: NodeJS.ProcessEnv): IpcHandlers {
  const openExternal = async (url: string): Promise<void> => {
    await shell.openExternal(url);
  };
  const app_ = appHandlers({
    info: () => ({
      version: app.getVersion(),
      platform: process.platform,
      testDouble: !process.versions.electron,
      demo: env.CADENZA_DEMO === '1',
    }),
    openExternal,
  });
  return {
    app: app_,
    account: accountHandlers({
      account: core.account,
      async confirm(ctx, q) {
        const options = {
          type: 'question' as const,
          buttons: [q.confirmLabel, 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          noLink: true,
          message: q.message,
          detail: q.detail,
        };
        const win = windowOf(ctx);
        const answer = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
        return answer.response === 0;
      },
      openExternal: (url) => openAllowedExternal(url, openExternal),
      notifyChanged: () => {
        for (const win of BrowserWindow.getAllWindows()) sendEvent(win, 'accountChanged', null);
      },
    }),
    files: filesHandlers({
      registry,
      async showOpenDialog(ctx, { filters, multiple, title }) {
        const options = { title, filters, properties: multiple ? (['openFile', 'multiSelections'] as const) : (['openFile'] as const) };
        const win = windowOf(ctx);
        const answer = win
          ? await dialog.showOpenDialog(win, { ...options, properties: [...options.properties] })
          : await dialog.showOpenDialog({ ...options, properties: [...options.properties] });
        return answer.canceled ? [] : answer.filePaths;
      },
    }),
  };
}

/** Starts the desktop app. Returns false when another instance already runs (this one quits). */
export function startShell(opts: ShellOptions): boolean {
  const env = opts.env ?? process.env;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  const devServerUrl = !app.isPackaged && env.ELECTRON_RENDERER_URL ? env.ELECTRON_RENDERER_URL : undefined;
  const where = { mainDir: opts.mainDir, devServerUrl };
  const location = { rendererDir: rendererDir(opts.mainDir), devServerUrl };
  let mainWindow: BrowserWindow | null = null;
  let unregister: (() => void) | undefined;

  const openWindow = (): void => {
    mainWindow = createMainWindow(where);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  hardenWebContents(app, shell);
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('will-quit', () => {
    unregister?.();
    unregister = undefined;
  });

  app
    .whenReady()
    .then(() => {
      hardenSession(session.defaultSession, devServerUrl);
      const core = createCoreForShell(env);
      const registry = new FileRegistry();
      unregister = registerIpc(ipcMain, buildHandlers(core, registry, env), {
        isTrustedSender: (event: IpcMainInvokeEvent) => {
          const frame = event.senderFrame;
          return !!frame && frame.parent === null && isTrustedSenderUrl(frame.url, location);
        },
        onInternalError: (channel, e) => {
          console.error(`[ipc] ${channel} failed: ${e instanceof Error ? e.name : typeof e}`);
        },
      });
      openWindow();
    })
    .catch((e: unknown) => {
      console.error(`Cadenza could not start: ${e instanceof Error ? e.message : String(e)}`);
      app.quit();
    });
  return true;
}
