import { useEffect } from 'react';
import type { UnknownJobView } from '@shared/ipc/jobs';
import { loadUnknownJobs, useJobsStore } from '../../stores/jobs';

const WHY: Record<UnknownJobView['why'], string> = {
  newer: 'Recorded by a newer version of Cadenza. It is kept as it is; open it with that version.',
  'unknown-kind':
    'A kind of job this version does not know. It is kept as it is; open it with the version that made it.',
  'unknown-state':
    'A state this version does not know. It is kept as it is; open it with the version that made it.',
  damaged:
    'Its record is damaged: it names a file outside the library. Cadenza never acts on it and keeps it as it is.',
};

/**
 * Job records this version cannot act on: listed as unknown so nothing silently disappears, and
 * left exactly as they are (a newer version will pick them up again).
 */
export function UnknownJobs() {
  const unknown = useJobsStore((s) => s.unknown);
  useEffect(() => {
    void loadUnknownJobs();
  }, []);
  if (unknown.length === 0) return null;
  return (
    <section aria-labelledby="unknown-jobs-title" className="job-unknown">
      <h2 id="unknown-jobs-title" className="job-unknown-title">
        Jobs this version cannot show
      </h2>
      <ul className="job-list" aria-label="Unknown jobs">
        {unknown.map((j) => (
          <li key={j.id} className="job job-unknown-row">
            <div className="job-head">
              <span className="job-kind">Unknown</span>
              <span className="job-title">{j.label || 'A job'}</span>
              <span className="job-state">Unknown</span>
            </div>
            <p className="small muted">{WHY[j.why]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
