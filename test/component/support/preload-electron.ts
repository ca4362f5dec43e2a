/**
 * `electron` as the real preload (src/preload/index.ts) sees it in the component tests' jsdom
 * window (the component project aliases `electron` to this file). Like the end-to-end double's page
 * shim, an invoke crosses as JSON to the double's ipcMain and its reply comes back as JSON; events
 * main sends arrive as JSON, each in its own task. main.ts connects it to the main it starts.
 */
type Listener = (event: unknown, ...args: unknown[]) => void;

/** The main side of the link: the double's ipcMain, as a page's invoke reaches it. */
export type InvokeJson = (channel: string, argsJson: string) => Promise<string>;

let invokeJson: InvokeJson | null = null;
const listeners = new Map<string, Listener[]>();
const dropped = new Map<string, string>();
const exposed = new Map<string, unknown>();

export const ipcRenderer = {
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    if (!invokeJson) throw new Error(`Error invoking remote method '${channel}': no main`);
    const reply = JSON.parse(await invokeJson(channel, JSON.stringify(args) ?? '[]')) as {
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
  removeListener(channel: string, listener: Listener) {
    listeners.set(
      channel,
      (listeners.get(channel) ?? []).filter((l) => l !== listener),
    );
    return ipcRenderer;
  },
};

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    exposed.set(key, api);
  },
};

export const webUtils = {
  getPathForFile: (file: { name?: string }): string =>
    file?.name ? (dropped.get(file.name) ?? '') : '',
};

/** The API the preload exposed under `key` (it runs once per test file). */
export function exposedApi(key: string): unknown {
  return exposed.get(key);
}

/** Links the preload to a main (null unlinks); listeners left by an earlier window are dropped. */
export function linkMain(invoke: InvokeJson | null): void {
  invokeJson = invoke;
  listeners.clear();
  dropped.clear();
}

/** A message main sent to this window (webContents.send): JSON, delivered in its own task. */
export function deliver(channel: string, args: unknown[]): void {
  const json = JSON.stringify(args);
  setTimeout(() => {
    for (const l of [...(listeners.get(channel) ?? [])]) l({}, ...(JSON.parse(json) as unknown[]));
  });
}

/** What webUtils.getPathForFile answers for a dropped File of this name. */
export function registerDroppedPath(name: string, path: string): void {
  dropped.set(name, path);
}
