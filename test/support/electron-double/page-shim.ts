/**
 * The init script that runs a built sandboxed preload inside the Chromium page. The preload's
 * `require('electron')` gets a page-side contextBridge (a frozen, non-writable property on window),
 * an ipcRenderer whose invoke goes through a Playwright binding to the double's ipcMain as JSON,
 * and webUtils.getPathForFile answering paths tests registered by file name. Runs in the top frame
 * only, like a preload without nodeIntegrationInSubFrames.
 */

export const INVOKE_BINDING = '__electronDoubleInvoke';
export const DISPATCH = '__electronDoubleDispatch';
export const REGISTER_DROP = '__electronDoubleRegisterDrop';

/** Page-side code; serialised with Function.prototype.toString, so it must be self-contained. */
function pageShim(
  names: { invoke: string; dispatch: string; registerDrop: string },
  drops: [string, string][],
): unknown[] | null {
  const w = globalThis as unknown as Record<string, unknown>;
  if (w.top !== w.window) return null;
  const binding = w[names.invoke] as
    ((channel: string, argsJson: string) => Promise<string>) | undefined;
  try {
    delete w[names.invoke];
  } catch {
    /* keep going: the binding stays reachable, as documented */
  }
  if (typeof binding !== 'function') throw new Error('electron double: invoke binding missing');

  type Listener = (event: unknown, ...args: unknown[]) => void;
  const listeners = new Map<string, Listener[]>();
  const dropped = new Map<string, string>(drops);

  const hidden = (name: string, value: unknown): void => {
    Object.defineProperty(globalThis, name, {
      value,
      enumerable: false,
      configurable: false,
      writable: false,
    });
  };
  hidden(names.dispatch, (channel: string, argsJson: string) => {
    const args = JSON.parse(argsJson) as unknown[];
    for (const l of [...(listeners.get(channel) ?? [])]) {
      try {
        l({ sender: ipcRenderer, senderId: 0 }, ...args);
      } catch (e) {
        console.error(e);
      }
    }
  });
  hidden(names.registerDrop, (name: string, path: string) => dropped.set(name, path));

  const ipcRenderer = {
    async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
      const reply = JSON.parse(await binding(String(channel), JSON.stringify(args) ?? '[]')) as {
        value?: unknown;
        error?: string;
      };
      if (reply.error !== undefined) throw new Error(reply.error);
      return reply.value;
    },
    on(channel: string, listener: Listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return ipcRenderer;
    },
    once(channel: string, listener: Listener) {
      const wrapped: Listener = (e, ...a) => {
        ipcRenderer.removeListener(channel, wrapped);
        listener(e, ...a);
      };
      return ipcRenderer.on(channel, wrapped);
    },
    removeListener(channel: string, listener: Listener) {
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((l) => l !== listener),
      );
      return ipcRenderer;
    },
    off(channel: string, listener: Listener) {
      return ipcRenderer.removeListener(channel, listener);
    },
    removeAllListeners(channel?: string) {
      if (channel === undefined) listeners.clear();
      else listeners.delete(channel);
      return ipcRenderer;
    },
  };

  const deepFreeze = (value: unknown): unknown => {
    if (
      value &&
      (typeof value === 'object' || typeof value === 'function') &&
      !Object.isFrozen(value)
    ) {
      Object.freeze(value);
      for (const key of Object.getOwnPropertyNames(value))
        deepFreeze((value as Record<string, unknown>)[key]);
    }
    return value;
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      Object.defineProperty(globalThis, key, {
        value: deepFreeze(api),
        enumerable: true,
        configurable: false,
        writable: false,
      });
    },
  };
  const webUtils = {
    getPathForFile(file: { name?: unknown }): string {
      return typeof file?.name === 'string' ? (dropped.get(file.name) ?? '') : '';
    },
  };
  const electron = { contextBridge, ipcRenderer, webUtils };
  const sandboxRequire = (id: string): unknown => {
    if (id === 'electron') return electron;
    throw new Error(`module not found: ${id} (a sandboxed preload can require only 'electron')`);
  };
  const module = { exports: {} as Record<string, unknown> };
  const processShim = {
    platform: 'linux',
    env: {},
    versions: {},
    type: 'renderer',
    sandboxed: true,
  };
  return [sandboxRequire, module, module.exports, processShim];
}

/** The init script text for a preload bundle. */
export function buildInitScript(preloadSource: string, drops: ReadonlyMap<string, string>): string {
  const names = { invoke: INVOKE_BINDING, dispatch: DISPATCH, registerDrop: REGISTER_DROP };
  // The preload runs as CommonJS, like Electron's sandboxed preload wrapper; it is inlined rather
  // than evaluated so the page's CSP (no eval) does not matter.
  return [
    '(() => {',
    `const __args = (${pageShim.toString()})(${JSON.stringify(names)}, ${JSON.stringify([...drops])});`,
    'if (!__args) return;',
    '(function (require, module, exports, process) {',
    preloadSource,
    '\n}).apply(__args[2], __args);',
    '})();',
  ].join('\n');
}
