/**
 * The composition root: every service is built here, once, the same way for the Electron shell and
 * the CLI (settings, key store, account, the library and jobs host, songs, voices, covers, videos,
 * waveforms, the remote-media cache). IPC handlers (shell/handlers) and CLI commands (cli/commands)
 * receive this object and only adapt; nothing else builds a feature service. The shell adds its
 * extra secret backends (safeStorage) and the process's jobs options (holder, trash).
 */
import type { Job, KnownCounts } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import { createAccountService, keyOrigin, type ClientFactory } from './account';
import { createServiceClient, type ServiceClient } from './api';
import type { AccountService, KeyStore, SecretBackend, SettingsStore } from './contracts';
import { resolvePaths, type AppPaths } from './paths';
import { createKeyStore, createKeytarBackend, KEY_CHANGE_STAMP } from './secrets';
import { createSettingsStore } from './settings';
import { join } from 'node:path';
import { createJobsService } from './jobs';
import type { PickedFiles } from './files/registry';
import { createSubmitters, retryJob } from './submit';
import { createLibrary, type Library } from './library/library';
import type { TagDefaults } from './library/file-tags';
import type { LibraryOptions } from './library/library-types';
import { createJobsHost, type JobsHost, type JobsRuntime } from './jobs-host';

export type { JobsRuntime } from './jobs-host';
import { createSongsService, type SongsService } from './songs';
import { createWholeSongService, type WholeSongService } from './songs/whole';
import { renderWholeSongInWorker } from './audio';
import { createVoicesService, type VoicesService } from './voices';
import { createCoversService, type CoversService } from './covers';
import { createVideosService, type VideosService } from './videos';
import { measureUrls } from './covers/measure';
import { rateLimitedMeasure } from './covers/rate';
import { createWaveformStore, type WaveformStore } from './analysis/waveform';
import { createMediaCache, type MediaCache } from './remote-media/cache';
import { cacheMediaUrl } from './media-protocol/handler';
import { measureLoudnessInWorker } from './audio/loudness';
import { createLoudnessService, type LoudnessService } from './analysis/loudness';
import { createUpgradeRunner, type UpgradeRunner } from './library/upgrade-runner';
import { createExportService, type ExportService } from './export/service';
import { createCollectionsService, type CollectionsService } from './collections';
import { createPresetsService, type PresetsService } from './presets';
import { createRhymes, type RhymeService } from './rhymes';
import { DEFAULT_LOUDNESS_TARGET_LUFS } from '@shared/domain/loudness';
import { createCostService, keyFingerprint, type CostService } from './cost';
import { createBudgetService, type BudgetService } from './budget';
import { createBatchService, type BatchService } from './batch';
import { batchSongInput } from '@shared/domain/batch-list';
import { DEFAULT_MODEL_VERSION } from '@shared/domain/service-limits';
import { logger } from './log';
import { COUNTERS } from '@shared/errors';

const costLog = logger('cost');

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
  /**
   * How this process opens the library and jobs (core.jobsHost): the app passes holder 'app' and
   * the OS trash; the CLI holder 'cli' without a folder watcher. CADENZA_POLL_INTERVAL_MS (≥ 50)
   * in the environment sets the polling interval when this does not.
   */
  jobs?: JobsRuntimeOptions & { closeTimeoutMs?: number };
  /**
   * Files picked or dropped in this session (the shell's file registry): a retried cover or clone
   * finds its files by the handles its job recorded. Without it (the CLI) they are picked again.
   */
  files?: PickedFiles;
  /** Where the library's index is built (default: the shared worker; the CLI: worker/here.ts). */
  libraryWorker?: LibraryOptions['worker'];
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
   * Services use jobsHost.runtime() (one runtime per process); this opens a separate one.
   */
  openJobs(options?: JobsRuntimeOptions): Promise<JobsRuntime>;
  /** The library alone, read-only (no lock, no jobs, no watcher): for listings. Close it after. */
  openLibrary(): Promise<Library>;
  /** This process's library and jobs, opened on first use, reopened on a folder change. */
  readonly jobsHost: JobsHost;
  readonly songs: SongsService;
  /** Whole songs rendered from extension chains (songs/whole.ts). */
  readonly wholeSongs: WholeSongService;
  readonly voices: VoicesService;
  readonly covers: CoversService;
  readonly videos: VideosService;
  /**
   * A NEW submission of a failed, cancelled or interrupted job: its recorded intent through its
   * kind's one submitter (services/submit.ts). May spend again; the renderer confirms first.
   */
  retry(jobId: string): Promise<Job>;
  readonly waveforms: WaveformStore;
  /** Items' loudness: kept in sidecars, measured once in the worker (the app starts its queue). */
  readonly loudness: LoudnessService;
  /** Tagging files an earlier version saved, with the creator's consent (the app starts it). */
  readonly libraryUpgrade: UpgradeRunner;
  /** Exports items to MP3, WAV or FLAC with tags (or copies them) into a chosen folder. */
  readonly exporter: ExportService;
  /** Favourites, ratings and collections (`.m3u8` in the library) over this process's library. */
  readonly collections: CollectionsService;
  /** Main's cache of remote media (previews, songs still streaming); the shell opens it. */
  readonly mediaCache: MediaCache;
  /** What an action usually spends, learned from this key's finished jobs (docs/cost.md). */
  readonly cost: CostService;
  /** A spend's total (learned, never a price) and the budget check before it is sent. */
  readonly budget: BudgetService;
  /** Batches of song prompts sent through the jobs (docs/batches.md); the app starts the driver. */
  readonly batches: BatchService;
  /** The Songs composer's saved style presets (`presets.json` in the data folder). */
  readonly presets: PresetsService;
  /** The lyrics workspace's rhyme helper (the pronouncing dictionary, loaded on first use). */
  readonly rhymes: RhymeService;
  /** Closes the library and jobs (releasing the data-folder lock) and the media cache. */
  close(): Promise<void>;
}

export interface JobsRuntimeOptions {
  /** Who holds the lock, for messages: "app" or "cli". */
  holder?: string;
  pollIntervalMs?: number;
  /** Watch the library folder for outside changes (default true). */
  watch?: boolean;
  /** Moves deleted files to the OS trash (the shell passes Electron's). */
  trash?: (absolutePath: string) => Promise<void>;
  /** Receives the library as its open starts (its first rows are listed before the rest). */
  onLibrary?: (library: Library) => void;
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
  const keys = createKeyStore({
    backends,
    env: opts.env,
    launchOrigin: keyOrigin(settings.baseUrl()),
    changeStamp: join(paths.dataDir, KEY_CHANGE_STAMP),
  });
  const clientFactory = opts.clientFactory ?? defaultClientFactory;
  const account = createAccountService({ settings, keys, clientFactory });

  const client = (): ServiceClient => {
    const baseUrl = settings.baseUrl();
    const origin = keyOrigin(baseUrl);
    return clientFactory(baseUrl, () => keys.getKey(origin));
  };

  /**
   * Without a key nothing can be sent: refuse before a job is recorded. The job records the
   * counters as last known (no key-info request before sending).
   */
  const requireKey = async (): Promise<KnownCounts | null> => {
    if (!(await keys.getKey(keyOrigin(settings.baseUrl()))))
      throw appError('no_key', 'errors:noKey');
    return account.lastKnownCounts();
  };

  /** Artist and album every library file is tagged with: Settings' export defaults. */
  const tagDefaults = (): TagDefaults => ({
    artist: settings.get().export?.artist,
    album: settings.get().export?.album,
  });

  const libraryOf = (
    o: Pick<JobsRuntimeOptions, 'watch' | 'trash'> & { readOnly?: boolean },
  ): Library =>
    createLibrary({
      dir: settings.libraryDir(),
      indexFile: join(paths.dataDir, 'library-index.json'),
      placementFile: join(paths.dataDir, 'library-placement.json'),
      watch: o.watch,
      trash: o.trash,
      readOnly: o.readOnly,
      tagDefaults,
      ...(opts.libraryWorker ? { worker: opts.libraryWorker } : {}),
    });

  async function openJobs(o: JobsRuntimeOptions = {}): Promise<JobsRuntime> {
    const library = libraryOf(o);
    const opening = library.open();
    o.onLibrary?.(library);
    await opening;
    const jobs = createJobsService({
      dataDir: paths.dataDir,
      library,
      client,
      holder: o.holder,
      pollIntervalMs: o.pollIntervalMs,
      beforeSubmit: requireKey,
    });
    try {
      await jobs.open();
    } catch (e) {
      await library.close();
      throw e;
    }
    return {
      library,
      jobs,
      async close() {
        await jobs.close();
        await library.close();
      },
    };
  }

  const pollMs = Number(opts.env.CADENZA_POLL_INTERVAL_MS);
  const { closeTimeoutMs, ...jobsOptions } = opts.jobs ?? {};
  const jobsHost = createJobsHost({
    open: (onLibrary) =>
      openJobs({
        ...(pollMs >= 50 ? { pollIntervalMs: pollMs } : {}),
        ...jobsOptions,
        onLibrary,
      }),
    closeTimeoutMs,
  });
  const runtime = () => jobsHost.runtime();
  // Links measured on the renderer's say-so: one budget (10 per 10 s) for covers and videos.
  const measure = rateLimitedMeasure((urls) => measureUrls(urls));
  const mediaCache = createMediaCache({ dir: join(paths.dataDir, 'media-cache') });
  const voices = createVoicesService({
    dataDir: paths.dataDir,
    client,
    runtime,
    files: opts.files,
    cacheRemote: async (url) => cacheMediaUrl(await mediaCache.cacheRemote(url)),
  });

  const songs = createSongsService({ runtime, events: jobsHost, client });
  const covers = createCoversService({
    dataDir: paths.dataDir,
    client,
    runtime,
    measure,
    files: opts.files,
  });
  const videos = createVideosService({ client, runtime, measure });
  const submitters = createSubmitters({ songs, voices, covers, videos });

  const loudness = createLoudnessService({
    dataDir: paths.dataDir,
    host: jobsHost,
    measure: measureLoudnessInWorker,
    tagDefaults,
  });
  const readCounts = async () => {
    const info = await account.keyInfo();
    return Object.fromEntries(COUNTERS.map((c) => [c, info[c]]));
  };
  const cost = createCostService({
    file: join(paths.dataDir, 'cost-history.json'),
    async keyId() {
      const origin = keyOrigin(settings.baseUrl());
      const key = await keys.getKey(origin);
      return key ? keyFingerprint(origin, key) : null;
    },
    readCounts,
    jobs: async () => (await runtime()).jobs.list(),
  });
  // every finished job of this process teaches the estimate (a failed read teaches nothing)
  jobsHost.on('job-finished', (job) => {
    void cost
      .learn(job)
      .catch((e: unknown) => costLog.warn('no cost sample', { error: String(e) }));
  });
  const budget = createBudgetService({
    cost,
    budgets: () => settings.get().spendBudgets ?? {},
    lastKnownCounts: () => account.lastKnownCounts(),
    readCounts,
  });
  const collections = createCollectionsService({
    library: async () => (await runtime()).library,
    tagDefaults,
    ratingsInOtherFiles: () => settings.get().ratingsInOtherFiles ?? false,
    tagQueueFile: join(paths.dataDir, 'tag-queue.json'),
  });
  const retryMs = Number(opts.env.CADENZA_BATCH_RETRY_MS);
  const batches = createBatchService({
    dataDir: paths.dataDir,
    runtime,
    events: jobsHost,
    submit: (prompt, tags) =>
      songs.submitTagged(batchSongInput(prompt, DEFAULT_MODEL_VERSION), tags),
    newCollection: async (name) => (await (await collections.store()).create(name)).id,
    async file(collectionId, itemIds) {
      const store = await collections.store();
      const { library } = await runtime();
      const listed = new Set(library.items().map((i) => i.id));
      const there = new Set(
        (await store.get(collectionId)).entries.flatMap((e) => (e.item ? [e.item.id] : [])),
      );
      const adding = itemIds.filter((id) => listed.has(id) && !there.has(id));
      if (adding.length > 0) await store.add(collectionId, adding);
      return itemIds.filter((id) => there.has(id) || listed.has(id));
    },
    total: (model, submissions, fresh) =>
      budget.total({ kind: model === 'v1' ? 'song-v1' : 'song-v2', model, submissions }, { fresh }),
    budget: () => budget.budgetFor('key_music_counts'),
    settings: () => ({
      concurrency: settings.get().batch?.concurrency,
      defaultModel: DEFAULT_MODEL_VERSION,
    }),
    ...(pollMs >= 50 ? { intervalMs: pollMs } : {}),
    ...(retryMs >= 10 ? { backoffMs: { min: retryMs, max: retryMs * 8 } } : {}),
  });
  const libraryUpgrade = createUpgradeRunner({
    dataDir: paths.dataDir,
    host: jobsHost,
    tagDefaults,
  });

  return {
    paths,
    settings,
    keys,
    account,
    client,
    openJobs,
    async openLibrary() {
      // for reading: creates, cleans and saves nothing (listing commands and views)
      const library = libraryOf({ watch: false, readOnly: true });
      await library.open();
      return library;
    },
    jobsHost,
    songs,
    wholeSongs: createWholeSongService({ runtime, render: renderWholeSongInWorker }),
    voices,
    covers,
    videos,
    retry: (jobId) => retryJob(jobsHost, submitters, jobId),
    waveforms: createWaveformStore({ dir: join(paths.dataDir, 'waveforms') }),
    loudness,
    libraryUpgrade,
    exporter: createExportService({
      settings,
      loudnessTargetLufs: () => settings.get().loudnessTargetLufs ?? DEFAULT_LOUDNESS_TARGET_LUFS,
    }),
    mediaCache,
    collections,
    cost,
    budget,
    batches,
    presets: createPresetsService({ file: join(paths.dataDir, 'presets.json') }),
    rhymes: createRhymes(),
    async close() {
      await batches.stop();
      await loudness.stop();
      await libraryUpgrade.close();
      await collections.close();
      await jobsHost.stop();
      await mediaCache.close().catch(() => undefined);
    },
  };
}
