/**
 * The real main behind a component test's `window.cadenza`: the core (createCore) on temp data and
 * library folders, talking to the service emulator; main's IPC handlers (buildHandlers +
 * registerIpc, as shell/app.ts wires them) on the Electron double's ipcMain; and the real preload's
 * API over it (preload-electron.ts carries invokes and events as JSON, as Electron does). Only the
 * OS keychain is an in-memory stand-in. Tests seed real state: files in `main.dirs.library`,
 * settings through `main.core.settings`, service behaviour through `main.emulator`, dialog answers
 * through `main.double.dialogs`.
 */
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CadenzaApi } from '@shared/ipc/api';
import type { invokeContract } from '@shared/ipc/contract';
import { createElectronDouble, type ElectronDouble } from '../../support/electron-double';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator';
import { createServiceClient } from '../../../src/main/services/api';
import { createCore, type Core } from '../../../src/main/services/core';
import { keyOrigin } from '../../../src/main/services/account';
import type { Settings } from '../../../src/main/services/contracts';
import {
  createEncryptedFileBackend,
  createKeytarBackend,
  type KeytarLike,
} from '../../../src/main/services/secrets';
import { createSettingsStore } from '../../../src/main/services/settings';
import { CustomSingerStore } from '../../../src/main/services/covers/singers';
import { FileRegistry } from '../../../src/main/services/files/registry';
import { logsDirOf } from '../../../src/main/services/log';
import {
  buildHandlers,
  forwardEvents,
  type ElectronForHandlers,
} from '../../../src/main/shell/handlers';
import { registerIpc } from '../../../src/main/shell/ipc';
import { RENDERER_ENTRY_URL, senderCheck } from '../../../src/main/shell/security';
import { createShellDiagnostics } from '../../../src/main/shell/diagnostics';
import { sendEvent, type EventName, type EventPayload } from '../../../src/main/shell/events';
import { OpenedFiles } from '../../../src/main/shell/open-files';
import type { FileInfo } from '@shared/domain/files';
import type { Job, JobOutputInput } from '@shared/domain/jobs';
import { AppError, type AppErrorShape } from '@shared/errors';
import { createJobRecord, output } from '../../../src/main/services/jobs/records';
import { parseFile, type ICommonTagsResult } from 'music-metadata';
import { toneWav } from '../../support/media-fixtures';
import { DebUpdater } from 'electron-updater';
import type { DebUpdater as DebUpdaterType } from 'electron-updater';
import { createShellUpdates, writeUpdateConfig } from '../../../src/main/shell/updater';
import type { UpdateController } from '../../../src/main/services/updates';
import { NodeHttpExecutor, TestAppAdapter, quietLogger } from '../../integration/updates/support';
import { deliver, exposedApi, linkMain, registerDroppedPath } from './preload-electron';

/** "namespace.method" of every contract entry. */
export type Method = {
  [
    NS in keyof typeof invokeContract
  ]: `${NS & string}.${keyof (typeof invokeContract)[NS] & string}`;
}[keyof typeof invokeContract];

/** A key the emulator accepts. */
export const TEST_KEY = 'sk-test-5c1e4f0b9a7d3e2f7890';

/**
 * A library item as a previous run (or the CLI) left it: a short WAV tone and its sidecar. Fields
 * are the sidecar's (snake_case); `seconds` sets the tone's length (default 1).
 */
export interface SeedItem {
  id: string;
  title: string;
  kind?:
    'song' | 'tts' | 'clone' | 'cover' | 'video' | 'singing-video' | 'subtitle-video' | 'upload';
  /** File name in the library (default: the title, .wav). */
  file?: string;
  seconds?: number;
  /** The file's bytes as text instead of a tone (e.g. a file no decoder reads). */
  data?: string;
  created_at?: string;
  [field: string]: unknown;
}

let seeded = 0;
/** Writes items into a library folder: media file and sidecar, as Cadenza leaves them. */
async function writeItems(dir: string, items: readonly SeedItem[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const { seconds = 1, file, data, ...fields } of items) {
    seeded += 1;
    const name = file ?? `${fields.title}.wav`;
    const sidecar = {
      schema_version: 1,
      kind: 'song',
      duration_ms: Math.round(seconds * 1000),
      created_at: new Date(Date.UTC(2025, 2, 14, 9, 0, seeded)).toISOString(),
      ...fields,
    };
    await writeFile(join(dir, name), data ?? toneWav(seconds));
    await writeFile(join(dir, `${name}.json`), JSON.stringify(sidecar, null, 2));
  }
}

/**
 * A custom singer trained on this computer before main starts: its training job's record, its
 * entry in main's singer store (custom-singers.json) and the emulator's task. `ready`: the task
 * finished (its id works as a custom singer id); `training`: the emulator holds the task running
 * until `emulator.finishTrainings()`.
 */
export interface SeedSinger {
  name: string;
  /** The training job's id (job_…). */
  jobId: string;
  state: 'ready' | 'training';
}

export interface MainOptions {
  /**
   * Items in the library folder before main starts; a function gets the emulator first (for
   * items whose service links are its media).
   */
  library?: readonly SeedItem[] | ((emulator: Emulator) => readonly SeedItem[]);
  /** A key stored in the keychain for the emulator's address (the emulator accepts it). */
  key?: string;
  /** No OS keychain on this machine (the key goes to the encrypted file, or nowhere). */
  noKeychain?: boolean;
  /** settings.json as the test wants it (first run done unless said otherwise). */
  settings?: Partial<Omit<Settings, 'schema_version' | 'baseUrl' | 'libraryDir'>>;
  emulator?: EmulatorOptions;
  /** The service client's per-request timeout (main's default is 30 s; a held answer times out sooner). */
  serviceTimeoutMs?: number;
  /** The library folder comes from CADENZA_LIBRARY (pinned) rather than settings.json. */
  libraryFromEnv?: boolean;
  /**
   * The creator has not answered the upgrade of older files yet (library-upgrade.json absent):
   * main asks (seeded sidecars have no audio hash, as an earlier version left them). By default
   * they answered "Not now" in an earlier run.
   */
  upgradeUnanswered?: boolean;
  /** Extra environment for main (e.g. CADENZA_DEMO). */
  env?: NodeJS.ProcessEnv;
  /**
   * Job records on disk before main starts, as an earlier run left them (see `jobRecord`); a
   * function gets the emulator first (for records that name its media or what it holds).
   */
  jobs?: readonly Job[] | ((emulator: Emulator) => readonly Job[]);
  /** Custom singers trained before this run (see SeedSinger). */
  singers?: readonly SeedSinger[];
  /**
   * An installed build's updater: electron-updater's own DebUpdater (Electron's `net` and `app`
   * given in plain Node) reading the emulator's update feed at `feed` (e.g. '/updates/',
   * '/updates/v/0.1.0/'). Without it main reports updates as not available in this run.
   */
  updates?: { feed: string };
}

/**
 * The DebUpdater, except that installing (pkexec dpkg, then quitting the app) is only counted: the
 * one step a test must not take on this machine.
 */
function installCountingUpdater(adapter: TestAppAdapter, installs: { count: number }) {
  class Updater extends DebUpdater {
    protected override doInstall(): boolean {
      installs.count += 1;
      return false;
    }
  }
  const updater: DebUpdaterType = new Updater(null, adapter);
  // protected in the typings; the app's ElectronHttpExecutor (Electron's net) is what Node lacks
  (updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor = new NodeHttpExecutor();
  updater.logger = quietLogger;
  return updater;
}

/**
 * A job record as main writes it (a finished song job unless overridden); outputs are filled with
 * main's defaults.
 */
export function jobRecord(
  overrides: Partial<Omit<Job, 'outputs'>> & { outputs?: readonly JobOutputInput[] } = {},
): Job {
  const at = new Date().toISOString();
  const { outputs = [], ...rest } = overrides;
  return {
    ...createJobRecord({ kind: 'song-v2', synchronous: false, request: {}, label: 'Song' }),
    state: 'done',
    progress: 1,
    owner: null,
    submittedAt: at,
    finishedAt: at,
    ...rest,
    outputs: outputs.map(output),
  };
}

export interface Main {
  /** window.cadenza: the real preload's API. */
  readonly api: CadenzaApi;
  readonly core: Core;
  readonly emulator: Emulator;
  readonly double: ElectronDouble;
  readonly dirs: { root: string; data: string; library: string };
  /** The origin keys are bound to (the emulator's). */
  readonly origin: string;
  /** The emulator's task id of each seeded custom singer, by name (the id covers send). */
  readonly singerTasks: Readonly<Record<string, string>>;
  /** Every call the renderer made, in order, with its arguments. */
  readonly calls: { method: Method; args: unknown[] }[];
  callsOf(method: Method): unknown[][];
  /** Writes items into the running main's library folder (its watcher picks them up). */
  addToLibrary(items: readonly SeedItem[]): Promise<void>;
  /**
   * Deletes a file and its sidecar from the library folder, as the creator might in a file
   * manager; answers once main's library has let the item go (its watcher saw it).
   */
  removeFromLibrary(file: string, itemId: string): Promise<void>;
  /**
   * A plain file stands where main's data folder was (its contents moved aside): main can neither
   * read nor write its settings and records there, as when the drive is gone or damaged.
   */
  breakDataFolder(): Promise<void>;
  /**
   * The library folder is gone: moved aside, and a plain file stands at its path (main must not
   * make a new folder there, as for a drive that is not mounted).
   */
  libraryFolderGone(): Promise<void>;
  /** The names in the library folder (sorted): what a render or a save really left on disk. */
  libraryFiles(): Promise<string[]>;
  /** A WAV tone put in the library folder by hand (no sidecar), as a file manager would. */
  dropIntoLibrary(name: string, seconds: number): Promise<void>;
  /** Rewrites fields of a library file's sidecar on disk, as another program (or the CLI) would. */
  editSidecar(file: string, patch: Record<string, unknown>): Promise<void>;
  /**
   * Songs the service made for this key before (or beside) this run: one POST /v2/submit to the
   * emulator each (custom mode; no lyrics = instrumental; a style with #fail fails), then the
   * emulator's clock moved on so they are finished. Answers their song ids, in order.
   */
  songsOnService(
    songs: readonly { title: string; style: string; lyrics?: string; seconds: number }[],
  ): Promise<string[]>;
  /** The text of a file main wrote (an export, a saved TXT). */
  readText(path: string): Promise<string>;
  /** Writes a WAV tone of `seconds` in the creator's own folder (outside the library); answers its path. */
  userFile(name: string, seconds: number): Promise<string>;
  /** Makes a folder in the creator's own space (outside the library); answers its path. */
  userFolder(name: string): Promise<string>;
  /** The standard tags of a file any player reads (music-metadata's `common`). */
  tagsOf(path: string): Promise<ICommonTagsResult>;
  /** The OS opens these files with Cadenza (command line, second launch, open-file): main registers them. */
  openWith(paths: readonly string[]): Promise<FileInfo[]>;
  /** How many times the updater was asked to install (Restart to update). */
  readonly updateInstalls: { count: number };
  /** Holds the next call of `method` before it reaches main, until the returned function runs. */
  holdNext(method: Method): () => void;
  /**
   * The next call of `method` reaches main and runs; its answer is held back from the window until
   * the returned function runs (events main sends meanwhile still arrive).
   */
  holdAnswer(method: Method): () => void;
  /**
   * The next call of `method` hits a bug inside main's handler (it throws a plain Error): main
   * answers what it answers for any internal failure.
   */
  throwNext(method: Method): void;
  /**
   * The next call of `method` is refused by main with this AppError (a refusal its handler would
   * make, such as field errors): answered as main answers every AppError.
   */
  refuseNext(method: Method, error: AppErrorShape): void;
  /** Main sends an event to the window (through shell/events' sendEvent and its schema). */
  send<K extends EventName>(name: K, payload: EventPayload<K>): void;
  /** webUtils.getPathForFile answers `path` for a dropped File named `name`. */
  dropFile(name: string, path: string): void;
  close(): Promise<void>;
}

let preloadApi: Promise<CadenzaApi> | undefined;
/** The preload runs once per test file (its API is linked to each test's main in turn). */
function preload(): Promise<CadenzaApi> {
  preloadApi ??= import('../../../src/preload/index').then(
    () => exposedApi('cadenza') as CadenzaApi,
  );
  return preloadApi;
}

function memoryKeychain(): KeytarLike {
  const entries = new Map<string, string>();
  return {
    getPassword: async (s, a) => entries.get(`${s}\n${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}\n${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}\n${a}`),
  };
}

const open = new Set<Main>();

/** Closes every main still open (setup.ts runs it after each test). */
export async function closeMains(): Promise<void> {
  await Promise.all([...open].map((m) => m.close()));
}

export async function startMain(options: MainOptions = {}): Promise<Main> {
  const root = await mkdtemp(join(tmpdir(), 'cadenza-component-'));
  const dirs = { root, data: join(root, 'data'), library: join(root, 'library') };
  const emulator = await startEmulator({
    stepMs: 50,
    keys: [...new Set([TEST_KEY, ...(options.key ? [options.key] : [])])],
    ...options.emulator,
  });
  const double = createElectronDouble({ userDataDir: join(root, 'user-data') });
  // the address guards read the opt-in from the process (main's own environment)
  process.env.CADENZA_ALLOW_LOOPBACK = '1';
  const env: NodeJS.ProcessEnv = {
    CADENZA_HOME: dirs.data,
    CADENZA_ALLOW_LOOPBACK: '1',
    CADENZA_POLL_INTERVAL_MS: '50',
    ...(options.libraryFromEnv ? { CADENZA_LIBRARY: dirs.library } : {}),
    ...options.env,
  };
  const cipher = double.module.safeStorage as Parameters<
    typeof createEncryptedFileBackend
  >[0]['cipher'];
  const keychain = memoryKeychain();
  await writeItems(
    dirs.library,
    typeof options.library === 'function' ? options.library(emulator) : (options.library ?? []),
  );
  await mkdir(join(dirs.data, 'jobs'), { recursive: true });
  if (!options.upgradeUnanswered)
    await writeFile(
      join(dirs.data, 'library-upgrade.json'),
      JSON.stringify({ version: 1, consent: 'declined', stopped: false }),
    );
  const singerTasks: Record<string, string> = {};
  const singerJobs = (options.singers ?? []).map((s) => {
    const url = `${emulator.mediaUrl}/media/tone.mp3?seconds=400`;
    const taskId = emulator.addTraining({ urls: [url], held: s.state === 'training' });
    singerTasks[s.name] = taskId;
    const training = s.state === 'training';
    return jobRecord({
      id: s.jobId,
      kind: 'custom-singer',
      tracking: 'custom-singer',
      label: `Singer: ${s.name}`,
      request: {
        name: s.name,
        links: [{ kind: 'url', url }],
        urls: [url],
        totalAudioDurationS: 400,
      },
      meta: { singer: s.name },
      serviceIds: [taskId],
      state: training ? 'running' : 'done',
      progress: training ? 0.5 : 1,
      ...(training ? { finishedAt: null } : {}),
      outputs: [
        {
          serviceId: taskId,
          status: training ? 'streaming' : 'saved',
          libraryKind: null,
          title: s.name,
        },
      ],
    });
  });
  const jobs = [
    ...singerJobs,
    ...(typeof options.jobs === 'function' ? options.jobs(emulator) : (options.jobs ?? [])),
  ];
  for (const job of jobs)
    await writeFile(join(dirs.data, 'jobs', `${job.id}.json`), JSON.stringify(job, null, 2));
  // settings.json as the test wants it, written before main starts (as a previous run left it)
  const settings = createSettingsStore(dirs.data, env);
  await settings.update({
    baseUrl: emulator.url,
    libraryDir: dirs.library,
    firstRunDone: true,
    ...options.settings,
  });
  // the names given on this computer, in main's own store, tied to the service they were trained at
  const singerStore = new CustomSingerStore(dirs.data);
  for (const s of [...(options.singers ?? [])].reverse())
    await singerStore.add({
      jobId: s.jobId,
      name: s.name,
      baseUrl: settings.baseUrl(),
      taskId: s.state === 'ready' ? (singerTasks[s.name] ?? null) : null,
    });
  const core = createCore({
    env,
    userDataDir: join(root, 'user-data'),
    musicDir: join(root, 'music'),
    keychainBackend: options.noKeychain
      ? null
      : createKeytarBackend({ load: async () => keychain }),
    secretBackends: [createEncryptedFileBackend({ cipher, dataDir: dirs.data })],
    ...(options.serviceTimeoutMs
      ? {
          clientFactory: (baseUrl: string, getKey: () => Promise<string | undefined>) =>
            createServiceClient({ baseUrl, getKey, timeoutMs: options.serviceTimeoutMs }),
        }
      : {}),
    jobs: { holder: 'app', trash: (path) => rm(path, { force: true }) },
  });
  if (options.key) await core.keys.setKey(keyOrigin(emulator.url), options.key);

  // One window: what main sends it is delivered to the preload's listeners.
  const webContents = {
    id: 1,
    isDestroyed: () => false,
    send: (channel: string, ...args: unknown[]) => deliver(channel, args),
    startDrag: (item: { file?: string; files?: string[]; icon: unknown }) =>
      double.state.drags.push({
        files: item.files ?? (item.file ? [item.file] : []),
        icon: String(item.icon),
      }),
  };
  const win = { webContents, isDestroyed: () => false };
  const BrowserWindow = {
    fromWebContents: (wc: unknown) => (wc === webContents ? win : null),
    getAllWindows: () => [win],
  } as unknown as ElectronForHandlers['BrowserWindow'];
  const electron = { ...double.module, BrowserWindow } as unknown as ElectronForHandlers;
  const registry = new FileRegistry();
  const unforward = forwardEvents(core, BrowserWindow);
  const diagnostics = createShellDiagnostics({
    core,
    env,
    logsDir: logsDirOf(core.paths.dataDir),
    app: electron.app,
    shell: electron.shell,
    clipboard: electron.clipboard,
  });
  const openedFiles = new OpenedFiles({
    registry,
    deliver: (files) => {
      sendEvent(win as never, 'filesOpened', files);
      return true;
    },
  });
  const throws = new Map<string, (AppErrorShape | null)[]>();
  const updateInstalls = { count: 0 };
  let updates: UpdateController | undefined;
  if (options.updates) {
    const feedUrl = `${emulator.url}${options.updates.feed}`;
    const updatesDir = join(root, 'updates');
    const adapter = new TestAppAdapter(
      electron.app.getVersion(),
      updatesDir,
      writeUpdateConfig(join(updatesDir, 'resources'), feedUrl),
    );
    updates = createShellUpdates({
      app: {
        getVersion: () => adapter.version,
        isPackaged: true,
        getPath: () => adapter.userDataPath,
      },
      env: { CADENZA_UPDATE_URL: feedUrl },
      settings: core.settings,
      isElectron: true,
      onState: (state) => sendEvent(win as never, 'updateState', state),
      loadUpdater: () => installCountingUpdater(adapter, updateInstalls),
    });
    updates.start();
  }
  const handlers = buildHandlers({
    core,
    registry,
    env,
    electron,
    diagnostics,
    openedFiles,
    ...(updates ? { updates } : {}),
  });
  for (const [ns, methods] of Object.entries(handlers) as [
    string,
    Record<string, (...a: unknown[]) => unknown>,
  ][])
    for (const [name, fn] of Object.entries(methods)) {
      methods[name] = (...args: unknown[]): unknown => {
        const next = throws.get(`${ns}.${name}`)?.shift();
        if (next === undefined) return fn(...args);
        if (next)
          throw new AppError(next.code, next.message, next.fields ? { fields: next.fields } : {});
        throw new Error('a bug inside main (the test asked for it)');
      };
    }
  const unregister = registerIpc(double.ipcMain, handlers, { isTrustedSender: senderCheck({}) });
  await core.jobsHost.start();

  const calls: Main['calls'] = [];
  const holds = new Map<Method, Promise<void>[]>();
  const answerHolds = new Map<Method, Promise<void>[]>();
  const hold = (on: Map<Method, Promise<void>[]>, method: Method): (() => void) => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    on.set(method, [...(on.get(method) ?? []), held]);
    return release;
  };
  linkMain(async (channel, argsJson) => {
    const method = channel.replace(':', '.') as Method;
    calls.push({ method, args: JSON.parse(argsJson) as unknown[] });
    const held = holds.get(method)?.shift();
    if (held) await held;
    const heldAnswer = answerHolds.get(method)?.shift();
    const answer = double.ipcMain.invokeJson(channel, argsJson, {
      sender: webContents,
      frameUrl: RENDERER_ENTRY_URL,
      isTopFrame: true,
    });
    if (heldAnswer) await Promise.allSettled([answer, heldAnswer]);
    return answer;
  });

  let closed: Promise<void> | undefined;
  const main: Main = {
    api: await preload(),
    core,
    emulator,
    double,
    dirs,
    origin: keyOrigin(emulator.url),
    singerTasks,
    calls,
    updateInstalls,
    async userFile(name, seconds) {
      const path = join(root, 'home', name);
      await mkdir(join(root, 'home'), { recursive: true });
      await writeFile(path, toneWav(seconds));
      return path;
    },
    dropIntoLibrary: (name, seconds) =>
      writeFile(join(core.settings.libraryDir(), name), toneWav(seconds)),
    async editSidecar(file, patch) {
      const path = join(core.settings.libraryDir(), `${file}.json`);
      const sidecar = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
      await writeFile(path, JSON.stringify({ ...sidecar, ...patch }, null, 2));
    },
    readText: (path) => readFile(path, 'utf8'),
    async songsOnService(songs) {
      const ids: string[] = [];
      emulator.configure({ songsPerSubmission: 1 });
      for (const song of songs) {
        emulator.configure({ songDurationMs: song.seconds * 1000 });
        const body = JSON.stringify({
          is_auto: 0,
          prompt: song.style,
          title: song.title,
          model_version: 'v4.5-plus',
          ...(song.lyrics ? { lyrics: song.lyrics } : { instrumental: 1 }),
        });
        const answer = await new Promise<string>((resolve, reject) => {
          const req = httpRequest(`${emulator.url}/v2/submit`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': TEST_KEY },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve(`${res.statusCode} ${text}`));
          });
          req.on('error', reject);
          req.end(body);
        });
        if (!answer.startsWith('200 ') || !answer.includes('"status":200'))
          throw new Error(`the emulator refused a song: ${answer}`);
        ids.push(emulator.songs().at(-1)!.songId);
      }
      emulator.configure({ songsPerSubmission: 2, songDurationMs: 30_000 });
      emulator.advance(60_000); // finished
      return ids;
    },
    async userFolder(name) {
      const path = join(root, 'home', name);
      await mkdir(path, { recursive: true });
      return path;
    },
    async breakDataFolder() {
      await rename(dirs.data, `${dirs.data}-aside`);
      await writeFile(dirs.data, 'not a folder');
    },
    async libraryFolderGone() {
      const dir = core.settings.libraryDir();
      await rename(dir, `${dir}-aside`);
      await writeFile(dir, 'not the library');
    },
    libraryFiles: async () => (await readdir(core.settings.libraryDir())).sort(),
    tagsOf: async (path) => (await parseFile(path)).common,
    openWith: (paths) => openedFiles.add(paths, 'command line'),
    addToLibrary: (items) => writeItems(core.settings.libraryDir(), items),
    async removeFromLibrary(file, itemId) {
      const dir = core.settings.libraryDir();
      await rm(join(dir, file));
      await rm(join(dir, `${file}.json`), { force: true });
      const rt = await core.jobsHost.runtime();
      for (let waited = 0; rt.library.get(itemId); waited += 25) {
        if (waited > 10_000) throw new Error(`main still lists ${itemId}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    callsOf: (method) => calls.filter((c) => c.method === method).map((c) => c.args),
    holdNext: (method) => hold(holds, method),
    holdAnswer: (method) => hold(answerHolds, method),
    throwNext: (method) => void throws.set(method, [...(throws.get(method) ?? []), null]),
    refuseNext: (method, error) => void throws.set(method, [...(throws.get(method) ?? []), error]),
    send: (name, payload) => sendEvent(win as never, name, payload),
    dropFile: registerDroppedPath,
    close() {
      closed ??= (async () => {
        open.delete(main);
        linkMain(null);
        unregister();
        unforward();
        updates?.stop();
        // the service goes first: calls it still held fail now, and main records them while its
        // folders are still there (not after they are removed)
        await emulator.close();
        await new Promise((r) => setTimeout(r, 150));
        await core.close();
        // a background write of main may still be landing: retry as the folder empties
        await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
      })();
      return closed;
    },
  };
  open.add(main);
  return main;
}
