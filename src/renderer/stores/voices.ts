import { create } from 'zustand';
import type { FileInfo } from '@shared/domain/files';
import { EMOTIONS, type Emotion } from '@shared/domain/service-limits';
import type { KnownCounts } from '@shared/domain/jobs';
import type { AppErrorShape } from '@shared/errors';
import type { JobView } from '@shared/ipc/jobs';
import type { Catalogue, CloneFileCheck, VoicePrefs, VoiceQuery } from '@shared/ipc/voices';
import { bridge, call } from '../bridge';
import { refreshKeyInfo } from './account';
import { showPanel } from './ui';
import { said, type Said } from '../i18n';

/**
 * Why a job that ended without a recorded error did not finish, by its state, in the app's
 * language (errors:jobEnded.*, as shared/domain/jobs' failureOf says it; that module is not
 * imported here: it would bring zod into the first screen).
 */
const ENDED_KEYS: Record<string, string> = {
  failed: 'errors:jobEnded.failed',
  cancelled: 'errors:jobEnded.cancelled',
  interrupted: 'errors:jobEnded.interrupted',
};
const endedWithoutError = (state: string): AppErrorShape => ({
  code: 'internal',
  message: `The job ended ${state}.`,
  // a literal key per state (keys are never built from values)
  key: ENDED_KEYS[state] ?? 'errors:jobEnded.failed',
});

/**
 * The Voice panel's state: the catalogue (cached by main for offline browsing), the browser's
 * filters, favourites and recents, the Speak form, and the Clone form's recordings
 * and upload. Work itself runs in main as jobs; this store follows their events.
 */
export interface UploadState {
  jobId: string;
  bytesSent: number;
  totalBytes: number;
}

export interface VoicesState {
  catalogue: Catalogue | null;
  loading: boolean;
  loadError: AppErrorShape | null;
  prefs: VoicePrefs;
  query: VoiceQuery;
  selected: string | null;
  /** Media URLs per `speaker:avatar` / `speaker:sample`, once main cached them. */
  media: Record<string, string>;
  previewError: AppErrorShape | null;

  text: string;
  emotion: Emotion;
  speakingJobId: string | null;
  /** The counts main recorded when the last finished take was sent (compared after it). */
  spokenCountsBefore: KnownCounts | null;
  speakError: AppErrorShape | null;
  notice: Said | null;

  cloneFiles: CloneFileCheck[];
  cloneName: string;
  cloneDescription: string;
  upload: UploadState | null;
  cloneError: AppErrorShape | null;
  cloneNotice: Said | null;
  /** The name of the voice just cloned: its success is said next to it in the list. */
  justCloned: string | null;
  deleting: string | null;
}

const initialState: VoicesState = {
  catalogue: null,
  loading: false,
  loadError: null,
  prefs: { favourites: [], recents: [] },
  query: {},
  selected: null,
  media: {},
  previewError: null,
  text: '',
  emotion: 'Neutral',
  speakingJobId: null,
  spokenCountsBefore: null,
  speakError: null,
  notice: null,
  cloneFiles: [],
  cloneName: '',
  cloneDescription: '',
  upload: null,
  cloneError: null,
  cloneNotice: null,
  justCloned: null,
  deleting: null,
};

export const useVoicesStore = create<VoicesState>()(() => ({ ...initialState }));
const set = (patch: Partial<VoicesState>): void => useVoicesStore.setState(patch);
/** Jobs seen finishing, in case the event arrives before the answer that names the job. */
const finishedJobs = new Map<string, JobView>();
const get = (): VoicesState => useVoicesStore.getState();

export function resetVoicesStore(): void {
  useVoicesStore.setState({ ...initialState }, true);
  finishedJobs.clear();
}

export async function loadCatalogue(refresh = false): Promise<void> {
  set({ loading: true });
  const [cat, prefs] = await Promise.all([
    call((api) => api.voices.catalogue({ refresh })),
    call((api) => api.voices.prefs()),
  ]);
  if (prefs.ok) set({ prefs: prefs.value });
  if (!cat.ok) {
    set({ loading: false, loadError: cat.error });
    return;
  }
  set({ loading: false, loadError: null, catalogue: cat.value });
  const s = get();
  if (!s.selected) {
    const first =
      s.prefs.recents.find((sp) =>
        [...cat.value.clones, ...cat.value.voices].some((v) => v.speaker === sp),
      ) ?? cat.value.voices[0]?.speaker;
    if (first) set({ selected: first });
  }
}

export const setQuery = (patch: Partial<VoiceQuery>): void =>
  set({ query: { ...get().query, ...patch } });
export const selectVoice = (speaker: string): void =>
  set({ selected: speaker, speakError: null, notice: null });
export const setText = (text: string): void => set({ text, speakError: null });
export const setEmotion = (emotion: Emotion): void => set({ emotion });
export const setCloneName = (cloneName: string): void => set({ cloneName, cloneError: null });
export const setCloneDescription = (cloneDescription: string): void => set({ cloneDescription });

export async function toggleFavourite(speaker: string): Promise<void> {
  const on = !get().prefs.favourites.includes(speaker);
  const r = await call((api) => api.voices.setFavourite(speaker, on));
  if (r.ok) set({ prefs: r.value });
}

/** Asks main for a voice's avatar or sample in its media cache; answers the URL or null. */
export async function loadMedia(
  speaker: string,
  which: 'avatar' | 'sample',
): Promise<string | null> {
  const key = `${speaker}:${which}`;
  const have = get().media[key];
  if (have) return have;
  const r = await call((api) => api.voices.media(speaker, which));
  if (!r.ok) {
    if (which === 'sample') set({ previewError: r.error });
    return null;
  }
  set({ media: { ...get().media, [key]: r.value }, previewError: null });
  return r.value;
}

/** Forgets the error a card shows (its Dismiss). */
export function dismissVoiceError(card: 'speak' | 'clone'): void {
  set(card === 'speak' ? { speakError: null } : { cloneError: null });
}

export async function speak(): Promise<void> {
  const s = get();
  if (!s.selected || s.speakingJobId) return;
  set({ speakError: null, notice: null, spokenCountsBefore: null });
  const r = await call((api) =>
    api.voices.speak({ text: s.text, speaker: s.selected!, emotion: s.emotion }),
  );
  if (!r.ok) {
    set({ speakError: r.error });
    return;
  }
  const recents = [s.selected, ...s.prefs.recents.filter((x) => x !== s.selected)];
  set({ speakingJobId: r.value.id, prefs: { ...get().prefs, recents } });
  // a synchronous call may already be over when the answer arrives
  const finished = finishedJobs.get(r.value.id) ?? (isFinal(r.value) ? r.value : undefined);
  if (finished) onJobFinished(finished);
}

/**
 * The Library's "Speak again": shows the Voice panel with an earlier take's text, emotion and
 * voice (matched by speaker id, or by the voice name the take recorded). Nothing is sent until
 * the user presses Speak.
 */
export async function speakAgain(take: {
  speaker: string | null;
  emotion: string | null;
  text: string;
}): Promise<void> {
  const emotion = EMOTIONS.find((e) => e === take.emotion) ?? 'Neutral';
  set({ text: take.text, emotion, speakError: null, notice: null });
  showPanel('voice');
  if (!take.speaker) return;
  if (!get().catalogue) await loadCatalogue();
  const c = get().catalogue;
  const all = c ? [...c.clones, ...c.voices] : [];
  const voice =
    all.find((v) => v.speaker === take.speaker) ?? all.find((v) => v.name === take.speaker);
  if (voice) set({ selected: voice.speaker });
  else if (c) set({ notice: said('voice:speak.voiceGone', { name: take.speaker }) });
}

export async function deleteClone(speaker: string): Promise<void> {
  set({ deleting: speaker });
  const r = await call((api) => api.voices.deleteClone(speaker));
  if (r.ok)
    set({
      catalogue: r.value,
      deleting: null,
      selected: get().selected === speaker ? null : get().selected,
    });
  else set({ deleting: null, cloneError: r.error });
}

/** Registers files (dropped `File`s or a dialog pick) and checks them in main. */
export async function addRecordings(source: { dropped: readonly File[] } | 'pick'): Promise<void> {
  set({ cloneError: null });
  const reg = await call<FileInfo[]>((api) =>
    source === 'pick'
      ? api.files.pick({ kind: 'audio', multiple: true })
      : api.files.registerDropped(source.dropped, 'audio'),
  );
  if (!reg.ok) {
    set({ cloneError: reg.error });
    return;
  }
  await addRegisteredRecordings(reg.value);
}

/** Adds already registered audio files (e.g. opened with Cadenza) as recordings, checked in main; nothing is uploaded. */
export async function addRegisteredRecordings(files: readonly FileInfo[]): Promise<void> {
  if (files.length === 0) return;
  set({ cloneError: null });
  const checked = await call((api) => api.voices.checkFiles(files.map((f) => f.handle)));
  if (!checked.ok) {
    set({ cloneError: checked.error });
    return;
  }
  const have = get().cloneFiles;
  set({
    cloneFiles: [...have, ...checked.value.filter((c) => !have.some((h) => h.handle === c.handle))],
  });
}

export function removeRecording(handle: string): void {
  set({ cloneFiles: get().cloneFiles.filter((f) => f.handle !== handle) });
  void call((api) => api.files.release([handle]));
}

export async function startClone(): Promise<void> {
  const s = get();
  if (s.upload) return;
  set({ cloneError: null, cloneNotice: null, justCloned: null });
  const r = await call((api) =>
    api.voices.clone({
      name: s.cloneName,
      ...(s.cloneDescription.trim() ? { description: s.cloneDescription } : {}),
      files: s.cloneFiles.map((f) => f.handle),
    }),
  );
  if (!r.ok) {
    set({ cloneError: r.error });
    return;
  }
  const totalBytes = s.cloneFiles.reduce((n, f) => n + f.sizeBytes, 0);
  set({ upload: { jobId: r.value.id, bytesSent: 0, totalBytes } });
  const finished = finishedJobs.get(r.value.id) ?? (isFinal(r.value) ? r.value : undefined);
  if (finished) onJobFinished(finished);
}

export async function cancelClone(): Promise<void> {
  const up = get().upload;
  if (!up) return;
  const r = await call((api) => api.voices.cancelClone(up.jobId));
  if (!r.ok) set({ cloneError: r.error });
}

const isFinal = (job: JobView): boolean =>
  job.state === 'done' ||
  job.state === 'failed' ||
  job.state === 'cancelled' ||
  job.state === 'interrupted';

function onJobFinished(job: JobView): void {
  if (job.kind === 'tts' || job.kind === 'clone') {
    finishedJobs.set(job.id, job);
    if (finishedJobs.size > 50) finishedJobs.delete(finishedJobs.keys().next().value!);
  }
  const s = get();
  if (job.id === s.speakingJobId) {
    set({ speakingJobId: null });
    if (job.state === 'done') {
      // the take reaches the Takes list through the library's change, like any new item
      set({ notice: said('voice:speak.saved'), spokenCountsBefore: job.countsBefore });
    } else
      set({
        speakError: job.error ?? endedWithoutError(job.state),
      });
    void refreshKeyInfo();
  }
  if (s.upload && job.id === s.upload.jobId) {
    const name = s.cloneName.trim();
    set({ upload: null });
    if (job.state === 'done') {
      set({
        cloneFiles: [],
        cloneName: '',
        cloneDescription: '',
        cloneNotice: said('voice:clone.ready', { name }),
        justCloned: name,
      });
      void loadCatalogue(true).then(() => {
        const clone = get().catalogue?.clones.find((c) => c.name === name);
        if (clone) set({ selected: clone.speaker });
      });
    } else if (job.state === 'cancelled' || job.error?.code === 'cancelled')
      set({ cloneNotice: said('voice:clone.cancelled') });
    else
      set({
        cloneError: job.error ?? endedWithoutError(job.state),
      });
    void refreshKeyInfo();
  }
}

/** Follows job and upload events from main; returns the unsubscribe function. */
export function followVoiceEvents(): () => void {
  const api = bridge();
  const offs = [
    api.on.jobFinished((job) => onJobFinished(job)),
    api.on.jobUpdated((job) => {
      if (isFinal(job)) onJobFinished(job);
    }),
    api.on.voiceUploadProgress((p) => {
      const up = get().upload;
      if (up && up.jobId === p.jobId)
        set({ upload: { ...up, bytesSent: p.bytesSent, totalBytes: p.totalBytes } });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
