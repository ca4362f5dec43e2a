/**
 * The shell's window placement over the double's `screen` (two monitors, then one unplugged) and
 * the saving of a window's state as it moves, resizes, maximises and closes.
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createElectronDouble } from '../../support/electron-double';
import { createWindowStateStore } from '../../../src/main/services/window-state';
import { initialWindowState, trackWindowState } from '../../../src/main/shell/window-state';

const LAPTOP = {
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
};
const MONITOR_LEFT = { bounds: { x: -2560, y: -200, width: 2560, height: 1440 } };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-window-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('window placement over the screen', () => {
  it('reopens on the monitor it was on; after that monitor is unplugged, on the laptop', async () => {
    const double = createElectronDouble({
      userDataDir: join(dir, 'user-data'),
      displays: [LAPTOP, MONITOR_LEFT],
    });
    const store = createWindowStateStore(dir);
    const onLeft = { bounds: { x: -2000, y: 0, width: 1600, height: 1000 }, maximized: true };
    await store.write(onLeft);
    expect(initialWindowState(store, double.screen)).toEqual(onLeft);
    expect(double.screen.getDisplayMatching(onLeft.bounds).bounds).toEqual(MONITOR_LEFT.bounds);

    const removed: unknown[] = [];
    double.screen.on('display-removed', (_e, d) => removed.push(d));
    double.screen.setDisplays([LAPTOP]);
    expect(removed).toHaveLength(2);
    expect(initialWindowState(store, double.screen)).toEqual({
      bounds: { x: 160, y: 20, width: 1600, height: 1000 },
      maximized: true,
    });
    // the double's own lookup agrees: the nearest display is the laptop
    expect(double.screen.getDisplayMatching(onLeft.bounds).workArea).toEqual(LAPTOP.workArea);
  });
});

/** A window as the tracker sees it: events and the bounds Electron reports. */
class FakeWindow extends EventEmitter {
  bounds = { x: 10, y: 20, width: 1200, height: 800 };
  maximized = false;
  getNormalBounds = () => ({ ...this.bounds });
  isMaximized = () => this.maximized;
  isDestroyed = () => false;
  isFullScreen = () => false;
}

describe('trackWindowState', () => {
  it('saves after moves settle and at once on close', async () => {
    const store = createWindowStateStore(dir);
    const win = new FakeWindow();
    trackWindowState(win as never, store, 20);
    win.bounds = { x: 300, y: 200, width: 1000, height: 700 };
    win.emit('move');
    win.emit('resize');
    expect(store.read()).toBeNull(); // not yet: the drag may go on
    await expect.poll(() => store.read()).toEqual({ bounds: win.bounds, maximized: false });

    win.maximized = true;
    win.emit('close');
    await expect.poll(() => store.read()?.maximized).toBe(true);
    expect(store.read()?.bounds).toEqual({ x: 300, y: 200, width: 1000, height: 700 });
  });
});
