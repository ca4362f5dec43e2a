/**
 * The main window's size, position and maximised state: placed from window-state.json on a display
 * that exists (services/window-state), saved again as the window moves, resizes, maximises and
 * closes.
 */
import type { BrowserWindow } from 'electron';
import {
  placeWindow,
  type Rect,
  type WindowState,
  type WindowStateStore,
} from '../services/window-state';
import { logger } from '../services/log';

const log = logger('window');

/** Where the window opens: the saved state kept on a display that is there now. */
/** What placement reads of Electron's `screen`. */
export interface DisplaysSource {
  getAllDisplays(): readonly { workArea: Rect }[];
  getPrimaryDisplay(): { workArea: Rect };
}

export function initialWindowState(store: WindowStateStore, screen: DisplaysSource): WindowState {
  return placeWindow(
    store.read(),
    screen.getAllDisplays().map((d) => d.workArea),
    screen.getPrimaryDisplay().workArea,
  );
}

type TrackedWindow = Pick<
  BrowserWindow,
  'on' | 'getNormalBounds' | 'isMaximized' | 'isDestroyed' | 'isFullScreen'
>;

/**
 * Saves the window's state shortly after it stops moving or resizing, and at once when it closes.
 * A full-screen window keeps the state it had before (full screen is not restored at launch).
 */
export function trackWindowState(win: TrackedWindow, store: WindowStateStore, delayMs = 400): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (win.isDestroyed() || win.isFullScreen()) return;
    const state = { bounds: win.getNormalBounds(), maximized: win.isMaximized() };
    store.write(state).catch((e: unknown) => {
      log.warn(`window state not saved: ${e instanceof Error ? e.message : String(e)}`);
    });
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('maximize', later);
  win.on('unmaximize', later);
  win.on('close', save);
}
