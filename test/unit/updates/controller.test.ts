import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@shared/errors';
import type { UpdateState } from '@shared/ipc/updates';
import {
  CHECK_INTERVAL_MS,
  createUpdateController,
  RETRY_DELAY_MS,
  START_DELAY_MS,
  type UpdaterEvent,
  type UpdaterPort,
} from '../../../src/main/services/updates';

/** An updater that answers each check with the next scripted outcome, emitting events as electron-updater does. */
class ScriptedUpdater implements UpdaterPort {
  checks = 0;
  installs = 0;
  installOnQuit: boolean[] = [];
  outcomes: ('none' | 'update' | 'fail')[] = [];
  private listeners = new Set<(e: UpdaterEvent) => void>();

  emit(e: UpdaterEvent): void {
    for (const l of this.listeners) l(e);
  }
  onEvent(listener: (e: UpdaterEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    this.emit({ type: 'checking' });
    await Promise.resolve();
    const outcome = this.outcomes.shift() ?? 'none';
    if (outcome === 'fail') {
      const e = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
        code: 'ECONNREFUSED',
      });
      this.emit({ type: 'error', error: e });
      throw e;
    }
    if (outcome === 'none') {
      this.emit({ type: 'not-available', info: { version: '0.1.0' } });
      return { isUpdateAvailable: false };
    }
    this.emit({
      type: 'available',
      info: {
        version: '0.2.0',
        releaseNotes: '<p>Faster <b>covers</b></p>',
        releaseDate: '2026-01-01T00:00:00.000Z',
      },
    });
    return { isUpdateAvailable: true };
  }
  quitAndInstall(): void {
    this.installs += 1;
  }
  setInstallOnQuit(on: boolean): void {
    this.installOnQuit.push(on);
  }
  get listenerCount(): number {
    return this.listeners.size;
  }
}

let updater: ScriptedUpdater;
let autoUpdate: boolean;
let saved: boolean[];
let states: UpdateState[];

const make = (opts: { supported?: boolean } = {}) =>
  createUpdateController({
    currentVersion: '0.1.0',
    updater: opts.supported === false ? null : updater,
    unsupportedReason: 'Updates work only in an installed build.',
    settings: {
      autoUpdate: () => autoUpdate,
      setAutoUpdate: async (on) => {
        autoUpdate = on;
        saved.push(on);
      },
    },
    now: () => Date.now(),
    onState: (s) => states.push(s),
  });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
  updater = new ScriptedUpdater();
  autoUpdate = true;
  saved = [];
  states = [];
});
afterEach(() => vi.useRealTimers());

describe('update controller', () => {
  it('checks shortly after start and then every 24 hours', async () => {
    const c = make();
    c.start();
    expect(updater.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(START_DELAY_MS - 1);
    expect(updater.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(updater.checks).toBe(1);
    expect(c.state()).toMatchObject({
      phase: 'idle',
      upToDate: true,
      lastCheckedAtMs: Date.parse('2026-03-01T10:00:10Z'),
    });
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS - 1);
    expect(updater.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(updater.checks).toBe(2);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(3);
    expect(updater.installOnQuit).toEqual([true]);
    c.stop();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(updater.checks).toBe(3);
    expect(updater.listenerCount).toBe(0);
  });

  it('never checks on its own when automatic updates are off, and does not install on quit', async () => {
    autoUpdate = false;
    const c = make();
    c.start();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 3);
    expect(updater.checks).toBe(0);
    expect(updater.installOnQuit).toEqual([false]);
    expect(c.state()).toMatchObject({ phase: 'idle', autoUpdate: false, lastCheckedAtMs: null });
    // the user may still ask
    await c.check();
    expect(updater.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(updater.checks).toBe(1);
  });

  it('turning the setting off stops the schedule and saves it; on again checks soon', async () => {
    const c = make();
    c.start();
    const off = await c.setAutoUpdate(false);
    expect(off.autoUpdate).toBe(false);
    expect(saved).toEqual([false]);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(0);
    await c.setAutoUpdate(true);
    expect(saved).toEqual([false, true]);
    expect(updater.installOnQuit).toEqual([true, false, true]);
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    expect(updater.checks).toBe(1);
    expect(states.at(-1)?.autoUpdate).toBe(true);
  });

  it('an automatic check that fails is an error state and is retried after an hour', async () => {
    updater.outcomes = ['fail', 'none'];
    const c = make();
    c.start();
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    expect(c.state()).toMatchObject({ phase: 'error', error: { code: 'network' } });
    expect(c.state().error?.message).not.toContain('127.0.0.1');
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(updater.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(updater.checks).toBe(2);
    expect(c.state()).toMatchObject({ phase: 'idle', upToDate: true, error: null });
  });

  it('available → downloading with progress → ready; restart installs only when the user asks', async () => {
    updater.outcomes = ['update'];
    const c = make();
    c.start();
    expect(() => c.restartToUpdate()).toThrow(AppError);
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    expect(c.state()).toMatchObject({
      phase: 'available',
      version: '0.2.0',
      releaseNotes: 'Faster covers',
    });
    updater.emit({
      type: 'progress',
      percent: 42.5,
      transferred: 425,
      total: 1000,
      bytesPerSecond: 50,
    });
    expect(c.state()).toMatchObject({
      phase: 'downloading',
      progress: { percent: 42.5, transferredBytes: 425, totalBytes: 1000 },
    });
    updater.emit({ type: 'downloaded', info: { version: '0.2.0', releaseNotes: null } });
    expect(c.state()).toMatchObject({
      phase: 'ready',
      version: '0.2.0',
      releaseNotes: 'Faster covers',
      progress: null,
    });
    // nothing installs by itself, and no more checks while an update waits
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(updater.installs).toBe(0);
    expect(updater.checks).toBe(1);
    await c.check();
    expect(updater.checks).toBe(1);
    c.restartToUpdate();
    expect(updater.installs).toBe(1);
    expect(c.state().phase).toBe('installing');
    expect(states.map((s) => s.phase)).toEqual([
      'checking',
      'available',
      'downloading',
      'ready',
      'installing',
    ]);
  });

  it('a download that fails after the check moves to error and retries', async () => {
    updater.outcomes = ['update', 'update'];
    const c = make();
    c.start();
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    updater.emit({
      type: 'error',
      error: new Error('sha512 checksum mismatch, expected abc, got def'),
    });
    expect(c.state()).toMatchObject({ phase: 'error', error: { code: 'bad_response' } });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(updater.checks).toBe(2);
    expect(c.state().phase).toBe('available');
  });

  it('a build that cannot update says why and never checks', async () => {
    const c = make({ supported: false });
    c.start();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    const s = await c.check();
    expect(s).toMatchObject({
      supported: false,
      unsupportedReason: 'Updates work only in an installed build.',
      phase: 'idle',
    });
    expect(() => c.restartToUpdate()).toThrow('No update has been downloaded yet.');
    expect(updater.checks).toBe(0);
  });

  it('a manual check while one runs does not start a second', async () => {
    const c = make();
    c.start();
    const [a, b] = await Promise.all([c.check(), c.check()]);
    expect(updater.checks).toBe(1);
    expect(a.phase).toBe('idle');
    expect(b.phase).toBe('checking');
  });

  it('a failing setting write is an io error and changes nothing', async () => {
    const c = createUpdateController({
      currentVersion: '0.1.0',
      updater,
      settings: { autoUpdate: () => true, setAutoUpdate: () => Promise.reject(new Error('EROFS')) },
    });
    await expect(c.setAutoUpdate(false)).rejects.toMatchObject({ code: 'io' });
    expect(c.state().autoUpdate).toBe(true);
  });
});
