import { playAt, removeFromQueue, usePlayerStore } from '../stores/player';
import { formatClock } from './format';

/** The play queue: the current entry marked, each entry playable and removable. */
export function QueueList({ onClose }: { onClose(): void }) {
  const queue = usePlayerStore((s) => s.queue);
  const index = usePlayerStore((s) => s.index);
  return (
    <section className="player-queue" aria-label="Queue">
      <div className="player-queue-head">
        <h2 className="card-title">Queue</h2>
        <button type="button" className="button button-small" onClick={onClose}>
          Close queue
        </button>
      </div>
      {queue.length === 0 ? (
        <p className="muted small">Nothing queued. Use “Add to queue” in the Library.</p>
      ) : (
        <ol className="player-queue-list">
          {queue.map((entry, i) => (
            <li
              key={`${entry.itemId}-${i}`}
              className={
                i === index ? 'player-queue-item player-queue-current' : 'player-queue-item'
              }
              aria-current={i === index ? 'true' : undefined}
            >
              <button
                type="button"
                className="link-button"
                onClick={() => playAt(i)}
                aria-label={`Play ${entry.title}`}
              >
                {entry.title}
              </button>
              <span className="small muted">
                {entry.durationMs ? formatClock(entry.durationMs / 1000) : ''}
              </span>
              <button
                type="button"
                className="button button-small"
                onClick={() => removeFromQueue(i)}
                aria-label={`Remove ${entry.title} from the queue`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
