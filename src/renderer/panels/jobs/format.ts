import { tableOf, type JobKind } from '@shared/domain/job-kinds';
import type { JobState } from '@shared/domain/jobs';
import type { Asked, JobView } from '@shared/ipc/jobs';
import { formatDate } from '@shared/i18n/format';
import { currentLanguage, formattersFor, t } from '../../i18n';

/** A kind's label (a key): the registry's `label.key`, translated where it is shown. */
export const KIND_LABELS: Readonly<Record<JobKind, string>> = tableOf((k) => k.label.key);

/** A job's name: its own label (creator content), else its kind's words. */
export const jobName = (job: { label: string; kind: JobKind }): string =>
  job.label || t(KIND_LABELS[job.kind]);

export const STATE_LABELS: Record<JobState, string> = {
  pending: 'jobs:state.pending',
  submitted: 'jobs:state.submitted',
  running: 'jobs:state.running',
  downloading: 'jobs:state.downloading',
  done: 'jobs:state.done',
  failed: 'jobs:state.failed',
  cancelled: 'jobs:state.cancelled',
  interrupted: 'jobs:state.interrupted',
};

const f = () => formattersFor(currentLanguage());
const two = (n: number) => f().number(n, { minimumIntegerDigits: 2 });

/** "1 h 02 min", "3 min 05 s", "12 s" (numbers through Intl, units from the catalog). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return t('jobs:duration.seconds', { s: f().number(s) });
  const m = Math.floor(s / 60);
  if (m < 60) return t('jobs:duration.minutes', { m: f().number(m), s: two(s % 60) });
  return t('jobs:duration.hours', { h: f().number(Math.floor(m / 60)), m: two(m % 60) });
}

/** "9:14 AM" today, "Mar 14, 9:14 AM" on other days (local time, in the app's language). */
export function formatStarted(iso: string, nowMs: number): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const lang = currentLanguage();
  const today = new Date(nowMs).toDateString() === d.toDateString();
  return today
    ? formatDate(d, lang, { hour: 'numeric', minute: '2-digit' })
    : formatDate(d, lang, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
}

/** How long the job has run (until now while active, until it finished otherwise). */
export function elapsedMs(job: JobView, nowMs: number): number {
  const start = Date.parse(job.createdAt);
  const end = job.finishedAt ? Date.parse(job.finishedAt) : nowMs;
  return Number.isNaN(start) || Number.isNaN(end) ? 0 : Math.max(0, end - start);
}

/** "512 B", "94 KB", "1.2 MB" (binary units, as the job list always showed them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return t('jobs:size.bytes', { n: f().number(bytes) });
  if (bytes < 1024 * 1024)
    return t('jobs:size.kb', { n: f().number(bytes / 1024, { maximumFractionDigits: 0 }) });
  const mb = bytes / (1024 * 1024);
  return t('jobs:size.mb', {
    n: f().number(mb, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
}

/** "1.2 MB of 3.4 MB" while the results are saved to the library, else null. */
export function downloadProgress(job: JobView): string | null {
  if (job.state !== 'downloading') return null;
  const received = job.outputs.reduce((n, o) => n + o.receivedBytes, 0);
  const totals = job.outputs.map((o) => o.totalBytes);
  if (received === 0) return null;
  const total = totals.every((x) => x !== null)
    ? totals.reduce<number>((n, x) => n + (x ?? 0), 0)
    : null;
  return total
    ? t('jobs:size.of', { received: formatBytes(received), total: formatBytes(total) })
    : formatBytes(received);
}

/** The labels main gives "what the job asked for" (English, shared/ipc/jobs.ts), as keys. */
const ASKED_LABELS: Readonly<Record<string, string>> = {
  Title: 'jobs:asked.title',
  Prompt: 'jobs:asked.prompt',
  Text: 'jobs:asked.text',
  Style: 'jobs:asked.style',
  Lyrics: 'jobs:asked.lyrics',
  Name: 'jobs:asked.name',
  Voice: 'jobs:asked.voice',
  Emotion: 'jobs:asked.emotion',
  Singer: 'jobs:asked.singer',
  'Video link': 'jobs:asked.videoLink',
  Model: 'jobs:asked.model',
  Mode: 'jobs:asked.mode',
  Extends: 'jobs:asked.extends',
};

const MODE_NAMES: Record<string, string> = {
  auto: 'songs:create.mode.auto',
  custom: 'songs:create.mode.custom',
};

/** A line of "what the job asked for" in words; `own` when its value is the creator's content. */
export interface AskedLine {
  label: string;
  value: string;
  own: boolean;
}

/**
 * A line of "what the job asked for" in words: the mode by its name in the Songs panel, the song an
 * extension continues by its title (`titleOf` knows the library's songs by item or service id).
 */
export function askedInWords(a: Asked, titleOf: (id: string) => string | null): AskedLine {
  const labelKey = ASKED_LABELS[a.label];
  // the files' label in the plural form of their count ("File" was a label of earlier versions)
  const label =
    a.label === 'Files' || a.label === 'File'
      ? t('jobs:asked.files', { count: a.count ?? (a.label === 'File' ? 1 : 2) })
      : labelKey
        ? t(labelKey)
        : a.label;
  if (a.label === 'Mode') {
    const mode = MODE_NAMES[a.value];
    return { label, value: mode ? t(mode) : a.value, own: !mode };
  }
  if (a.label === 'Extends') {
    const title = titleOf(a.value);
    return title
      ? { label, value: title, own: true }
      : { label, value: t('jobs:asked.notInLibrary'), own: false };
  }
  return { label, value: a.value, own: true };
}

/** "No change from the service for 12 min": how long a job is stalled, in words. */
export function stalledText(sinceIso: string, nowMs: number): string {
  const min = Math.max(1, Math.round((nowMs - Date.parse(sinceIso)) / 60_000));
  const span =
    min < 120
      ? t('jobs:duration.min', { m: f().number(min) })
      : t('jobs:duration.h', { h: f().number(Math.round(min / 60)) });
  return t('jobs:recovery.stalled', { span });
}
