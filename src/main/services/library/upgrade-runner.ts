/**
 * The app's upgrade of a library made by an earlier version (issue 28, point 4), around
 * upgrade.ts: asks first (the status says how many files and bytes, and the sync service the
 * folder is in), then tags the files in the background, one at a time, waiting while the creator
 * plays or searches. Main alone decides which files: the library's items whose sidecar has no
 * audio hash (`needsUpgrade`).
 *
 * Kept in `<data>/library-upgrade.json`: the answer (agreed, declined) and whether the creator
 * stopped it. Resumable by construction: a tagged file's sidecar records its audio hash, so what
 * is left is read from the library again at every start; an agreed upgrade that was not stopped
 * continues by itself after a restart (`start()` at app start), a stopped one waits for Continue.
 * Files that could not be tagged are listed with their reason for this run and tried again at the
 * next run (the next start, Continue or Try again).
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { LibraryItem } from '@shared/domain/library';
import { UPGRADE_FAILED_LISTED, type UpgradeReason, type UpgradeStatus } from '@shared/ipc/upgrade';
import { writeJsonAtomic } from '../ground/atomic';
import { TypedEmitter } from '../ground/events';
import { READ_CAPS, readRegularText } from '../ground/regular-file';
import { logger } from '../log';
import type { TagDefaults } from './file-tags';
import type { Library } from './library-types';
import { upgradeItem, upgradePlan } from './upgrade';

const log = logger('upgrade');

export interface UpgradeRunnerOptions {
  dataDir: string;
  /** The process's open library (core.jobsHost; typed here, as the library floor sits below it). */
  host: { runtime(): Promise<{ library: Library }> };
  tagDefaults: () => TagDefaults;
  /** How long the work waits after the creator's last search (default 3 s). */
  quietMs?: number;
  /** Tags one file (default upgrade.ts's upgradeItem; tests make files fail). */
  tagOne?: typeof upgradeItem;
}

export interface UpgradeRunner {
  status(): Promise<UpgradeStatus>;
  /** Consent, Continue or Try again: tags what is left in the background. */
  agree(): Promise<UpgradeStatus>;
  decline(): Promise<UpgradeStatus>;
  stop(): Promise<UpgradeStatus>;
  /** At app start: continues an agreed upgrade that was not stopped. */
  start(): void;
  /** The creator is playing (waits until false, at most HOLD_MAX_MS after the last true). */
  hold(playing: boolean): void;
  /** The creator searched: the work waits for a quiet moment. */
  noteSearch(): void;
  /** Resolves when no run is going (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
  on: TypedEmitter<{ status: UpgradeStatus }>['on'];
}

const StateSchema = z.object({
  version: z.literal(1),
  consent: z.enum(['agreed', 'declined']).nullable(),
  stopped: z.boolean(),
});
type State = z.infer<typeof StateSchema>;

/** A window that said "playing" and then went away does not hold the upgrade for ever. */
const HOLD_MAX_MS = 15 * 60_000;
/** The Library's items are read again (one refresh) after this many files, and at the end. */
const REFRESH_EVERY = 25;

/** The sync service a folder is in, from its path (their usual folder names), or null. */
export function syncServiceOf(dir: string): string | null {
  const p = dir.replace(/\\/g, '/');
  if (/\/OneDrive( - [^/]*)?(\/|$)/i.test(p)) return 'OneDrive';
  if (/\/Dropbox( \([^/]*\))?(\/|$)/i.test(p)) return 'Dropbox';
  if (/\/(iCloud Drive|Mobile Documents|iCloudDrive)(\/|$)/i.test(p)) return 'iCloud Drive';
  if (/\/(Google Drive|My Drive|GoogleDrive-[^/]*)(\/|$)/i.test(p)) return 'Google Drive';
  return null;
}

export function createUpgradeRunner(options: UpgradeRunnerOptions): UpgradeRunner {
  const file = join(options.dataDir, 'library-upgrade.json');
  const quietMs = options.quietMs ?? 3000;
  const tagOne = options.tagOne ?? upgradeItem;
  const emitter = new TypedEmitter<{ status: UpgradeStatus }>();
  let state: State | null = null;
  let run: Promise<void> | null = null;
  let controller: AbortController | null = null;
  let paused = false;
  let playingUntil = 0;
  let lastSearch = 0;
  let done = 0;
  let total = 0;
  let closed = false;
  /** Files that failed in this run, by item id (tried again at the next run). */
  let failed = new Map<string, { item: LibraryItem; reason: UpgradeReason }>();
  /** A run has ended in this process (its failures stay listed until the next run). */
  let ran = false;

  async function load(): Promise<State> {
    if (state) return state;
    try {
      const parsed = StateSchema.safeParse(
        JSON.parse(await readRegularText(file, READ_CAPS.smallStateBytes)),
      );
      state = parsed.success ? parsed.data : { version: 1, consent: null, stopped: false };
    } catch {
      state = { version: 1, consent: null, stopped: false };
    }
    return state;
  }

  async function save(patch: Partial<State>): Promise<void> {
    state = { ...(await load()), ...patch };
    await writeJsonAtomic(file, state);
  }

  async function library(): Promise<Library> {
    const rt = await options.host.runtime();
    await rt.library.ready();
    return rt.library;
  }

  async function status(): Promise<UpgradeStatus> {
    const s = await load();
    const lib = await library();
    const plan = upgradePlan(lib.items());
    const list = [...failed.values()];
    const phase: UpgradeStatus['phase'] = run
      ? paused
        ? 'paused'
        : 'running'
      : plan.files === 0
        ? ran && done + list.length > 0
          ? 'done'
          : 'none'
        : s.consent === null
          ? 'ask'
          : s.consent === 'declined'
            ? 'declined'
            : s.stopped
              ? 'stopped'
              : ran
                ? 'done'
                : 'stopped';
    return {
      phase,
      files: plan.files,
      bytes: plan.bytes,
      done,
      total,
      failed: list.slice(0, UPGRADE_FAILED_LISTED).map(({ item, reason }) => ({
        id: item.id,
        title: item.title,
        file: item.file,
        reason,
      })),
      failedCount: list.length,
      synced: syncServiceOf(lib.dir),
    };
  }

  function announce(): void {
    void status()
      .then((s) => emitter.emit('status', s))
      .catch(() => undefined);
  }

  const busy = (): boolean => Date.now() < playingUntil || Date.now() - lastSearch < quietMs;

  /** Waits while the creator plays or searches; false when stopped meanwhile. */
  async function quiet(signal: AbortSignal): Promise<boolean> {
    if (!busy()) return true;
    paused = true;
    announce();
    while (busy() && !signal.aborted && !closed)
      await new Promise((r) => setTimeout(r, Math.min(quietMs, 1000)));
    paused = false;
    if (!signal.aborted) announce();
    return !signal.aborted && !closed;
  }

  async function work(signal: AbortSignal): Promise<void> {
    const lib = await library();
    failed = new Map();
    const todo = upgradePlan(lib.items()).items;
    done = 0;
    total = todo.length;
    announce();
    let touched: string[] = [];
    const flush = async (): Promise<void> => {
      if (touched.length === 0) return;
      const files = touched;
      touched = [];
      await lib.refresh(files).catch(() => undefined);
    };
    for (const item of todo) {
      if (!(await quiet(signal))) break;
      // gone or already tagged meanwhile (the watcher, another window, the CLI)
      const now = lib.get(item.id);
      if (!now || now.audio_sha256) {
        total -= 1;
        continue;
      }
      const r = await tagOne(lib, now, options.tagDefaults());
      if (r.ok) done += 1;
      else {
        failed.set(now.id, { item: now, reason: r.code });
        log.warn('a file could not be tagged', { file: now.file, reason: r.reason });
      }
      touched.push(now.file);
      if (touched.length >= REFRESH_EVERY) await flush();
      announce();
    }
    await flush();
  }

  function begin(): void {
    if (run || closed) return;
    controller = new AbortController();
    const signal = controller.signal;
    run = work(signal)
      .catch((e) => log.warn('the upgrade stopped', e))
      .finally(() => {
        run = null;
        controller = null;
        paused = false;
        ran = true;
        announce();
      });
  }

  return {
    status,
    async agree() {
      await save({ consent: 'agreed', stopped: false });
      begin();
      return status();
    },
    async decline() {
      await save({ consent: 'declined' });
      const s = await status();
      emitter.emit('status', s);
      return s;
    },
    async stop() {
      await save({ stopped: true });
      controller?.abort();
      await run;
      return status();
    },
    start() {
      void load()
        .then((s) => {
          if (s.consent === 'agreed' && !s.stopped) begin();
          else announce();
        })
        .catch(() => undefined);
    },
    hold(playing) {
      playingUntil = playing ? Date.now() + HOLD_MAX_MS : 0;
    },
    noteSearch() {
      lastSearch = Date.now();
    },
    async idle() {
      await run;
    },
    async close() {
      closed = true;
      controller?.abort();
      await run;
    },
    on: emitter.on.bind(emitter),
  };
}
