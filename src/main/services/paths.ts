/**
 * Where Cadenza keeps its own data (settings.json, jobs, locks, the encrypted key file) and where
 * the library folder lives by default. The app and the CLI resolve the same folders, so they share
 * one store: the Electron shell passes its userData folder, which is the platform's app-data folder
 * plus the product name, i.e. what the CLI computes on its own.
 */
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

const APP_DIR_NAME = 'Cadenza';

export interface AppPaths {
  /** App data: settings.json, jobs, locks, keys.json (CADENZA_HOME overrides). */
  readonly dataDir: string;
  /** The default library folder (CADENZA_LIBRARY overrides; settings may choose another). */
  readonly libraryDir: string;
}

export interface ResolvePathsOptions {
  env: NodeJS.ProcessEnv;
  /** Electron's `app.getPath('userData')`, passed by the shell. */
  userDataDir?: string;
  /** Electron's `app.getPath('music')`, passed by the shell. */
  musicDir?: string;
  /** For tests; defaults to the running platform and user. */
  platform?: NodeJS.Platform;
  homeDir?: string;
}

const nonEmpty = (v: string | undefined): string | undefined =>
  v && v.trim() ? v.trim() : undefined;

export function resolvePaths(opts: ResolvePathsOptions): AppPaths {
  const platform = opts.platform ?? process.platform;
  const path = platform === 'win32' ? win32 : posix;
  const home = opts.homeDir ?? homedir();
  const env = opts.env;

  const dataDir =
    nonEmpty(env.CADENZA_HOME) ??
    nonEmpty(opts.userDataDir) ??
    path.join(appDataDir(platform, home, env), APP_DIR_NAME);
  const musicDir = nonEmpty(opts.musicDir) ?? path.join(home, 'Music');
  const libraryDir = nonEmpty(env.CADENZA_LIBRARY) ?? path.join(musicDir, APP_DIR_NAME);
  return { dataDir: path.resolve(dataDir), libraryDir: path.resolve(libraryDir) };
}

/** The platform's per-user application data folder (what Electron calls `appData`). */
function appDataDir(platform: NodeJS.Platform, home: string, env: NodeJS.ProcessEnv): string {
  if (platform === 'win32') return nonEmpty(env.APPDATA) ?? win32.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support');
  return nonEmpty(env.XDG_CONFIG_HOME) ?? posix.join(home, '.config');
}
