import { useEffect, useMemo } from 'react';
import type { JobView } from '@shared/ipc/jobs';
import { Button } from '../../components/Button';
import { errorText, useTranslation } from '../../i18n';
import { followJobs, loadJobs, redownloadJob, useJobsStore } from '../../stores/jobs';

/**
 * Results the service made that are no longer in the library folder (deleted, lost with a drive,
 * or never saved): each can be downloaded again from the links the service gave — nothing is sent
 * or charged. Main says which jobs have such results (`lostResults`); a result the creator moved
 * to the trash is not lost (Jobs still offers Download again).
 */
export function MissingResults() {
  const { t } = useTranslation();
  const byId = useJobsStore((s) => s.byId);
  const busy = useJobsStore((s) => s.busy);
  const errors = useJobsStore((s) => s.actionErrors);
  const missing = useMemo(
    () =>
      Object.values(byId)
        .filter((j: JobView) => j.lostResults && j.state !== 'downloading')
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)),
    [byId],
  );

  // main re-sends a job when one of its items leaves the folder (jobUpdated)
  useEffect(() => {
    followJobs();
    void loadJobs();
  }, []);

  if (missing.length === 0) return null;
  return (
    <section className="library-missing" aria-labelledby="library-missing-title">
      <h2 className="library-missing-title" id="library-missing-title">
        {t('library:missing.title')}
      </h2>
      <p className="small muted">{t('library:missing.body')}</p>
      <ul className="library-missing-list">
        {missing.map((job) => (
          <li key={job.id}>
            <span translate="no">{job.label}</span>
            <Button
              size="small"
              disabled={!!busy[job.id]}
              onClick={() => void redownloadJob(job.id)}
              aria-label={t('library:missing.downloadAria', { label: job.label })}
            >
              {busy[job.id] === 'redownload'
                ? t('library:missing.downloading')
                : t('library:missing.download')}
            </Button>
            {errors[job.id] && (
              <span className="small" role="alert">
                {errorText(errors[job.id]!)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
