import type { TrackedJob } from '../../stores/covers';

const STATE_TEXT: Record<string, string> = {
  pending: 'Sending…',
  submitted: 'Accepted by the service…',
  running: 'The service is working on it…',
  downloading: 'Saving into the library…',
  done: 'Done — saved in the library.',
  cancelled: 'Cancelled.',
  interrupted: 'Interrupted — may have been charged.',
};

/** A job this panel started: its state, its failure (the service's own words) or its result playing. */
export function JobResultView({ job, what }: { job: TrackedJob; what: string }) {
  return (
    <div className="covers-result" aria-label={`${what} result`} role="group">
      {job.state === 'failed' ? (
        <p className="field-error" role="alert">
          {job.error?.message ?? 'It failed.'}
        </p>
      ) : (
        <p role="status">
          {job.state === 'cancelled' || job.state === 'interrupted'
            ? (job.error?.message ?? STATE_TEXT[job.state])
            : STATE_TEXT[job.state]}
        </p>
      )}
      {job.result?.items.map((item) =>
        item.kind === 'singing-video' || item.kind === 'subtitle-video' ? (
          <figure key={item.itemId}>
            <figcaption>{item.title}</figcaption>
            <video
              controls
              src={item.mediaUrl}
              aria-label={`Play ${item.title}`}
              className="covers-video"
            />
          </figure>
        ) : (
          <figure key={item.itemId}>
            <figcaption>{item.title}</figcaption>
            <audio
              controls
              src={item.mediaUrl}
              aria-label={`Play ${item.title}`}
              preload="metadata"
            />
          </figure>
        ),
      )}
    </div>
  );
}
