import type { LibraryKind } from '@shared/domain/library';
import { libraryEntry } from '../../stores/player/entries';
import { PlayButton } from '../../player/PlayButton';
import { FailureActions } from './FailureActions';
import { ResultCard } from './ResultCard';
import type { TrackedJob } from '../../lib/job-slots';
import { errorText, t as translate, useTranslation } from '../../i18n';

/** Shared by the Covers and Videos panels: its words are in the `covers` catalog. */
const STATE_TEXT: Record<TrackedJob['state'], string> = {
  pending: 'covers:result.pending',
  submitted: 'covers:result.submitted',
  running: 'covers:result.running',
  downloading: 'covers:result.downloading',
  done: 'covers:result.done',
  failed: 'covers:result.failed',
  cancelled: 'covers:result.cancelled',
  interrupted: 'covers:result.interrupted',
};

/** The panel a result was made in, as the player bar names it. */
const panelOf = (kind: LibraryKind): string =>
  translate(
    kind === 'singing-video' || kind === 'subtitle-video' ? 'shell:nav.videos' : 'shell:nav.covers',
  );

/**
 * A job this panel started: its state, its failure (the service's own words) with its next step
 * (Open Account, Retry — the card's own button again, gated like it — or Dismiss), or its results,
 * each played through the player (videos in the player's viewer).
 */
export function JobResultView({
  job,
  label,
  onDismiss,
  onRetry,
  retryDisabled = false,
  doneText,
  cards = false,
}: {
  job: TrackedJob;
  /** The group's accessible name ("Cover result"). */
  label: string;
  /** Forgets the card (its store's dismiss). */
  onDismiss: () => void;
  /** What "done" means when nothing lands in the library (a trained singer). */
  doneText?: string;
  onRetry?: () => void;
  retryDisabled?: boolean;
  /** Results as take cards (artwork, Play, ⋯) instead of a "Done" line and a Play button. */
  cards?: boolean;
}) {
  const { t } = useTranslation();
  const ended = job.state === 'failed' || job.state === 'cancelled' || job.state === 'interrupted';
  const items = job.result?.items ?? [];
  // the cards say where each result is; a "Done" line above them would only repeat it
  const asCards = cards && job.state === 'done' && items.length > 0;
  return (
    <div className="covers-result" aria-label={label} role="group">
      {job.state === 'failed' ? (
        <p className="field-error" role="alert">
          {job.error ? errorText(job.error) : t(STATE_TEXT.failed)}
        </p>
      ) : (
        // with cards, the line is for screen readers: the cards show where the results are
        <p role="status" className={asCards ? 'visually-hidden' : undefined}>
          {job.state === 'cancelled' || job.state === 'interrupted'
            ? job.error
              ? errorText(job.error)
              : t(STATE_TEXT[job.state])
            : job.state === 'done' && doneText
              ? doneText
              : t(STATE_TEXT[job.state])}
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
      {asCards && (
        <ul className="result-list">
          {items.map((item) => (
            <ResultCard key={item.itemId} item={item} origin={panelOf(item.kind)} />
          ))}
        </ul>
      )}
      {!asCards &&
        items.map((item) => (
          <figure key={item.itemId} className="covers-result-item">
            <figcaption translate="no">{item.title}</figcaption>
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
