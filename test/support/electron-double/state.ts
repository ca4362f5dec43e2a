/** Shared state of one Electron double instance: logs the tests read and the scripted answers. */
import type { DisplaySpec } from './screen';
import type { Browser, BrowserContext } from 'playwright-core';
import type { SchemeRequestRecord } from './media-bridge';

/** One IPC message as it crossed the boundary (payload as the JSON that crossed). */
export interface IpcRecord {
  direction: 'invoke' | 'reply' | 'event' | 'send';
  channel: string;
  payload: string;
  /** URL of the frame that sent an invoke (the sender the shell checks). */
  senderUrl?: string;
  atMs: number;
}

export interface DialogCall {
  method: 'showMessageBox' | 'showOpenDialog' | 'showSaveDialog' | 'showErrorBox';
  options: unknown;
}

export interface NotificationRecord {
  title: string;
  body: string;
}

export interface ConsoleRecord {
  type: string;
  text: string;
}

export interface RelaunchRecord {
  args?: string[];
  execPath?: string;
  atMs: number;
}

export interface DoubleOptions {
  /** app.getPath('userData'). */
  userDataDir: string;
  /** app.getPath('music') etc.; defaults derive from userDataDir. */
  paths?: Record<string, string>;
  /** app.getVersion(); defaults to package.json's version. */
  version?: string;
  /** Reuse a launched Chromium (new context per app run); otherwise a persistent profile under userData is launched. */
  browser?: Browser;
  /** Chromium executable (default /usr/bin/chromium). */
  executablePath?: string;
  /** app.isPackaged: the run stands for an installed build (no dev server, no developer menu). */
  isPackaged?: boolean;
  /** Whether another instance "already runs" (requestSingleInstanceLock answers false). */
  singleInstanceTaken?: boolean;
  /** What app.getPreferredSystemLanguages() answers (BCP 47 tags, most preferred first). */
  preferredSystemLanguages?: string[];
  /** The displays of `screen`, the first one primary (default: one 1920×1080, screen.ts). */
  displays?: readonly DisplaySpec[];
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--allow-file-access-from-files',
];

export interface DoubleState {
  readonly options: DoubleOptions;
  readonly ipcLog: IpcRecord[];
  readonly dialogCalls: DialogCall[];
  readonly dialogAnswers: { messageBox: unknown[]; openDialog: unknown[]; saveDialog: unknown[] };
  readonly openedExternal: string[];
  readonly notifications: NotificationRecord[];
  readonly console: ConsoleRecord[];
  /** File name → path answered by webUtils.getPathForFile (see README: dropping files). */
  readonly droppedFiles: Map<string, string>;
  /** The page's requests to handled custom schemes and the handler's answers (media-bridge.ts). */
  readonly schemeRequests: SchemeRequestRecord[];
  /** Every `app.relaunch(options)` call, in order (the app does not really start again). */
  readonly relaunches: RelaunchRecord[];
  /** Every `app.exit(code)` call's code, in order. */
  readonly exits: number[];
  /** What `clipboard.writeText` put on the clipboard last ('' at first). */
  clipboardText: string;
  /** Every `webContents.startDrag(item)`: the files it carried (`files`, else `file`) and icon. */
  readonly drags: Array<{ files: string[]; icon: string }>;
  context?: Promise<BrowserContext>;
  startedAtMs: number;
}

export function createState(options: DoubleOptions): DoubleState {
  return {
    options,
    ipcLog: [],
    dialogCalls: [],
    dialogAnswers: { messageBox: [], openDialog: [], saveDialog: [] },
    openedExternal: [],
    notifications: [],
    console: [],
    droppedFiles: new Map(),
    schemeRequests: [],
    relaunches: [],
    exits: [],
    clipboardText: '',
    drags: [],
    startedAtMs: Date.now(),
  };
}

export const record = (state: DoubleState, r: Omit<IpcRecord, 'atMs'>): void => {
  state.ipcLog.push({ ...r, atMs: Date.now() - state.startedAtMs });
};
