/**
 * The application menu, as a plain function of the platform and whether the build is packaged, so
 * it can be unit-tested: File, Edit, View, Window, Help (and the app menu on macOS). A packaged
 * build has no reload or developer tools; no accelerator takes a key the renderer uses
 * (Ctrl/Cmd+1…9 switch panels, Space plays, J/L seek, Shift+N/P skip, Ctrl/Cmd+Enter submits).
 */
import type { MenuItemConstructorOptions } from 'electron';
import { englishText, type MessageParams } from '@shared/i18n/english';

export interface MenuActions {
  /** Shows the library folder in the OS file manager. */
  showLibraryFolder(): void;
  /** Opens the folder the logs are written to. */
  openLogsFolder(): void;
  /** Puts the diagnostic report on the clipboard. */
  copyDiagnosticReport(): void;
  /** Shows the Settings panel in the focused window. */
  openSettings(): void;
  /**
   * Edit › Undo or Select All: the focused window's renderer runs it where its focus is (a text
   * field keeps its own; the Library list selects its rows, Undo puts trashed items back).
   */
  editCommand(command: 'undo' | 'selectAll'): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  appName: string;
  actions: MenuActions;
  /** Main's `t` in the app's language (shell/i18n.ts); English when absent (tests). */
  t?: (key: string, params?: MessageParams) => string;
}

/** The accelerators Electron gives the roles used here (what a role adds without saying so). */
export const ROLE_ACCELERATORS: Readonly<Record<string, string>> = {
  undo: 'CmdOrCtrl+Z',
  redo: 'Shift+CmdOrCtrl+Z',
  cut: 'CmdOrCtrl+X',
  copy: 'CmdOrCtrl+C',
  paste: 'CmdOrCtrl+V',
  selectAll: 'CmdOrCtrl+A',
  reload: 'CmdOrCtrl+R',
  forceReload: 'Shift+CmdOrCtrl+R',
  toggleDevTools: 'Alt+CmdOrCtrl+I',
  resetZoom: 'CmdOrCtrl+0',
  zoomIn: 'CmdOrCtrl+Plus',
  zoomOut: 'CmdOrCtrl+-',
  togglefullscreen: 'F11',
  minimize: 'CmdOrCtrl+M',
  close: 'CmdOrCtrl+W',
  quit: 'CmdOrCtrl+Q',
  hide: 'Command+H',
  hideOthers: 'Command+Alt+H',
};

/** Keys the renderer handles itself; a menu accelerator must never take one of them. */
export const APP_SHORTCUTS: readonly string[] = [
  ...Array.from({ length: 9 }, (_, i) => `CmdOrCtrl+${i + 1}`),
  'Space',
  'J',
  'L',
  'Shift+N',
  'Shift+P',
  'CmdOrCtrl+Enter',
  'CmdOrCtrl+,', // Settings
];

type Role = NonNullable<MenuItemConstructorOptions['role']>;

/** The menu key of a role's label (Electron's own labels are English only). */
const ROLE_KEYS: Partial<Record<Role, string>> = {
  about: 'menu:about',
  services: 'menu:services',
  hide: 'menu:hide',
  hideOthers: 'menu:hideOthers',
  unhide: 'menu:unhide',
  quit: 'menu:quit',
  close: 'menu:close',
  undo: 'menu:undo',
  redo: 'menu:redo',
  cut: 'menu:cut',
  copy: 'menu:copy',
  paste: 'menu:paste',
  selectAll: 'menu:selectAll',
  reload: 'menu:reload',
  forceReload: 'menu:forceReload',
  toggleDevTools: 'menu:toggleDevTools',
  resetZoom: 'menu:resetZoom',
  zoomIn: 'menu:zoomIn',
  zoomOut: 'menu:zoomOut',
  togglefullscreen: 'menu:togglefullscreen',
  minimize: 'menu:minimize',
  zoom: 'menu:zoom',
  front: 'menu:front',
};

export function buildMenuTemplate(opts: MenuOptions): MenuItemConstructorOptions[] {
  const mac = opts.platform === 'darwin';
  const { actions } = opts;
  const translate = opts.t ?? englishText;
  // Windows and Linux read "&" as a mnemonic marker: a literal one in a translation is doubled
  const t = (key: string, params?: MessageParams): string => {
    const text = translate(key, params);
    return mac ? text : text.replace(/&/g, '&&');
  };
  const app = { app: opts.appName };
  const labelled = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.map((item) => {
      const key = item.role && !item.label ? ROLE_KEYS[item.role] : undefined;
      const withLabel = key ? { ...item, label: t(key, app) } : item;
      return Array.isArray(withLabel.submenu)
        ? { ...withLabel, submenu: labelled(withLabel.submenu as MenuItemConstructorOptions[]) }
        : withLabel;
    });
  // the renderer handles Ctrl/Cmd+, itself (it works with the menu bar hidden too): the menu only
  // shows the key, it does not take it
  const settings: MenuItemConstructorOptions = {
    label: t(mac ? 'menu:settingsMac' : 'menu:settings'),
    accelerator: 'CmdOrCtrl+,',
    registerAccelerator: false,
    click: () => actions.openSettings(),
  };
  const developer: MenuItemConstructorOptions[] = opts.isPackaged
    ? []
    : [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
      ];

  const appMenu: MenuItemConstructorOptions = {
    label: opts.appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      settings,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };

  const file: MenuItemConstructorOptions = {
    label: t('menu:file'),
    submenu: [
      { label: t('menu:showLibraryFolder'), click: () => actions.showLibraryFolder() },
      ...(mac ? [] : ([{ type: 'separator' }, settings] as MenuItemConstructorOptions[])),
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit', label: t('menu:exit') },
    ],
  };

  const edit: MenuItemConstructorOptions = {
    label: t('menu:edit'),
    // Undo and Select All are the renderer's (not roles): they act on the focused library list
    submenu: [
      {
        id: 'undo',
        label: t('menu:undo'),
        accelerator: ROLE_ACCELERATORS.undo,
        click: () => actions.editCommand('undo'),
      },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      {
        id: 'selectAll',
        label: t('menu:selectAll'),
        accelerator: ROLE_ACCELERATORS.selectAll,
        click: () => actions.editCommand('selectAll'),
      },
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: t('menu:view'),
    submenu: [
      ...developer,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const window: MenuItemConstructorOptions = {
    label: t('menu:window'),
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: t('menu:help'),
    submenu: [
      { label: t('menu:openLogsFolder'), click: () => actions.openLogsFolder() },
      { label: t('menu:copyDiagnosticReport'), click: () => actions.copyDiagnosticReport() },
      ...(mac ? [] : ([{ type: 'separator' }, { role: 'about' }] as MenuItemConstructorOptions[])),
    ],
  };

  return labelled([...(mac ? [appMenu] : []), file, edit, view, window, help]);
}

/** Every accelerator a template takes: the explicit ones and those its roles bring. */
export function menuAccelerators(template: readonly MenuItemConstructorOptions[]): string[] {
  const out: string[] = [];
  const walk = (items: readonly MenuItemConstructorOptions[]): void => {
    for (const item of items) {
      // an accelerator only shown (the renderer handles the key) takes nothing
      if (item.accelerator && item.registerAccelerator !== false) out.push(item.accelerator);
      else if (item.role && ROLE_ACCELERATORS[item.role]) out.push(ROLE_ACCELERATORS[item.role]!);
      if (Array.isArray(item.submenu)) walk(item.submenu as MenuItemConstructorOptions[]);
    }
  };
  walk(template);
  return out;
}

/** The same key on every platform: Cmd/Ctrl/CmdOrCtrl/Command/Control fold into one modifier. */
export function normalizeAccelerator(accelerator: string): string {
  return accelerator
    .split('+')
    .map((part) => part.trim().toLowerCase())
    .map((part) =>
      ['cmd', 'command', 'ctrl', 'control', 'cmdorctrl', 'commandorcontrol'].includes(part)
        ? 'mod'
        : part,
    )
    .sort()
    .join('+');
}
