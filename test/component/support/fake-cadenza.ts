/**
 * An in-memory stand-in for main behind `window.cadenza`, for component tests only. It implements
 * the real `CadenzaApi` type, validates arguments with the real contract schemas (as main does) and
 * checks its own answers against the result schemas, so it cannot drift from the contract.
 * End-to-end tests cover the real preload and main handlers.
 */
import type { UpgradeStatus } from '@shared/ipc/upgrade';
import {
  checkServiceAddress,
  type AccountStatus,
  type KeyInfo,
  type KeyStorage,
} from '@shared/domain/account';
import { DEFAULT_BASE_URL } from '@shared/defaults';
import { fieldsError, type AppErrorShape } from '@shared/errors';
import type { CadenzaApi } from '@shared/ipc/api';
import { invokeContract } from '@shared/ipc/contract';
import type { InvokeDef } from '@shared/ipc/define';
import { resultSchema, type Result } from '@shared/result';
import type { JobResult, JobView, UnknownJobView } from '@shared/ipc/jobs';
import type { ItemLoudness, LibraryFolder, LibraryItemView } from '@shared/ipc/library';
import type { RenderProgress } from '@shared/ipc/edit';
import { DEFAULT_LEVELLING, LevellingSchema, type Levelling } from '@shared/domain/loudness';
import type { LibraryChange } from '@shared/domain/library';
import {
  CloneFieldsSchema,
  CoverFieldsSchema,
  fieldErrorsOf,
  SongRulesSchema,
  SubtitlesRulesSchema,
  TtsInputSchema,
} from '@shared/domain/service-inputs';
import type { FileInfo } from '@shared/domain/files';
import type {
  Catalogue,
  CloneFileCheck,
  UploadProgressEvent,
  VoicePrefs,
} from '@shared/ipc/voices';
import type { History } from '@shared/ipc/songs';
import type { LibrarySong, Take } from '../../../src/renderer/lib/library-views';
import type { SingerOption, TrainingCheck } from '@shared/ipc/covers';
import type { SingingCheck } from '@shared/ipc/videos';
import type { UpdateState } from '@shared/ipc/updates';
import type { Preferences } from '@shared/ipc/preferences';
import type { ExportDefaults, ExportProgress } from '@shared/domain/export';

const NO_UPGRADE: UpgradeStatus = {
  phase: 'none',
  files: 0,
  bytes: 0,
  done: 0,
  total: 0,
  failed: [],
  failedCount: 0,
  synced: null,
};

export type FakeMethod = {
  [
    NS in keyof typeof invokeContract
  ]: `${NS & string}.${keyof (typeof invokeContract)[NS] & string}`;
}[keyof typeof invokeContract];

export const sampleKeyInfo: KeyInfo = {
  key_status: 0,
  key_words_counts: 12500,
  key_clone_voices: 3,
  key_cover_counts: 8,
  key_vc_counts: 0,
  key_music_counts: 41,
  key_singing_credits: 17,
  email: 'creator@example.com',
  key_name: 'Studio key',
  key_recently_used_at: '2025-03-14 09:26:53',
};

interface FakeState {
  key: string | null;
  storage: KeyStorage;
  keychainAvailable: boolean;
  baseUrl: string;
  keyInfo: KeyInfo;
  /** Jobs main knows, any order (the fake lists them newest first). */
  jobs: JobView[];
  /** Job records main shows as unknown (a newer version's). */
  unknownJobs: UnknownJobView[];
  libraryFolder: LibraryFolder;
  libraryItems: LibraryItemView[];
}

let jobSeq = 0;

/** A job as main would describe it; override what the test is about. */
export function makeJobView(overrides: Partial<JobView> = {}): JobView {
  jobSeq += 1;
  const at = new Date(Date.UTC(2025, 2, 14, 9, 0, jobSeq)).toISOString();
  return {
    id: `job_fake${String(jobSeq).padStart(6, '0')}`,
    kind: 'song-v2',
    label: 'Summer rain',
    asked: [{ label: 'Prompt', value: 'lo-fi summer rain, soft piano' }],
    state: 'running',
    progress: 0.4,
    synchronous: false,
    createdAt: at,
    submittedAt: at,
    finishedAt: null,
    updatedAt: at,
    error: null,
    outputs: [],
    resultItemIds: [],
    waiting: null,
    movedAt: null,
    checkedAt: null,
    candidates: [],
    canRedownload: false,
    lostResults: false,
    countsBefore: null,
    ignoredOutputs: 0,
    ...overrides,
  };
}

/** What main answers a render stopped with edit.cancel. */
const stoppedRender = (): { ok: false; error: AppErrorShape } => ({
  ok: false,
  error: {
    code: 'cancelled',
    message: 'Stopped. Nothing was saved; the original is as it was.',
  },
});

/** A library item as main would describe it. */
export function makeLibraryItem(overrides: Partial<LibraryItemView> = {}): LibraryItemView {
  return {
    id: 'itm_0123456789abcdef0123',
    kind: 'song',
    title: 'Summer rain',
    file: 'Summer rain.mp3',
    durationMs: 138_280,
    createdAt: '2025-03-14T09:00:00.000Z',
    prompt: 'lo-fi summer rain, soft piano',
    tags: [],
    jobId: null,
    sizeBytes: 2_100_000,
    hasSidecar: true,
    modifiedAtMs: Date.UTC(2025, 2, 14, 9),
    parentId: null,
    variationGroup: null,
    coverUrl: null,
    hasLyrics: false,
    hasServiceUrl: false,
    model: null,
    songId: null,
    voice: null,
    emotion: null,
    ...overrides,
  };
}

const fileOf = (mediaUrl: string): string =>
  decodeURIComponent(mediaUrl.replace(/^cadenza-media:\/\/library\//, ''));

/** The library item a song of `songs.library` stands for (the renderer derives it back). */
function songItem(s: LibrarySong): LibraryItemView {
  return makeLibraryItem({
    id: s.itemId,
    title: s.title,
    file: fileOf(s.mediaUrl),
    songId: s.songId,
    durationMs: s.durationMs,
    createdAt: s.createdAt,
    jobId: s.jobId,
    parentId: s.parentId,
    variationGroup: s.variationGroup,
    prompt: s.prompt,
    model: s.model,
    coverUrl: s.coverUrl ?? null,
  });
}

/** The library item a take of `voices.takes` stands for. */
function takeItem(t: Take): LibraryItemView {
  return makeLibraryItem({
    id: t.itemId,
    kind: 'tts',
    title: t.title,
    file: fileOf(t.mediaUrl),
    prompt: t.text,
    voice: t.voice,
    emotion: t.emotion,
    durationMs: t.durationMs,
    createdAt: t.createdAt,
  });
}

interface Deferred {
  promise: Promise<void>;
  release: () => void;
}

function deferred(): Deferred {
  let release = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

export class FakeCadenza {
  readonly state: FakeState;
  /** Every call, in order, with its arguments. */
  readonly calls: { method: FakeMethod; args: unknown[] }[] = [];
  /** What main says of the next stored key: checked with the service, or stored unchecked (offline). */
  keyCheck: 'accepted' | 'unchecked' = 'accepted';
  /** What the main-process confirmation dialog answers when the address changes. */
  addressDialog: 'confirm' | 'cancel' = 'confirm';
  readonly api: CadenzaApi;

  private readonly failures = new Map<FakeMethod, AppErrorShape[]>();
  private readonly holds = new Map<FakeMethod, Deferred[]>();
  private readonly accountListeners = new Set<(payload: null) => void>();
  private readonly jobListeners = new Set<(job: JobView) => void>();
  private readonly jobFinishedListeners = new Set<(job: JobView) => void>();
  private readonly libraryListeners = new Set<(change: LibraryChange) => void>();
  /** What app.info says of `npm run demo` (a development build against the emulator). */
  demo = false;
  /** settings.json's theme and first-run state (first run done, so panels show at once). */
  preferences: Preferences = {
    theme: 'system',
    sidebar: 'auto',
    firstRunDone: true,
    language: 'system',
    appLanguage: 'en',
    systemLanguage: 'en',
  };
  private readonly exportListeners = new Set<(p: ExportProgress) => void>();
  /** What the main-process folder dialog answers: a folder path, or null for Cancel. */
  folderDialog: string | null = null;
  /** Library: lyrics by item id, the export/save dialogs' answers (null = Cancel), peaks by id. */
  library: {
    lyrics: Record<string, string>;
    exportDialog: string | null;
    saveDialog: string | null;
    waveforms: Record<string, number[]>;
    /** Measured loudness by item id (absent: not decodable, null answered). */
    loudness: Record<string, ItemLoudness>;
    /** The export defaults main keeps in settings. */
    exportDefaults: ExportDefaults;
  } = {
    lyrics: {},
    exportDialog: null,
    saveDialog: null,
    waveforms: {},
    loudness: {},
    exportDefaults: {},
  };
  /** Player settings kept in main's settings store. */
  player: { levelling: Levelling } = { levelling: { ...DEFAULT_LEVELLING } };
  /** Voices: the catalogue, prefs and takes main answers; checks of recordings by file name. */
  voices: {
    catalogue: Catalogue;
    prefs: VoicePrefs;
    takes: Take[];
    checks: Record<string, Pick<CloneFileCheck, 'durationMs' | 'problem'>>;
  } = {
    catalogue: {
      voices: [],
      clones: [],
      fetchedAt: '2025-03-14T09:00:00.000Z',
      source: 'service',
      error: null,
    },
    prefs: { favourites: [], recents: [] },
    takes: [],
    checks: {},
  };
  /** Songs: library songs (with service ids) and the service's history main answers. */
  songs: { library: LibrarySong[]; history: History } = {
    library: [],
    history: { songs: [], inLibrary: 0, unfinished: 0 },
  };
  /** Covers and videos: singers and the measurements main answers (sources: `state.libraryItems`). */
  covers: {
    singers: SingerOption[];
    trainingCheck: TrainingCheck;
    singingCheck: SingingCheck;
  } = {
    singers: [],
    trainingCheck: { links: [], totalS: null, problem: null },
    singingCheck: {
      audio: { label: '', format: 'mp3', durationS: 10, sizeBytes: 40_000, problem: null },
      image: { label: '', format: 'png', durationS: null, sizeBytes: 90_000, problem: null },
      fields: {},
    },
  };
  private readonly coverUploadListeners = new Set<(p: UploadProgressEvent) => void>();
  private readonly wholeSongListeners = new Set<(p: RenderProgress) => void>();
  private readonly trimListeners = new Set<(p: RenderProgress) => void>();
  /** Updates: the state main answers (a check answers `checkAnswer` when set). */
  updates: { state: UpdateState; checkAnswer: Partial<UpdateState> | null } = {
    state: {
      phase: 'idle',
      currentVersion: '0.1.0',
      autoUpdate: true,
      supported: true,
      unsupportedReason: null,
      lastCheckedAtMs: null,
      upToDate: false,
      version: null,
      releaseNotes: null,
      releaseDate: null,
      progress: null,
      error: null,
    },
    checkAnswer: null,
  };
  private readonly updateListeners = new Set<(s: UpdateState) => void>();
  /** Files the open dialog answers; dropped files are registered (as audio) when this is set. */
  pickedFiles: FileInfo[] = [];
  /** Files "opened with Cadenza" before the renderer asked (`files.takeOpened` answers and empties it). */
  openedFiles: FileInfo[] = [];
  private readonly filesOpenedListeners = new Set<(files: FileInfo[]) => void>();
  private readonly openSettingsListeners = new Set<() => void>();
  /** Items whose running render `edit.cancel` stopped: the held call answers `cancelled`. */
  private readonly renderStopped = new Set<string>();
  private readonly registered = new Map<string, FileInfo>();
  private readonly uploadListeners = new Set<(p: UploadProgressEvent) => void>();

  constructor(initial: Partial<FakeState> = {}) {
    this.state = {
      key: null,
      storage: 'none',
      keychainAvailable: true,
      baseUrl: DEFAULT_BASE_URL,
      keyInfo: { ...sampleKeyInfo },
      jobs: [],
      unknownJobs: [],
      libraryFolder: { path: '/home/creator/Music/Cadenza', source: 'default' },
      libraryItems: [],
      ...initial,
    };
    if (this.state.key && this.state.storage === 'none') this.state.storage = 'keychain';
    this.api = this.buildApi();
  }

  /** The next call of `method` answers this error. */
  failNext(method: FakeMethod, error: AppErrorShape): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), error]);
  }

  /** Every call of `method` answers this error until `clearFailures`. */
  failAlways(method: FakeMethod, error: AppErrorShape): void {
    this.failures.set(
      method,
      Array.from({ length: 1000 }, () => error),
    );
  }

  clearFailures(method: FakeMethod): void {
    this.failures.delete(method);
  }

  /** Holds the next call of `method` until the returned function is called. */
  holdNext(method: FakeMethod): () => void {
    const d = deferred();
    this.holds.set(method, [...(this.holds.get(method) ?? []), d]);
    return d.release;
  }

  callsOf(method: FakeMethod): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  /** Main pushes `accountChanged` (e.g. the CLI changed the key). */
  emitAccountChanged(): void {
    for (const listener of this.accountListeners) listener(null);
  }

  /** Main pushes `jobUpdated` (and `jobFinished` for a final state); the fake's list follows. */
  emitJobUpdated(job: JobView): void {
    this.state.jobs = [job, ...this.state.jobs.filter((j) => j.id !== job.id)];
    for (const listener of this.jobListeners) listener(job);
    if (['done', 'failed', 'cancelled', 'interrupted'].includes(job.state)) {
      for (const listener of this.jobFinishedListeners) listener(job);
    }
  }

  /** Main pushes `updateState` (the fake's state follows). */
  emitUpdateState(patch: Partial<UpdateState>): void {
    this.updates.state = { ...this.updates.state, ...patch };
    for (const l of this.updateListeners) l({ ...this.updates.state });
  }

  emitCoverUploadProgress(p: UploadProgressEvent): void {
    for (const l of this.coverUploadListeners) l(p);
  }

  emitUploadProgress(p: UploadProgressEvent): void {
    for (const listener of this.uploadListeners) listener(p);
  }

  /** A handle for a file as main's registry would give it. */
  fileInfo(name: string, sizeBytes: number, mimeType = 'audio/wav'): FileInfo {
    const info: FileInfo = {
      handle: `fh_${name
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(16, '0')
        .slice(0, 40)}`,
      name,
      sizeBytes,
      mimeType,
    };
    this.registered.set(info.handle, info);
    return info;
  }

  /** The menu's Settings item was chosen (main pushes `openSettings`). */
  emitOpenSettings(): void {
    for (const listener of this.openSettingsListeners) listener();
  }

  /** Main pushes `filesOpened` (audio files opened with Cadenza while the window is up). */
  emitFilesOpened(files: FileInfo[]): void {
    for (const f of files) this.registered.set(f.handle, f);
    for (const listener of this.filesOpenedListeners) listener(files);
  }

  /** Main pushes `exportProgress` to the window exporting. */
  emitExportProgress(p: ExportProgress): void {
    for (const listener of this.exportListeners) listener(p);
  }

  /** As main does after its library changed: the event follows the change, as its own task. */
  private changedLibrary(change: Partial<LibraryChange>): void {
    setTimeout(() => this.emitLibraryChanged({ added: [], updated: [], removed: [], ...change }));
  }

  emitLibraryChanged(change: LibraryChange): void {
    for (const listener of this.libraryListeners) listener(change);
  }

  /** Main's search: every word in the title, tags, lyrics or prompt (case-insensitive). */
  /** The library: its items, with the songs and takes seeded as such. */
  private allItems(): LibraryItemView[] {
    const seeded = new Map(
      [...this.songs.library.map(songItem), ...this.voices.takes.map(takeItem)].map((i) => [
        i.id,
        i,
      ]),
    );
    const items = this.state.libraryItems.map((i) => {
      const s = seeded.get(i.id);
      if (!s) return i;
      seeded.delete(i.id);
      return { ...i, ...s }; // the song or take as seeded
    });
    return [...items, ...seeded.values()];
  }

  private searchLibrary(text: string, kind?: LibraryItemView['kind']): LibraryItemView[] {
    const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
    return this.allItems().filter((i) => {
      if (kind && i.kind !== kind) return false;
      const h = [i.title, i.tags.join(' '), this.library.lyrics[i.id] ?? '', i.prompt ?? '']
        .join('\n')
        .toLowerCase();
      return terms.every((t) => h.includes(t));
    });
  }

  private withItem<T>(id: string, run: (item: LibraryItemView) => Result<T>): Result<T> {
    const item = this.allItems().find((i) => i.id === id);
    return item
      ? run(item)
      : {
          ok: false,
          error: { code: 'not_found', message: 'That item is no longer in the library.' },
        };
  }

  private jobsNewestFirst(): JobView[] {
    return [...this.state.jobs].sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
    );
  }

  private findJob(id: string): JobView | undefined {
    return this.state.jobs.find((j) => j.id === id);
  }

  /** Applies a change to a job as main would (null: refused, as main refuses that action). */
  private changeJob(id: string, change: (job: JobView) => JobView | null): Result<JobView> {
    const job = this.findJob(id);
    if (!job)
      return { ok: false, error: { code: 'not_found', message: 'That job is no longer listed.' } };
    const next = change(job);
    if (!next)
      return {
        ok: false,
        error: { code: 'invalid_argument', message: 'That cannot be done for this job now.' },
      };
    const updated = { ...next, updatedAt: new Date().toISOString() };
    this.state.jobs = this.state.jobs.map((j) => (j.id === id ? updated : j));
    return { ok: true, value: updated };
  }

  private jobResult(job: JobView): Result<JobResult> {
    const items = job.resultItemIds.flatMap((id) => {
      const item = this.state.libraryItems.find((i) => i.id === id);
      return item
        ? [
            {
              itemId: item.id,
              title: item.title,
              kind: item.kind,
              mediaUrl: mediaUrlOf(item),
              durationMs: item.durationMs,
            },
          ]
        : [];
    });
    if (items.length === 0)
      return {
        ok: false,
        error: { code: 'not_found', message: 'This job has no finished files yet.' },
      };
    return { ok: true, value: { jobId: job.id, items } };
  }

  status(): AccountStatus {
    const { key, storage, keychainAvailable, baseUrl } = this.state;
    const status: AccountStatus = {
      hasKey: key !== null,
      storage: key === null ? 'none' : storage,
      keychainAvailable,
      baseUrl,
      isDefaultBaseUrl: baseUrl === DEFAULT_BASE_URL,
    };
    if (key !== null) status.keyLast4 = key.slice(-4);
    return status;
  }

  private async answer<T>(
    method: FakeMethod,
    args: unknown[],
    run: () => Result<T>,
  ): Promise<Result<T>> {
    this.calls.push({ method, args });
    const hold = this.holds.get(method)?.shift();
    if (hold) await hold.promise;
    await Promise.resolve();
    const [ns, name] = method.split('.') as [keyof typeof invokeContract, string];
    const def = (invokeContract[ns] as Record<string, InvokeDef>)[name];
    if (!def) throw new Error(`FakeCadenza: no contract entry for ${method}`);
    const parsedArgs = def.args.safeParse(args);
    if (!parsedArgs.success) {
      const message = parsedArgs.error.issues[0]?.message ?? 'Invalid argument';
      return { ok: false, error: { code: 'invalid_argument', message } };
    }
    const failure = this.failures.get(method)?.shift();
    const result: Result<T> = failure ? { ok: false, error: failure } : run();
    // Answers must match the contract, as main's would.
    resultSchema(def.result).parse(result);
    return result;
  }

  private buildApi(): CadenzaApi {
    const ok = <T>(value: T): Result<T> => ({ ok: true, value });
    return {
      account: {
        getStatus: () => this.answer('account.getStatus', [], () => ok(this.status())),
        setKey: (key) =>
          this.answer('account.setKey', [key], () => {
            this.state.key = key.trim();
            this.state.storage = this.state.keychainAvailable ? 'keychain' : 'safe-storage';
            return ok({ ...this.status(), keyCheck: this.keyCheck });
          }),
        removeKey: () =>
          this.answer('account.removeKey', [], () => {
            this.state.key = null;
            this.state.storage = 'none';
            return ok(this.status());
          }),
        getKeyInfo: () =>
          this.answer('account.getKeyInfo', [], () =>
            this.state.key === null
              ? {
                  ok: false,
                  error: { code: 'no_key', message: 'Add your API key in the Account panel.' },
                }
              : ok({ ...this.state.keyInfo }),
          ),
        setServiceAddress: (address) =>
          this.answer('account.setServiceAddress', [address], () => {
            const checked = checkServiceAddress(address);
            if (!checked.ok) {
              return {
                ok: false,
                error: {
                  code: 'validation',
                  message: checked.message,
                  fields: { address: checked.message },
                },
              };
            }
            if (this.addressDialog === 'cancel') {
              return {
                ok: false,
                error: { code: 'cancelled', message: 'The address was not changed.' },
              };
            }
            this.state.baseUrl = checked.origin;
            this.state.key = null; // the key is asked for again
            this.state.storage = 'none';
            return ok(this.status());
          }),
        openAccountPage: () => this.answer('account.openAccountPage', [], () => ok(null)),
      },
      files: {
        pick: (options) =>
          this.answer('files.pick', [options], () =>
            ok(this.pickedFiles.map((f) => this.fileInfo(f.name, f.sizeBytes, f.mimeType))),
          ),
        registerDropped: (files, kind) =>
          this.answer('files.registerDropped', [files.map((f) => f.name), kind], () =>
            ok(files.map((f) => this.fileInfo(f.name, f.size))),
          ),
        release: (handles) => this.answer('files.release', [handles], () => ok(null)),
        takeOpened: () =>
          this.answer('files.takeOpened', [], () => {
            const files = this.openedFiles.splice(0);
            for (const f of files) this.registered.set(f.handle, f);
            return ok(files);
          }),
      },
      app: {
        info: () =>
          this.answer('app.info', [], () =>
            ok({ version: '0.0.0-test', platform: 'linux', testDouble: true, demo: this.demo }),
          ),
        openExternal: (url) => this.answer('app.openExternal', [url], () => ok(null)),
      },
      jobs: {
        list: () => this.answer('jobs.list', [], () => ok(this.jobsNewestFirst())),
        listUnknown: () => this.answer('jobs.listUnknown', [], () => ok(this.state.unknownJobs)),
        cancel: (id) =>
          this.answer('jobs.cancel', [id], () => {
            const job = this.findJob(id);
            if (!job)
              return {
                ok: false,
                error: { code: 'not_found', message: 'That job is no longer listed.' },
              };
            const next: JobView = {
              ...job,
              state: 'cancelled',
              error: { code: 'cancelled', message: 'Cancelled.' },
            };
            this.state.jobs = this.state.jobs.map((j) => (j.id === id ? next : j));
            return ok(next);
          }),
        retry: (id) =>
          this.answer('jobs.retry', [id], () => {
            const job = this.findJob(id);
            if (!job)
              return {
                ok: false,
                error: { code: 'not_found', message: 'That job is no longer listed.' },
              };
            const now = new Date().toISOString();
            const fresh = makeJobView({
              ...job,
              id: makeJobView().id,
              state: 'pending',
              progress: 0,
              error: null,
              createdAt: now,
              updatedAt: now,
              submittedAt: null,
              finishedAt: null,
              resultItemIds: [],
            });
            this.state.jobs = [fresh, ...this.state.jobs];
            return ok(fresh);
          }),
        redownload: (id) =>
          this.answer('jobs.redownload', [id], () =>
            this.changeJob(id, (job) =>
              job.canRedownload
                ? {
                    ...job,
                    state: 'downloading',
                    progress: 0.8,
                    error: null,
                    finishedAt: null,
                    canRedownload: false,
                    lostResults: false,
                  }
                : null,
            ),
          ),
        checkAgain: (id) =>
          this.answer('jobs.checkAgain', [id], () =>
            this.changeJob(id, (job) => ({ ...job, checkedAt: new Date().toISOString() })),
          ),
        adoptCandidate: (id, serviceId) =>
          this.answer('jobs.adoptCandidate', [id, serviceId], () =>
            this.changeJob(id, (job) =>
              job.candidates.some((c) => c.serviceId === serviceId)
                ? { ...job, state: 'done', error: null, candidates: [] }
                : null,
            ),
          ),
        rejectCandidates: (id) =>
          this.answer('jobs.rejectCandidates', [id], () =>
            this.changeJob(id, (job) => ({ ...job, candidates: [] })),
          ),
        dismiss: (id) =>
          this.answer('jobs.dismiss', [id], () => {
            const job = this.findJob(id);
            if (!job)
              return {
                ok: false,
                error: { code: 'not_found', message: 'That job is no longer listed.' },
              };
            if (!['failed', 'cancelled', 'interrupted'].includes(job.state))
              return {
                ok: false,
                error: {
                  code: 'busy',
                  message: 'Only a failed, cancelled or interrupted job can be dismissed.',
                },
              };
            this.state.jobs = this.state.jobs.filter((j) => j.id !== id);
            return ok(null);
          }),
        openResult: (id) =>
          this.answer('jobs.openResult', [id], () => {
            const job = this.findJob(id);
            return job
              ? this.jobResult(job)
              : {
                  ok: false,
                  error: { code: 'not_found', message: 'That job is no longer listed.' },
                };
          }),
      },
      library: {
        getFolder: () =>
          this.answer('library.getFolder', [], () => ok({ ...this.state.libraryFolder })),
        chooseFolder: () =>
          this.answer('library.chooseFolder', [], () => {
            if (this.folderDialog === null)
              return {
                ok: false,
                error: { code: 'cancelled', message: 'The library folder was not changed.' },
              };
            this.state.libraryFolder = { path: this.folderDialog, source: 'settings' };
            return ok({ ...this.state.libraryFolder });
          }),
        list: (query) =>
          this.answer('library.list', [query], () => {
            const ids = query?.ids;
            if (ids) return ok(this.allItems().filter((i) => ids.includes(i.id)));
            return ok(
              this.searchLibrary(query?.text ?? '', query?.kind).slice(
                query?.offset ?? 0,
                query?.limit === undefined ? undefined : (query.offset ?? 0) + query.limit,
              ),
            );
          }),
        matching: (text) =>
          this.answer('library.matching', [text], () =>
            ok(this.searchLibrary(text).map((i) => i.id)),
          ),
        showInFolder: (id) =>
          this.answer('library.showInFolder', [id], () =>
            this.state.libraryItems.some((i) => i.id === id)
              ? ok(null)
              : {
                  ok: false,
                  error: { code: 'not_found', message: 'That item is no longer in the library.' },
                },
          ),
        mediaUrl: (id) =>
          this.answer('library.mediaUrl', [id], () => {
            const item = this.state.libraryItems.find((i) => i.id === id);
            return item
              ? ok(mediaUrlOf(item))
              : {
                  ok: false,
                  error: { code: 'not_found', message: 'That item is no longer in the library.' },
                };
          }),
        lyrics: (id) =>
          this.answer('library.lyrics', [id], () =>
            this.withItem(id, (item) =>
              ok({ title: item.title, lyrics: this.library.lyrics[id] ?? null }),
            ),
          ),
        rename: (id, title) =>
          this.answer('library.rename', [id, title], () =>
            this.withItem(id, (item) => {
              const ext = item.file.slice(item.file.lastIndexOf('.'));
              const next = {
                ...item,
                title: title.trim(),
                file: `${title.trim().replace(/[/\\:*?"<>|]/g, '')}${ext}`,
              };
              this.state.libraryItems = this.state.libraryItems.map((i) =>
                i.id === id ? next : i,
              );
              this.changedLibrary({ updated: [id] });
              return ok(next);
            }),
          ),
        remove: (id) =>
          this.answer('library.remove', [id], () =>
            this.withItem(id, () => {
              this.state.libraryItems = this.state.libraryItems.filter((i) => i.id !== id);
              this.songs.library = this.songs.library.filter((s) => s.itemId !== id);
              this.changedLibrary({ removed: [id] });
              return ok(null);
            }),
          ),
        startDrag: (id) =>
          this.answer('library.startDrag', [id], () => this.withItem(id, () => ok(null))),
      },
      edit: {
        cancel: (id) =>
          this.answer('edit.cancel', [id], () => {
            this.renderStopped.add(id);
            return ok(null);
          }),
        // A trim becomes a new item beside the source (main renders it; the fake only lists it).
        // (it reports half way first: hold the call with holdNext to see it)
        trim: (id, request) => {
          for (const l of this.trimListeners) l({ itemId: id, fraction: 0.5 });
          return this.answer('edit.trim', [id, request], () =>
            this.withItem(id, (item) => {
              if (this.renderStopped.delete(id)) return stoppedRender();
              const ext = item.file.slice(item.file.lastIndexOf('.'));
              const title = request.title ?? `${item.title} (trimmed)`;
              const made: LibraryItemView = {
                ...item,
                id: `itm_trim${String(this.state.libraryItems.length).padStart(4, '0')}`,
                title,
                file: `${title}${ext}`,
                durationMs: request.endMs - request.startMs,
                createdAt: new Date().toISOString(),
                trimmedFrom: {
                  sourceId: item.id,
                  sourceTitle: item.title,
                  startMs: request.startMs,
                  endMs: request.endMs,
                },
              };
              this.state.libraryItems = [made, ...this.state.libraryItems];
              this.changedLibrary({ added: [made.id] });
              return ok(made);
            }),
          );
        },
        // Main renders in the worker and reports progress: the fake reports half way at once
        // (hold the call with holdNext to see it), then lists the new item, which extends `id`.
        wholeSong: (id) => {
          for (const l of this.wholeSongListeners) l({ itemId: id, fraction: 0.5 });
          return this.answer('edit.wholeSong', [id], () =>
            this.withItem(id, (item) => {
              if (this.renderStopped.delete(id)) return stoppedRender();
              if (!item.parentId)
                return {
                  ok: false,
                  error: {
                    code: 'validation',
                    message: `"${item.title}" is not an extension of a song.`,
                  },
                };
              for (const l of this.wholeSongListeners) l({ itemId: id, fraction: 1 });
              const title = `${item.title} (whole song)`;
              const made: LibraryItemView = {
                ...item,
                id: `itm_whole${String(this.state.libraryItems.length).padStart(4, '0')}`,
                title,
                file: `${title}.mp3`,
                parentId: item.id,
                createdAt: new Date().toISOString(),
              };
              this.state.libraryItems = [made, ...this.state.libraryItems];
              this.changedLibrary({ added: [made.id] });
              return ok(made);
            }),
          );
        },
      },
      analysis: {
        waveform: (id) =>
          this.answer('analysis.waveform', [id], () =>
            this.withItem(id, () => {
              const peaks = this.library.waveforms[id];
              return ok(peaks ? { peaks, secondsPerPeak: null } : null);
            }),
          ),
        // A window of the same peaks, reduced (or repeated) to the bars asked for.
        waveformWindow: (id, window) =>
          this.answer('analysis.waveformWindow', [id, window], () =>
            this.withItem(id, (item) => {
              const peaks = this.library.waveforms[id];
              const ms = item.durationMs ?? 0;
              if (!peaks || ms <= 0) return ok(null);
              return ok(
                Array.from({ length: window.bars }, (_, b) => {
                  const at =
                    window.fromMs + ((b + 0.5) * (window.toMs - window.fromMs)) / window.bars;
                  return (
                    peaks[Math.min(peaks.length - 1, Math.floor((at / ms) * peaks.length))] ?? 0
                  );
                }),
              );
            }),
          ),
        loudness: (id) =>
          this.answer('analysis.loudness', [id], () =>
            this.withItem(id, () => ok(this.library.loudness[id] ?? null)),
          ),
      },
      export: {
        lyrics: (id) =>
          this.answer('export.lyrics', [id], () =>
            this.withItem(id, () =>
              this.library.saveDialog === null
                ? {
                    ok: false,
                    error: { code: 'cancelled', message: 'The lyrics were not exported.' },
                  }
                : ok({ path: this.library.saveDialog }),
            ),
          ),
        items: (ids, options) =>
          this.answer('export.items', options ? [ids, options] : [ids], () => {
            const items = ids.map((id) => this.state.libraryItems.find((i) => i.id === id));
            if (items.some((i) => !i))
              return {
                ok: false,
                error: { code: 'not_found', message: 'That item is no longer in the library.' },
              };
            if (this.library.exportDialog === null)
              return { ok: false, error: { code: 'cancelled', message: 'Nothing was exported.' } };
            const format = options?.format ?? 'original';
            return ok({
              exportId: 'export-1',
              folder: this.library.exportDialog,
              files: items.map((i) => {
                const own = i?.file.split('/').pop() ?? '';
                return format === 'original' ? own : `${i?.title ?? ''}.${format}`;
              }),
              reencoded: format === 'original' ? 0 : items.length,
            });
          }),
        showInFolder: (exportId) => this.answer('export.showInFolder', [exportId], () => ok(null)),
        cancel: () => this.answer('export.cancel', [], () => ok(null)),
        defaults: () =>
          this.answer('export.defaults', [], () => ok({ ...this.library.exportDefaults })),
        setDefaults: (defaults) =>
          this.answer('export.setDefaults', [defaults], () => {
            this.library.exportDefaults = Object.fromEntries(
              Object.entries(defaults).filter(([, v]) => v !== ''),
            );
            return ok({ ...this.library.exportDefaults });
          }),
      },
      player: {
        levelling: () =>
          this.answer('player.levelling', [], () => ok({ ...this.player.levelling })),
        setLevelling: (patch) =>
          this.answer('player.setLevelling', [patch], () => {
            const next = { ...this.player.levelling, ...patch };
            const checked = LevellingSchema.safeParse(next);
            if (!checked.success)
              return {
                ok: false,
                error: { code: 'validation', message: 'Choose a target between −30 and −5 LUFS.' },
              };
            this.player.levelling = checked.data;
            return ok({ ...this.player.levelling });
          }),
      },
      songs: {
        // Main's checks (service-inputs) run here too; a valid request becomes a pending song job.
        create: (request) =>
          this.answer('songs.create', [request], () => {
            const fields = fieldErrorsOf(SongRulesSchema, {
              ...request,
              mode: request.extend ? 'custom' : request.mode,
            });
            const refused = fieldsError(fields);
            if (refused) return { ok: false, error: refused.toShape() };
            this.state.keyInfo = {
              ...this.state.keyInfo,
              key_music_counts: this.state.keyInfo.key_music_counts - 1,
            };
            const job = makeJobView({
              kind: request.api === 'v1' ? 'song-v1' : 'song-v2',
              synchronous: request.api === 'v1',
              label: request.title || request.prompt,
              state: 'pending',
              progress: 0,
              outputs: [],
            });
            this.state.jobs = [job, ...this.state.jobs];
            return ok(job);
          }),
        writeLyrics: (idea) =>
          this.answer('songs.writeLyrics', [idea], () =>
            ok({ title: 'Paper Boats', lyrics: `[Verse]\nFolding ${idea}\n[Chorus]\nPaper boats` }),
          ),
        preview: (jobId, index) =>
          this.answer('songs.preview', [jobId, index], () =>
            ok({
              url: `cadenza-media://cache/${'ab'.repeat(15)}${String(index).padStart(2, '0')}`,
            }),
          ),
        history: () => this.answer('songs.history', [], () => ok({ ...this.songs.history })),
        importHistory: (ids) =>
          this.answer('songs.importHistory', [ids], () => {
            const job = makeJobView({
              kind: 'history-import',
              label: `Import: ${ids.length} songs from the service`,
              state: 'submitted',
              progress: 0,
              outputs: [],
            });
            this.state.jobs = [job, ...this.state.jobs];
            this.songs.history = {
              ...this.songs.history,
              songs: this.songs.history.songs.filter((s) => !ids.includes(s.songId)),
            };
            return ok(job);
          }),
      },
      voices: {
        catalogue: (opts) =>
          this.answer('voices.catalogue', [opts], () =>
            ok({
              ...this.voices.catalogue,
              source: opts.refresh ? 'service' : this.voices.catalogue.source,
            }),
          ),
        prefs: () => this.answer('voices.prefs', [], () => ok({ ...this.voices.prefs })),
        setFavourite: (speaker, on) =>
          this.answer('voices.setFavourite', [speaker, on], () => {
            const rest = this.voices.prefs.favourites.filter((s) => s !== speaker);
            this.voices.prefs = {
              ...this.voices.prefs,
              favourites: on ? [speaker, ...rest] : rest,
            };
            return ok({ ...this.voices.prefs });
          }),
        deleteClone: (speaker) =>
          this.answer('voices.deleteClone', [speaker], () => {
            const c = this.voices.catalogue;
            this.voices.catalogue = { ...c, clones: c.clones.filter((v) => v.speaker !== speaker) };
            return ok({ ...this.voices.catalogue });
          }),
        media: (speaker, which) =>
          this.answer('voices.media', [speaker, which], () =>
            ok(`cadenza-media://cache/${which}-${speaker}`),
          ),
        speak: (request) =>
          this.answer('voices.speak', [request], () => {
            const fields = fieldErrorsOf(TtsInputSchema, request);
            const refused = fieldsError(fields);
            if (refused) return { ok: false, error: refused.toShape() };
            this.voices.prefs = {
              ...this.voices.prefs,
              recents: [
                request.speaker,
                ...this.voices.prefs.recents.filter((s) => s !== request.speaker),
              ],
            };
            const job = makeJobView({
              kind: 'tts',
              synchronous: true,
              label: request.text.slice(0, 60),
              state: 'running',
              progress: 0.05,
              outputs: [],
            });
            this.state.jobs = [job, ...this.state.jobs];
            return ok(job);
          }),
        checkFiles: (handles) =>
          this.answer('voices.checkFiles', [handles], () => {
            const infos = handles.map((h) => this.registered.get(h));
            if (infos.some((i) => !i))
              return {
                ok: false,
                error: {
                  code: 'not_found',
                  message: 'That file is no longer available. Please choose it again.',
                },
              };
            return ok(
              infos.map((i) => ({
                ...i!,
                durationMs: null,
                problem: null,
                ...this.voices.checks[i!.name],
              })),
            );
          }),
        clone: (request) =>
          this.answer('voices.clone', [request], () => {
            const fields = fieldErrorsOf(CloneFieldsSchema, {
              name: request.name,
              description: request.description,
              fileCount: request.files.length,
            });
            const refused = fieldsError(fields);
            if (refused) return { ok: false, error: refused.toShape() };
            const job = makeJobView({
              kind: 'clone',
              synchronous: true,
              label: `Voice: ${request.name}`,
              state: 'running',
              progress: null,
              outputs: [],
            });
            this.state.jobs = [job, ...this.state.jobs];
            return ok(job);
          }),
        cancelClone: (jobId) =>
          this.answer('voices.cancelClone', [jobId], () => {
            const job = this.findJob(jobId);
            if (!job)
              return {
                ok: false,
                error: { code: 'not_found', message: 'That upload is no longer listed.' },
              };
            const next: JobView = {
              ...job,
              state: 'cancelled',
              error: { code: 'cancelled', message: 'Cancelled.' },
            };
            this.state.jobs = this.state.jobs.map((j) => (j.id === jobId ? next : j));
            return ok(next);
          }),
      },
      covers: {
        singers: (opts) =>
          this.answer('covers.singers', [opts], () =>
            ok({ singers: [...this.covers.singers], error: null, fetchedAt: null }),
          ),
        create: (request) =>
          this.answer('covers.create', [request], () => {
            const src = request.source;
            const fields = fieldErrorsOf(CoverFieldsSchema, {
              singerId: request.singerId,
              tranSemitones: request.tranSemitones,
              hasFile: src.kind !== 'link',
              videoSiteUrl: src.kind === 'link' ? src.url : '',
            });
            const refused = fieldsError(fields);
            if (refused) return { ok: false, error: refused.toShape() };
            const job = makeJobView({
              kind: 'cover',
              synchronous: true,
              label: request.title || 'Cover',
              state: 'running',
              progress: null,
              outputs: [],
            });
            this.state.jobs = [job, ...this.state.jobs];
            return ok(job);
          }),
        cancel: (jobId) =>
          this.answer('covers.cancel', [jobId], () => {
            const job = this.findJob(jobId);
            if (!job)
              return {
                ok: false,
                error: { code: 'not_found', message: 'That job is no longer listed.' },
              };
            const next: JobView = {
              ...job,
              state: 'cancelled',
              error: { code: 'cancelled', message: 'Cancelled.' },
            };
            this.state.jobs = this.state.jobs.map((j) => (j.id === jobId ? next : j));
            return ok(next);
          }),
        checkTraining: (links) =>
          this.answer('covers.checkTraining', [links], () => ok({ ...this.covers.trainingCheck })),
        train: (request) =>
          this.answer('covers.train', [request], () => {
            const problem = !request.name.trim()
              ? 'Name the singer (the name is kept on this computer).'
              : this.covers.trainingCheck.problem;
            if (problem)
              return {
                ok: false,
                error: {
                  code: 'validation',
                  message: problem,
                  fields: { [request.name.trim() ? 'urls' : 'name']: problem },
                },
              };
            const job = makeJobView({
              kind: 'custom-singer',
              label: `Singer: ${request.name}`,
              state: 'submitted',
              progress: 0.1,
              outputs: [],
            });
            this.state.jobs = [job, ...this.state.jobs];
            this.covers.singers = [
              {
                id: null,
                name: request.name.trim(),
                custom: true,
                state: 'training',
                jobId: job.id,
              },
              ...this.covers.singers,
            ];
            return ok(job);
          }),
        renameSinger: (jobId, name) =>
          this.answer('covers.renameSinger', [jobId, name], () => {
            this.covers.singers = this.covers.singers.map((x) =>
              x.jobId === jobId ? { ...x, name } : x,
            );
            return ok({ singers: [...this.covers.singers], error: null, fetchedAt: null });
          }),
      },
      videos: {
        checkSinging: (request) =>
          this.answer('videos.checkSinging', [request], () => ok({ ...this.covers.singingCheck })),
        singing: (request) =>
          this.answer('videos.singing', [request], () => {
            const fields = this.covers.singingCheck.fields;
            const refused = fieldsError(fields);
            if (refused) return { ok: false, error: refused.toShape() };
            const job = makeJobView({
              kind: 'singing-video',
              synchronous: true,
              label: request.title || 'Singing video',
              state: 'running',
              progress: null,
              outputs: [],
            });
            this.state.jobs = [job, ...this.state.jobs];
            return ok(job);
          }),
        subtitles: (request) =>
          this.answer('videos.subtitles', [request], () => {
            const videoUrl =
              request.video?.kind === 'library'
                ? `https://media.example/${request.video.itemId}.mp4`
                : (request.video?.url ?? request.videoUrl ?? '');
            const fields = fieldErrorsOf(SubtitlesRulesSchema, { videoUrl });
            const refused = fieldsError(fields);
            if (refused) return { ok: false, error: refused.toShape() };
            const job = makeJobView({
              kind: 'subtitle-video',
              synchronous: true,
              label: request.title || 'Subtitle video',
              state: 'running',
              progress: null,
              outputs: [],
            });
            this.state.jobs = [job, ...this.state.jobs];
            return ok(job);
          }),
      },
      updates: {
        getState: () => this.answer('updates.getState', [], () => ok({ ...this.updates.state })),
        check: () =>
          this.answer('updates.check', [], () => {
            this.updates.state = {
              ...this.updates.state,
              ...(this.updates.checkAnswer ?? {
                upToDate: true,
                lastCheckedAtMs: Date.UTC(2026, 2, 1, 10),
              }),
            };
            return ok({ ...this.updates.state });
          }),
        restartToUpdate: () =>
          this.answer('updates.restartToUpdate', [], () => {
            if (this.updates.state.phase !== 'ready')
              return {
                ok: false,
                error: { code: 'forbidden', message: 'No update has been downloaded yet.' },
              };
            this.emitUpdateState({ phase: 'installing' }); // main pushes the state before it quits
            return ok(null);
          }),
        setAutoUpdate: (on) =>
          this.answer('updates.setAutoUpdate', [on], () => {
            this.updates.state = { ...this.updates.state, autoUpdate: on };
            return ok({ ...this.updates.state });
          }),
      },
      preferences: {
        get: () => this.answer('preferences.get', [], () => ok({ ...this.preferences })),
        setTheme: (theme) =>
          this.answer('preferences.setTheme', [theme], () => {
            this.preferences = { ...this.preferences, theme };
            return ok({ ...this.preferences });
          }),
        setSidebar: (sidebar) =>
          this.answer('preferences.setSidebar', [sidebar], () => {
            this.preferences = { ...this.preferences, sidebar };
            return ok({ ...this.preferences });
          }),
        setLanguage: (language) =>
          this.answer('preferences.setLanguage', [language], () => {
            const appLanguage = language === 'system' ? this.preferences.systemLanguage : language;
            this.preferences = { ...this.preferences, language, appLanguage };
            return ok({ ...this.preferences });
          }),
        finishFirstRun: () =>
          this.answer('preferences.finishFirstRun', [], () => {
            this.preferences = { ...this.preferences, firstRunDone: true };
            return ok({ ...this.preferences });
          }),
      },
      // nothing to upgrade in the fake: the upgrade runs against the real main (support/main.ts)
      upgrade: {
        status: () => this.answer('upgrade.status', [], () => ok(NO_UPGRADE)),
        start: () => this.answer('upgrade.start', [], () => ok(NO_UPGRADE)),
        decline: () => this.answer('upgrade.decline', [], () => ok(NO_UPGRADE)),
        stop: () => this.answer('upgrade.stop', [], () => ok(NO_UPGRADE)),
        hold: (playing) => this.answer('upgrade.hold', [playing], () => ok(null)),
      },
      diagnostics: {
        reportRendererError: (error) =>
          this.answer('diagnostics.reportRendererError', [error], () => ok(null)),
        openLogsFolder: () => this.answer('diagnostics.openLogsFolder', [], () => ok(null)),
        copyReport: () => this.answer('diagnostics.copyReport', [], () => ok(null)),
      },
      on: {
        upgradeStatus: () => () => false,
        filesOpened: (listener) => {
          this.filesOpenedListeners.add(listener);
          return () => this.filesOpenedListeners.delete(listener);
        },
        openSettings: (listener) => {
          const l = () => listener(null);
          this.openSettingsListeners.add(l);
          return () => this.openSettingsListeners.delete(l);
        },
        updateState: (listener) => {
          this.updateListeners.add(listener);
          return () => this.updateListeners.delete(listener);
        },
        coverUploadProgress: (listener) => {
          this.coverUploadListeners.add(listener);
          return () => this.coverUploadListeners.delete(listener);
        },
        voiceUploadProgress: (listener) => {
          this.uploadListeners.add(listener);
          return () => this.uploadListeners.delete(listener);
        },
        accountChanged: (listener) => {
          this.accountListeners.add(listener);
          return () => this.accountListeners.delete(listener);
        },
        jobUpdated: (listener) => {
          this.jobListeners.add(listener);
          return () => this.jobListeners.delete(listener);
        },
        jobFinished: (listener) => {
          this.jobFinishedListeners.add(listener);
          return () => this.jobFinishedListeners.delete(listener);
        },
        libraryChanged: (listener) => {
          this.libraryListeners.add(listener);
          return () => this.libraryListeners.delete(listener);
        },
        exportProgress: (listener) => {
          this.exportListeners.add(listener);
          return () => this.exportListeners.delete(listener);
        },
        wholeSongProgress: (listener) => {
          this.wholeSongListeners.add(listener);
          return () => this.wholeSongListeners.delete(listener);
        },
        trimProgress: (listener) => {
          this.trimListeners.add(listener);
          return () => this.trimListeners.delete(listener);
        },
      },
    };
  }
}

const mediaUrlOf = (item: LibraryItemView): string =>
  `cadenza-media://library/${item.file.split('/').map(encodeURIComponent).join('/')}`;
