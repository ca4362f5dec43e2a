import { create } from 'zustand';
import type { AppErrorShape } from '@shared/errors';
import type { Link } from '@shared/ipc/covers';
import type { SingingCheck } from '@shared/ipc/videos';
import { bridge, call } from '../bridge';
import { jobSlots, type TrackedJob } from '../lib/job-slots';
import { showPanel } from './ui';
import { dismissJob } from './jobs';
import { localError } from '../i18n';

/**
 * Singing-photo and subtitle videos: what the Videos panel shows and the calls it makes. Jobs are
 * followed through `jobUpdated`/`jobFinished`; a finished job's files come from `jobs.openResult`.
 */

interface VideosState {
  singingAudioUrl: string;
  singingItemId: string;
  singingImageUrl: string;
  singingCheck: SingingCheck | null;
  singingError: AppErrorShape | null;
  singing: TrackedJob | null;
  subtitlesUrl: string;
  /** A library video chosen instead of a typed link ('' = none). */
  subtitlesItemId: string;
  subtitlesError: AppErrorShape | null;
  subtitles: TrackedJob | null;
  busy: 'measuring' | null;
}

const initial: VideosState = {
  singingAudioUrl: '',
  singingItemId: '',
  singingImageUrl: '',
  singingCheck: null,
  singingError: null,
  singing: null,
  subtitlesUrl: '',
  subtitlesItemId: '',
  subtitlesError: null,
  subtitles: null,
  busy: null,
};

export const useVideosStore = create<VideosState>(() => ({ ...initial }));
const set = useVideosStore.setState;
const get = useVideosStore.getState;

export type VideoSlot = 'singing' | 'subtitles';
const slots = jobSlots(useVideosStore, ['singing', 'subtitles'] as const);
let unsubscribe: (() => void) | null = null;

/** Follows the video jobs' updates (once). */
export function startVideos(): void {
  if (unsubscribe) return;
  try {
    const api = bridge();
    const offs = [
      api.on.jobUpdated((j) => void slots.onJob(j)),
      api.on.jobFinished((j) => void slots.onJob(j)),
    ];
    unsubscribe = () => offs.forEach((off) => off());
  } catch {
    // no bridge: the calls report it
  }
}

export function setVideoField<
  K extends
    'singingAudioUrl' | 'singingItemId' | 'singingImageUrl' | 'subtitlesUrl' | 'subtitlesItemId',
>(k: K, v: VideosState[K]): void {
  set({
    [k]: v,
    singingError: null,
    subtitlesError: null,
    ...(k === 'subtitlesUrl' || k === 'subtitlesItemId' ? {} : { singingCheck: null }),
  } as Partial<VideosState>);
}

/** Shows the Videos panel with a library item's service audio link offered for a singing video; nothing is sent. */
export function openSingingFrom(itemId: string): void {
  set({ singingItemId: itemId, singingCheck: null, singingError: null, subtitlesError: null });
  showPanel('videos');
}

function singingRequest() {
  const s = get();
  const audio: Link = s.singingItemId
    ? { kind: 'library', itemId: s.singingItemId }
    : { kind: 'url', url: s.singingAudioUrl };
  return { audio, imageUrl: s.singingImageUrl };
}

export async function checkSinging(): Promise<void> {
  const s = get();
  if (!s.singingImageUrl.trim() || (!s.singingItemId && !s.singingAudioUrl.trim())) {
    set({
      singingError: localError('validation', 'videos:errors.needLinks'),
    });
    return;
  }
  set({ busy: 'measuring', singingError: null });
  const r = await call((api) => api.videos.checkSinging(singingRequest()));
  set(r.ok ? { busy: null, singingCheck: r.value } : { busy: null, singingError: r.error });
}

export async function startSinging(): Promise<void> {
  set({ singingError: null, singing: null });
  const r = await call((api) => api.videos.singing(singingRequest()));
  if (!r.ok) set({ singingError: r.error });
  else slots.follow('singing', r.value);
}

export async function startSubtitles(): Promise<void> {
  set({ subtitlesError: null, subtitles: null });
  const { subtitlesItemId, subtitlesUrl } = get();
  const r = await call((api) =>
    api.videos.subtitles(
      subtitlesItemId
        ? { video: { kind: 'library', itemId: subtitlesItemId } }
        : { videoUrl: subtitlesUrl },
    ),
  );
  if (!r.ok) set({ subtitlesError: r.error });
  else slots.follow('subtitles', r.value);
}

/** Forgets a failed card: the slot empties and main forgets the job's record. */
export async function dismissVideo(slot: VideoSlot): Promise<void> {
  const t = get()[slot];
  if (!t) return;
  set({ [slot]: null } as Partial<VideosState>);
  await dismissJob(t.jobId);
}

/** For tests: back to the first state, following nothing. */
export function resetVideosStore(): void {
  unsubscribe?.();
  slots.forget();
  unsubscribe = null;
  set({ ...initial });
}
