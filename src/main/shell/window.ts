/**
 * The main window: locked-down webPreferences, the built preload, and the built renderer from its
 * own origin (app://cadenza, renderer-scheme.ts) — or the dev server in development.
 */
import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { RENDERER_ENTRY_URL } from './security';

export interface WindowLocation {
  /** out/main: the folder of the built main bundle. */
  mainDir: string;
  /** The dev server (ELECTRON_RENDERER_URL) in development; app://cadenza otherwise. */
  devServerUrl?: string | undefined;
}

export const preloadPath = (mainDir: string): string => join(mainDir, '../preload/index.cjs');
export const rendererDir = (mainDir: string): string => join(mainDir, '../renderer');

export function createMainWindow(where: WindowLocation): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Cadenza',
    backgroundColor: '#14141a',
    webPreferences: {
      preload: preloadPath(where.mainDir),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(where.devServerUrl ?? RENDERER_ENTRY_URL);
  return win;
}
