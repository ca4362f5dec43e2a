/**
 * Checks a recording offered for cloning before anything is sent: its type, its size, that it
 * holds audio the media probe can read, and its length (2 s to 10 minutes). Refusals give the
 * numbers: "The recording lasts 10:00.5; use at most 10:00.0."
 */
import { extname } from 'node:path';
import { CLONE_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_EXTENSIONS } from '@shared/domain/service-limits';
import { probeInWorker } from '../audio/probe/in-worker';

/** Cadenza's own bounds on one clone recording (the spec names none). */
export const CLONE_MIN_DURATION_MS = 2_000;
export const CLONE_MAX_DURATION_MS = 10 * 60_000;

export interface ProbedAudio {
  durationMs: number | null;
  /** Why it cannot be used, or null. */
  problem: string | null;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** Tenths of a second, the precision lengths are shown and compared at. */
const tenths = (ms: number): number => Math.round(ms / 100);
/** "1.2 s" under a minute, else "10:00.0". */
export function lengthLabel(ms: number): string {
  const t = tenths(ms);
  if (t < 600) return `${(t / 10).toFixed(1)} s`;
  const minutes = Math.floor(t / 600);
  return `${minutes}:${((t - minutes * 600) / 10).toFixed(1).padStart(4, '0')}`;
}

/** The checks the clone form shows per file and the upload enforces. */
export async function probeCloneFile(path: string, sizeBytes: number): Promise<ProbedAudio> {
  const ext = extname(path).slice(1).toLowerCase();
  if (!(UPLOAD_AUDIO_EXTENSIONS as readonly string[]).includes(ext)) {
    return {
      durationMs: null,
      problem: `Use an audio recording (${UPLOAD_AUDIO_EXTENSIONS.join(', ')}).`,
    };
  }
  if (sizeBytes === 0) return { durationMs: null, problem: 'The file is empty.' };
  if (sizeBytes > CLONE_UPLOAD_MAX_BYTES) {
    return {
      durationMs: null,
      problem: `The file is ${mb(sizeBytes)}; recordings can be at most ${mb(CLONE_UPLOAD_MAX_BYTES)}.`,
    };
  }
  const probe = await probeInWorker(path);
  if (!probe || probe.sampleRate === null)
    return { durationMs: null, problem: 'This is not an audio file Cadenza can read.' };
  const { durationMs } = probe;
  if (durationMs !== null && tenths(durationMs) < tenths(CLONE_MIN_DURATION_MS)) {
    return {
      durationMs,
      problem: `The recording lasts ${lengthLabel(durationMs)}; use at least ${lengthLabel(CLONE_MIN_DURATION_MS)} of speech.`,
    };
  }
  if (durationMs !== null && tenths(durationMs) > tenths(CLONE_MAX_DURATION_MS)) {
    return {
      durationMs,
      problem: `The recording lasts ${lengthLabel(durationMs)}; use at most ${lengthLabel(CLONE_MAX_DURATION_MS)}.`,
    };
  }
  return { durationMs, problem: null };
}
