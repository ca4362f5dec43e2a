import type { JobView } from '@shared/ipc/jobs';
import { stalledWords, stallOf } from '@shared/domain/stall';
import { Button } from '../../components/Button';
import {
  adoptCloneVoice,
  checkJobAgain,
  redownloadJob,
  rejectCloneVoices,
  useJobsStore,
} from '../../stores/jobs';
import { formatStarted } from './format';

/** A job view's stall, measured in the renderer's clock (no stored state: see shared/domain/stall). */
export const stallOfView = (job: JobView, nowMs: number) => stallOf(job, nowMs);

/**
 * What a job that is not simply running or finished needs from the user, in plain words:
 * waiting for a fault on this computer, stalled at the service, results that can be downloaded
 * again, and the voices an interrupted clone may have made. None of these actions spends credits.
 */
export function JobRecovery({ job, nowMs }: { job: JobView; nowMs: number }) {
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
          {job.waiting.message}
          {job.waiting.retryAt ? ` Next try at ${formatStarted(job.waiting.retryAt, nowMs)}.` : ''}
        </p>
      )}
      {stall && (
        <p className="job-note">
          {stalledWords(stall, nowMs)}.{' '}
          {job.synchronous
            ? 'The service has not answered yet; it may still finish.'
            : 'Check again to ask the service now.'}
          {job.checkedAt ? ` Last checked at ${formatStarted(job.checkedAt, nowMs)}.` : ''}
        </p>
      )}
      {clone && <CloneCandidates job={job} busy={!!busy} nowMs={nowMs} />}
      {(checkable || redownload || clone) && (
        <div className="job-actions">
          {(checkable || clone) && (
            <Button size="small" disabled={!!busy} onClick={() => void checkJobAgain(job.id)}>
              {busy === 'check' ? 'Checking…' : clone ? 'Look for the voice' : 'Check again'}
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
              {busy === 'redownload' ? 'Downloading…' : 'Download again'}
            </Button>
          )}
        </div>
      )}
      {redownload && (
        <p className="small muted" id={`${job.id}-again`}>
          Fetches the results you already have from the service again. Nothing is sent or charged.
        </p>
      )}
    </div>
  );
}

function CloneCandidates({ job, busy, nowMs }: { job: JobView; busy: boolean; nowMs: number }) {
  if (job.candidates.length === 0) return null;
  return (
    <div className="job-candidates">
      <p className="job-note">
        {job.candidates.length === 1
          ? 'A voice with this name appeared in your clones after this job started. Is it the one this job made?'
          : 'Voices with this name appeared in your clones after this job started. Is one of them the one this job made?'}
      </p>
      <ul className="job-candidate-list" aria-label="Voices this job may have made">
        {job.candidates.map((c) => (
          <li key={c.serviceId}>
            <span>
              {c.name}
              {c.createdAt ? ` · made ${formatStarted(c.createdAt, nowMs)}` : ''}
            </span>
            <Button
              size="small"
              variant="primary"
              disabled={busy}
              onClick={() => void adoptCloneVoice(job.id, c.serviceId)}
            >
              Use this voice
            </Button>
          </li>
        ))}
      </ul>
      <Button size="small" disabled={busy} onClick={() => void rejectCloneVoices(job.id)}>
        {job.candidates.length === 1 ? 'Not mine' : 'None of these'}
      </Button>
    </div>
  );
}
