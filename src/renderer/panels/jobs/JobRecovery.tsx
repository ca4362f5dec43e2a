import type { JobView } from '@shared/ipc/jobs';
import { stallOf } from '@shared/domain/stall';
import type { WaitReason } from '@shared/domain/jobs';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import {
  adoptCloneVoice,
  checkJobAgain,
  redownloadJob,
  rejectCloneVoices,
  useJobsStore,
} from '../../stores/jobs';
import { formatStarted, stalledText } from './format';

/** Why a job waits on this computer, as keys (main's `waiting.message` is their English). */
const WAIT_KEYS: Record<WaitReason, string> = {
  disk_full: 'jobs:wait.diskFull',
  library_missing: 'jobs:wait.libraryMissing',
  no_permission: 'jobs:wait.noPermission',
  write_error: 'jobs:wait.writeError',
};

/** A job view's stall, measured in the renderer's clock (no stored state: see shared/domain/stall). */
export const stallOfView = (job: JobView, nowMs: number) => stallOf(job, nowMs);

/**
 * What a job that is not simply running or finished needs from the user, in plain words:
 * waiting for a fault on this computer, stalled at the service, results that can be downloaded
 * again, and the voices an interrupted clone may have made. None of these actions spends credits.
 */
export function JobRecovery({ job, nowMs }: { job: JobView; nowMs: number }) {
  const { t } = useTranslation();
  const busy = useJobsStore((s) => s.busy[job.id]);
  const stall = stallOfView(job, nowMs);
  const redownload = job.canRedownload && (stall !== null || job.state !== 'downloading');
  const checkable = stall !== null && !job.synchronous;
  const clone = job.kind === 'clone' && job.state === 'interrupted';
  if (!job.waiting && !stall && !redownload && !clone) return null;

  return (
    <div className="job-recovery">
      {job.waiting && (
        <p className="job-note" role="status">
          {t(WAIT_KEYS[job.waiting.reason])}
          {job.waiting.retryAt
            ? ` ${t('jobs:recovery.nextTry', { time: formatStarted(job.waiting.retryAt, nowMs) })}`
            : ''}
        </p>
      )}
      {stall && (
        <p className="job-note">
          {stalledText(stall.since, nowMs)}{' '}
          {job.synchronous ? t('jobs:recovery.mayFinish') : t('jobs:recovery.checkHint')}
          {job.checkedAt
            ? ` ${t('jobs:recovery.lastChecked', { time: formatStarted(job.checkedAt, nowMs) })}`
            : ''}
        </p>
      )}
      {clone && <CloneCandidates job={job} busy={!!busy} nowMs={nowMs} />}
      {(checkable || redownload || clone) && (
        <div className="job-actions">
          {(checkable || clone) && (
            <Button size="small" disabled={!!busy} onClick={() => void checkJobAgain(job.id)}>
              {busy === 'check'
                ? t('jobs:recovery.checking')
                : clone
                  ? t('jobs:recovery.lookForVoice')
                  : t('jobs:recovery.checkAgain')}
            </Button>
          )}
          {redownload && (
            <Button
              size="small"
              variant="primary"
              disabled={!!busy}
              onClick={() => void redownloadJob(job.id)}
              aria-describedby={`${job.id}-again`}
            >
              {busy === 'redownload'
                ? t('jobs:recovery.downloading')
                : t('jobs:recovery.downloadAgain')}
            </Button>
          )}
        </div>
      )}
      {redownload && (
        <p className="small muted" id={`${job.id}-again`}>
          {t('jobs:recovery.downloadAgainHint')}
        </p>
      )}
    </div>
  );
}

function CloneCandidates({ job, busy, nowMs }: { job: JobView; busy: boolean; nowMs: number }) {
  const { t } = useTranslation();
  if (job.candidates.length === 0) return null;
  return (
    <div className="job-candidates">
      <p className="job-note">{t('jobs:candidates.appeared', { count: job.candidates.length })}</p>
      <ul className="job-candidate-list" aria-label={t('jobs:candidates.label')}>
        {job.candidates.map((c) => (
          <li key={c.serviceId}>
            <span>
              <span translate="no">{c.name}</span>
              {c.createdAt
                ? ` · ${t('jobs:candidates.made', { time: formatStarted(c.createdAt, nowMs) })}`
                : ''}
            </span>
            <Button
              size="small"
              variant="primary"
              disabled={busy}
              onClick={() => void adoptCloneVoice(job.id, c.serviceId)}
            >
              {t('jobs:candidates.use')}
            </Button>
          </li>
        ))}
      </ul>
      <Button size="small" disabled={busy} onClick={() => void rejectCloneVoices(job.id)}>
        {t('jobs:candidates.reject', { count: job.candidates.length })}
      </Button>
    </div>
  );
}
