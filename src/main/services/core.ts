/**
 * The services wired together, the same way for the Electron shell and the CLI, so both read one
 * settings file and one key store. The shell adds its extra secret backends (safeStorage); other
 * parts (jobs, library) hang off this object as they arrive.
 */
import { createAccountService, keyOrigin, type ClientFactory } from './account';
import { createServiceClient, type ServiceClient } from './api';
import type { AccountService, KeyStore, SecretBackend, SettingsStore } from './contracts';
import { resolvePaths, type AppPaths } from './paths';
import { createKeyStore, createKeytarBackend } from './secrets';
import { createSettingsStore } from './settings';
import { join } from 'node:path';
import { createJobsService, createSubmitters, type JobsService, type Submitters } from './jobs';
import { createLibrary, type Library } from './library/library';

export interface CoreOptions {
  env: NodeJS.ProcessEnv;
  /** Electron's userData folder (the shell passes it). */
  userDataDir?: string;
  /** Electron's music folder (the shell passes it). */
  musicDir?: string;
  /**
   * Backends tried after the OS keychain, e.g. the shell's safeStorage file; a function receives
   * the resolved folders (so the shell can put its file in the data folder).
   */
  secretBackends?: readonly SecretBackend[] | ((paths: AppPaths) => readonly SecretBackend[]);
  /**
   * Replaces the OS keychain backend (tests, or a shell that must not touch the keychain); null
   * for none. CADENZA_KEYCHAIN=off in the environment also means none.
   */
  keychainBackend?: SecretBackend | null;
  clientFactory?: ClientFactory<ServiceClient>;
}

export interface Core {
  readonly paths: AppPaths;
  readonly settings: SettingsStore;
  readonly keys: KeyStore;
  readonly account: AccountService;
  /** A service client for the current base URL, sending only the key bound to its origin. */
  client(): ServiceClient;
  /**
   * Opens the library folder (from the settings) and the jobs tracker over it: it takes the data
   * folder's lock when free (then resumes, polls and downloads) or follows the holder's records.
   */
  openJobs(options?: JobsRuntimeOptions): Promise<JobsRuntime>;
}

export interface JobsRuntimeOptions {
  /** Who holds the lock, for messages: "app" or "cli". */
  holder?: string;
  pollIntervalMs?: number;
  /** Watch the library folder for outside changes (default true). */
  watch?: boolean;
  /** Moves deleted files to the OS trash (the shell passes Electron's). */
  trash?: (absolutePath: string) => Promise<void>;
}

/** The library and the jobs service over it, opened together and closed together. */
export interface JobsRuntime {
  readonly library: Library;
  readonly jobs: JobsService;
  readonly submit: Submitters;
  close(): Promise<void>;
}

const defaultClientFactory: ClientFactory<ServiceClient> = (baseUrl, getKey) =>
  createServiceClient({ baseUrl, getKey });

export function createCore(opts: CoreOptions): Core {
  const paths = resolvePaths({
    env: opts.env,
    userDataDir: opts.userDataDir,
    musicDir: opts.musicDir,
  });
  const settings = createSettingsStore(paths.dataDir, opts.env, {
    defaultLibraryDir: paths.libraryDir,
  });
  const keychainOff = opts.env.CADENZA_KEYCHAIN?.trim().toLowerCase() === 'off';
  const keychain = keychainOff
    ? null
    : opts.keychainBackend === undefined
      ? createKeytarBackend()
      : opts.keychainBackend;
  const extra =
    typeof opts.secretBackends === 'function'
      ? opts.secretBackends(paths)
      : (opts.secretBackends ?? []);
  const backends = [...(keychain ? [keychain] : []), ...extra];
  const keys = createKeyStore({ backends, env: opts.env });
  const clientFactory = opts.clientFactory ?? defaultClientFactory;
  const account = createAccountService({ settings, keys, clientFactory });

  const client = (): ServiceClient => {
    const baseUrl = settings.baseUrl();
    const origin = keyOrigin(baseUrl);
    return clientFactory(baseUrl, () => keys.getKey(origin));
  };

  return {
    paths,
    settings,
    keys,
    account,
    client,
    async openJobs(o = {}) {
      const library = createLibrary({
        dir: settings.libraryDir(),
        indexFile: join(paths.dataDir, 'library-index.json'),
        watch: o.watch,
        trash: o.trash,
      });
      await library.open();
      const jobs = createJobsService({
        dataDir: paths.dataDir,
        library,
        client,
        holder: o.holder,
        pollIntervalMs: o.pollIntervalMs,
      });
      const submit = createSubmitters(jobs, client, library);
      try {
        await jobs.open();
      } catch (e) {
        await library.close();
        throw e;
      }
      return {
        library,
        jobs,
        submit,
        async close() {
          await jobs.close();
          await library.close();
        },
      };
    },
  };
}
