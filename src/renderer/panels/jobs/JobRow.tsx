import { useId } from 'react';
import type { JobView } from '@shared/ipc/jobs';
import { FailureActions } from '../shared/FailureActions';
import { KIND_COUNTERS } from '../../readiness/readiness';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { canRetryJob, dismissJob, isActiveJob, useJobsStore } from '../../stores/jobs';
import { JobRecovery, stallOfView } from './JobRecovery';
import { Button } from '../../components';
import { selectLibrarySongs, useLibraryStore } from '../../stores/library';
import { errorText, reasonText, t as tr, useTranslation } from '../../i18n';
import {
  askedInWords,
  downloadProgress,
  elapsedMs,
  formatDuration,
  formatStarted,
  jobName,
  KIND_LABELS,
  STATE_LABELS,
} from './format';

interface JobRowProps {
  job: JobView;
  nowMs: number;
  onCancel(job: JobView): void;
  onRetry(job: JobView): void;
  onOpen(job: JobView): void;
}

function Progress({ job, labelledBy }: { job: JobView; labelledBy: string }) {
  const { t } = useTranslation();
  if (!isActiveJob(job)) return null;
  if (job.progress === null) {
    // a synchronous request: the service gives no progress until it answers
    return (
      <div
        className="job-progress job-progress-unknown"
        role="progressbar"
        aria-labelledby={labelledBy}
        aria-valuetext={t('jobs:progress.waiting')}
      />
    );
  }
  const percent = Math.round(job.progress * 100);
  return (
    <div
      className="job-progress"
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      <div className="job-progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Why a job failed, in the service's words, plus any per-result reasons not already said. */
function failureText(job: JobView): string | null {
  if (job.state !== 'failed' && job.state !== 'interrupted' && !(job.state === 'done' && job.error))
    return null;
  const main = job.error
    ? errorText(job.error)
    : job.state === 'interrupted'
      ? tr('jobs:failure.interrupted')
      : tr('jobs:failure.service');
  const extra = [
    ...new Set(
      job.outputs
        .filter((o) => !!o.failReason && !main.includes(o.failReason))
        .map(reasonText)
        .filter((r) => !main.includes(r)),
    ),
  ];
  return [main, ...extra].join(' ');
}

export function JobRow({ job, nowMs, onCancel, onRetry, onOpen }: JobRowProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const busy = useJobsStore((s) => s.busy[job.id]);
  const actionError = useJobsStore((s) => s.actionErrors[job.id]);
  const active = isActiveJob(job);
  const failure = failureText(job);
  const bytes = downloadProgress(job);
  const canOpen = job.state === 'done' && job.resultItemIds.length > 0;
  const stateLabel = t(STATE_LABELS[job.state]);
  // waiting and stalled are said over an active job's state, not states of their own
  const condition = !active
    ? null
    : job.waiting
      ? 'waiting'
      : stallOfView(job, nowMs)
        ? 'stalled'
        : null;
  const retryable = canRetryJob(job);
  // a retry spends again: it is gated like the panel's own button
  const gate = useReadiness({ counter: KIND_COUNTERS[job.kind] });
  const songs = useLibraryStore(selectLibrarySongs);
  const titleOf = (id: string): string | null =>
    songs?.find((x) => x.songId === id || x.itemId === id)?.title ?? null;
  const dismissable =
    job.state === 'failed' || job.state === 'cancelled' || job.state === 'interrupted';

  return (
    <li className={`job job-${job.state}`} aria-labelledby={titleId}>
      <div className="job-head">
        <span className="job-kind">{t(KIND_LABELS[job.kind])}</span>
        {/* the job's label is the creator's title; only a kind's words are translated */}
        <h2 className="job-title" id={titleId} translate={job.label ? 'no' : undefined}>
          {jobName(job)}
        </h2>
        <span className={`job-state job-state-${job.state}`}>{stateLabel}</span>
        {condition && (
          <span className={`job-state job-state-${condition}`}>
            {condition === 'waiting' ? t('jobs:condition.waiting') : t('jobs:condition.stalled')}
          </span>
        )}
      </div>

      {job.asked.length > 0 && (
        <dl className="job-asked">
          {job.asked
            .map((raw) => askedInWords(raw, titleOf))
            .map((a) => (
              <div key={a.label} className="job-asked-row">
                <dt>{a.label}</dt>
                <dd translate={a.own ? 'no' : undefined}>{a.value}</dd>
              </div>
            ))}
        </dl>
      )}

      <Progress job={job} labelledBy={titleId} />

      <p className="job-times small muted">
        {t(active ? 'jobs:times.running' : 'jobs:times.took', {
          started: formatStarted(job.createdAt, nowMs),
          duration: formatDuration(elapsedMs(job, nowMs)),
        })}
        {bytes ? ` · ${bytes}` : ''}
        {active && job.progress === null ? ` · ${t('jobs:times.waitingService')}` : ''}
      </p>

      {failure && <p className="job-error">{failure}</p>}
      {job.ignoredOutputs > 0 && (
        <p className="job-note job-warning">
          {t('jobs:warnings.ignored', { count: job.ignoredOutputs })}
        </p>
      )}
      <JobRecovery job={job} nowMs={nowMs} />
      {actionError && (
        <p className="job-error" role="alert">
          {errorText(actionError)}
        </p>
      )}

      <div className="job-actions">
        {canOpen && (
          <Button size="small" disabled={busy === 'open'} onClick={() => onOpen(job)}>
            {t('jobs:actions.open')}
          </Button>
        )}
        {active && (
          <Button
            size="small"
            variant="ghost"
            disabled={busy === 'cancel'}
            onClick={() => onCancel(job)}
          >
            {busy === 'cancel' ? t('jobs:actions.cancelling') : t('common:cancel')}
          </Button>
        )}
      </div>
      {dismissable && (
        <FailureActions
          error={job.error}
          onRetry={retryable ? () => onRetry(job) : undefined}
          retryDisabled={!gate.ready}
          onDismiss={() => void dismissJob(job.id)}
          busy={!!busy}
        />
      )}
      {dismissable && retryable && !gate.ready && <ReadinessGate gate={gate} />}
    </li>
  );
}
