import type { LibraryKind } from '@shared/domain/library';
import { libraryEntry } from '../../playback/entries';
import { PlayButton } from '../../player/PlayButton';
import { FailureActions } from './FailureActions';
import type { TrackedJob } from '../../lib/job-slots';

const STATE_TEXT: Record<string, string> = {
  pending: 'Sending…',
  submitted: 'Accepted by the service…',
  running: 'The service is working on it…',
  downloading: 'Saving into the library…',
  done: 'Done — saved in the library.',
  cancelled: 'Cancelled.',
  interrupted: 'Interrupted — may have been charged.',
};

/** The panel a result was made in, as the player bar names it. */
const panelOf = (kind: LibraryKind): string =>
  kind === 'singing-video' || kind === 'subtitle-video' ? 'Videos' : 'Covers';

/**
 * A job this panel started: its state, its failure (the service's own words) with its next step
 * (Open Account, Retry — the card's own button again, gated like it — or Dismiss), or its results,
 * each played through the player (videos in the player's viewer).
 */
export function JobResultView({
  job,
  what,
  onDismiss,
  onRetry,
  retryDisabled = false,
  doneText,
}: {
  job: TrackedJob;
  what: string;
  /** Forgets the card (its store's dismiss). */
  onDismiss: () => void;
  /** What "done" means when nothing lands in the library (a trained singer). */
  doneText?: string;
  onRetry?: () => void;
  retryDisabled?: boolean;
}) {
  const ended = job.state === 'failed' || job.state === 'cancelled' || job.state === 'interrupted';
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
            : job.state === 'done' && doneText
              ? doneText
              : STATE_TEXT[job.state]}
        </p>
      )}
      {ended && (
        <FailureActions
          error={job.error}
          onRetry={onRetry}
          retryDisabled={retryDisabled}
          onDismiss={onDismiss}
        />
      )}
      {job.result?.items.map((item) => (
        <figure key={item.itemId} className="covers-result-item">
          <figcaption>{item.title}</figcaption>
          <PlayButton
            playKey={item.itemId}
            name={item.title}
            make={() => libraryEntry({ ...item, origin: panelOf(item.kind) })}
          />
        </figure>
      ))}
    </div>
  );
}
