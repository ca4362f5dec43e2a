import { EntryTitle } from './EntryTitle';
import { useEffect, useRef } from 'react';
import { AudioLines, X } from 'lucide-react';
import { playAt, removeFromQueue, usePlayerStore } from '../stores/player';
import { formatLength } from '../lib/format';
import { useTranslation } from '../i18n';

/**
 * The play queue: the current entry marked (aria-current, an icon and "now playing" for screen
 * readers), each entry playable and removable. Opening it moves focus into it; Escape (handled by
 * the bar) closes it and returns focus to the Queue button.
 */
export function QueueList({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const queue = usePlayerStore((s) => s.queue);
  const index = usePlayerStore((s) => s.index);
  const solo = usePlayerStore((s) => s.solo !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="player-queue" aria-label={t('player:queue.title')}>
      <div className="player-queue-head">
        <h2 className="card-title" ref={heading} tabIndex={-1}>
          {t('player:queue.title')}
        </h2>
        <button type="button" className="button button-small" onClick={onClose}>
          <X size={14} aria-hidden focusable={false} />
          {t('player:queue.close')}
        </button>
      </div>
      {queue.length === 0 ? (
        <p className="muted small">{t('player:queue.empty')}</p>
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
                  aria-label={
                    isCurrent
                      ? t('player:queue.playAriaCurrent', { title: entry.title })
                      : t('player:queue.playAria', { title: entry.title })
                  }
                >
                  <EntryTitle entry={entry} />
                </button>
                <span className="small muted player-queue-length">
                  {entry.durationMs ? formatLength(entry.durationMs / 1000) : ''}
                </span>
                <button
                  type="button"
                  className="player-button player-button-small"
                  onClick={() => removeFromQueue(i)}
                  aria-label={t('player:queue.removeAria', { title: entry.title })}
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
