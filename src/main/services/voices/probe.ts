/**
 * Checks a recording offered for cloning before anything is sent: its type, its size, that it
 * holds audio the media probe can read, and its length (2 s to 10 minutes). Refusals give the
 * numbers: "The recording lasts 10:00.5; use at most 10:00.0."
 */
import { extname } from 'node:path';
import { CLONE_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_EXTENSIONS } from '@shared/domain/service-limits';
import type { KeyedMessage } from '@shared/errors';
import { englishText, type MessageParams } from '@shared/i18n/english';
import { probeInWorker } from '../audio/probe/in-worker';

/** Cadenza's own bounds on one clone recording (the spec names none). */
export const CLONE_MIN_DURATION_MS = 2_000;
export const CLONE_MAX_DURATION_MS = 10 * 60_000;

export interface ProbedAudio {
  durationMs: number | null;
  /** Why it cannot be used, or null. */
  problem: string | null;
  /** `problem` as a catalog key and parameters (said in the app's language). */
  problemKey?: KeyedMessage | null;
}

/** A problem by key, its English words beside it. */
function refused(durationMs: number | null, key: string, params: MessageParams = {}): ProbedAudio {
  return {
    durationMs,
    problem: englishText(key, params),
    problemKey: Object.keys(params).length > 0 ? { key, params } : { key },
  };
}

const mb = (bytes: number): number => bytes / 1024 / 1024;
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
    return refused(null, 'errors:clone.wrongType', {
      formats: UPLOAD_AUDIO_EXTENSIONS.join(', '),
    });
  }
  if (sizeBytes === 0) return refused(null, 'errors:clone.empty');
  if (sizeBytes > CLONE_UPLOAD_MAX_BYTES)
    return refused(null, 'errors:clone.tooLarge', {
      size: mb(sizeBytes),
      max: mb(CLONE_UPLOAD_MAX_BYTES),
    });
  const probe = await probeInWorker(path);
  if (!probe || probe.sampleRate === null) return refused(null, 'errors:clone.unreadable');
  const { durationMs } = probe;
  // under the minimum the lengths are seconds ("1.2 s"); over the maximum, clocks ("10:00.5")
  if (durationMs !== null && tenths(durationMs) < tenths(CLONE_MIN_DURATION_MS))
    return refused(durationMs, 'errors:clone.tooShort', {
      length: tenths(durationMs) / 10,
      min: tenths(CLONE_MIN_DURATION_MS) / 10,
    });
  if (durationMs !== null && tenths(durationMs) > tenths(CLONE_MAX_DURATION_MS))
    return refused(durationMs, 'errors:clone.tooLong', {
      length: lengthLabel(durationMs),
      max: lengthLabel(CLONE_MAX_DURATION_MS),
    });
  return { durationMs, problem: null };
}
