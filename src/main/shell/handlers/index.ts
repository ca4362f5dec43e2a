/**
 * All IPC handlers wired to the services and to the Electron pieces they need. Electron is passed
 * in (not imported) so the plain-Node tests wire the very same handlers to the test double.
 */
import type { App, BrowserWindow, Dialog, MessageBoxOptions, OpenDialogOptions, Shell } from 'electron';
import type { Core } from '../../services/core';
import type { FileRegistry } from '../../services/files/registry';
import type { HandlerContext, IpcHandlers } from '../ipc';
import { sendEvent } from '../events';
import { accountHandlers } from './account';
import { filesHandlers } from './files';
import { appHandlers, openAllowedExternal } from './app';

/** The Electron modules the handlers use. */
export interface ElectronForHandlers {
  app: Pick<App, 'getVersion'>;
  dialog: Pick<Dialog, 'showMessageBox' | 'showOpenDialog'>;
  shell: Pick<Shell, 'openExternal'>;
  BrowserWindow: Pick<typeof BrowserWindow, 'fromWebContents' | 'getAllWindows'>;
}

export interface HandlerWiring {
  core: Core;
  registry: FileRegistry;
  env: NodeJS.ProcessEnv;
  electron: ElectronForHandlers;
}

export function buildHandlers({ core, registry, env, electron }: HandlerWiring): IpcHandlers {
  const { app, dialog, shell, BrowserWindow } = electron;
  const windowOf = (ctx: HandlerContext): BrowserWindow | null => BrowserWindow.fromWebContents(ctx.event.sender);
  const openExternal = async (url: string): Promise<void> => {
    await shell.openExternal(url);
  };

  const messageBox = (ctx: HandlerContext, options: MessageBoxOptions) => {
    const win = windowOf(ctx);
    return win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options);
  };
  const openDialog = (ctx: HandlerContext, options: OpenDialogOptions) => {
    const win = windowOf(ctx);
    return win ? dialog.showOpenDialog(win, options) : dialog.showOpenDialog(options);
  };

  return {
    app: appHandlers({
      info: () => ({
        version: app.getVersion(),
        platform: process.platform,
        testDouble: !process.versions.electron,
        demo: env.CADENZA_DEMO === '1',
      }),
      openExternal,
    }),
    account: accountHandlers({
      account: core.account,
      async confirm(ctx, q) {
        const answer = await messageBox(ctx, {
          type: 'question',
          buttons: [q.confirmLabel, 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          noLink: true,
          message: q.message,
          detail: q.detail,
        });
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
        const answer = await openDialog(ctx, { title, filters, properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'] });
        return answer.canceled ? [] : answer.filePaths;
      },
    }),
  };
}
