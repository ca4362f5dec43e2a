import type { Job, JobCandidate } from '@shared/domain/jobs';
import type { CloneVoice } from '@shared/domain/service';
import { appError } from '@shared/app-error';
import { output, settle } from './records';

/**
 * Reconciling an interrupted voice clone. `/v1/clone` is synchronous: a crash while it ran leaves a
 * job that may have been charged and may have made a voice, with no id to ask about. The only
 * trace is the clone list: a voice with the job's name, created after the job started, not among
 * the clones the key had then (recorded with the job), that no other job already accounts for. Such voices are offered to the user as candidates — never
 * assumed: two clones may share a name, and the user may have made one elsewhere.
 */

/** The part of the service client reconciling uses; the real client satisfies it. */
export interface ClonesPort {
  voices: { listClones(opts?: { signal?: AbortSignal }): Promise<CloneVoice[]> };
}

/** Clock skew allowed between this computer and the service. */
const SKEW_MS = 5 * 60_000;
/** A time without a zone may be in any zone: UTC-12…UTC+14. */
const ANY_ZONE_MS = 14 * 3600_000;
const ZONED = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Whether the service says the voice was created after `startMs` (or does not say when). */
export function createdAfter(createdAt: string | undefined, startMs: number): boolean {
  if (!createdAt) return true; // unknown: offer it; the user decides
  const text = createdAt.trim().replace(' ', 'T');
  const zoned = ZONED.test(text);
  const ms = Date.parse(zoned ? text : `${text}Z`);
  if (Number.isNaN(ms)) return true;
  return ms >= startMs - (zoned ? SKEW_MS : ANY_ZONE_MS + SKEW_MS);
}

const sameName = (a: string, b: string): boolean =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** An interrupted clone job whose clone list has something to say. */
export const isReconcilable = (job: Job): boolean =>
  job.kind === 'clone' && job.state === 'interrupted' && typeof job.request.name === 'string';

/** Voices that may be the one this interrupted clone made (see the module comment). */
export function cloneCandidates(
  job: Job,
  clones: readonly CloneVoice[],
  claimed: ReadonlySet<string>,
): JobCandidate[] {
  const name = typeof job.request.name === 'string' ? job.request.name : '';
  if (!name.trim()) return [];
  const startMs = Date.parse(job.createdAt);
  // the clones the key had when the job started (recorded with it) are not the one it made
  const known = new Set(
    Array.isArray(job.request.knownClones)
      ? job.request.knownClones.filter((s): s is string => typeof s === 'string')
      : [],
  );
  return clones
    .filter(
      (c) =>
        sameName(c.name, name) &&
        !claimed.has(c.speaker) &&
        !known.has(c.speaker) &&
        createdAfter(c.createdAt, startMs),
    )
    .map((c) => ({ serviceId: c.speaker, name: c.name, createdAt: c.createdAt ?? null }));
}

/** Speaker ids other jobs already account for (a finished clone, an adopted candidate). */
export function claimedSpeakers(jobs: readonly Job[], except: string): Set<string> {
  const out = new Set<string>();
  for (const j of jobs)
    if (j.id !== except && j.kind === 'clone' && j.state === 'done')
      for (const id of j.serviceIds) out.add(id);
  return out;
}

/** The job with the clone list's answer recorded. */
export function withCandidates(job: Job, candidates: JobCandidate[], nowIso: string): Job | null {
  if (!isReconcilable(job)) return null;
  return { ...job, candidates, candidatesCheckedAt: nowIso };
}

/**
 * The user says a candidate is the voice this job made: the job is done with that voice, and
 * nothing is sent to the service.
 */
export function adoptCandidate(job: Job, serviceId: string): Job {
  const c = job.candidates.find((x) => x.serviceId === serviceId);
  if (!isReconcilable(job) || !c) throw appError('not_found', 'errors:jobs.voiceNotOffered');
  return settle({
    ...job,
    state: 'running',
    error: null,
    finishedAt: null,
    serviceIds: [c.serviceId],
    outputs: [
      output({ serviceId: c.serviceId, status: 'saved', libraryKind: null, title: c.name }),
    ],
    meta: { ...job.meta, voice: c.serviceId },
    candidates: [],
  });
}

/** The user says none of the candidates is theirs: the job stays interrupted, with none offered. */
export function rejectCandidates(job: Job): Job {
  if (!isReconcilable(job)) throw appError('not_found', 'errors:jobs.noVoices');
  return { ...job, candidates: [] };
}
