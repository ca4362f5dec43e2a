/**
 * An in-memory stand-in for main behind `window.cadenza`, kept only for the component tests not yet
 * on the real main (covers-panel; new tests use support/main.ts). It answers the channels those
 * tests reach, validates arguments with the real contract schemas (as main does) and checks its
 * answers against the result schemas; any other channel answers `internal`. It goes once the last
 * of them moves to the real main.
 */
import type { AccountStatus, KeyInfo, KeyStorage } from '@shared/domain/account';
import type { UpgradeStatus } from '@shared/ipc/upgrade';
import { DEFAULT_BASE_URL } from '@shared/defaults';
import { fieldsError, type AppErrorShape } from '@shared/errors';
import type { CadenzaApi } from '@shared/ipc/api';
import { invokeContract } from '@shared/ipc/contract';
import type { InvokeDef } from '@shared/ipc/define';
import { resultSchema, type Result } from '@shared/result';
import type { JobResult, JobView } from '@shared/ipc/jobs';
import type { ItemLoudness, LibraryFolder, LibraryItemView } from '@shared/ipc/library';
import type { RenderProgress } from '@shared/ipc/edit';
import { DEFAULT_LEVELLING, type Levelling } from '@shared/domain/loudness';
import type { LibraryChange } from '@shared/domain/library';
import { CoverFieldsSchema, fieldErrorsOf } from '@shared/domain/service-inputs';
import type { FileInfo } from '@shared/domain/files';
import type { UploadProgressEvent } from '@shared/ipc/voices';
import type { History } from '@shared/ipc/songs';
import type { LibrarySong } from '../../../src/renderer/lib/library-views';
import type { SingerOption, TrainingCheck } from '@shared/ipc/covers';
import type { Preferences } from '@shared/ipc/preferences';
import type { ExportDefaults } from '@shared/domain/export';

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

const sampleKeyInfo: KeyInfo = {
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

export class FakeCadenza {
  readonly state: FakeState;
  /** Every call, in order, with its arguments. */
  readonly calls: { method: FakeMethod; args: unknown[] }[] = [];
  readonly api: CadenzaApi;

  private readonly failures = new Map<FakeMethod, AppErrorShape[]>();
  private readonly jobListeners = new Set<(job: JobView) => void>();
  private readonly jobFinishedListeners = new Set<(job: JobView) => void>();
  private readonly libraryListeners = new Set<(change: LibraryChange) => void>();
  /** settings.json's theme and first-run state (first run done, so panels show at once). */
  preferences: Preferences = {
    theme: 'system',
    sidebar: 'auto',
    firstRunDone: true,
    language: 'system',
    appLanguage: 'en',
    systemLanguage: 'en',
  };
  /** Library: lyrics by item id, the export dialog's answer (null = Cancel), peaks by id. */
  library: {
    lyrics: Record<string, string>;
    exportDialog: string | null;
    waveforms: Record<string, number[]>;
    /** Measured loudness by item id (absent: not decodable, null answered). */
    loudness: Record<string, ItemLoudness>;
    /** The export defaults main keeps in settings. */
    exportDefaults: ExportDefaults;
  } = {
    lyrics: {},
    exportDialog: null,
    waveforms: {},
    loudness: {},
    exportDefaults: {},
  };
  /** Player settings kept in main's settings store. */
  player: { levelling: Levelling } = { levelling: { ...DEFAULT_LEVELLING } };
  /** Songs: library songs (with service ids) and the service's history main answers. */
  songs: { library: LibrarySong[]; history: History } = {
    library: [],
    history: { songs: [], inLibrary: 0, unfinished: 0 },
  };
  /** Covers and videos: singers and the measurements main answers (sources: `state.libraryItems`). */
  covers: {
    singers: SingerOption[];
    trainingCheck: TrainingCheck;
  } = {
    singers: [],
    trainingCheck: { links: [], totalS: null, problem: null },
  };
  private readonly coverUploadListeners = new Set<(p: UploadProgressEvent) => void>();
  private readonly wholeSongListeners = new Set<(p: RenderProgress) => void>();

  constructor(initial: Partial<FakeState> = {}) {
    this.state = {
      key: null,
      storage: 'none',
      keychainAvailable: true,
      baseUrl: DEFAULT_BASE_URL,
      keyInfo: { ...sampleKeyInfo },
      jobs: [],
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

  callsOf(method: FakeMethod): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  /** Main pushes `jobUpdated` (and `jobFinished` for a final state); the fake's list follows. */
  emitJobUpdated(job: JobView): void {
    this.state.jobs = [job, ...this.state.jobs.filter((j) => j.id !== job.id)];
    for (const listener of this.jobListeners) listener(job);
    if (['done', 'failed', 'cancelled', 'interrupted'].includes(job.state)) {
      for (const listener of this.jobFinishedListeners) listener(job);
    }
  }

  emitCoverUploadProgress(p: UploadProgressEvent): void {
    for (const l of this.coverUploadListeners) l(p);
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
    return info;
  }

  /** As main does after its library changed: the event follows the change, as its own task. */
  private changedLibrary(change: Partial<LibraryChange>): void {
    setTimeout(() => this.emitLibraryChanged({ added: [], updated: [], removed: [], ...change }));
  }

  emitLibraryChanged(change: LibraryChange): void {
    for (const listener of this.libraryListeners) listener(change);
  }

  /** The library: its items, with the songs and takes seeded as such. */
  private allItems(): LibraryItemView[] {
    const seeded = new Map(this.songs.library.map(songItem).map((i) => [i.id, i]));
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

  /**
   * The channels the remaining fake-based tests reach; any other channel answers `internal` (a
   * test that needs it belongs on the real main: support/main.ts), any other event never fires.
   */
  private buildApi(): CadenzaApi {
    const ok = <T>(value: T): Result<T> => ({ ok: true, value });
    const api: { [NS in keyof CadenzaApi]?: Partial<CadenzaApi[NS]> } = {
      account: {
        getStatus: () => this.answer('account.getStatus', [], () => ok(this.status())),
        getKeyInfo: () =>
          this.answer('account.getKeyInfo', [], () =>
            this.state.key === null
              ? {
                  ok: false,
                  error: { code: 'no_key', message: 'Add your API key in the Account panel.' },
                }
              : ok({ ...this.state.keyInfo }),
          ),
      },
      files: {
        registerDropped: (files, kind) =>
          this.answer('files.registerDropped', [files.map((f) => f.name), kind], () =>
            ok(files.map((f) => this.fileInfo(f.name, f.size))),
          ),
        takeOpened: () => this.answer('files.takeOpened', [], () => ok([])),
      },
      jobs: {
        list: () => this.answer('jobs.list', [], () => ok(this.jobsNewestFirst())),
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
        loudness: (id) =>
          this.answer('analysis.loudness', [id], () =>
            this.withItem(id, () => ok(this.library.loudness[id] ?? null)),
          ),
      },
      player: {
        levelling: () =>
          this.answer('player.levelling', [], () => ok({ ...this.player.levelling })),
      },
      songs: {
        // Main's checks (service-inputs) run here too; a valid request becomes a pending song job.
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
      preferences: {
        get: () => this.answer('preferences.get', [], () => ok({ ...this.preferences })),
      },
      // nothing to upgrade in the fake: the upgrade runs against the real main (support/main.ts)
      upgrade: {
        status: () => this.answer('upgrade.status', [], () => ok(NO_UPGRADE)),
        hold: (playing) => this.answer('upgrade.hold', [playing], () => ok(null)),
      },
      on: {
        coverUploadProgress: (listener) => {
          this.coverUploadListeners.add(listener);
          return () => this.coverUploadListeners.delete(listener);
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
        wholeSongProgress: (listener) => {
          this.wholeSongListeners.add(listener);
          return () => this.wholeSongListeners.delete(listener);
        },
      },
    };
    const missing = (method: string) => () =>
      this.answer(method as FakeMethod, [], () => ({
        ok: false,
        error: { code: 'internal', message: `The fake has no ${method}: use the real main.` },
      }));
    return new Proxy(api, {
      get: (target, ns: string) => {
        const defined = (target as Record<string, Record<string, unknown>>)[ns] ?? {};
        return new Proxy(defined, {
          get: (methods, name: string) =>
            methods[name] ?? (ns === 'on' ? () => () => undefined : missing(`${ns}.${name}`)),
        });
      },
    }) as CadenzaApi;
  }
}
const mediaUrlOf = (item: LibraryItemView): string =>
  `cadenza-media://library/${item.file.split('/').map(encodeURIComponent).join('/')}`;
