import { useEffect, useState } from 'react';
import type { JobView } from '@shared/ipc/jobs';
import { RetryJobDialog } from '../shared/RetryJobDialog';
import {
  cancelJob,
  closePlayer,
  followJobs,
  isActiveJob,
  loadJobs,
  openJobResult,
  retryJob,
  selectJobs,
  useJobsStore,
} from '../../stores/jobs';
import { ensureLibraryItems, useLibraryStore } from '../../stores/library';
import { ListChecks } from 'lucide-react';
import { Button, EmptyState, useNow } from '../../components';
import { showPanel } from '../../stores/ui';
import { JobRow } from './JobRow';
import { ResultPlayer } from './ResultPlayer';
import { UnknownJobs } from './UnknownJobs';
import { jobName } from './format';
import { errorText, saidText, useTranslation } from '../../i18n';
import './jobs.css';

export function JobsPanel() {
  const { t } = useTranslation();
  const jobs = useJobsStore(selectJobs);
  const phase = useJobsStore((s) => s.phase);
  const loadError = useJobsStore((s) => s.loadError);
  const opened = useJobsStore((s) => s.opened);
  const notice = useLibraryStore((s) => s.notice);
  const [retrying, setRetrying] = useState<JobView | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const now = useNow(jobs.some(isActiveJob));

  useEffect(() => {
    followJobs();
    void loadJobs();
    // extensions are named by the song they continue: the library's songs give the titles
    void ensureLibraryItems();
  }, []);

  const confirmRetry = async (job: JobView) => {
    setRetrying(null);
    const fresh = await retryJob(job.id);
    if (fresh) setStatus(t('jobs:sentAgain', { name: jobName(fresh) }));
  };

  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">{t('jobs:title')}</h1>
        <p className="panel-lede">{t('jobs:lede')}</p>
      </header>

      <p role="status" className="panel-status">
        {phase === 'loading' && jobs.length === 0
          ? t('jobs:loading')
          : (status ?? (notice && saidText(notice)))}
      </p>

      {opened && <ResultPlayer result={opened} onClose={closePlayer} />}

      {loadError && phase === 'error' && (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{t('jobs:loadFailed')}</p>
          <p className="alert-detail">{errorText(loadError)}</p>
          <div className="alert-actions">
            <button type="button" className="button button-small" onClick={() => void loadJobs()}>
              {t('jobs:tryAgain')}
            </button>
          </div>
        </div>
      )}

      {phase !== 'loading' && phase !== 'idle' && jobs.length === 0 && !loadError && (
        <EmptyState
          icon={<ListChecks size={20} aria-hidden />}
          title={t('jobs:empty.title')}
          action={
            <Button variant="primary" onClick={() => showPanel('songs')}>
              {t('jobs:empty.action')}
            </Button>
          }
        >
          {t('jobs:empty.body')}
        </EmptyState>
      )}

      {jobs.length > 0 && (
        <ul className="job-list" aria-label={t('jobs:title')}>
          {jobs.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              nowMs={now}
              onCancel={(j) => void cancelJob(j.id)}
              onRetry={setRetrying}
              onOpen={(j) => void openJobResult(j.id)}
            />
          ))}
        </ul>
      )}

      <UnknownJobs />

      {retrying && (
        <RetryJobDialog
          name={jobName(retrying)}
          kind={retrying.kind}
          model={retrying.model}
          interrupted={retrying.state === 'interrupted'}
          onConfirm={() => void confirmRetry(retrying)}
          onCancel={() => setRetrying(null)}
        />
      )}
    </div>
  );
}
