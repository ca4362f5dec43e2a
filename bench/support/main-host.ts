/**
 * Main's services and IPC handlers in a plain Node process, wired the way src/main/shell/app.ts
 * wires them (core, jobs host, buildHandlers, registerIpc), with Electron's pieces replaced by
 * inert stand-ins and no window. `invoke` answers like ipcRenderer.invoke: arguments and result
 * are copied by structured clone.
 */
import type { IpcMainInvokeEvent } from 'electron';
import { channelName } from '@shared/ipc/define';
import type { Result } from '@shared/result';
import { createCore, type Core } from '../../src/main/services/core';
import { FileRegistry } from '../../src/main/services/files/registry';
import { buildHandlers, type ElectronForHandlers } from '../../src/main/shell/handlers';
import { registerIpc, type IpcMainLike } from '../../src/main/shell/ipc';
import type { JobsHost } from '../../src/main/services/jobs-host';
import { createShellDiagnostics } from '../../src/main/shell/diagnostics';
import { logsDirOf } from '../../src/main/services/log';
import { boundHeapGrowth } from '../../src/main/services/worker';

/** Logs folder and report as the app builds them (shell/app.ts), over this process's data folder. */
const diagnosticsOf = (core: Core, env: NodeJS.ProcessEnv, electron: ElectronForHandlers) =>
  createShellDiagnostics({
    core,
    env,
    logsDir: logsDirOf(core.paths.dataDir),
    app: electron.app,
    shell: electron.shell,
    clipboard: electron.clipboard,
  });

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

export interface MainHost {
  core: Core;
  host: JobsHost;
  invoke<T>(ns: string, method: string, ...args: unknown[]): Promise<Result<T>>;
  close(): Promise<void>;
}

const electron: ElectronForHandlers = {
  app: { getVersion: () => '0.0.0-bench', isPackaged: false },
  dialog: {
    showMessageBox: () => Promise.reject(new Error('no dialogs in the bench')),
    showOpenDialog: () => Promise.reject(new Error('no dialogs in the bench')),
    showSaveDialog: () => Promise.reject(new Error('no dialogs in the bench')),
  } as unknown as ElectronForHandlers['dialog'],
  shell: {
    openExternal: () => Promise.resolve(),
    showItemInFolder: () => undefined,
    openPath: () => Promise.resolve('no file manager in the bench'),
  },
  BrowserWindow: {
    fromWebContents: () => null,
    getAllWindows: () => [],
  } as unknown as ElectronForHandlers['BrowserWindow'],
  clipboard: { writeText: () => Promise.resolve() },
};

export function createMainHost(env: NodeJS.ProcessEnv): MainHost {
  boundHeapGrowth(); // as the app's main does at its start (shell/app.ts)
  const core = createCore({ env, keychainBackend: null, jobs: { holder: 'app' } });
  const host = core.jobsHost;
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void listeners.set(channel, listener as Listener),
    removeHandler: (channel) => void listeners.delete(channel),
  };
  const handlers = buildHandlers({
    core,
    registry: new FileRegistry(),
    env,
    electron,
    diagnostics: diagnosticsOf(core, env, electron),
  });
  const unregister = registerIpc(ipcMain, handlers, { isTrustedSender: () => true });
  const event = {
    sender: {},
    senderFrame: { url: 'file:///bench/index.html', parent: null },
  } as unknown as IpcMainInvokeEvent;
  return {
    core,
    host,
    async invoke<T>(ns: string, method: string, ...args: unknown[]) {
      const listener = listeners.get(channelName(ns, method));
      if (!listener) throw new Error(`no handler for ${ns}.${method}`);
      const result = await listener(event, ...structuredClone(args));
      return structuredClone(result) as Result<T>;
    },
    async close() {
      unregister();
      await core.close();
    },
  };
}
