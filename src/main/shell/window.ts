/**
 * The main window: locked-down webPreferences, the built preload, and the built renderer from its
 * own origin (app://cadenza, renderer-scheme.ts) — or the dev server in development.
 */
import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { RENDERER_ENTRY_URL } from './security';
import { MIN_SIZE, type WindowState } from '../services/window-state';

export interface WindowLocation {
  /** out/main: the folder of the built main bundle. */
  mainDir: string;
  /** The dev server (ELECTRON_RENDERER_URL) in development; app://cadenza otherwise. */
  devServerUrl?: string | undefined;
}

export const preloadPath = (mainDir: string): string => join(mainDir, '../preload/index.cjs');
export const rendererDir = (mainDir: string): string => join(mainDir, '../renderer');

export interface WindowLook {
  /** Size, position and maximised state (shell/window-state.ts). */
  state: WindowState;
  /** The theme's background, shown before the renderer paints. */
  dark: boolean;
}

export function createMainWindow(where: WindowLocation, look: WindowLook): BrowserWindow {
  const win = new BrowserWindow({
    ...look.state.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Cadenza',
    backgroundColor: look.dark ? '#0e1014' : '#f4f5f8', // --bg of styles.css
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
  win.once('ready-to-show', () => {
    if (look.state.maximized) win.maximize();
    win.show();
  });
  void win.loadURL(where.devServerUrl ?? RENDERER_ENTRY_URL);
  return win;
}
