/**
 * Which job states are final, without the schemas of jobs.ts (zod), so the renderer's first
 * screen can ask without loading zod (docs/performance.md).
 */
import type { JobState } from './jobs';

export const FINAL_JOB_STATES: readonly JobState[] = ['done', 'failed', 'cancelled', 'interrupted'];
export const isFinalJobState = (s: JobState): boolean => FINAL_JOB_STATES.includes(s);
