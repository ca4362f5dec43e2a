/**
 * The app-update state machine, plain Node: idle → checking → available → downloading → ready →
 * installing, or error. It checks shortly after start and every 24 hours while automatic updates
 * are on, retries a failed automatic check after an hour, and never installs without the user:
 * "Restart to update" is the user's click, and otherwise a downloaded update installs when the app
 * quits (the updater's install-on-quit, on only while automatic updates are on).
 *
 * The updater itself (electron-updater in the shell, see shell/updater.ts) is behind UpdaterPort.
 */
import { AppError, type AppErrorShape, type KeyedMessage } from '@shared/errors';
import { englishText } from '@shared/i18n/english';
import { appError } from '@shared/app-error';
import type { UpdateProgress, UpdateState } from '@shared/ipc/updates';
import { describeUpdateError } from './errors';
import { releaseNotesToText } from './release-notes';

export const START_DELAY_MS = 10_000;
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const RETRY_DELAY_MS = 60 * 60 * 1000;

/** What the feed says about a version (electron-updater's UpdateInfo, the parts used here). */
export interface FeedInfo {
  version: string;
  releaseNotes?: unknown;
  releaseDate?: string | null;
}

export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; info: FeedInfo }
  | { type: 'not-available'; info: FeedInfo | null }
  | {
      type: 'progress';
      percent: number;
      transferred: number;
      total: number;
      bytesPerSecond: number;
    }
  | { type: 'downloaded'; info: FeedInfo }
  | { type: 'error'; error: unknown };

/** The updater the controller drives. Downloads start by themselves after an 'available'. */
export interface UpdaterPort {
  /** Asks the feed; what happens is reported as events (a failure also rejects). */
  checkForUpdates(): Promise<unknown>;
  /** Quits the app and installs the downloaded update. */
  quitAndInstall(): void;
  /** Whether a downloaded update installs when the app quits. */
  setInstallOnQuit(on: boolean): void;
  onEvent(listener: (event: UpdaterEvent) => void): () => void;
}

export interface UpdateSettings {
  autoUpdate(): boolean;
  setAutoUpdate(on: boolean): Promise<void>;
}

export interface UpdateControllerDeps {
  currentVersion: string;
  settings: UpdateSettings;
  /** Null when this build cannot update itself; `unsupportedReason` says why. */
  updater: UpdaterPort | null;
  unsupportedReason?: string;
  /** `unsupportedReason` as a catalog key (said in the app's language). */
  unsupportedReasonKey?: KeyedMessage;
  now?: () => number;
  startDelayMs?: number;
  intervalMs?: number;
  retryDelayMs?: number;
  onState?: (state: UpdateState) => void;
  log?: (line: string) => void;
}

export interface UpdateController {
  state(): UpdateState;
  /** Starts the schedule (a check soon after start, then daily) if automatic updates are on. */
  start(): void;
  /** Checks now (the user asked, so also when automatic updates are off). */
  check(): Promise<UpdateState>;
  /** Installs the downloaded update now; AppError('forbidden') unless one is ready. */
  restartToUpdate(): void;
  setAutoUpdate(on: boolean): Promise<UpdateState>;
  stop(): void;
}

const BUSY_PHASES = new Set(['checking', 'available', 'downloading', 'ready', 'installing']);

export function createUpdateController(deps: UpdateControllerDeps): UpdateController {
  const now = deps.now ?? Date.now;
  const startDelayMs = deps.startDelayMs ?? START_DELAY_MS;
  const intervalMs = deps.intervalMs ?? CHECK_INTERVAL_MS;
  const retryDelayMs = deps.retryDelayMs ?? RETRY_DELAY_MS;
  const log = deps.log ?? (() => undefined);
  const updater = deps.updater;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let unsubscribe: (() => void) | undefined;
  let current: UpdateState = {
    phase: 'idle',
    currentVersion: deps.currentVersion,
    autoUpdate: deps.settings.autoUpdate(),
    supported: updater !== null,
    unsupportedReason: updater
      ? null
      : (deps.unsupportedReason ?? englishText('settings:updates.unsupported')),
    ...(updater
      ? {}
      : {
          unsupportedReasonKey: deps.unsupportedReason
            ? (deps.unsupportedReasonKey ?? null)
            : { key: 'settings:updates.unsupported' },
        }),
    lastCheckedAtMs: null,
    upToDate: false,
    version: null,
    releaseNotes: null,
    releaseDate: null,
    progress: null,
    error: null,
  };

  const set = (patch: Partial<UpdateState>): void => {
    current = { ...current, ...patch };
    deps.onState?.({ ...current });
  };

  const clearTimer = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  /** Plans the next automatic check (none while off, unsupported or an update waits). */
  const schedule = (delayMs: number): void => {
    clearTimer();
    if (
      !started ||
      !updater ||
      !current.autoUpdate ||
      current.phase === 'ready' ||
      current.phase === 'installing'
    )
      return;
    timer = setTimeout(() => {
      timer = undefined;
      void runCheck('automatic');
    }, delayMs);
    timer.unref?.();
  };

  const fail = (error: unknown): void => {
    const shape: AppErrorShape = describeUpdateError(error);
    log(`[updates] ${current.phase} failed: ${shape.message}`);
    set({
      phase: 'error',
      error: shape,
      progress: null,
      lastCheckedAtMs: current.lastCheckedAtMs ?? now(),
    });
    schedule(retryDelayMs);
  };

  const onEvent = (event: UpdaterEvent): void => {
    switch (event.type) {
      case 'checking':
        if (current.phase !== 'checking') set({ phase: 'checking', error: null });
        return;
      case 'not-available':
        set({
          phase: 'idle',
          upToDate: true,
          lastCheckedAtMs: now(),
          version: null,
          releaseNotes: null,
          releaseDate: null,
          progress: null,
          error: null,
        });
        return;
      case 'available':
        set({
          phase: 'available',
          upToDate: false,
          lastCheckedAtMs: now(),
          version: event.info.version,
          releaseNotes: releaseNotesToText(event.info.releaseNotes),
          releaseDate: event.info.releaseDate ?? null,
          progress: null,
          error: null,
        });
        return;
      case 'progress': {
        if (current.phase !== 'available' && current.phase !== 'downloading') return;
        const progress: UpdateProgress = {
          percent: Math.min(100, Math.max(0, event.percent)),
          transferredBytes: Math.max(0, event.transferred),
          totalBytes: Math.max(0, event.total),
          bytesPerSecond: Math.max(0, event.bytesPerSecond),
        };
        set({ phase: 'downloading', progress });
        return;
      }
      case 'downloaded':
        clearTimer();
        set({
          phase: 'ready',
          version: event.info.version,
          releaseNotes: releaseNotesToText(event.info.releaseNotes) ?? current.releaseNotes,
          releaseDate: event.info.releaseDate ?? current.releaseDate,
          progress: null,
          error: null,
        });
        log(`[updates] ${event.info.version} downloaded; installs on restart`);
        return;
      case 'error':
        if (current.phase === 'installing') return;
        fail(event.error);
        return;
    }
  };

  async function runCheck(reason: 'automatic' | 'manual'): Promise<UpdateState> {
    if (!updater) return { ...current };
    if (BUSY_PHASES.has(current.phase)) return { ...current };
    log(`[updates] ${reason} check`);
    set({ phase: 'checking', error: null });
    try {
      await updater.checkForUpdates();
      // Some updater builds answer null without events (e.g. inactive): treat as "nothing new".
      if (current.phase === 'checking')
        set({ phase: 'idle', lastCheckedAtMs: now(), upToDate: true });
    } catch (e) {
      if (current.phase !== 'error') fail(e);
      return { ...current };
    }
    if (current.phase !== 'ready') schedule(intervalMs);
    return { ...current };
  }

  return {
    state: () => ({ ...current }),
    start() {
      if (started) return;
      started = true;
      if (!updater) {
        log(`[updates] off: ${current.unsupportedReason ?? ''}`);
        return;
      }
      current = { ...current, autoUpdate: deps.settings.autoUpdate() }; // the CLI may have changed it
      unsubscribe = updater.onEvent(onEvent);
      updater.setInstallOnQuit(current.autoUpdate);
      schedule(startDelayMs);
    },
    check: () => runCheck('manual'),
    restartToUpdate() {
      if (!updater || current.phase !== 'ready') {
        throw appError('forbidden', 'errors:updates.noneDownloaded');
      }
      set({ phase: 'installing' });
      updater.quitAndInstall();
    },
    async setAutoUpdate(on) {
      try {
        await deps.settings.setAutoUpdate(on);
      } catch (e) {
        throw e instanceof AppError
          ? e
          : appError('io', 'errors:updates.settingUnsaved', {}, { cause: e });
      }
      set({ autoUpdate: on });
      updater?.setInstallOnQuit(on);
      if (on) schedule(startDelayMs);
      else clearTimer();
      return { ...current };
    },
    stop() {
      clearTimer();
      started = false;
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}
