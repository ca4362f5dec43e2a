/**
 * Adapts electron-updater's `autoUpdater` to the plain-Node update state machine
 * (services/updates). Feed: a generic update server — the URL electron-builder wrote into the
 * installed app's app-update.yml, or CADENZA_UPDATE_URL (https, or http on loopback for the
 * emulator). Off in development, under the test double and in unpackaged builds, unless
 * CADENZA_UPDATE_FORCE=1 (a real Electron dev build against a test feed); CADENZA_UPDATES=off turns
 * it off everywhere. What only a real packaged app can show (the installers replacing the app) is
 * listed in the README.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppUpdater, ProgressInfo, UpdateInfo } from 'electron-updater';
import type { SettingsStore } from '../services/contracts';
import { checkUpdateArtifacts, feedUrlFromUpdateConfig } from '../services/updates/artifacts';
import {
  createUpdateController,
  type UpdateController,
  type UpdaterEvent,
  type UpdaterPort,
} from '../services/updates';
import type { UpdateState } from '@shared/ipc/updates';
import type { KeyedMessage } from '@shared/errors';
import { englishText } from '@shared/i18n/english';
import { logger } from '../services/log';

const log = logger('updates');

/** The folder name of the updater's download cache (electron-builder writes the same into app-update.yml). */
export const UPDATER_CACHE_DIR_NAME = 'cadenza-updater';

export interface UpdaterDecision {
  enabled: boolean;
  /** Why not (shown in the UI; English, for the log). */
  reason: string | null;
  /** `reason` as a catalog key (the renderer says it in the app's language). */
  reasonKey?: KeyedMessage | null;
  /** A feed URL that overrides the built-in one. */
  feedUrl: string | null;
  /** Updating an unpackaged build (tests with a real Electron). */
  forced: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** An update feed must be https (http only on loopback, for the emulator). */
export function checkFeedUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return url.href.endsWith('/') ? url.href : `${url.href}/`;
  }
  return null;
}

export function decideUpdater(opts: {
  isPackaged: boolean;
  isElectron: boolean;
  env: NodeJS.ProcessEnv;
}): UpdaterDecision {
  const { env } = opts;
  const forced = env.CADENZA_UPDATE_FORCE === '1';
  const off = (key: string): UpdaterDecision => ({
    enabled: false,
    reason: englishText(key),
    reasonKey: { key },
    feedUrl: null,
    forced,
  });
  if (env.CADENZA_UPDATES === 'off') return off('settings:updates.off.turnedOff');
  if (!opts.isElectron) return off('settings:updates.off.testDouble');
  const rawFeed = env.CADENZA_UPDATE_URL?.trim() ?? '';
  const feedUrl = rawFeed ? checkFeedUrl(rawFeed) : null;
  if (rawFeed && !feedUrl) return off('settings:updates.off.feedNotHttps');
  if (!opts.isPackaged && !forced) return off('settings:updates.off.installedOnly');
  if (forced && !feedUrl) return off('settings:updates.off.forceNeedsUrl');
  return { enabled: true, reason: null, feedUrl, forced };
}

/** The update config a forced (unpackaged) build reads instead of the installed app-update.yml. */
export function writeUpdateConfig(dir: string, feedUrl: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'app-update.yml');
  writeFileSync(
    file,
    `provider: generic\nurl: ${JSON.stringify(feedUrl)}\nupdaterCacheDirName: ${UPDATER_CACHE_DIR_NAME}\n`,
  );
  return file;
}

type Listener = (...args: never[]) => void;

/** electron-updater's AppUpdater as an UpdaterPort: downloads in the background, differential when it can. */
export function adaptElectronUpdater(
  updater: AppUpdater,
  feedUrl: () => string | null,
): UpdaterPort {
  // Downloads start only after checkUpdateArtifacts accepted what the feed names.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = true;
  updater.disableDifferentialDownload = false;
  updater.allowDowngrade = false;
  return {
    async checkForUpdates() {
      const result = await updater.checkForUpdates();
      if (!result?.isUpdateAvailable) return result;
      checkUpdateArtifacts(result.updateInfo, feedUrl());
      // the background download reports through 'error'/'update-downloaded'; its promise must not go unhandled
      updater.downloadUpdate().catch(() => undefined);
      return result;
    },
    quitAndInstall: () => updater.quitAndInstall(true, true),
    setInstallOnQuit(on) {
      updater.autoInstallOnAppQuit = on;
    },
    onEvent(listener: (event: UpdaterEvent) => void) {
      const handlers: [string, Listener][] = [
        ['checking-for-update', () => listener({ type: 'checking' })],
        ['update-available', (info: UpdateInfo) => listener({ type: 'available', info })],
        ['update-not-available', (info: UpdateInfo) => listener({ type: 'not-available', info })],
        [
          'download-progress',
          (p: ProgressInfo) =>
            listener({
              type: 'progress',
              percent: p.percent,
              transferred: p.transferred,
              total: p.total,
              bytesPerSecond: p.bytesPerSecond,
            }),
        ],
        ['update-downloaded', (info: UpdateInfo) => listener({ type: 'downloaded', info })],
        ['error', (error: Error) => listener({ type: 'error', error })],
      ];
      const emitter = updater as unknown as {
        on(name: string, l: Listener): void;
        removeListener(name: string, l: Listener): void;
      };
      for (const [name, l] of handlers) emitter.on(name, l);
      return () => {
        for (const [name, l] of handlers) emitter.removeListener(name, l);
      };
    },
  };
}

export interface StartUpdaterOptions {
  app: { getVersion(): string; isPackaged: boolean; getPath(name: 'userData'): string };
  env: NodeJS.ProcessEnv;
  settings: SettingsStore;
  onState(state: UpdateState): void;
  /** The updater to drive (tests); electron-updater's platform updater otherwise. */
  loadUpdater?: () => AppUpdater;
  isElectron?: boolean;
}

/** The update controller for this run (started by the caller); unsupported builds get one that never checks. */
export function createShellUpdates(opts: StartUpdaterOptions): UpdateController {
  const decision = decideUpdater({
    isPackaged: opts.app.isPackaged,
    isElectron: opts.isElectron ?? Boolean(process.versions.electron),
    env: opts.env,
  });
  let port: UpdaterPort | null = null;
  let reason = decision.reason;
  let reasonKey = decision.reasonKey ?? null;
  if (decision.enabled) {
    try {
      const updater = opts.loadUpdater ? opts.loadUpdater() : loadPlatformUpdater();
      updater.logger = {
        info: (m?: unknown) => log.info(String(m)),
        warn: (m?: unknown) => log.warn(String(m)),
        error: (m?: unknown) => log.error(m instanceof Error ? m.message : String(m), m),
      };
      if (decision.forced && decision.feedUrl) {
        updater.forceDevUpdateConfig = true;
        updater.updateConfigPath = writeUpdateConfig(
          join(opts.app.getPath('userData'), 'updates'),
          decision.feedUrl,
        );
      }
      if (decision.feedUrl) updater.setFeedURL({ provider: 'generic', url: decision.feedUrl });
      port = adaptElectronUpdater(updater, () => decision.feedUrl ?? builtInFeedUrl());
    } catch (e) {
      const params = { reason: e instanceof Error ? e.message : String(e) };
      reason = englishText('settings:updates.off.couldNotStart', params);
      reasonKey = { key: 'settings:updates.off.couldNotStart', params };
    }
  }
  return createUpdateController({
    currentVersion: opts.app.getVersion(),
    updater: port,
    ...(reason ? { unsupportedReason: reason } : {}),
    ...(reason && reasonKey ? { unsupportedReasonKey: reasonKey } : {}),
    settings: {
      autoUpdate: () => opts.settings.get().autoUpdate !== false,
      setAutoUpdate: async (on) => {
        await opts.settings.update({ autoUpdate: on });
      },
    },
    onState: opts.onState,
    log: (line) => log.info(line.replace(/^\[updates\] /, '')),
  });
}

/** The feed electron-builder wrote into an installed app (resources/app-update.yml). */
function builtInFeedUrl(): string | null {
  try {
    return feedUrlFromUpdateConfig(
      readFileSync(join(process.resourcesPath, 'app-update.yml'), 'utf8'),
    );
  } catch {
    return null;
  }
}

function loadPlatformUpdater(): AppUpdater {
  // Loaded only when updates are on: the module picks NSIS, mac, AppImage or deb by platform.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('electron-updater') as { autoUpdater: AppUpdater };
  return mod.autoUpdater;
}
