/**
 * The built main's window under the double: it opens at 1280×800 centred on the display, remembers
 * where it was moved and that it was maximised across a restart, and a window saved on a monitor
 * that is gone opens on the one that is there.
 */
import Module from 'node:module';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, MAIN_JS, test } from './fixtures';
import type { DoubleBrowserWindow } from '../support/electron-double';

test.skip(!!process.env.ELECTRON_OVERRIDE_DIST_PATH, 'moves the double’s window');

/** The main window of the app main runs against now (the double in this process). */
const mainWindow = (): DoubleBrowserWindow => {
  const electron = Module.createRequire(MAIN_JS)('electron') as {
    BrowserWindow: { getAllWindows(): DoubleBrowserWindow[] };
  };
  const win = electron.BrowserWindow.getAllWindows()[0];
  if (!win) throw new Error('no window');
  return win;
};

const savedState = async (home: string): Promise<unknown> =>
  JSON.parse(await readFile(join(home, 'window-state.json'), 'utf8').catch(() => 'null'));

test('the window remembers size, position and maximised state, and comes back from a lost monitor', async ({
  app,
}) => {
  // first launch: the default size on the double's 1920×1040 work area
  expect(mainWindow().getBounds()).toEqual({ x: 320, y: 120, width: 1280, height: 800 });
  expect(mainWindow().options).toMatchObject({ minWidth: 900, minHeight: 600 });

  mainWindow().setBounds({ x: 100, y: 60, width: 1000, height: 700 });
  mainWindow().maximize();
  await expect
    .poll(() => savedState(app.dirs.home))
    .toMatchObject({ bounds: { x: 100, y: 60, width: 1000, height: 700 }, maximized: true });

  await app.restart();
  expect(mainWindow().getBounds()).toEqual({ x: 100, y: 60, width: 1000, height: 700 });
  expect(mainWindow().isMaximized()).toBe(true);

  // left on a second monitor to the right, which is unplugged before the next launch
  mainWindow().unmaximize();
  mainWindow().setBounds({ x: 2400, y: 100, width: 1400, height: 900 });
  await app.restart();
  expect(mainWindow().getBounds()).toEqual({ x: 260, y: 70, width: 1400, height: 900 });
  expect(mainWindow().isMaximized()).toBe(false);
});
