import { useEffect } from 'react';
import type { UnknownJobView } from '@shared/ipc/jobs';
import { useTranslation } from '../../i18n';
import { loadUnknownJobs, useJobsStore } from '../../stores/jobs';

const WHY: Record<UnknownJobView['why'], string> = {
  newer: 'jobs:unknown.why.newer',
  'unknown-kind': 'jobs:unknown.why.unknownKind',
  'unknown-state': 'jobs:unknown.why.unknownState',
  damaged: 'jobs:unknown.why.damaged',
};

/**
 * Job records this version cannot act on: listed as unknown so nothing silently disappears, and
 * left exactly as they are (a newer version will pick them up again).
 */
export function UnknownJobs() {
  const { t } = useTranslation();
  const unknown = useJobsStore((s) => s.unknown);
  useEffect(() => {
    void loadUnknownJobs();
  }, []);
  if (unknown.length === 0) return null;
  return (
    <section aria-labelledby="unknown-jobs-title" className="job-unknown">
      <h2 id="unknown-jobs-title" className="job-unknown-title">
        {t('jobs:unknown.title')}
      </h2>
      <ul className="job-list" aria-label={t('jobs:unknown.listLabel')}>
        {unknown.map((j) => (
          <li key={j.id} className="job job-unknown-row">
            <div className="job-head">
              <span className="job-kind">{t('jobs:unknown.kind')}</span>
              {j.label ? (
                <span className="job-title" translate="no">
                  {j.label}
                </span>
              ) : (
                <span className="job-title">{t('jobs:unknown.aJob')}</span>
              )}
              <span className="job-state">{t('jobs:unknown.kind')}</span>
            </div>
            <p className="small muted">{t(WHY[j.why])}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
