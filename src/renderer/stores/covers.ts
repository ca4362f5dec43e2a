import { create } from 'zustand';
import type { AppErrorShape } from '@shared/errors';
import type { FileInfo } from '@shared/domain/files';
import type { CoverSettings } from '@shared/domain/reuse';
import type { Link, SingerOption, TrainingCheck } from '@shared/ipc/covers';
import { bridge, call } from '../bridge';
import { isFinal, jobSlots, type TrackedJob } from '../lib/job-slots';
import { showPanel } from './ui';
import { dismissJob } from './jobs';
import { localError } from '../i18n';

/** A form error made here (nothing was sent), said in the app's language where it is shown. */
const formError = (key: string, field: string): AppErrorShape =>
  localError('validation', key, undefined, field);

/**
 * Covers and custom singers: what the Covers panel shows and the calls it makes. Jobs are
 * followed through `jobUpdated`/`jobFinished`; a finished job's files come from `jobs.openResult`.
 */

export type CoverSourceKind = 'file' | 'library' | 'link';

interface CoversState {
  singers: SingerOption[];
  singersError: AppErrorShape | null;
  /** When the built-in singers shown were read from the service (ISO); null: not known. */
  singersFetchedAt: string | null;
  // cover form
  sourceKind: CoverSourceKind;
  file: FileInfo | null;
  libraryItemId: string;
  link: string;
  singerKey: string;
  tranSemitones: number;
  title: string;
  coverError: AppErrorShape | null;
  cover: TrackedJob | null;
  // training
  trainName: string;
  trainUrls: string;
  trainItemIds: string[];
  trainingCheck: TrainingCheck | null;
  trainError: AppErrorShape | null;
  training: TrackedJob | null;
  busy: 'measuring' | 'training' | null;
}

const initial: CoversState = {
  singers: [],
  singersError: null,
  singersFetchedAt: null,
  sourceKind: 'file',
  file: null,
  libraryItemId: '',
  link: '',
  singerKey: '',
  tranSemitones: 0,
  title: '',
  coverError: null,
  cover: null,
  trainName: '',
  trainUrls: '',
  trainItemIds: [],
  trainingCheck: null,
  trainError: null,
  training: null,
  busy: null,
};

export const useCoversStore = create<CoversState>(() => ({ ...initial }));
const set = useCoversStore.setState;
const get = useCoversStore.getState;

/** A singer's key in the picker: "b:<id>" for built-in, "c:<id>" for custom. */
export const singerKeyOf = (s: SingerOption): string => `${s.custom ? 'c' : 'b'}:${s.id ?? ''}`;

export type CoverSlot = 'cover' | 'training';
const slots = jobSlots(useCoversStore, ['cover', 'training'] as const, (job) => {
  // a training job this window did not start (e.g. started before a restart) still updates its singer
  if (
    isFinal(job.state) &&
    (get().training?.jobId === job.id ||
      get().singers.some((x) => x.custom && x.jobId === job.id && x.state === 'training'))
  )
    void loadSingers(false);
});
let unsubscribe: (() => void) | null = null;

/**
 * Loads singers; follows jobs and upload progress (once). Library sources come from the
 * Library's own list (panels/shared/library-sources.ts).
 */
export async function startCovers(): Promise<void> {
  if (!unsubscribe) {
    try {
      const api = bridge();
      const offs = [
        api.on.jobUpdated((j) => void slots.onJob(j)),
        api.on.jobFinished((j) => void slots.onJob(j)),
        api.on.coverUploadProgress((p) => {
          const c = get().cover;
          if (c && c.jobId === p.jobId)
            set({ cover: { ...c, bytesSent: p.bytesSent, totalBytes: p.totalBytes } });
        }),
      ];
      unsubscribe = () => offs.forEach((off) => off());
    } catch {
      // no bridge: the calls below report it
    }
  }
  await loadSingers(false);
}

export async function loadSingers(refresh: boolean): Promise<void> {
  const r = await call((api) => api.covers.singers({ refresh }));
  if (!r.ok) {
    set({ singersError: r.error });
    return;
  }
  applySingers(r.value.singers, r.value.error);
  set({ singersFetchedAt: r.value.fetchedAt });
}

function applySingers(singers: SingerOption[], error: AppErrorShape | null): void {
  const ready = singers.filter((s) => s.state === 'ready' && s.id);
  const key = get().singerKey;
  set({
    singers,
    singersError: error,
    singerKey: ready.some((s) => singerKeyOf(s) === key)
      ? key
      : ready[0]
        ? singerKeyOf(ready[0])
        : '',
  });
}

/** Renames a custom singer (kept locally); answers the error, or null once the list shows the new name. */
export async function renameSinger(jobId: string, name: string): Promise<AppErrorShape | null> {
  const trimmed = name.trim();
  if (!trimmed) return formError('covers:errors.noName', 'name');
  const r = await call((api) => api.covers.renameSinger(jobId, trimmed));
  if (!r.ok) return r.error;
  // the answer's built-in list may be missing if it could not be read just now: keep the one shown
  const builtIn = r.value.singers.some((s) => !s.custom)
    ? []
    : get().singers.filter((s) => !s.custom);
  applySingers([...r.value.singers, ...builtIn], get().singersError);
  return null;
}

export function setCoverField<
  K extends 'sourceKind' | 'libraryItemId' | 'link' | 'singerKey' | 'tranSemitones' | 'title',
>(k: K, v: CoversState[K]): void {
  set({ [k]: v, coverError: null } as Partial<CoversState>);
}

/** Registers a dropped file or opens the picker; the file becomes the cover's source. */
export async function chooseFile(source: { dropped: readonly File[] } | 'pick'): Promise<void> {
  const r = await call((api) =>
    source === 'pick'
      ? api.files.pick({ kind: 'audio', multiple: false })
      : api.files.registerDropped(source.dropped.slice(0, 1), 'audio'),
  );
  if (!r.ok) {
    set({ coverError: r.error });
    return;
  }
  const f = r.value[0];
  if (!f) return;
  const before = get().file;
  if (before) void call((api) => api.files.release([before.handle]));
  set({ file: f, sourceKind: 'file', coverError: null });
}

/** Makes an already registered audio file (e.g. opened with Cadenza) the cover's source; nothing is sent. */
export function setCoverSourceFile(file: FileInfo): void {
  const before = get().file;
  if (before && before.handle !== file.handle)
    void call((api) => api.files.release([before.handle]));
  set({ file, sourceKind: 'file', coverError: null });
}

/** Shows the Covers panel with a library item as the cover's source (the Library's "Make a cover"); nothing is sent. */
export function openCoverFrom(itemId: string): void {
  set({ sourceKind: 'library', libraryItemId: itemId, coverError: null });
  showPanel('covers');
}

/**
 * "Reuse settings" of a cover: the Covers composer with the singer (found by name among the
 * singers it knows; left as chosen when gone), the key change and the source item; nothing is sent.
 */
export async function reuseCoverSettings(c: CoverSettings): Promise<void> {
  showPanel('covers');
  if (get().singers.length === 0) await loadSingers(false);
  const singer = get().singers.find((x) => x.state === 'ready' && x.id && x.name === c.singer);
  set({
    ...(c.sourceItemId ? { sourceKind: 'library' as const, libraryItemId: c.sourceItemId } : {}),
    ...(singer ? { singerKey: singerKeyOf(singer) } : {}),
    tranSemitones: c.tranSemitones,
    coverError: null,
  });
}

export async function startCover(): Promise<void> {
  const s = get();
  if (s.cover && !isFinal(s.cover.state)) return;
  const singer = s.singers.find((x) => singerKeyOf(x) === s.singerKey);
  const source =
    s.sourceKind === 'file'
      ? s.file
        ? { kind: 'file' as const, handle: s.file.handle }
        : null
      : s.sourceKind === 'library'
        ? s.libraryItemId
          ? { kind: 'library' as const, itemId: s.libraryItemId }
          : null
        : { kind: 'link' as const, url: s.link };
  if (!source || (source.kind === 'link' && !source.url.trim())) {
    set({ coverError: formError('covers:errors.noSource', 'source') });
    return;
  }
  if (!singer?.id) {
    set({ coverError: formError('covers:errors.noSinger', 'singerId') });
    return;
  }
  set({ coverError: null, cover: null });
  const r = await call((api) =>
    api.covers.create({
      source,
      singerId: singer.id!,
      isCustomSinger: singer.custom,
      tranSemitones: s.tranSemitones,
      ...(s.title.trim() ? { title: s.title.trim() } : {}),
    }),
  );
  if (!r.ok) {
    set({ coverError: r.error });
    return;
  }
  slots.follow('cover', r.value, s.sourceKind === 'file' ? (s.file?.sizeBytes ?? 0) : 0);
}

export async function cancelCover(): Promise<void> {
  const c = get().cover;
  if (!c) return;
  const r = await call((api) => api.covers.cancel(c.jobId));
  if (!r.ok) set({ coverError: r.error });
  else set({ cover: { ...c, state: r.value.state, error: r.value.error } });
}

// ---- training ----

export function trainingLinks(): Link[] {
  const s = get();
  const urls = s.trainUrls
    .split(/\s+/)
    .map((u) => u.trim())
    .filter(Boolean);
  return [
    ...urls.map((url) => ({ kind: 'url' as const, url })),
    ...s.trainItemIds.map((itemId) => ({ kind: 'library' as const, itemId })),
  ];
}

export function setTrainField<K extends 'trainName' | 'trainUrls'>(k: K, v: CoversState[K]): void {
  set({
    [k]: v,
    trainError: null,
    ...(k === 'trainUrls' ? { trainingCheck: null } : {}),
  } as Partial<CoversState>);
}

export function toggleTrainItem(itemId: string, on: boolean): void {
  const ids = get().trainItemIds.filter((i) => i !== itemId);
  set({ trainItemIds: on ? [...ids, itemId] : ids, trainingCheck: null, trainError: null });
}

export async function measureTraining(): Promise<void> {
  const links = trainingLinks();
  if (links.length === 0) {
    set({ trainError: formError('covers:errors.noLinks', 'urls') });
    return;
  }
  set({ busy: 'measuring', trainError: null });
  const r = await call((api) => api.covers.checkTraining(links));
  set(r.ok ? { busy: null, trainingCheck: r.value } : { busy: null, trainError: r.error });
}

export async function startTraining(): Promise<void> {
  const s = get();
  set({ busy: 'training', trainError: null });
  const r = await call((api) => api.covers.train({ name: s.trainName, links: trainingLinks() }));
  if (!r.ok) {
    set({ busy: null, trainError: r.error });
    return;
  }
  slots.follow('training', r.value, 0, {
    busy: null,
    trainUrls: '',
    trainItemIds: [],
    trainName: '',
    trainingCheck: null,
  });
  await loadSingers(false);
}

/** Forgets a failed card: the slot empties and main forgets the job's record. */
export async function dismissCover(slot: CoverSlot): Promise<void> {
  const t = get()[slot];
  if (!t) return;
  set({ [slot]: null } as Partial<CoversState>);
  await dismissJob(t.jobId);
}

/** For tests: back to the first state, following nothing. */
export function resetCoversStore(): void {
  unsubscribe?.();
  slots.forget();
  unsubscribe = null;
  set({ ...initial });
}
