import { useEffect } from 'react';
import { ListPlus, Play, Trash2, Upload, X } from 'lucide-react';
import { errorText, useTranslation } from '../../i18n';
import { dismissTrashNotice, undoTrash, useTrashUndo } from '../../stores/trash-undo';

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

/** The toast after a move to the trash: what went, and Undo; then what Undo put back. */
export function TrashToast() {
  const { t } = useTranslation();
  const { pending, restored, error } = useTrashUndo();
  // "Put back" and errors leave on their own after a while too
  useEffect(() => {
    if (restored === null && !error) return;
    const id = setTimeout(dismissTrashNotice, 8000);
    return () => clearTimeout(id);
  }, [restored, error]);
  if (!pending && restored === null && !error) return null;
  return (
    <div className="library-toast" role={error ? 'alert' : 'status'} aria-live="polite">
      {pending ? (
        <>
          <span>
            {pending.title
              ? t('library:undo.trashedOne', { title: pending.title })
              : t('library:undo.trashed', { count: pending.count })}
          </span>
          <button type="button" className="button button-small" onClick={() => undoTrash()}>
            {t('library:undo.action')}
          </button>
        </>
      ) : error ? (
        <span>{errorText(error)}</span>
      ) : (
        <span>{t('library:undo.restored', { count: restored ?? 0 })}</span>
      )}
    </div>
  );
}
