import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  APP_SHORTCUTS,
  buildMenuTemplate,
  menuAccelerators,
  normalizeAccelerator,
  type MenuActions,
} from '../../../src/main/shell/menu';

const actions = (): MenuActions => ({
  showLibraryFolder: vi.fn(),
  openLogsFolder: vi.fn(),
  copyDiagnosticReport: vi.fn(),
  openSettings: vi.fn(),
  editCommand: vi.fn(),
});

function flatten(items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [
    i,
    ...(Array.isArray(i.submenu) ? flatten(i.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}

const PLATFORMS = ['darwin', 'win32', 'linux'] as const;

describe('application menu', () => {
  it.each(PLATFORMS)(
    'has File, Edit, View, Window and Help on %s (and the app menu on macOS)',
    (platform) => {
      const labels = buildMenuTemplate({
        platform,
        isPackaged: true,
        appName: 'Cadenza',
        actions: actions(),
      }).map((m) => m.label ?? m.role);
      expect(labels).toEqual(
        platform === 'darwin'
          ? ['Cadenza', 'File', 'Edit', 'View', 'Window', 'Help']
          : ['File', 'Edit', 'View', 'Window', 'Help'],
      );
    },
  );

  it.each(PLATFORMS)(
    'a packaged build on %s has no reload or developer tools; a dev build has them',
    (platform) => {
      const roles = (isPackaged: boolean) =>
        flatten(
          buildMenuTemplate({ platform, isPackaged, appName: 'Cadenza', actions: actions() }),
        ).map((i) => i.role);
      for (const role of ['reload', 'forceReload', 'toggleDevTools']) {
        expect(roles(true)).not.toContain(role);
        expect(roles(false)).toContain(role);
      }
    },
  );

  it.each(PLATFORMS.flatMap((p) => [[p, true] as const, [p, false] as const]))(
    'takes no key the app uses (%s, packaged %s)',
    (platform, isPackaged) => {
      const taken = menuAccelerators(
        buildMenuTemplate({ platform, isPackaged, appName: 'Cadenza', actions: actions() }),
      ).map(normalizeAccelerator);
      for (const shortcut of APP_SHORTCUTS)
        expect(taken).not.toContain(normalizeAccelerator(shortcut));
      expect(new Set(taken).size).toBe(taken.length);
    },
  );

  it('Help opens the logs folder and copies the diagnostic report', () => {
    const a = actions();
    const help = buildMenuTemplate({
      platform: 'linux',
      isPackaged: true,
      appName: 'Cadenza',
      actions: a,
    }).find((m) => m.role === 'help')!;
    const items = help.submenu as MenuItemConstructorOptions[];
    const click = (label: string) => (items.find((i) => i.label === label)!.click as () => void)();
    click('Open logs folder');
    click('Copy diagnostic report');
    expect(a.openLogsFolder).toHaveBeenCalledOnce();
    expect(a.copyDiagnosticReport).toHaveBeenCalledOnce();
  });

  it.each(PLATFORMS)(
    'Settings is in the %s menus (app menu on macOS, File elsewhere), shows Ctrl/Cmd+, and leaves the key to the app',
    (platform) => {
      const a = actions();
      const menus = buildMenuTemplate({
        platform,
        isPackaged: true,
        appName: 'Cadenza',
        actions: a,
      });
      const home = menus.find((m) => m.label === (platform === 'darwin' ? 'Cadenza' : 'File'))!;
      const item = (home.submenu as MenuItemConstructorOptions[]).find((i) =>
        i.label?.startsWith('Settings'),
      )!;
      expect(item.accelerator).toBe('CmdOrCtrl+,');
      expect(item.registerAccelerator).toBe(false);
      (item.click as () => void)();
      expect(a.openSettings).toHaveBeenCalledOnce();
      // in one menu only
      expect(flatten(menus).filter((i) => i.label?.startsWith('Settings'))).toHaveLength(1);
      // a shown key still counts when it would be registered
      expect(menuAccelerators([{ ...item, registerAccelerator: true }])).toEqual(['CmdOrCtrl+,']);
      expect(menuAccelerators([item])).toEqual([]);
    },
  );

  it.each(PLATFORMS)(
    'Edit › Undo and Select All on %s are the renderer’s (they act on the focused library list), with their usual keys; the rest stay roles',
    (platform) => {
      const a = actions();
      const edit = buildMenuTemplate({
        platform,
        isPackaged: true,
        appName: 'Cadenza',
        actions: a,
      }).find((m) => m.label === 'Edit')!;
      const items = edit.submenu as MenuItemConstructorOptions[];
      const undo = items.find((i) => i.label === 'Undo')!;
      const selectAll = items.find((i) => i.label === 'Select all')!;
      // a role would run Chromium's command and never reach the list
      expect(undo.role).toBeUndefined();
      expect(selectAll.role).toBeUndefined();
      expect(undo.accelerator).toBe('CmdOrCtrl+Z');
      expect(selectAll.accelerator).toBe('CmdOrCtrl+A');
      expect(menuAccelerators([undo, selectAll])).toEqual(['CmdOrCtrl+Z', 'CmdOrCtrl+A']);
      (undo.click as () => void)();
      (selectAll.click as () => void)();
      expect(vi.mocked(a.editCommand).mock.calls).toEqual([['undo'], ['selectAll']]);
      expect(items.map((i) => i.role ?? i.type ?? i.label)).toEqual([
        'Undo',
        'redo',
        'separator',
        'cut',
        'copy',
        'paste',
        'Select all',
      ]);
    },
  );

  it('normalises accelerators across platforms', () => {
    expect(normalizeAccelerator('CmdOrCtrl+1')).toBe(normalizeAccelerator('Ctrl+1'));
    expect(normalizeAccelerator('Command+Shift+Z')).toBe(normalizeAccelerator('shift+cmdorctrl+z'));
    expect(normalizeAccelerator('CmdOrCtrl+1')).not.toBe(normalizeAccelerator('CmdOrCtrl+2'));
  });
});
