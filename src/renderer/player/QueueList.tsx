import { useEffect, useRef } from 'react';
import { AudioLines, X } from 'lucide-react';
import { playAt, removeFromQueue, usePlayerStore } from '../stores/player';
import { formatLength } from '../lib/format';

/**
 * The play queue: the current entry marked (aria-current, an icon and "now playing" for screen
 * readers), each entry playable and removable. Opening it moves focus into it; Escape (handled by
 * the bar) closes it and returns focus to the Queue button.
 */
export function QueueList({ onClose }: { onClose(): void }) {
  const queue = usePlayerStore((s) => s.queue);
  const index = usePlayerStore((s) => s.index);
  const solo = usePlayerStore((s) => s.solo !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="player-queue" aria-label="Queue">
      <div className="player-queue-head">
        <h2 className="card-title" ref={heading} tabIndex={-1}>
          Queue
        </h2>
        <button type="button" className="button button-small" onClick={onClose}>
          <X size={14} aria-hidden focusable={false} />
          Close queue
        </button>
      </div>
      {queue.length === 0 ? (
        <p className="muted small">Nothing queued. Use “Add to queue” in the Library.</p>
      ) : (
        <ol className="player-queue-list">
          {queue.map((entry, i) => {
            const isCurrent = i === index && !solo;
            return (
              <li
                key={`${entry.key}-${i}`}
                className={
                  isCurrent ? 'player-queue-item player-queue-current' : 'player-queue-item'
                }
                aria-current={isCurrent ? 'true' : undefined}
              >
                <span className="player-queue-marker" aria-hidden>
                  {isCurrent ? <AudioLines size={14} focusable={false} /> : i + 1}
                </span>
                <button
                  type="button"
                  className="link-button player-queue-title"
                  onClick={() => playAt(i)}
                  aria-label={`Play ${entry.title}${isCurrent ? ' (now playing)' : ''}`}
                >
                  {entry.title}
                </button>
                <span className="small muted player-queue-length">
                  {entry.durationMs ? formatLength(entry.durationMs / 1000) : ''}
                </span>
                <button
                  type="button"
                  className="player-button player-button-small"
                  onClick={() => removeFromQueue(i)}
                  aria-label={`Remove ${entry.title} from the queue`}
                >
                  <X size={14} aria-hidden focusable={false} />
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
