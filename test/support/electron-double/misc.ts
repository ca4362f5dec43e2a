/** dialog, shell, Notification, safeStorage, protocol, nativeTheme, Menu, nativeImage of the double. */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { rm } from 'node:fs/promises';
import type { DoubleState } from './state';

export function createDialog(state: DoubleState) {
  const windowless = (args: unknown[]): unknown => (args.length > 1 ? args[1] : args[0]);
  return {
    /** Answers the next scripted { response }, else the cancel button (cancelId, or the last button). */
    async showMessageBox(...args: unknown[]) {
      const options = windowless(args) as { buttons?: string[]; cancelId?: number };
      state.dialogCalls.push({ method: 'showMessageBox', options });
      const scripted = state.dialogAnswers.messageBox.shift() as { response: number } | undefined;
      const cancel = options.cancelId ?? Math.max(0, (options.buttons?.length ?? 1) - 1);
      return { response: scripted?.response ?? cancel, checkboxChecked: false };
    },
    async showOpenDialog(...args: unknown[]) {
      state.dialogCalls.push({ method: 'showOpenDialog', options: windowless(args) });
      const scripted = state.dialogAnswers.openDialog.shift() as
        { filePaths: string[] } | undefined;
      return scripted
        ? { canceled: scripted.filePaths.length === 0, filePaths: scripted.filePaths }
        : { canceled: true, filePaths: [] };
    },
    async showSaveDialog(...args: unknown[]) {
      state.dialogCalls.push({ method: 'showSaveDialog', options: windowless(args) });
      const scripted = state.dialogAnswers.saveDialog.shift() as { filePath?: string } | undefined;
      return scripted?.filePath
        ? { canceled: false, filePath: scripted.filePath }
        : { canceled: true, filePath: '' };
    },
    showErrorBox(title: string, content: string) {
      state.dialogCalls.push({ method: 'showErrorBox', options: { title, content } });
    },
  };
}

export function createShell(state: DoubleState) {
  return {
    async openExternal(url: string) {
      state.openedExternal.push(url);
    },
    async openPath(path: string) {
      state.openedExternal.push(`path:${path}`);
      return '';
    },
    showItemInFolder(path: string) {
      state.openedExternal.push(`show:${path}`);
    },
    /** Records `trash:<path>` and removes the file (it leaves the folder, as with the OS trash). */
    async trashItem(path: string) {
      state.openedExternal.push(`trash:${path}`);
      await rm(path, { force: true });
    },
    beep() {},
  };
}

/**
 * clipboard (Electron's promise API): text only, kept in `state.clipboardText`; the system
 * clipboard is never touched.
 */
export function createClipboard(state: DoubleState) {
  return {
    async writeText(text: string): Promise<void> {
      state.clipboardText = String(text);
    },
    async readText(): Promise<string> {
      return state.clipboardText;
    },
    clear(): void {
      state.clipboardText = '';
    },
  };
}

export function createNotificationClass(state: DoubleState) {
  return class Notification extends EventEmitter {
    static isSupported(): boolean {
      return true;
    }
    constructor(private readonly options: { title?: string; body?: string } = {}) {
      super();
    }
    show(): void {
      state.notifications.push({ title: this.options.title ?? '', body: this.options.body ?? '' });
      this.emit('show');
    }
    close(): void {
      this.emit('close');
    }
  };
}

/**
 * AES-256-GCM under a fixed key derived inside the double: reversible across restarts of the
 * same test, never plaintext on disk. It proves nothing about the OS keyring Electron uses.
 */
export function createSafeStorage() {
  const key = createHash('sha256').update('cadenza electron double safeStorage v1').digest();
  const MAGIC = Buffer.from('v10');
  return {
    isEncryptionAvailable: () => true,
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    setUsePlainTextEncryption: () => undefined,
    encryptString(plainText: string): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted: Buffer): string {
      if (
        !Buffer.isBuffer(encrypted) ||
        encrypted.length < 31 ||
        !encrypted.subarray(0, 3).equals(MAGIC)
      ) {
        throw new Error(
          'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
        );
      }
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(3, 15));
      decipher.setAuthTag(encrypted.subarray(15, 31));
      return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type ProtocolHandler = (request: Request) => Response | Promise<Response>;

/** protocol: schemes and handlers are recorded; `fetch` lets tests call a handler from Node. */
export function createProtocol() {
  const handlers = new Map<string, ProtocolHandler>();
  const privileged: unknown[] = [];
  return {
    privileged,
    registerSchemesAsPrivileged(schemes: unknown[]) {
      privileged.push(...schemes);
    },
    handle(scheme: string, handler: ProtocolHandler) {
      if (handlers.has(scheme)) throw new Error(`The scheme '${scheme}' is already handled`);
      handlers.set(scheme, handler);
    },
    unhandle(scheme: string) {
      handlers.delete(scheme);
    },
    isProtocolHandled(scheme: string) {
      return handlers.has(scheme);
    },
    /** Double-only: answers a request to a handled scheme the way the handler would. */
    async fetch(url: string, init?: RequestInit): Promise<Response> {
      const scheme = new URL(url).protocol.replace(/:$/, '');
      const handler = handlers.get(scheme);
      if (!handler) throw new Error(`No handler for scheme '${scheme}'`);
      return handler(new Request(url, init));
    },
  };
}

export function createNativeTheme() {
  const theme = new EventEmitter() as EventEmitter & {
    shouldUseDarkColors: boolean;
    themeSource: string;
  };
  theme.shouldUseDarkColors = false;
  theme.themeSource = 'system';
  return theme;
}

export function createMenu() {
  let current: unknown = null;
  class MenuItem {
    constructor(readonly options: Record<string, unknown>) {}
  }
  class Menu {
    readonly items: unknown[];
    constructor(items: unknown[] = []) {
      this.items = items;
    }
    static buildFromTemplate(template: unknown[]): Menu {
      return new Menu(template);
    }
    static setApplicationMenu(menu: unknown): void {
      current = menu;
    }
    static getApplicationMenu(): unknown {
      return current;
    }
    append(item: unknown): void {
      this.items.push(item);
    }
    popup(): void {}
  }
  return { Menu, MenuItem };
}

export const nativeImage = {
  createEmpty: () => ({
    isEmpty: () => true,
    toPNG: () => Buffer.alloc(0),
    getSize: () => ({ width: 0, height: 0 }),
  }),
  createFromPath: (path: string) => ({
    isEmpty: () => false,
    path,
    toPNG: () => Buffer.alloc(0),
    getSize: () => ({ width: 0, height: 0 }),
  }),
};
