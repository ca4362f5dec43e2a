/** `app` of the double: lifecycle events in Electron's order, paths, version, single-instance lock. */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { makeEvent } from './events';
import type { DoubleState } from './state';

const repoRoot = resolve(__dirname, '../../..');

export class DoubleApp extends EventEmitter {
  /** False unless the options say the run stands for an installed build (`isPackaged`). */
  readonly isPackaged: boolean;
  private ready = false;
  private quitting = false;
  private resolveReady!: () => void;
  private readonly readyPromise = new Promise<void>((r) => (this.resolveReady = r));
  private resolveQuit!: () => void;
  /** Resolves once the app emitted 'quit'. */
  readonly quitted = new Promise<void>((r) => (this.resolveQuit = r));
  private readonly paths: Record<string, string>;
  name = 'Cadenza';

  constructor(
    private readonly state: DoubleState,
    private readonly allWindows: () => { close(): void; destroy(): void }[],
  ) {
    super();
    this.isPackaged = state.options.isPackaged === true;
    const userData = state.options.userDataDir;
    this.paths = {
      userData,
      appData: join(userData, '..'),
      sessionData: userData,
      temp: tmpdir(),
      home: join(userData, 'home'),
      music: join(userData, 'Music'),
      downloads: join(userData, 'Downloads'),
      documents: join(userData, 'Documents'),
      desktop: join(userData, 'Desktop'),
      logs: join(userData, 'logs'),
      exe: process.execPath,
      module: process.execPath,
      ...state.options.paths,
    };
  }

  /** Double-only: emits 'will-finish-launching' and 'ready' (call after the main script ran). */
  start(): void {
    if (this.ready) return;
    this.emit('will-finish-launching');
    this.ready = true;
    this.emit('ready', makeEvent(), {});
    this.resolveReady();
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }
  isReady(): boolean {
    return this.ready;
  }
  requestSingleInstanceLock(): boolean {
    return !this.state.options.singleInstanceTaken;
  }
  hasSingleInstanceLock(): boolean {
    return !this.state.options.singleInstanceTaken;
  }
  releaseSingleInstanceLock(): void {}
  getPath(name: string): string {
    const p = this.paths[name];
    if (!p) throw new Error(`Failed to get '${name}' path`);
    return p;
  }
  setPath(name: string, value: string): void {
    this.paths[name] = value;
  }
  getAppPath(): string {
    return repoRoot;
  }
  getVersion(): string {
    if (this.state.options.version) return this.state.options.version;
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    return pkg.version;
  }
  getName(): string {
    return this.name;
  }
  setName(name: string): void {
    this.name = name;
  }
  getLocale(): string {
    return this.state.options.preferredSystemLanguages?.[0] ?? 'en-US';
  }
  /** The OS's preferred languages, in order (option `preferredSystemLanguages`, else en-US). */
  getPreferredSystemLanguages(): string[] {
    return [...(this.state.options.preferredSystemLanguages ?? ['en-US'])];
  }
  setAppUserModelId(): void {}
  focus(): void {}
  setAsDefaultProtocolClient(): boolean {
    return true;
  }
  isQuitting(): boolean {
    return this.quitting;
  }

  /** Electron's order: before-quit (preventable), windows close, will-quit (preventable), quit. */
  quit(): void {
    if (this.quitting) return;
    const before = makeEvent();
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    this.quitting = true;
    for (const w of this.allWindows()) w.close();
    const will = makeEvent();
    this.emit('will-quit', will);
    if (will.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.emit('quit', makeEvent(), 0);
    this.resolveQuit();
  }

  /** Recorded in `state.relaunches`; nothing starts (a test checks the call, then the exit). */
  relaunch(options: { args?: string[]; execPath?: string } = {}): void {
    this.state.relaunches.push({ ...options, atMs: Date.now() - this.state.startedAtMs });
  }

  /** Electron's immediate exit: no before-quit/will-quit, windows destroyed, 'quit' (code recorded). */
  exit(code = 0): void {
    this.state.exits.push(code);
    this.quitting = true;
    for (const w of this.allWindows()) w.destroy();
    this.emit('quit', makeEvent(), code);
    this.resolveQuit();
  }

  /** Called by BrowserWindow when the last window closed outside a quit. */
  lastWindowClosed(): void {
    if (this.quitting) return;
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed');
    else this.quit();
  }
}
