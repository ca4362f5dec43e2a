import { useEffect } from 'react';
import { errorText, useTranslation } from '../../i18n';
import { dismissTrashNotice, undoTrash, useTrashUndo } from '../../stores/trash-undo';
import './trash-toast.css';

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
