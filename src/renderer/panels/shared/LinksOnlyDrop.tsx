import { useState, type DragEvent } from 'react';
import type { LibraryItemView } from '@shared/ipc/library';
import { Button } from '../../components';
import { sourceDetail } from './library-sources';
import { useTranslation } from '../../i18n';

/**
 * A card that takes links only (training, singing and subtitle videos: the service takes URLs)
 * answers a file dropped on it: `dropProps` go on the card; `dropped` says a file was dropped.
 */
export function useLinksOnlyDrop() {
  const [dropped, setDropped] = useState(false);
  return {
    dropped,
    close: () => setDropped(false),
    dropProps: {
      onDragOver: (e: DragEvent) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      },
      onDrop: (e: DragEvent) => {
        if (e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        setDropped(true);
      },
    },
  };
}

/**
 * The answer to a dropped file: why it cannot be sent (links only) and up to five library items
 * that came from the service and can stand in, each with Use.
 */
export function LinksOnlyDropNote({
  message,
  items,
  none,
  onUse,
  onClose,
}: {
  /** Why the file cannot be sent, in the card's words ("Training takes links only: …"). */
  message: string;
  items: readonly LibraryItemView[];
  /** Said when no library item can stand in. */
  none: string;
  onUse(id: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="inline-alert covers-drop-note">
      <p>{message}</p>
      {items.length > 0 ? (
        <ul className="covers-chosen" aria-label={t('covers:train.standIn')}>
          {items.slice(0, 5).map((i) => (
            <li key={i.id}>
              <span className="covers-chosen-title" translate="no">
                {i.title}
              </span>
              <span className="muted small">{sourceDetail(i)}</span>
              <Button
                size="small"
                variant="ghost"
                aria-label={t('covers:train.useAria', { title: i.title })}
                onClick={() => onUse(i.id)}
              >
                {t('covers:train.use')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{none}</p>
      )}
      <Button size="small" variant="ghost" onClick={onClose}>
        {t('common:close')}
      </Button>
    </div>
  );
}
