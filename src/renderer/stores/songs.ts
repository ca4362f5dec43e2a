import { create } from 'zustand';
import type { LyricsResult } from '@shared/domain/service';
import type { AppErrorShape } from '@shared/errors';
import type { JobView } from '@shared/ipc/jobs';
import type { CreateSongRequest } from '@shared/ipc/songs';
import { call } from '../bridge';
import { useJobsStore } from './jobs';

/**
 * The Songs panel's state: the remaining music count (before submitting and after), the
 * submission in flight and its error, lyrics being written, the jobs this panel started and the
 * playable addresses of their songs. Job progress itself lives in the jobs store.
 */
export interface SongsState {
  musicLeft: number | null;
  /** The count read just before the last submission, to show the change after it. */
  musicBefore: number | null;
  musicError: AppErrorShape | null;
  submitting: boolean;
  submitError: AppErrorShape | null;
  writing: boolean;
  lyricsError: AppErrorShape | null;
  /** Jobs started from this panel, newest first. */
  jobIds: string[];
  /** `${jobId}:${index}` → a cadenza-media:// address. */
  previews: Record<string, string>;
  previewErrors: Record<string, AppErrorShape>;
}

const initialState: SongsState = {
  musicLeft: null,
  musicBefore: null,
  musicError: null,
  submitting: false,
  submitError: null,
  writing: false,
  lyricsError: null,
  jobIds: [],
  previews: {},
  previewErrors: {},
};

export const useSongsStore = create<SongsState>()(() => ({ ...initialState }));
const set = (patch: Partial<SongsState> | ((s: SongsState) => Partial<SongsState>)): void =>
  useSongsStore.setState(patch);

export function resetSongsStore(): void {
  useSongsStore.setState({ ...initialState });
}

export async function loadMusicLeft(): Promise<number | null> {
  const r = await call((api) => api.account.getKeyInfo());
  if (!r.ok) {
    set({ musicError: r.error });
    return null;
  }
  set({ musicLeft: r.value.key_music_counts, musicError: null });
  return r.value.key_music_counts;
}

export async function submitSong(request: CreateSongRequest): Promise<JobView | null> {
  if (useSongsStore.getState().submitting) return null;
  set({ submitting: true, submitError: null });
  const before = await loadMusicLeft();
  const r = await call((api) => api.songs.create(request));
  if (!r.ok) {
    set({ submitting: false, submitError: r.error });
    return null;
  }
  const job = r.value;
  useJobsStore.setState((s) => (s.byId[job.id] ? {} : { byId: { ...s.byId, [job.id]: job } }));
  set((s) => ({
    submitting: false,
    musicBefore: before,
    jobIds: [job.id, ...s.jobIds.filter((id) => id !== job.id)],
  }));
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
