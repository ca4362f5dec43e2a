import { ListPlus, Play, Trash2, Upload, X } from 'lucide-react';
import { useTranslation } from '../../i18n';

interface SelectionBarProps {
  count: number;
  onPlay(): void;
  onQueue(): void;
  onExport(): void;
  onTrash(): void;
  onClear(): void;
}

/** What a selection of two or more rows can do: its count and the bulk actions. */
export function SelectionBar({
  count,
  onPlay,
  onQueue,
  onExport,
  onTrash,
  onClear,
}: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <div className="library-selection-bar" role="toolbar" aria-label={t('library:selection.aria')}>
      <span className="library-selection-count" role="status" aria-live="polite">
        {t('library:selection.count', { count })}
      </span>
      <button type="button" className="button button-small" onClick={onPlay}>
        <Play size={14} aria-hidden /> {t('library:selection.play')}
      </button>
      <button type="button" className="button button-small" onClick={onQueue}>
        <ListPlus size={14} aria-hidden /> {t('library:selection.queue')}
      </button>
      <button type="button" className="button button-small" onClick={onExport}>
        <Upload size={14} aria-hidden /> {t('library:selection.export')}
      </button>
      <button type="button" className="button button-small button-danger" onClick={onTrash}>
        <Trash2 size={14} aria-hidden /> {t('library:selection.trash')}
      </button>
      <button
        type="button"
        className="button button-small button-ghost library-selection-clear"
        onClick={onClear}
        aria-label={t('library:selection.clear')}
        title={t('library:selection.clear')}
      >
        <X size={14} aria-hidden />
      </button>
    </div>
  );
}
