import { create } from 'zustand';
import type { LyricsResult } from '@shared/domain/service';
import type { SongSettings } from '@shared/domain/reuse';
import type { AppErrorShape } from '@shared/errors';
import type { JobView } from '@shared/ipc/jobs';
import type { CreateSongRequest, History } from '@shared/ipc/songs';
import { call } from '../bridge';
import { refreshKeyInfo, useAccountStore } from './account';
import { retryJob, useJobsStore } from './jobs';
import { ensureLibraryItems, useLibraryStore } from './library';
import { onTrashRestored, trashWithUndo } from './trash-undo';
import { showPanel } from './ui';

/**
 * The Songs panel's state: the remaining music count (before submitting and after), the
 * submission in flight and its error, lyrics being written, the jobs this panel started and the
 * playable addresses of their songs. Job progress itself lives in the jobs store.
 */
export interface SongsState {
  /** The songs left as main last knew them when the last submission was sent (its job says). */
  musicBefore: number | null;
  submitting: boolean;
  submitError: AppErrorShape | null;
  writing: boolean;
  lyricsError: AppErrorShape | null;
  /** Jobs started from this panel, newest first. */
  jobIds: string[];
  /** `${jobId}:${index}` → a cadenza-media:// address. */
  previews: Record<string, string>;
  previewErrors: Record<string, AppErrorShape>;
  /** The library item the Extend card is open for. */
  extendItemId: string | null;
  /** The service's history (finished songs not in the library); null until loaded. */
  history: History | null;
  historyLoading: boolean;
  historyError: AppErrorShape | null;
  importing: boolean;
  importError: AppErrorShape | null;
  /** Item id → the error of moving a take to the trash. */
  discardErrors: Record<string, AppErrorShape>;
  /** Takes moved to the trash from this panel, by item id. */
  trashed: Record<string, true>;
  /**
   * "Reuse settings": what the composer is to be filled with, from which item; `seq` tells one
   * request from the next (the same item reused twice fills the form twice).
   */
  reuse: { settings: SongSettings; title: string; seq: number } | null;
  reuseError: AppErrorShape | null;
}

const initialState: SongsState = {
  musicBefore: null,
  submitting: false,
  submitError: null,
  writing: false,
  lyricsError: null,
  jobIds: [],
  previews: {},
  previewErrors: {},
  extendItemId: null,
  history: null,
  historyLoading: false,
  historyError: null,
  importing: false,
  importError: null,
  discardErrors: {},
  trashed: {},
  reuse: null,
  reuseError: null,
};

export const useSongsStore = create<SongsState>()(() => ({ ...initialState }));
const set = (patch: Partial<SongsState> | ((s: SongsState) => Partial<SongsState>)): void =>
  useSongsStore.setState(patch);

export function resetSongsStore(): void {
  useSongsStore.setState({ ...initialState });
}

/** Reads key info again (the account store owns it) and answers the songs left, if known. */
export async function loadMusicLeft(): Promise<number | null> {
  await refreshKeyInfo();
  return useAccountStore.getState().keyInfo?.key_music_counts ?? null;
}

export async function submitSong(request: CreateSongRequest): Promise<JobView | null> {
  if (useSongsStore.getState().submitting) return null;
  set({ submitting: true, submitError: null });
  // sent at once: main records the songs left as it last knew them on the job (no key-info
  // round trip before sending)
  const r = await call((api) => api.songs.create(request));
  if (!r.ok) {
    set({ submitting: false, submitError: r.error });
    return null;
  }
  const job = r.value;
  useJobsStore.setState((s) => (s.byId[job.id] ? {} : { byId: { ...s.byId, [job.id]: job } }));
  set((s) => ({
    submitting: false,
    // sent: "nothing is sent until you create" no longer holds, so the reuse line goes
    reuse: null,
    reuseError: null,
    musicBefore: job.countsBefore?.counts.key_music_counts ?? null,
    jobIds: [job.id, ...s.jobIds.filter((id) => id !== job.id)],
  }));
  return job;
}

/** Sends a song job again (the card asked first); the new job joins this panel's list. */
export async function retrySong(jobId: string): Promise<JobView | null> {
  const job = await retryJob(jobId);
  if (job) set((s) => ({ jobIds: [job.id, ...s.jobIds.filter((id) => id !== job.id)] }));
  return job;
}

export async function writeLyrics(idea: string): Promise<LyricsResult | null> {
  set({ writing: true, lyricsError: null });
  const r = await call((api) => api.songs.writeLyrics(idea));
  set({ writing: false, lyricsError: r.ok ? null : r.error });
  return r.ok ? r.value : null;
}

export async function loadPreview(jobId: string, index: number): Promise<string | null> {
  const key = `${jobId}:${index}`;
  const r = await call((api) => api.songs.preview(jobId, index));
  if (!r.ok) {
    set((s) => ({ previewErrors: { ...s.previewErrors, [key]: r.error } }));
    return null;
  }
  set((s) => {
    const { [key]: _gone, ...rest } = s.previewErrors;
    return { previews: { ...s.previews, [key]: r.value.url }, previewErrors: rest };
  });
  return r.value.url;
}

/**
 * Opens "Extend from here" for a library song (the Library panel and song results call this):
 * shows the Songs panel with the Extend card on that song.
 */
export function openExtend(itemId: string): void {
  set({ extendItemId: itemId, submitError: null });
  showPanel('songs');
  void ensureLibraryItems();
}

/**
 * "Reuse settings" of a library song (the Library's and a take's ⋯ menus): main reads the settings
 * it was made with; the Songs panel opens with its composer filled. Nothing is sent.
 */
export async function reuseSongSettings(itemId: string, title: string): Promise<void> {
  const r = await call((api) => api.library.reuseSettings(itemId));
  if (!r.ok) {
    set({ reuseError: r.error });
    return;
  }
  if (r.value?.composer === 'songs') fillSongComposer(r.value.song, title);
}

/** Counts fills: each one is new to the composer, even after the status line was cleared. */
let fills = 0;

/** Opens the Songs composer filled with `settings` (from `title`: an item or a file); nothing is sent. */
export function fillSongComposer(settings: SongSettings, title: string): void {
  fills += 1;
  set({
    reuse: { settings, title, seq: fills },
    reuseError: null,
    extendItemId: null,
    submitError: null,
  });
  showPanel('songs');
}

/** A reuse that could not be made (a dropped file without a recipe…), said in the composer. */
export function setReuseError(error: AppErrorShape | null): void {
  set({ reuseError: error });
}

export function closeExtend(): void {
  set({ extendItemId: null, submitError: null });
}

/**
 * Moves one take of a submission to the trash with Undo, as the Library does (the toast's Undo,
 * Ctrl/Cmd+Z in the Library): true when it went.
 */
export async function discardVariation(itemId: string): Promise<boolean> {
  const title = useLibraryStore.getState().items?.find((i) => i.id === itemId)?.title ?? '';
  const error = await trashWithUndo([{ id: itemId, title }]);
  if (error) {
    set((s) => ({ discardErrors: { ...s.discardErrors, [itemId]: error } }));
    return false;
  }
  set((s) => {
    const { [itemId]: _gone, ...rest } = s.discardErrors;
    return {
      discardErrors: rest,
      trashed: { ...s.trashed, [itemId]: true },
    };
  });
  return true;
}

// an Undo puts the take back on its card
onTrashRestored((ids) =>
  set((s) => {
    if (!ids.some((id) => s.trashed[id])) return s;
    const trashed = { ...s.trashed };
    for (const id of ids) delete trashed[id];
    return { trashed };
  }),
);

export async function loadHistory(): Promise<History | null> {
  set({ historyLoading: true, historyError: null });
  const r = await call((api) => api.songs.history());
  set(
    r.ok
      ? { historyLoading: false, history: r.value }
      : { historyLoading: false, historyError: r.error },
  );
  return r.ok ? r.value : null;
}

/** Downloads songs from the history into the library (one tracked job). */
export async function importHistory(songIds: string[]): Promise<JobView | null> {
  if (songIds.length === 0 || useSongsStore.getState().importing) return null;
  set({ importing: true, importError: null });
  const r = await call((api) => api.songs.importHistory(songIds));
  if (!r.ok) {
    set({ importing: false, importError: r.error });
    return null;
  }
  const job = r.value;
  useJobsStore.setState((s) => (s.byId[job.id] ? {} : { byId: { ...s.byId, [job.id]: job } }));
  set((s) => ({
    importing: false,
    jobIds: [job.id, ...s.jobIds],
    history: s.history && {
      ...s.history,
      songs: s.history.songs.filter((x) => !songIds.includes(x.songId)),
    },
  }));
  return job;
}
