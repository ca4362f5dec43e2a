import { tableOf, type JobKind } from '@shared/domain/job-kinds';
import type { JobState } from '@shared/domain/jobs';
import type { Asked, JobView } from '@shared/ipc/jobs';

/** A kind's label: the registry's English text (its `label.key` is the i18n message key). */
export const KIND_LABELS: Readonly<Record<JobKind, string>> = tableOf((k) => k.label.en);

export const STATE_LABELS: Record<JobState, string> = {
  pending: 'Sending',
  submitted: 'Queued',
  running: 'Generating',
  downloading: 'Saving to library',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted — may have been charged',
};

/** "1 h 02 min", "3 min 05 s", "12 s". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** "9:14 AM" today, "14 Mar, 9:14 AM" on other days (local time, as Account shows times). */
export function formatStarted(iso: string, nowMs: number): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const today = new Date(nowMs).toDateString() === d.toDateString();
  return today
    ? time
    : `${d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/** How long the job has run (until now while active, until it finished otherwise). */
export function elapsedMs(job: JobView, nowMs: number): number {
  const start = Date.parse(job.createdAt);
  const end = job.finishedAt ? Date.parse(job.finishedAt) : nowMs;
  return Number.isNaN(start) || Number.isNaN(end) ? 0 : Math.max(0, end - start);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "1.2 MB of 3.4 MB" while the results are saved to the library, else null. */
export function downloadProgress(job: JobView): string | null {
  if (job.state !== 'downloading') return null;
  const received = job.outputs.reduce((n, o) => n + o.receivedBytes, 0);
  const totals = job.outputs.map((o) => o.totalBytes);
  if (received === 0) return null;
  const total = totals.every((t) => t !== null)
    ? totals.reduce<number>((n, t) => n + (t ?? 0), 0)
    : null;
  return total ? `${formatBytes(received)} of ${formatBytes(total)}` : formatBytes(received);
}

const MODE_NAMES: Record<string, string> = { auto: 'Description', custom: 'Custom' };

/**
 * A line of "what the job asked for" in words: the mode by its name in the Songs panel, the song an
 * extension continues by its title (`titleOf` knows the library's songs by item or service id).
 */
export function askedInWords(a: Asked, titleOf: (id: string) => string | null): Asked {
  if (a.label === 'Mode') return { label: a.label, value: MODE_NAMES[a.value] ?? a.value };
  if (a.label === 'Extends')
    return { label: a.label, value: titleOf(a.value) ?? 'a song that is not in your library' };
  return a;
}
