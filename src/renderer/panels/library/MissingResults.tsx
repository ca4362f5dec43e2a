import { useEffect, useMemo } from 'react';
import type { JobView } from '@shared/ipc/jobs';
import { Button } from '../../components/Button';
import { followJobs, loadJobs, redownloadJob, useJobsStore } from '../../stores/jobs';

/**
 * Results the service made that are no longer in the library folder (deleted, lost with a drive,
 * or never saved): each can be downloaded again from the links the service gave — nothing is sent
 * or charged. Main says which jobs have such results (`canRedownload`).
 */
export function MissingResults() {
  const byId = useJobsStore((s) => s.byId);
  const busy = useJobsStore((s) => s.busy);
  const errors = useJobsStore((s) => s.actionErrors);
  const missing = useMemo(
    () =>
      Object.values(byId)
        .filter((j: JobView) => j.canRedownload && j.state !== 'downloading')
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
        Not in the library folder
      </h2>
      <p className="small muted">
        These results were made and paid for but their files are gone from the folder. Download
        again fetches them from the service; nothing is sent or charged.
      </p>
      <ul className="library-missing-list">
        {missing.map((job) => (
          <li key={job.id}>
            <span>{job.label}</span>
            <Button
              size="small"
              disabled={!!busy[job.id]}
              onClick={() => void redownloadJob(job.id)}
              aria-label={`Download again: ${job.label}`}
            >
              {busy[job.id] === 'redownload' ? 'Downloading…' : 'Download again'}
            </Button>
            {errors[job.id] && (
              <span className="small" role="alert">
                {errors[job.id]?.message}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
