import { kindFacts } from '@shared/domain/job-kinds';
import { create } from 'zustand';
import type { AppErrorShape } from '@shared/errors';
import type { JobResult, JobView, UnknownJobView } from '@shared/ipc/jobs';
import { bridge, call } from '../bridge';
import { noteRefusal } from './account';

/**
 * The jobs every panel started, kept live by `jobUpdated` events. Jobs are keyed by id; the list
 * selector sorts newest first. Actions report failures per job so the row can show them.
 */
export type JobsPhase = 'idle' | 'loading' | 'ready' | 'error';
export type JobAction =
  'cancel' | 'retry' | 'open' | 'dismiss' | 'redownload' | 'check' | 'adopt' | 'reject';

export interface JobsState {
  byId: Record<string, JobView>;
  phase: JobsPhase;
  loadError: AppErrorShape | null;
  /** A failed action (cancel, retry, open) per job id. */
  actionErrors: Record<string, AppErrorShape>;
  /** Job ids with an action on its way. */
  busy: Record<string, JobAction>;
  /** The result being played (Open). */
  opened: JobResult | null;
  /** Records from a newer version (or of an unknown kind or state): shown, never acted on. */
  unknown: UnknownJobView[];
}

const initialState: JobsState = {
  byId: {},
  phase: 'idle',
  loadError: null,
  actionErrors: {},
  busy: {},
  opened: null,
  unknown: [],
};

export const useJobsStore = create<JobsState>()(() => ({ ...initialState }));

const set = (patch: Partial<JobsState> | ((s: JobsState) => Partial<JobsState>)): void =>
  useJobsStore.setState(patch);

const ACTIVE = new Set<JobView['state']>(['pending', 'submitted', 'running', 'downloading']);
export const isActiveJob = (job: JobView): boolean => ACTIVE.has(job.state);
/** A failed, cancelled or interrupted job whose kind can be sent again (the kind registry says). */
export const canRetryJob = (job: JobView): boolean =>
  (job.state === 'failed' || job.state === 'cancelled' || job.state === 'interrupted') &&
  kindFacts(job.kind).retry !== 'none';

/** An event may arrive before or after a list answer: keep the newest version of each job. */
function upsert(job: JobView): void {
  set((s) => {
    const known = s.byId[job.id];
    if (known && known.updatedAt > job.updatedAt) return {};
    return { byId: { ...s.byId, [job.id]: job } };
  });
  // a job that has just failed for lack of a counter: the counters shown beside it are read again
  if (job.state === 'failed' && job.error?.code === 'entitlement' && !refusalsSeen.has(job.id)) {
    refusalsSeen.add(job.id);
    noteRefusal(job.error);
  }
}
/** Jobs whose refusal has been noted (once each, however many updates repeat it). */
const refusalsSeen = new Set<string>();

let loadSeq = 0;

export async function loadJobs(): Promise<void> {
  const seq = ++loadSeq;
  set({ phase: 'loading' });
  const result = await call((api) => api.jobs.list());
  if (seq !== loadSeq) return;
  if (!result.ok) {
    set({ phase: 'error', loadError: result.error });
    return;
  }
  set((s) => {
    const byId: Record<string, JobView> = {};
    for (const job of result.value) {
      const known = s.byId[job.id];
      byId[job.id] = known && known.updatedAt > job.updatedAt ? known : job;
    }
    return { byId, phase: 'ready', loadError: null };
  });
}

/** The records this version leaves alone (a failure to read them only hides the section). */
export async function loadUnknownJobs(): Promise<void> {
  const result = await call((api) => api.jobs.listUnknown());
  if (result.ok) set({ unknown: result.value });
}

let following: (() => void) | null = null;

/**
 * Follows `jobUpdated` events from main for the rest of the session (once started, jobs stay live
 * while other panels are shown, so the list is current when the Jobs view opens again).
 */
export function followJobs(): void {
  if (following) return;
  try {
    following = bridge().on.jobUpdated(upsert);
  } catch {
    following = null;
  }
}

async function act<T>(
  jobId: string,
  kind: JobAction,
  run: () => Promise<{ ok: true; value: T } | { ok: false; error: AppErrorShape }>,
): Promise<T | null> {
  set((s) => {
    const { [jobId]: _drop, ...actionErrors } = s.actionErrors;
    return { busy: { ...s.busy, [jobId]: kind }, actionErrors };
  });
  const result = await run();
  set((s) => {
    const { [jobId]: _done, ...busy } = s.busy;
    return result.ok
      ? { busy }
      : { busy, actionErrors: { ...s.actionErrors, [jobId]: result.error } };
  });
  return result.ok ? result.value : null;
}

export async function cancelJob(jobId: string): Promise<void> {
  const job = await act(jobId, 'cancel', () => call((api) => api.jobs.cancel(jobId)));
  if (job) upsert(job);
}

/** Submits the job's request again (the caller confirmed: it may spend an entitlement). */
export async function retryJob(jobId: string): Promise<JobView | null> {
  const job = await act(jobId, 'retry', () => call((api) => api.jobs.retry(jobId)));
  if (job) upsert(job);
  return job;
}

/** Downloads the job's results again from the service's links (never a new submission). */
export async function redownloadJob(jobId: string): Promise<void> {
  const job = await act(jobId, 'redownload', () => call((api) => api.jobs.redownload(jobId)));
  if (job) upsert(job);
}

/** Asks the service about the job now (a stalled job; an interrupted clone's clone list). */
export async function checkJobAgain(jobId: string): Promise<void> {
  const job = await act(jobId, 'check', () => call((api) => api.jobs.checkAgain(jobId)));
  if (job) upsert(job);
}

/** An interrupted clone: this voice is the one it made. */
export async function adoptCloneVoice(jobId: string, serviceId: string): Promise<void> {
  const job = await act(jobId, 'adopt', () =>
    call((api) => api.jobs.adoptCandidate(jobId, serviceId)),
  );
  if (job) upsert(job);
}

/** An interrupted clone: none of the voices offered is the one it made. */
export async function rejectCloneVoices(jobId: string): Promise<void> {
  const job = await act(jobId, 'reject', () => call((api) => api.jobs.rejectCandidates(jobId)));
  if (job) upsert(job);
}

/** Forgets a failed, cancelled or interrupted job (its card goes away; the library is kept). */
export async function dismissJob(jobId: string): Promise<boolean> {
  const done = await act(jobId, 'dismiss', () => call((api) => api.jobs.dismiss(jobId)));
  if (done === null && useJobsStore.getState().actionErrors[jobId]) return false;
  set((s) => {
    const { [jobId]: _gone, ...byId } = s.byId;
    return { byId };
  });
  return true;
}

export async function openJobResult(jobId: string): Promise<JobResult | null> {
  const result = await act(jobId, 'open', () => call((api) => api.jobs.openResult(jobId)));
  if (result) set({ opened: result });
  return result;
}

export function closePlayer(): void {
  set({ opened: null });
}

export function resetJobsStore(): void {
  following?.();
  following = null;
  loadSeq += 1;
  useJobsStore.setState({ ...initialState });
}

// Selectors
const newestFirst = (a: JobView, b: JobView): number =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1;
let lastById: Record<string, JobView> | null = null;
let lastList: JobView[] = [];
/** All jobs, newest first (memoised on the map so components do not re-render needlessly). */
export const selectJobs = (s: JobsState): JobView[] => {
  if (s.byId !== lastById) {
    lastById = s.byId;
    lastList = Object.values(s.byId).sort(newestFirst);
  }
  return lastList;
};
