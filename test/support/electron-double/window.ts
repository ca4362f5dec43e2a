/**
 * BrowserWindow and webContents of the double, each window backed by a real Chromium page
 * (playwright-core). The window's preload runs in the page through page-shim.ts; invokes reach
 * the double's ipcMain with the sending frame's real URL; webContents.send dispatches into the page.
 */
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page, Route, Request } from 'playwright-core';
import { buildInitScript, DISPATCH, INVOKE_BINDING, REGISTER_DROP } from './page-shim';
import { makeEvent } from './events';
import { record, type DoubleState } from './state';
import type { DoubleIpcMain } from './ipc';
import type { DoubleSession } from './session';
import { bridgeHandledSchemes } from './media-bridge';
import { SchemeOrigins, type PrivilegedSchemes } from './scheme-origin';

export interface WindowHost {
  state: DoubleState;
  ipcMain: DoubleIpcMain;
  session: DoubleSession;
  /** protocol.handle's handlers, which answer the page's requests to custom schemes. */
  protocol: PrivilegedSchemes;
  context(): Promise<BrowserContext>;
  /** Called when a window is created (app emits 'browser-window-created', 'web-contents-created'). */
  created(win: DoubleBrowserWindow): void;
  /** Called after a window closed. */
  closed(win: DoubleBrowserWindow): void;
}

type OpenHandler = (details: {
  url: string;
  frameName: string;
  features: string;
  disposition: string;
}) => { action: 'allow' | 'deny' };

let nextId = 1;

export class DoubleWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly session: DoubleSession;
  windowOpenHandler: OpenHandler | undefined;
  page: Page | undefined;
  private destroyed = false;
  /** True while loadURL/loadFile navigates (that navigation is not a renderer-initiated one). */
  ownNavigation = false;
  /** Privileged schemes' pages on stand-in origins (scheme-origin.ts). */
  readonly origins: SchemeOrigins;

  constructor(
    private readonly host: WindowHost,
    readonly owner: DoubleBrowserWindow,
  ) {
    super();
    this.session = host.session;
    this.origins = new SchemeOrigins(host.protocol);
  }

  setWindowOpenHandler(handler: OpenHandler): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    const json = JSON.stringify(args) ?? '[]';
    record(this.host.state, { direction: 'event', channel, payload: json });
    const page = this.page;
    if (!page) return;
    page
      .evaluate(
        ([fn, c, j]) =>
          (globalThis as unknown as Record<string, (c: string, j: string) => void>)[fn]?.(c, j),
        [DISPATCH, channel, json] as const,
      )
      .catch(() => undefined);
  }

  /**
   * Records the drag (Electron hands it to the OS): `files` wins over `file`, as in Electron, and
   * a drag with neither throws as Electron's does.
   */
  startDrag(item: { file?: string; files?: string[]; icon: unknown }): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    const files = item.files && item.files.length > 0 ? item.files : item.file ? [item.file] : [];
    if (files.length === 0) throw new Error("Must specify either 'file' or 'files' option");
    this.host.state.drags.push({ files, icon: String(item.icon) });
  }

  /** The page's URL in Electron's terms (app://cadenza/… for a privileged scheme's page). */
  getURL(): string {
    return this.origins.fromPage(this.page?.url() ?? '');
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  isLoading(): boolean {
    return false;
  }

  openDevTools(): void {}
  closeDevTools(): void {}

  async executeJavaScript(code: string): Promise<unknown> {
    if (!this.page) throw new Error('No page');
    return this.page.evaluate(code);
  }

  markDestroyed(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

export class DoubleBrowserWindow extends EventEmitter {
  private static readonly all: DoubleBrowserWindow[] = [];
  private static host: WindowHost | undefined;

  static bindHost(host: WindowHost): void {
    DoubleBrowserWindow.host = host;
    DoubleBrowserWindow.all.length = 0;
  }

  static getAllWindows(): DoubleBrowserWindow[] {
    return [...DoubleBrowserWindow.all];
  }

  static fromWebContents(contents: unknown): DoubleBrowserWindow | null {
    return DoubleBrowserWindow.all.find((w) => w.webContents === contents) ?? null;
  }

  static getFocusedWindow(): DoubleBrowserWindow | null {
    return DoubleBrowserWindow.all.find((w) => w.focused) ?? null;
  }

  readonly id: number;
  readonly webContents: DoubleWebContents;
  readonly options: Record<string, unknown>;
  /** Resolves to the Chromium page once it is set up. */
  readonly pageReady: Promise<Page>;
  private visible = false;
  private focused = false;
  private minimized = false;
  private destroyed = false;
  private title = '';
  private readonly host: WindowHost;
  /** The normal (not maximised) bounds; a maximised window reports them too (no screen here). */
  private bounds: { x: number; y: number; width: number; height: number };
  private maximized = false;
  private fullScreen = false;

  constructor(options: Record<string, unknown> = {}) {
    super();
    const host = DoubleBrowserWindow.host;
    if (!host) throw new Error('electron double: BrowserWindow used before the double was created');
    this.host = host;
    this.options = options;
    this.id = nextId++;
    this.title = typeof options.title === 'string' ? options.title : 'Electron';
    this.visible = options.show !== false;
    const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);
    this.bounds = {
      x: num(options.x, 0),
      y: num(options.y, 0),
      width: num(options.width, 800),
      height: num(options.height, 600),
    };
    this.webContents = new DoubleWebContents(host, this);
    DoubleBrowserWindow.all.push(this);
    this.pageReady = this.setUpPage();
    this.pageReady.catch(() => undefined);
    host.created(this);
  }

  private async setUpPage(): Promise<Page> {
    const context = await this.host.context();
    const blank = context.pages().find((p) => p.url() === 'about:blank' && !claimed.has(p));
    const page = blank ?? (await context.newPage());
    claimed.add(page);
    const wc = this.webContents;
    const { state, ipcMain } = this.host;
    await page.exposeBinding(INVOKE_BINDING, (source, channel: unknown, argsJson: unknown) =>
      ipcMain.invokeJson(String(channel), String(argsJson), {
        sender: wc,
        frameUrl: wc.origins.fromPage(source.frame.url()),
        isTopFrame: source.frame.parentFrame() === null,
      }),
    );
    const savedLocal = fileLocalStorage(state.options.userDataDir);
    if (existsSync(savedLocal)) {
      // localStorage of file:// pages from the previous run (Playwright's storage state skips file://).
      await page.addInitScript(
        (json: string) => {
          const g = globalThis as unknown as {
            location: { protocol: string };
            localStorage: { length: number; setItem(k: string, v: string): void };
          };
          if (g.location.protocol !== 'file:' || g.localStorage.length > 0) return;
          for (const [k, v] of Object.entries(JSON.parse(json) as Record<string, string>))
            g.localStorage.setItem(k, v);
        },
        readFileSync(savedLocal, 'utf8'),
      );
    }
    const prefs = (this.options.webPreferences ?? {}) as { preload?: string };
    if (prefs.preload) {
      await page.addInitScript({
        content: buildInitScript(readFileSync(prefs.preload, 'utf8'), state.droppedFiles),
      });
    }
    page.on('console', (m) => state.console.push({ type: m.type(), text: m.text() }));
    page.on('pageerror', (e) => state.console.push({ type: 'pageerror', text: String(e) }));
    page.on('popup', (popup) => {
      const answer = wc.windowOpenHandler?.({
        url: wc.origins.fromPage(popup.url()),
        frameName: '',
        features: '',
        disposition: 'new-window',
      });
      if (!answer || answer.action === 'deny') void popup.close().catch(() => undefined);
    });
    page.on('close', () => {
      if (!this.destroyed) this.destroy();
    });
    await page.route(
      (url) => url.protocol === 'http:' || url.protocol === 'https:',
      (route, request) => this.routeHttp(page, route, request),
    );
    await bridgeHandledSchemes(
      page,
      this.host.protocol,
      state.schemeRequests,
      state.startedAtMs,
      wc.origins,
    );
    // registered last, so tried first: pages of privileged schemes and everything on their origin
    await wc.origins.route(page, state.schemeRequests, state.startedAtMs, (request, url) =>
      this.allowNavigation(page, request, url),
    );
    wc.page = page;
    return page;
  }

  /** A renderer-initiated navigation of the main frame asks will-navigate (false: prevented). */
  private allowNavigation(page: Page, request: Request, url: string): boolean {
    if (
      !request.isNavigationRequest() ||
      request.frame() !== page.mainFrame() ||
      this.webContents.ownNavigation
    )
      return true;
    const event = makeEvent({ url });
    this.webContents.emit('will-navigate', event, url);
    return !event.defaultPrevented;
  }

  /** Renderer HTTP goes through the session's webRequest listeners; link navigations through will-navigate. */
  private async routeHttp(page: Page, route: Route, request: Request): Promise<void> {
    const url = request.url();
    if (!this.allowNavigation(page, request, url)) return route.abort('aborted');
    if (this.host.session.shouldCancel(url)) return route.abort('blockedbyclient');
    const response = await route.fetch();
    const headers = this.host.session.applyHeaders(url, response.headers());
    await route.fulfill({ response, headers });
  }

  private async navigate(url: string): Promise<void> {
    const page = await this.pageReady;
    this.webContents.ownNavigation = true;
    try {
      // a privileged scheme's page (app://cadenza/…) loads on its stand-in origin
      await page.goto(this.webContents.origins.toPage(url), { waitUntil: 'load' });
    } finally {
      this.webContents.ownNavigation = false;
    }
    this.webContents.emit('dom-ready', makeEvent());
    this.webContents.emit('did-finish-load', makeEvent());
    this.emit('ready-to-show', makeEvent());
  }

  loadFile(
    filePath: string,
    options: { hash?: string; query?: Record<string, string> } = {},
  ): Promise<void> {
    const url = new URL(pathToFileURL(filePath).href);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    if (options.hash) url.hash = options.hash;
    return this.navigate(url.href);
  }

  loadURL(url: string): Promise<void> {
    return this.navigate(url);
  }

  show(): void {
    this.visible = true;
    this.focused = true;
    this.emit('show');
  }
  hide(): void {
    this.visible = false;
  }
  isVisible(): boolean {
    return this.visible;
  }
  focus(): void {
    this.focused = true;
    this.emit('focus');
  }
  blur(): void {
    this.focused = false;
    this.emit('blur');
  }
  isFocused(): boolean {
    return this.focused;
  }
  minimize(): void {
    this.minimized = true;
  }
  restore(): void {
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  setTitle(title: string): void {
    this.title = title;
  }
  getTitle(): string {
    return this.title;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getBounds(): { x: number; y: number; width: number; height: number } {
    return { ...this.bounds };
  }
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    return { ...this.bounds };
  }
  /** Emits 'move' and/or 'resize' for what changed, as the OS would after a drag. */
  setBounds(rect: Partial<{ x: number; y: number; width: number; height: number }>): void {
    const before = this.bounds;
    this.bounds = { ...before, ...rect };
    if (this.bounds.x !== before.x || this.bounds.y !== before.y) this.emit('move', makeEvent());
    if (this.bounds.width !== before.width || this.bounds.height !== before.height)
      this.emit('resize', makeEvent());
  }
  maximize(): void {
    if (this.maximized) return;
    this.maximized = true;
    this.emit('maximize', makeEvent());
  }
  unmaximize(): void {
    if (!this.maximized) return;
    this.maximized = false;
    this.emit('unmaximize', makeEvent());
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  setFullScreen(on: boolean): void {
    this.fullScreen = on;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  setMenu(): void {}
  setMenuBarVisibility(): void {}
  setProgressBar(): void {}
  flashFrame(): void {}

  close(): void {
    if (this.destroyed) return;
    const event = makeEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    const i = DoubleBrowserWindow.all.indexOf(this);
    if (i >= 0) DoubleBrowserWindow.all.splice(i, 1);
    this.webContents.markDestroyed();
    void this.pageReady.then((p) => p.close()).catch(() => undefined);
    this.emit('closed');
    this.host.closed(this);
  }

  /** Registers a path for a File name in the page (webUtils.getPathForFile). */
  async registerDroppedFile(name: string, path: string): Promise<void> {
    this.host.state.droppedFiles.set(name, path);
    const page = await this.pageReady;
    await page.evaluate(
      ([fn, n, p]) =>
        (globalThis as unknown as Record<string, (n: string, p: string) => void>)[fn]?.(n, p),
      [REGISTER_DROP, name, path] as const,
    );
  }
}

const claimed = new WeakSet<Page>();

/** Where the double keeps the file:// localStorage of a userData folder between runs. */
export const fileLocalStorage = (userDataDir: string): string =>
  join(userDataDir, 'Chromium', 'local-storage.json');
