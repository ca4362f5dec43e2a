import { useState, type DragEvent } from 'react';
import type { LibraryItemView } from '@shared/ipc/library';
import { Button } from '../../components';
import { sourceDetail } from './library-sources';

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
  what,
  items,
  none,
  onUse,
  onClose,
}: {
  /** Sentence start: "Training takes links only", "Singing videos take links only". */
  what: string;
  items: readonly LibraryItemView[];
  /** Said when no library item can stand in. */
  none: string;
  onUse(id: string): void;
  onClose(): void;
}) {
  return (
    <div role="alert" className="inline-alert covers-drop-note">
      <p>
        {what}: the service cannot receive a file from this computer. Put the file online and paste
        its link, or use library items that came from the service (they have a link).
      </p>
      {items.length > 0 ? (
        <ul className="covers-chosen" aria-label="Library items that can stand in">
          {items.slice(0, 5).map((i) => (
            <li key={i.id}>
              <span className="covers-chosen-title">{i.title}</span>
              <span className="muted small">{sourceDetail(i)}</span>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Use “${i.title}”`}
                onClick={() => onUse(i.id)}
              >
                Use
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{none}</p>
      )}
      <Button size="small" variant="ghost" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
